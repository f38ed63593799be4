//! The pivot view of one family: a line per instance, a column per
//! solver and variant (and per peer), ratio columns against the baseline.

use super::config::FamilyConfig;
use super::matrix::PEER_SOLVER;
use super::rows::{Outcome, Row};
use crate::error::{Error, Result};
use std::collections::HashMap;

/// Compares names with their digit runs as numbers (`Q9` before `Q10`,
/// `inputs10/2` before `inputs10/11`).
fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(text: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = text.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &text[start..i]));
                start = i;
            }
        }
        out
    }
    let (x, y) = (chunks(a), chunks(b));
    for (p, q) in x.iter().zip(y.iter()) {
        let order = match (p, q) {
            ((true, m), (true, n)) => {
                let (m, n) = (m.trim_start_matches('0'), n.trim_start_matches('0'));
                m.len().cmp(&n.len()).then(m.cmp(n))
            }
            _ => p.1.cmp(q.1),
        };
        if order != std::cmp::Ordering::Equal {
            return order;
        }
    }
    x.len().cmp(&y.len()).then(a.cmp(b))
}

/// Seconds as a table shows them: three decimals under a second.
fn seconds_text(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{seconds:.3}")
    } else {
        format!("{seconds:.2}")
    }
}

/// A time cell of the pivot view: the pipeline seconds (encode + solve +
/// decode) and whether the run answered.
#[derive(Debug, Clone, Copy)]
struct Cell {
    seconds: f64,
    solved: bool,
    error: bool,
}

impl Cell {
    /// A known number of seconds (a target).
    fn fixed(seconds: f64) -> Cell {
        Cell {
            seconds,
            solved: true,
            error: false,
        }
    }

    /// The sum of two cells: solved if both are, failed if one is.
    fn plus(self, other: Cell) -> Cell {
        Cell {
            seconds: self.seconds + other.seconds,
            solved: self.solved && other.solved,
            error: self.error || other.error,
        }
    }

    fn of(row: &Row) -> Cell {
        Cell {
            seconds: row.encode_seconds + row.solve_seconds + row.decode_seconds,
            solved: row.result.solved(),
            error: row.result == Outcome::Error,
        }
    }

    fn text(&self) -> String {
        let mark = if self.error {
            "!"
        } else if !self.solved {
            "?"
        } else {
            ""
        };
        format!("{}{mark}", seconds_text(self.seconds))
    }
}

/// `base / other` as a ratio cell: a bound (`>`, `<`) when one side gave no
/// answer, `-` when neither did or one failed.
fn ratio_text(base: Option<Cell>, other: Option<Cell>) -> String {
    let (Some(base), Some(o)) = (base, other) else {
        return "-".into();
    };
    let (b, b_solved) = (base.seconds, base.solved);
    if (!b_solved && !o.solved) || base.error || o.error {
        return "-".into();
    }
    let bound = if !b_solved {
        ">"
    } else if !o.solved {
        "<"
    } else {
        ""
    };
    format!("{bound}{:.1}x", b / o.seconds.max(0.001))
}

/// The pivot view of one family: one line per instance, for each solver
/// one column per variant with the pipeline seconds, and ratio columns
/// against the baseline (a variant measured in the same run, or the
/// configuration's target seconds), with the known answer and the target
/// beside; a total line at the end, after one per set (the instances
/// under one first folder, `seed/...`) when there are several.
pub fn pivot_markdown(
    rows: &[Row],
    family: &str,
    config: &FamilyConfig,
    baseline: Option<&str>,
) -> Result<String> {
    let rows: Vec<&Row> = rows.iter().filter(|r| r.family == family).collect();
    if rows.is_empty() {
        return Err(Error::Usage(format!(
            "no rows of family '{family}' to report on"
        )));
    }
    let mut variants: Vec<String> = config
        .encodings
        .iter()
        .map(|e| e.name.clone())
        .filter(|name| rows.iter().any(|r| &r.encoding == name))
        .collect();
    for row in &rows {
        if !variants.contains(&row.encoding) {
            variants.push(row.encoding.clone());
        }
    }
    let mut solvers: Vec<String> = Vec::new();
    let mut instances: Vec<String> = Vec::new();
    let mut cells: HashMap<(&str, &str, &str), &Row> = HashMap::new();
    // Peers (dedicated solvers, one column each, whatever the solver) and
    // the pipeline variants, which get a column per solver.
    let is_peer = |variant: &str| config.encodings.iter().any(|e| e.peer && e.name == variant);
    let peers: Vec<String> = variants.iter().filter(|v| is_peer(v)).cloned().collect();
    variants.retain(|v| !is_peer(v));
    for row in &rows {
        if !solvers.contains(&row.solver) && row.solver != PEER_SOLVER {
            solvers.push(row.solver.clone());
        }
        if !instances.contains(&row.instance) {
            instances.push(row.instance.clone());
        }
        cells.insert((&row.instance, &row.encoding, &row.solver), row);
    }
    // Discovered instances by name, then the listed ones in their order.
    let listed = |name: &str| config.instances.iter().position(|i| i.name == name);
    instances.sort_by(|a, b| match (listed(a), listed(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (None, Some(_)) => std::cmp::Ordering::Less,
        (Some(_), None) => std::cmp::Ordering::Greater,
        (None, None) => natural_cmp(a, b),
    });
    let baseline = baseline.or(config.baseline.as_deref());
    let by_target = baseline == Some("target");
    if let Some(name) = baseline.filter(|b| *b != "target") {
        if !variants.iter().chain(&peers).any(|v| v == name) {
            return Err(Error::Usage(format!(
                "baseline '{name}' has no rows in family '{family}' (variants: {})",
                variants
                    .iter()
                    .chain(&peers)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
    }
    let has_targets = instances.iter().any(|i| config.target(i).is_some());
    let target_title = config
        .target_name
        .clone()
        .unwrap_or_else(|| "target (s)".into());
    // Ratio columns per solver: (baseline name, variant).
    let ratio_columns: Vec<(String, String)> = match baseline {
        Some("target") => variants
            .iter()
            .map(|v| ("target".to_string(), v.clone()))
            .collect(),
        Some(name) => variants
            .iter()
            .filter(|v| *v != name)
            .map(|v| (name.to_string(), v.clone()))
            .collect(),
        None => Vec::new(),
    };
    let single_solver = solvers.len() == 1;
    let single_variant = variants.len() == 1;
    let title = |solver: &str, variant: &str| match (single_solver, single_variant) {
        (true, _) => variant.to_string(),
        (false, true) => solver.to_string(),
        (false, false) => format!("{solver} {variant}"),
    };
    let ratio_title = |solver: &str, base: &str, variant: &str| {
        let base = if base == "target" {
            target_title.trim_end_matches(" (s)").to_string()
        } else {
            base.to_string()
        };
        format!("{base} / {}", title(solver, variant))
    };
    let mut header = vec!["instance".to_string(), "answer".to_string()];
    if has_targets {
        header.push(target_title.clone());
    }
    header.extend(peers.iter().cloned());
    for solver in &solvers {
        for variant in &variants {
            header.push(title(solver, variant));
        }
        for (base, variant) in &ratio_columns {
            header.push(ratio_title(solver, base, variant));
        }
    }
    let repeats = rows.iter().find_map(|r| {
        r.message
            .split("median of ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .map(str::to_string)
    });
    let mut text = String::new();
    let limits: std::collections::BTreeSet<String> =
        rows.iter().map(|r| format!("{}", r.time_limit)).collect();
    text.push_str(&format!(
        "Seconds of the whole pipeline (encode, solve and decode run one after another) \
         per {}; `?` no answer within the time limit ({} s), ratios then are bounds; `!` an \
         error or a wrong answer (listed below the table).{}{}\n\n",
        match (single_solver, single_variant) {
            (true, true) => format!("instance, variant {}, solver {}", variants[0], solvers[0]),
            (true, false) => format!("variant, solver {}", solvers[0]),
            (false, true) => "solver".to_string(),
            (false, false) => "solver and variant".to_string(),
        },
        limits.into_iter().collect::<Vec<_>>().join(", "),
        repeats.map_or(String::new(), |n| format!(
            " Each time is the median of {n} runs."
        )),
        match baseline {
            Some("target") => format!(
                " Ratios: {} over our seconds.",
                target_title.trim_end_matches(" (s)")
            ),
            Some(name) if peers.iter().any(|p| p == name) => format!(
                " Ratios: `{name}`'s seconds (the peer's own program, load and solve, its \
                 answer not checked) over our pipeline's, same run: at least 1.0x means at or \
                 below {name}'s time; the total's ratios sum the instances both ran without \
                 failing."
            ),
            Some(name) => format!(
                " Ratios: the `{name}` variant's seconds over the other's, same solver, same \
                 run; the total's ratios sum the instances both ran without failing."
            ),
            None => String::new(),
        }
    ));
    text.push_str(&format!("| {} |\n", header.join(" | ")));
    text.push_str(&format!("|---|---|{}\n", "---:|".repeat(header.len() - 2)));
    // Totals per (solver, variant), and per ratio column over the
    // instances where both sides ran without failing.
    // Each also per set (an instance's first path component: `seed/...`),
    // under the set's name, and over all under "".
    let mut totals: HashMap<(String, String, String), Cell> = HashMap::new();
    let mut pair_totals: HashMap<(String, String, String, String), (Cell, Cell)> = HashMap::new();
    let mut target_totals: HashMap<String, (f64, bool)> = HashMap::new();
    let mut sets: Vec<(String, usize)> = Vec::new();
    let mut errors: Vec<&Row> = Vec::new();
    for instance in &instances {
        let mut keys = vec![String::new()];
        if let Some((set, _)) = instance.split_once('/') {
            match sets.iter_mut().find(|(s, _)| s == set) {
                Some((_, count)) => *count += 1,
                None => sets.push((set.to_string(), 1)),
            }
            keys.push(set.to_string());
        }
        let answer = config
            .expected(instance)
            .map(|e| e.label())
            .or_else(|| {
                rows.iter()
                    .find(|r| &r.instance == instance && r.result.solved())
                    .map(|r| match (r.result, r.solutions, r.cost) {
                        (Outcome::Sat, _, Some(cost)) => format!("optimum {cost}"),
                        (Outcome::Sat, Some(n), _) if n > 1 => n.to_string(),
                        (result, _, _) => result.as_str().to_string(),
                    })
            })
            .unwrap_or_else(|| "-".into());
        let target = config.target(instance);
        for key in &keys {
            let total = target_totals.entry(key.clone()).or_insert((0.0, true));
            match target {
                Some(t) => total.0 += t,
                None => total.1 = false,
            }
        }
        let mut line = vec![instance.replace('|', "\\|"), answer];
        if has_targets {
            line.push(target.map_or("-".into(), seconds_text));
        }
        for peer in &peers {
            let found = cells.get(&(instance.as_str(), peer.as_str(), PEER_SOLVER));
            if let Some(row) = found.filter(|r| r.result == Outcome::Error) {
                errors.push(row);
            }
            let cell = found.map(|r| Cell::of(r));
            line.push(cell.map_or("-".into(), |c| c.text()));
            if let Some(c) = cell {
                for key in &keys {
                    totals
                        .entry((key.clone(), PEER_SOLVER.to_string(), peer.clone()))
                        .and_modify(|t| *t = t.plus(c))
                        .or_insert(c);
                }
            }
        }
        for solver in &solvers {
            let cell = |variant: &str| {
                let solver = if is_peer(variant) {
                    PEER_SOLVER
                } else {
                    solver.as_str()
                };
                cells
                    .get(&(instance.as_str(), variant, solver))
                    .map(|r| Cell::of(r))
            };
            for variant in &variants {
                let found = cells.get(&(instance.as_str(), variant.as_str(), solver.as_str()));
                if let Some(row) = found.filter(|r| r.result == Outcome::Error) {
                    errors.push(row);
                }
                line.push(cell(variant).map_or("-".into(), |c| c.text()));
                if let Some(c) = cell(variant) {
                    for key in &keys {
                        totals
                            .entry((key.clone(), solver.clone(), variant.clone()))
                            .and_modify(|t| *t = t.plus(c))
                            .or_insert(c);
                    }
                }
            }
            for (base, variant) in &ratio_columns {
                let base_cell = if by_target {
                    target.map(Cell::fixed)
                } else {
                    cell(base)
                };
                line.push(ratio_text(base_cell, cell(variant)));
                if let (Some(b), Some(v)) = (base_cell, cell(variant)) {
                    if !b.error && !v.error {
                        for key in &keys {
                            pair_totals
                                .entry((key.clone(), solver.clone(), base.clone(), variant.clone()))
                                .and_modify(|(tb, tv)| {
                                    *tb = tb.plus(b);
                                    *tv = tv.plus(v);
                                })
                                .or_insert((b, v));
                        }
                    }
                }
            }
        }
        text.push_str(&format!("| {} |\n", line.join(" | ")));
    }
    // A total line per set of several instances when there are several
    // sets, so that each set's total can be read off, then the total
    // over all.
    let mut total_lines: Vec<(String, String)> = Vec::new();
    if sets.len() > 1 {
        total_lines.extend(
            sets.iter()
                .filter(|(_, count)| *count > 1)
                .map(|(s, _)| (format!("**total {s}**"), s.clone())),
        );
    }
    if instances.len() > 1 {
        total_lines.push(("**total**".to_string(), String::new()));
    }
    for (label, key) in total_lines {
        let mut line = vec![label.replace('|', "\\|"), String::new()];
        if has_targets {
            let target_total = target_totals.get(&key).copied().unwrap_or((0.0, false));
            line.push(if by_target && target_total.1 {
                seconds_text(target_total.0)
            } else {
                String::new()
            });
        }
        for peer in &peers {
            let total = totals.get(&(key.clone(), PEER_SOLVER.to_string(), peer.clone()));
            line.push(total.map_or("-".into(), |c| c.text()));
        }
        for solver in &solvers {
            for variant in &variants {
                let total = totals.get(&(key.clone(), solver.clone(), variant.clone()));
                line.push(total.map_or("-".into(), |c| c.text()));
            }
            for (base, variant) in &ratio_columns {
                let pair_key = (key.clone(), solver.clone(), base.clone(), variant.clone());
                let pair = pair_totals.get(&pair_key);
                line.push(ratio_text(pair.map(|p| p.0), pair.map(|p| p.1)));
            }
        }
        text.push_str(&format!("| {} |\n", line.join(" | ")));
    }
    let columns: Vec<(String, String, String)> = solvers
        .iter()
        .flat_map(|solver| {
            variants
                .iter()
                .map(move |variant| (solver.clone(), variant.clone(), title(solver, variant)))
        })
        .collect();
    let peer = baseline.filter(|name| peers.iter().any(|p| p == name));
    if let Some(scores) = super::scores::scores_markdown(&rows, &instances, peer, &columns) {
        text.push('\n');
        text.push_str(&scores);
    }
    if !errors.is_empty() {
        text.push('\n');
        for row in errors {
            text.push_str(&format!(
                "- `!` {} [{}] {}: {}\n",
                row.instance,
                row.encoding,
                row.solver,
                row.message.replace('\n', " ")
            ));
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order() {
        let mut names = vec!["inputs10/11", "inputs10/2", "Q10", "Q9", "a"];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(names, ["Q9", "Q10", "a", "inputs10/2", "inputs10/11"]);
    }

    #[test]
    fn ratio_cells() {
        let solved = |s| Cell {
            seconds: s,
            solved: true,
            error: false,
        };
        let open = Cell {
            seconds: 20.0,
            solved: false,
            error: false,
        };
        let failed = Cell {
            error: true,
            ..solved(1.0)
        };
        assert_eq!(ratio_text(Some(solved(4.0)), Some(solved(2.0))), "2.0x");
        assert_eq!(ratio_text(Some(open), Some(solved(2.0))), ">10.0x");
        assert_eq!(ratio_text(Some(solved(1.0)), Some(open)), "<0.1x");
        assert_eq!(ratio_text(Some(open), Some(open)), "-");
        assert_eq!(ratio_text(None, Some(open)), "-");
        assert_eq!(ratio_text(Some(solved(4.0)), Some(failed)), "-");
    }
}
