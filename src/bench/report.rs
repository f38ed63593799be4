//! What researchers look at: a Markdown summary (solved count and PAR-2
//! per configuration), a cactus plot and a scatter plot of two
//! configurations, as SVG and PNG.
//!
//! A configuration is (family, encoding variant, solver). Times are the
//! solver's wall-clock seconds (`solve_seconds`); PAR-2 charges an
//! unsolved run (UNKNOWN or ERROR) twice the time limit.

use super::rows::{Key, Outcome, Row};
use crate::error::{Error, IoContext, Result};
use plotters::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Fonts tried for PNG text when no `--font` is given.
const FONT_CANDIDATES: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation/LiberationSans-Regular.ttf",
];

/// Shortest time drawn on a logarithmic axis, in seconds.
const MIN_TIME: f64 = 0.001;

/// Keeps the last row of each run (a resumed CSV or merged fragments may
/// hold a run twice), in first-seen order.
pub fn dedupe(rows: Vec<Row>) -> Vec<Row> {
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut kept: Vec<Row> = Vec::new();
    for row in rows {
        match index.get(&row.key()) {
            Some(&i) => kept[i] = row,
            None => {
                index.insert(row.key(), kept.len());
                kept.push(row);
            }
        }
    }
    kept
}

/// The results of one configuration.
#[derive(Debug, Clone, Default)]
pub struct ConfigStats {
    /// `family/encoding/solver`.
    pub label: String,
    /// Runs.
    pub runs: usize,
    /// SAT answers.
    pub sat: usize,
    /// UNSAT answers.
    pub unsat: usize,
    /// UNKNOWN (time limit).
    pub unknown: usize,
    /// ERROR rows.
    pub errors: usize,
    /// Rows whose model and solution were checked.
    pub verified: usize,
    /// PAR-2 score in seconds (mean; unsolved runs count twice the limit).
    pub par2: f64,
    /// Solve times of the solved runs, ascending.
    pub solved_times: Vec<f64>,
}

impl ConfigStats {
    /// SAT plus UNSAT.
    pub fn solved(&self) -> usize {
        self.sat + self.unsat
    }
}

/// The configuration label of a row.
pub fn label(row: &Row) -> String {
    format!("{}/{}/{}", row.family, row.encoding, row.solver)
}

/// The time a row counts for in PAR-2 and in the scatter plot.
fn penalised(row: &Row) -> f64 {
    if row.result.solved() {
        row.solve_seconds
    } else {
        2.0 * row.time_limit
    }
}

/// Statistics per configuration, sorted by family, then solved count
/// (descending), then PAR-2.
pub fn summarize(rows: &[Row]) -> Vec<ConfigStats> {
    let mut by_label: BTreeMap<String, ConfigStats> = BTreeMap::new();
    let mut family_of: HashMap<String, String> = HashMap::new();
    for row in rows {
        let label = label(row);
        family_of.insert(label.clone(), row.family.clone());
        let stats = by_label
            .entry(label.clone())
            .or_insert_with(|| ConfigStats {
                label,
                ..ConfigStats::default()
            });
        stats.runs += 1;
        match row.result {
            Outcome::Sat => stats.sat += 1,
            Outcome::Unsat => stats.unsat += 1,
            Outcome::Unknown => stats.unknown += 1,
            Outcome::Error => stats.errors += 1,
        }
        stats.verified += usize::from(row.verified);
        stats.par2 += penalised(row);
        if row.result.solved() {
            stats.solved_times.push(row.solve_seconds);
        }
    }
    let mut all: Vec<ConfigStats> = by_label
        .into_values()
        .map(|mut s| {
            s.par2 /= s.runs.max(1) as f64;
            s.solved_times.sort_by(f64::total_cmp);
            s
        })
        .collect();
    all.sort_by(|a, b| {
        family_of[&a.label]
            .cmp(&family_of[&b.label])
            .then(b.solved().cmp(&a.solved()))
            .then(a.par2.total_cmp(&b.par2))
    });
    all
}

/// Instances on which solved configurations disagree (SAT against UNSAT):
/// `(family, instance, configurations saying SAT, saying UNSAT)`.
pub fn disagreements(rows: &[Row]) -> Vec<(String, String, Vec<String>, Vec<String>)> {
    let mut answers: BTreeMap<(String, String), (Vec<String>, Vec<String>)> = BTreeMap::new();
    for row in rows {
        let entry = answers
            .entry((row.family.clone(), row.instance.clone()))
            .or_default();
        match row.result {
            Outcome::Sat => entry.0.push(label(row)),
            Outcome::Unsat => entry.1.push(label(row)),
            _ => {}
        }
    }
    answers
        .into_iter()
        .filter(|(_, (sat, unsat))| !sat.is_empty() && !unsat.is_empty())
        .map(|((family, instance), (sat, unsat))| (family, instance, sat, unsat))
        .collect()
}

/// The Markdown summary.
pub fn markdown(rows: &[Row], stats: &[ConfigStats], plots: &[PathBuf]) -> String {
    let mut text = String::from("# Benchmark summary\n\n");
    let limits: std::collections::BTreeSet<String> =
        rows.iter().map(|r| format!("{}", r.time_limit)).collect();
    text.push_str(&format!(
        "{} runs; time limit {} s; times are solver wall-clock seconds; PAR-2 charges an \
         unsolved run (UNKNOWN or ERROR) twice the limit. `verified`: the model passed the \
         check against the CNF and the solution the puzzle's rules (for `gen`: the known \
         answer); UNSAT answers of puzzle families carry no proof and are not verified.\n\n",
        rows.len(),
        limits.into_iter().collect::<Vec<_>>().join(", ")
    ));
    text.push_str(
        "| configuration (family/encoding/solver) | runs | solved | SAT | UNSAT | unknown | \
         error | verified | PAR-2 (s) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for s in stats {
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |\n",
            s.label.replace('|', "\\|"),
            s.runs,
            s.solved(),
            s.sat,
            s.unsat,
            s.unknown,
            s.errors,
            s.verified,
            s.par2
        ));
    }
    let conflicts = disagreements(rows);
    text.push_str("\n## Consistency\n\n");
    if conflicts.is_empty() {
        text.push_str("No instance was answered SAT by one configuration and UNSAT by another.\n");
    } else {
        for (family, instance, sat, unsat) in &conflicts {
            text.push_str(&format!(
                "- **{family}/{instance}**: SAT by {}; UNSAT by {}\n",
                sat.join(", "),
                unsat.join(", ")
            ));
        }
    }
    let errors: Vec<&Row> = rows.iter().filter(|r| r.result == Outcome::Error).collect();
    if !errors.is_empty() {
        text.push_str(&format!("\n## Errors ({})\n\n", errors.len()));
        for row in errors.iter().take(20) {
            text.push_str(&format!(
                "- {}/{} [{}] {}: {}\n",
                row.family,
                row.instance,
                row.encoding,
                row.solver,
                row.message.replace('\n', " ")
            ));
        }
        if errors.len() > 20 {
            text.push_str(&format!("- ... and {} more\n", errors.len() - 20));
        }
    }
    if !plots.is_empty() {
        text.push_str("\n## Plots\n\n");
        let has_png = plots
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "png"));
        let wanted = if has_png { "png" } else { "svg" };
        for plot in plots
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == wanted))
        {
            let name = plot
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            text.push_str(&format!("![{name}]({name})\n"));
        }
    }
    text
}

/// Registers a font for PNG text (SVG text needs none): `font` or the
/// first of a few common system fonts. Returns false when none is found.
pub fn register_png_font(font: Option<&Path>) -> Result<bool> {
    let path = match font {
        Some(path) => path.to_path_buf(),
        None => match FONT_CANDIDATES
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
        {
            Some(path) => path,
            None => return Ok(false),
        },
    };
    let name = path.display().to_string();
    let bytes: &'static [u8] = Box::leak(std::fs::read(&path).with_name(&name)?.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| Error::parse(&name, 1, "not a TrueType/OpenType font"))?;
    Ok(true)
}

fn plot_error(path: &Path, error: impl std::fmt::Display) -> Error {
    Error::io(
        &path.display().to_string(),
        std::io::Error::other(format!("drawing failed: {error}")),
    )
}

/// A colour per series, distinguishable in print.
fn colour(index: usize) -> RGBColor {
    const PALETTE: &[RGBColor] = &[
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(127, 127, 127),
        RGBColor(188, 189, 34),
        RGBColor(23, 190, 207),
        RGBColor(0, 0, 128),
        RGBColor(170, 110, 40),
        RGBColor(0, 128, 128),
        RGBColor(128, 0, 0),
        RGBColor(60, 180, 75),
        RGBColor(240, 50, 230),
        RGBColor(0, 0, 0),
        RGBColor(128, 128, 0),
        RGBColor(70, 240, 240),
        RGBColor(250, 190, 212),
    ];
    PALETTE[index % PALETTE.len()]
}

fn draw_cactus<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    stats: &[ConfigStats],
    time_limit: f64,
    path: &Path,
) -> Result<()> {
    root.fill(&WHITE).map_err(|e| plot_error(path, e))?;
    let most = stats.iter().map(|s| s.solved()).max().unwrap_or(0).max(1);
    let top = time_limit.max(MIN_TIME * 10.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..(most as f64 + 1.0), (MIN_TIME..top).log_scale())
        .map_err(|e| plot_error(path, e))?;
    chart
        .configure_mesh()
        .x_desc("instances solved")
        .y_desc("solve time (s)")
        .x_labels((most + 2).min(12))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| plot_error(path, e))?;
    for (i, s) in stats.iter().enumerate() {
        let points: Vec<(f64, f64)> = s
            .solved_times
            .iter()
            .enumerate()
            .map(|(k, t)| ((k + 1) as f64, t.max(MIN_TIME)))
            .collect();
        let style = colour(i).stroke_width(2);
        chart
            .draw_series(LineSeries::new(points.clone(), style))
            .map_err(|e| plot_error(path, e))?
            .label(format!("{} ({})", s.label, s.solved()))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&p| Circle::new(p, 3, colour(i).filled())),
            )
            .map_err(|e| plot_error(path, e))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 12))
        .draw()
        .map_err(|e| plot_error(path, e))?;
    root.present().map_err(|e| plot_error(path, e))
}

/// Pairs of penalised times of configurations `a` and `b` on the
/// instances both ran.
pub fn scatter_points(rows: &[Row], a: &str, b: &str) -> Vec<(f64, f64)> {
    let mut times: HashMap<(String, String), (Option<f64>, Option<f64>)> = HashMap::new();
    for row in rows {
        let l = label(row);
        let entry = times
            .entry((row.family.clone(), row.instance.clone()))
            .or_default();
        if l == a {
            entry.0 = Some(penalised(row));
        }
        if l == b {
            entry.1 = Some(penalised(row));
        }
    }
    let mut points: Vec<(f64, f64)> = times
        .into_values()
        .filter_map(|(x, y)| Some((x?.max(MIN_TIME), y?.max(MIN_TIME))))
        .collect();
    points.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
    points
}

fn draw_scatter<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    points: &[(f64, f64)],
    a: &str,
    b: &str,
    time_limit: f64,
    path: &Path,
) -> Result<()> {
    root.fill(&WHITE).map_err(|e| plot_error(path, e))?;
    let top = (2.0 * time_limit).max(MIN_TIME * 10.0) * 1.5;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Scatter: solve time per instance (unsolved at 2x limit)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((MIN_TIME..top).log_scale(), (MIN_TIME..top).log_scale())
        .map_err(|e| plot_error(path, e))?;
    chart
        .configure_mesh()
        .x_desc(format!("{a} (s)"))
        .y_desc(format!("{b} (s)"))
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| plot_error(path, e))?;
    chart
        .draw_series(LineSeries::new(
            vec![(MIN_TIME, MIN_TIME), (top, top)],
            BLACK.mix(0.4),
        ))
        .map_err(|e| plot_error(path, e))?;
    chart
        .draw_series(LineSeries::new(
            vec![(time_limit, MIN_TIME), (time_limit, top)],
            RED.mix(0.3),
        ))
        .map_err(|e| plot_error(path, e))?;
    chart
        .draw_series(LineSeries::new(
            vec![(MIN_TIME, time_limit), (top, time_limit)],
            RED.mix(0.3),
        ))
        .map_err(|e| plot_error(path, e))?;
    chart
        .draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, 4, colour(0).mix(0.8).filled())),
        )
        .map_err(|e| plot_error(path, e))?;
    root.present().map_err(|e| plot_error(path, e))
}

/// What to draw and where.
#[derive(Debug, Clone, Default)]
pub struct ReportOptions {
    /// Output folder (`summary.md`, `cactus-<family>.svg/png`, `scatter.svg/png`).
    pub out_dir: PathBuf,
    /// Only configurations of this family (default: all).
    pub family: Option<String>,
    /// The two configurations of the scatter plot (default: the two best
    /// of the family with the most runs).
    pub scatter: Option<(String, String)>,
    /// Font file for PNG text.
    pub font: Option<PathBuf>,
    /// Plot size in pixels.
    pub size: (u32, u32),
}

/// Writes the summary and the plots; returns the files written.
pub fn write_report(rows: Vec<Row>, options: &ReportOptions) -> Result<Vec<PathBuf>> {
    let mut rows = dedupe(rows);
    if let Some(family) = &options.family {
        rows.retain(|r| &r.family == family);
    }
    if rows.is_empty() {
        return Err(Error::Usage("no rows to report on".into()));
    }
    let dir = &options.out_dir;
    std::fs::create_dir_all(dir).with_name(&dir.display().to_string())?;
    let stats = summarize(&rows);
    let time_limit = rows.iter().map(|r| r.time_limit).fold(0.0, f64::max);
    let png = register_png_font(options.font.as_deref())?;
    if !png {
        eprintln!(
            "bench-report: no font found for PNG text (give one with --font); writing SVG only"
        );
    }
    let size = if options.size.0 == 0 {
        (960, 640)
    } else {
        options.size
    };
    let mut plots = Vec::new();

    let mut families: Vec<String> = rows.iter().map(|r| r.family.clone()).collect();
    families.sort();
    families.dedup();
    for family in &families {
        let prefix = format!("{family}/");
        let of_family: Vec<ConfigStats> = stats
            .iter()
            .filter(|s| s.label.starts_with(&prefix))
            .cloned()
            .collect();
        let title = format!("{family}: instances solved vs. solve time");
        let svg = dir.join(format!("cactus-{family}.svg"));
        draw_cactus(
            SVGBackend::new(&svg, size).into_drawing_area(),
            &title,
            &of_family,
            time_limit,
            &svg,
        )?;
        plots.push(svg);
        if png {
            let bitmap = dir.join(format!("cactus-{family}.png"));
            draw_cactus(
                BitMapBackend::new(&bitmap, size).into_drawing_area(),
                &title,
                &of_family,
                time_limit,
                &bitmap,
            )?;
            plots.push(bitmap);
        }
    }

    let pair = match &options.scatter {
        Some(pair) => {
            for name in [&pair.0, &pair.1] {
                if !stats.iter().any(|s| &s.label == name) {
                    return Err(Error::Usage(format!(
                        "--scatter: no configuration '{name}' (known: {})",
                        stats
                            .iter()
                            .map(|s| s.label.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                }
            }
            Some(pair.clone())
        }
        None => default_pair(&rows, &stats),
    };
    if let Some((a, b)) = pair {
        let points = scatter_points(&rows, &a, &b);
        let scatter_svg = dir.join("scatter.svg");
        draw_scatter(
            SVGBackend::new(&scatter_svg, (size.1, size.1)).into_drawing_area(),
            &points,
            &a,
            &b,
            time_limit,
            &scatter_svg,
        )?;
        plots.push(scatter_svg);
        if png {
            let scatter_png = dir.join("scatter.png");
            draw_scatter(
                BitMapBackend::new(&scatter_png, (size.1, size.1)).into_drawing_area(),
                &points,
                &a,
                &b,
                time_limit,
                &scatter_png,
            )?;
            plots.push(scatter_png);
        }
    }

    let summary = dir.join("summary.md");
    let text = markdown(&rows, &stats, &plots);
    std::fs::write(&summary, text).with_name(&summary.display().to_string())?;
    let mut written = vec![summary];
    written.extend(plots);
    Ok(written)
}

/// For the family with the most rows: its best configuration against the
/// same solver with another encoding variant, or else the second best.
fn default_pair(rows: &[Row], stats: &[ConfigStats]) -> Option<(String, String)> {
    let mut per_family: HashMap<&str, usize> = HashMap::new();
    for row in rows {
        *per_family.entry(row.family.as_str()).or_default() += 1;
    }
    let family = per_family
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))?
        .0;
    let prefix = format!("{family}/");
    let ranked: Vec<&ConfigStats> = stats
        .iter()
        .filter(|s| s.label.starts_with(&prefix))
        .collect();
    let first = ranked.first()?;
    let solver_of = |label: &str| label.splitn(3, '/').nth(2).map(str::to_string);
    let other_encoding = ranked
        .iter()
        .skip(1)
        .find(|s| solver_of(&s.label) == solver_of(&first.label));
    let second = other_encoding.or(ranked.get(1))?;
    Some((first.label.clone(), second.label.clone()))
}

/// The summary table of [`markdown`] without its title and plots, for a
/// section of a larger document.
pub fn summary_section(rows: &[Row]) -> String {
    let stats = summarize(rows);
    let text = markdown(rows, &stats, &[]);
    text.trim_start_matches("# Benchmark summary\n\n")
        .replace("\n## ", "\n#### ")
}

/// Writes `body` into the Markdown file `path` between the markers
/// `<!-- bench:SECTION -->` and `<!-- /bench:SECTION -->`, replacing what
/// was there; when the file or the markers are missing, they are added at
/// the end. Errors name the file (and the line of a marker without its
/// end).
pub fn write_section(path: &Path, section: &str, body: &str) -> Result<()> {
    let name = path.display().to_string();
    let begin = format!("<!-- bench:{section} -->");
    let end = format!("<!-- /bench:{section} -->");
    let old = if path.exists() {
        std::fs::read_to_string(path).with_name(&name)?
    } else {
        String::new()
    };
    let block = format!("{begin}\n{}\n{end}", body.trim_end());
    let new = match old.find(&begin) {
        Some(start) => {
            let after = start + begin.len();
            let Some(offset) = old[after..].find(&end) else {
                let line = old[..start].matches('\n').count() + 1;
                return Err(Error::parse(
                    &name,
                    line,
                    format!("{begin} has no closing {end}"),
                ));
            };
            format!(
                "{}{block}{}",
                &old[..start],
                &old[after + offset + end.len()..]
            )
        }
        None if old.is_empty() => format!("{block}\n"),
        None => {
            let sep = if old.ends_with("\n\n") {
                ""
            } else if old.ends_with('\n') {
                "\n"
            } else {
                "\n\n"
            };
            format!("{old}{sep}{block}\n")
        }
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_name(&parent.display().to_string())?;
    }
    std::fs::write(path, new).with_name(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_added_and_replaced() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("b.md");
        std::fs::write(
            &path,
            "# Title\n\nIntro.\n<!-- bench:x -->\nold\n<!-- /bench:x -->\nTail.\n",
        )
        .expect("write");
        write_section(&path, "x", "new table\n").expect("replace");
        write_section(&path, "y", "other").expect("append");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(
            text,
            "# Title\n\nIntro.\n<!-- bench:x -->\nnew table\n<!-- /bench:x -->\nTail.\n\n\
             <!-- bench:y -->\nother\n<!-- /bench:y -->\n"
        );
        std::fs::write(&path, "a\n<!-- bench:x -->\nno end\n").expect("write");
        let error = write_section(&path, "x", "t").expect_err("no end marker");
        assert!(error.to_string().contains("b.md:2:"), "{error}");
    }
}
