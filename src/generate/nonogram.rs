//! `generate-nonogram`: a black-and-white nonogram from a picture, whether
//! its clues determine the picture, and if not, cells to reveal so that
//! they do.
//!
//! The picture is read from a PNG file ([`read_png`]): a pixel is black
//! when its luminance (transparent pixels count as white) is below the
//! threshold. Its clues are encoded by the family's own encoder, the
//! picture itself is blocked (a clause "some cell differs"), and the
//! solver is asked for another solution under the cells revealed so far:
//! while there is one, one of the cells where it differs from the picture
//! is revealed. The cells revealed are then thinned as `generate-rules`
//! thins givens: each goes when the others still leave no other solution,
//! so the set is locally minimal.

use super::{rng, Uniqueness};
use crate::error::{Error, IoContext, Result};
use crate::nonogram::encode::{encode, Config};
use crate::nonogram::{check, Grid, Options, Puzzle};
use rustsat::types::Lit;

/// The largest picture side `generate-nonogram` takes.
pub const MAX_SIDE: usize = 1000;

/// A black-and-white picture, row-major.
pub type Picture = Grid;

/// Reads a PNG file as black and white: black where the luminance (0 to
/// 255, with transparency blended onto white) is below `threshold`.
pub fn read_png(path: &std::path::Path, threshold: u8) -> Result<Picture> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).with_name(&name)?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let bad =
        |e: png::DecodingError| Error::Usage(format!("{name}: not a PNG picture we can read: {e}"));
    let mut reader = decoder.read_info().map_err(bad)?;
    let (width, height) = {
        let info = reader.info();
        (info.width as usize, info.height as usize)
    };
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(Error::Usage(format!(
            "{name}: the picture is {width}x{height}; generate-nonogram takes 1 to {MAX_SIDE} pixels a side"
        )));
    }
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).map_err(bad)?;
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => {
            return Err(Error::Usage(format!(
                "{name}: an indexed PNG that did not expand"
            )))
        }
    };
    let mut cells = Vec::with_capacity(width * height);
    for row in buffer.chunks(frame.line_size).take(height) {
        for pixel in row.chunks(channels).take(width) {
            let (grey, alpha) = match *pixel {
                [g] => (f64::from(g), 255.0),
                [g, a] => (f64::from(g), f64::from(a)),
                [r, g, b] => (luminance(r, g, b), 255.0),
                [r, g, b, a] => (luminance(r, g, b), f64::from(a)),
                _ => (255.0, 255.0),
            };
            // Blend onto white.
            let seen = grey * alpha / 255.0 + 255.0 * (1.0 - alpha / 255.0);
            cells.push((seen < f64::from(threshold)).then_some(0));
        }
    }
    if cells.len() != width * height {
        return Err(Error::Usage(format!(
            "{name}: the picture's data is shorter than its size"
        )));
    }
    Ok(Grid {
        height,
        width,
        cells,
        symbols: vec!['#'],
    })
}

/// The luminance of a colour (ITU-R BT.601 weights).
fn luminance(r: u8, g: u8, b: u8) -> f64 {
    0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)
}

/// The runs of black cells of a line.
fn runs(line: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut clue = Vec::new();
    let mut run = 0;
    for black in line {
        if black {
            run += 1;
        } else if run > 0 {
            clue.push(run);
            run = 0;
        }
    }
    if run > 0 {
        clue.push(run);
    }
    clue
}

/// The puzzle file (Steve Simpson's `.non` format, with the picture as its
/// `goal`) of a picture's clues.
pub fn write_non(picture: &Picture, title: &str) -> String {
    let (h, w) = (picture.height, picture.width);
    let at = |r: usize, c: usize| picture.cells[r * w + c].is_some();
    let show = |clue: Vec<usize>| {
        if clue.is_empty() {
            "0".to_string()
        } else {
            clue.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let title: String = title.chars().filter(|&c| c != '"' && c != '\n').collect();
    let mut out = format!("title \"{title}\"\nwidth {w}\nheight {h}\n\nrows\n");
    for r in 0..h {
        out.push_str(&show(runs((0..w).map(|c| at(r, c)))));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for c in 0..w {
        out.push_str(&show(runs((0..h).map(|r| at(r, c)))));
        out.push('\n');
    }
    let goal: String = picture
        .cells
        .iter()
        .map(|b| if b.is_some() { '1' } else { '0' })
        .collect();
    out.push_str(&format!("\ngoal \"{goal}\"\n"));
    out
}

/// What the clues of a picture say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The puzzle, parsed back from [`write_non`]'s text.
    pub puzzle: Puzzle,
    /// True when the clues alone have the picture as their only solution.
    pub unique: bool,
    /// Cells (row, column, 0-based) to reveal, with their colour (true:
    /// black), so that the clues and these cells have only the picture as
    /// solution: locally minimal (revealing any one less lets another
    /// solution in); empty when the clues are unique.
    pub reveal: Vec<(usize, usize, bool)>,
}

/// Analyses a picture: its clues, whether they are unique, and a locally
/// minimal set of cells to reveal (drawn with `seed`) when they are not.
pub fn analyse(picture: &Picture, title: &str, seed: u64) -> Result<Analysis> {
    let text = write_non(picture, title);
    let puzzle = crate::nonogram::formats::parse(
        "<picture>",
        &text,
        crate::nonogram::formats::Format::Non,
        None,
    )?;
    check::check(&puzzle, picture)
        .map_err(|why| Error::Check(format!("the picture breaks its own clues: {why}")))?;
    let options = Options::default();
    let builder = encode(
        &puzzle,
        &Config {
            encoding: options.encoding,
            presolve: options.presolve,
            probe: options.presolve && !options.no_probe,
            amo: options.amo,
        },
    );
    let w = picture.width;
    let cells: Vec<Lit> = (0..picture.cells.len())
        .map(|i| {
            let name = format!("cell({},{})", i / w + 1, i % w + 1);
            builder
                .lookup(&name)
                .ok_or_else(|| Error::Check(format!("the encoding has no variable {name}")))
        })
        .collect::<Result<_>>()?;
    let shown: Vec<Lit> = cells
        .iter()
        .zip(&picture.cells)
        .map(|(&lit, black)| if black.is_some() { lit } else { !lit })
        .collect();
    let mut solver = Uniqueness::new(builder.finish())?;
    if solver.solve(&shown)?.is_none() {
        return Err(Error::Check(
            "the encoding rejects the picture its clues were made from".into(),
        ));
    }
    let other: Vec<Lit> = shown.iter().map(|&l| !l).collect();
    solver.add_clause(&other)?;
    let mut rng = rng(seed);
    let mut revealed: Vec<usize> = Vec::new();
    let mut unique = true;
    loop {
        let assumptions: Vec<Lit> = revealed.iter().map(|&i| shown[i]).collect();
        let Some(model) = solver.solve(&assumptions)? else {
            break;
        };
        unique = false;
        let differ: Vec<usize> = (0..shown.len())
            .filter(|&i| !model.is_true(shown[i]))
            .collect();
        if differ.is_empty() {
            return Err(Error::Check(
                "a second solution equal to the picture".into(),
            ));
        }
        revealed.push(differ[rng.usize(..differ.len())]);
    }
    // Thin the revealed cells, in a random order.
    rng.shuffle(&mut revealed);
    let mut kept = revealed.clone();
    for &cell in &revealed {
        let without: Vec<usize> = kept.iter().copied().filter(|&c| c != cell).collect();
        let assumptions: Vec<Lit> = without.iter().map(|&i| shown[i]).collect();
        if solver.solve(&assumptions)?.is_none() {
            kept = without;
        }
    }
    kept.sort_unstable();
    Ok(Analysis {
        puzzle,
        unique,
        reveal: kept
            .into_iter()
            .map(|i| (i / w, i % w, picture.cells[i].is_some()))
            .collect(),
    })
}

/// The revealed cells as clauses of the readable named form (one
/// `cell(r,c)` or `-cell(r,c)` a line), to append to `encode-nonogram
/// ... | cnf-names` before `cnf-dimacs`.
pub fn write_reveal(reveal: &[(usize, usize, bool)]) -> String {
    reveal
        .iter()
        .map(|&(r, c, black)| {
            format!(
                "{}cell({},{})\n",
                if black { "" } else { "-" },
                r + 1,
                c + 1
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(rows: &[&str]) -> Picture {
        Grid {
            height: rows.len(),
            width: rows[0].len(),
            cells: rows
                .iter()
                .flat_map(|r| r.chars().map(|c| (c == '#').then_some(0)))
                .collect(),
            symbols: vec!['#'],
        }
    }

    #[test]
    fn runs_are_the_clues() {
        assert_eq!(runs([true, true, false, true].into_iter()), vec![2, 1]);
        assert_eq!(runs([false, false].into_iter()), Vec::<usize>::new());
    }

    #[test]
    fn a_diagonal_needs_one_cell_revealed() {
        if crate::solver::embedded::available().is_empty() {
            return;
        }
        // Two black cells on a diagonal of a 2x2 grid: the clues allow
        // both diagonals; any one cell tells them apart.
        let found = analyse(&picture(&["#.", ".#"]), "d", 1).expect("analyses");
        assert!(!found.unique);
        assert_eq!(found.reveal.len(), 1);
        let plus = analyse(&picture(&[".#.", "###", ".#."]), "plus", 1).expect("analyses");
        assert!(plus.unique);
        assert!(plus.reveal.is_empty());
    }
}
