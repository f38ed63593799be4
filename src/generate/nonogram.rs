//! `generate-nonogram`: a nonogram from a picture (black and white, or in
//! up to [`MAX_COLOURS`] colours), whether its clues determine the
//! picture, and if not, cells to reveal so that they do.
//!
//! The picture is read from a PNG file: in black and white ([`read_png`])
//! a pixel is black when its luminance (transparent pixels count as white)
//! is below the threshold; in colour ([`read_png_colours`]) the pixels'
//! colours are gathered into the colours asked for and white (k-means,
//! started deterministically from the colours farthest from those chosen
//! so far), and the pixels nearest white are the background. Its clues
//! ([`puzzle_of`]) are encoded by the family's own encoder, the picture
//! itself is blocked (a clause "some cell differs"), and the solver is
//! asked for another solution under the cells revealed so far: while there
//! is one, one of the cells where it differs from the picture is revealed.
//! The cells revealed are then thinned as `generate-rules` thins givens:
//! each goes when the others still leave no other solution, so the set is
//! locally minimal.

use super::{rng, Uniqueness};
use crate::error::{Error, IoContext, Result};
use crate::nonogram::encode::{cell_name, encode, Config};
use crate::nonogram::formats::{Format, MAX_COLOURS};
use crate::nonogram::puzzle::{Block, Clue, Colour};
use crate::nonogram::render::non_from_clues;
use crate::nonogram::{check, Grid, Options, Puzzle};
use rustsat::types::Lit;
use std::collections::HashMap;

/// The largest picture side `generate-nonogram` takes.
pub const MAX_SIDE: usize = 1000;

/// A picture, row-major: each cell empty or the index of its colour.
pub type Picture = Grid;

/// A PNG picture's size and its pixels' colours, transparency blended
/// onto white, row-major.
struct Pixels {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

/// Reads a PNG file's pixels (grey, colour, with or without transparency).
fn read_pixels(path: &std::path::Path) -> Result<Pixels> {
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
    // Blend onto white.
    let blend = |v: u8, alpha: u8| {
        let a = f64::from(alpha) / 255.0;
        (f64::from(v) * a + 255.0 * (1.0 - a)).round() as u8
    };
    let mut rgb = Vec::with_capacity(width * height);
    for row in buffer.chunks(frame.line_size).take(height) {
        for pixel in row.chunks(channels).take(width) {
            rgb.push(match *pixel {
                [g] => [g, g, g],
                [g, a] => [blend(g, a); 3],
                [r, g, b] => [r, g, b],
                [r, g, b, a] => [blend(r, a), blend(g, a), blend(b, a)],
                _ => [255, 255, 255],
            });
        }
    }
    if rgb.len() != width * height {
        return Err(Error::Usage(format!(
            "{name}: the picture's data is shorter than its size"
        )));
    }
    Ok(Pixels { width, height, rgb })
}

/// Reads a PNG file as black and white: black where the luminance (0 to
/// 255, with transparency blended onto white) is below `threshold`.
pub fn read_png(path: &std::path::Path, threshold: u8) -> Result<(Picture, Vec<Colour>)> {
    let pixels = read_pixels(path)?;
    let cells = pixels
        .rgb
        .iter()
        .map(|&[r, g, b]| (luminance(r, g, b) < f64::from(threshold)).then_some(0))
        .collect();
    let picture = Grid {
        height: pixels.height,
        width: pixels.width,
        cells,
        symbols: vec!['#'],
    };
    Ok((picture, vec![Colour::black()]))
}

/// Reads a PNG file in at most `count` colours (1 to [`MAX_COLOURS`])
/// besides the white background: the pixels' colours are gathered by
/// k-means into `count` colours and white, white staying white; the pixels
/// nearest white are the background. Colours no pixel keeps are dropped;
/// the others are named `a`, `b`, ... in order of first appearance (rows
/// top to bottom).
pub fn read_png_colours(path: &std::path::Path, count: usize) -> Result<(Picture, Vec<Colour>)> {
    if count == 0 || count > MAX_COLOURS {
        return Err(Error::Usage(format!(
            "--colours {count}: a nonogram has 1 to {MAX_COLOURS} colours"
        )));
    }
    let pixels = read_pixels(path)?;
    let cluster = quantise(&pixels.rgb, count);
    // Colour k of the puzzle: the clusters in order of first appearance.
    let mut order: Vec<usize> = Vec::new();
    let mut index: HashMap<usize, usize> = HashMap::new();
    let mut cells = Vec::with_capacity(pixels.rgb.len());
    for &c in &cluster.assignment {
        if c == 0 {
            cells.push(None);
            continue;
        }
        let k = *index.entry(c).or_insert_with(|| {
            order.push(c);
            order.len() - 1
        });
        cells.push(Some(k));
    }
    let mut colours: Vec<Colour> = order
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let letter = char::from(b'a' + k as u8);
            Colour {
                name: letter.to_string(),
                symbol: letter,
                rgb: cluster.centres[c],
            }
        })
        .collect();
    if colours.is_empty() {
        colours.push(Colour::black());
    }
    let symbols = if colours.len() > 1 {
        colours.iter().map(|c| c.symbol).collect()
    } else {
        vec!['#']
    };
    let picture = Grid {
        height: pixels.height,
        width: pixels.width,
        cells,
        symbols,
    };
    Ok((picture, colours))
}

/// Pixels gathered into colours: centre 0 is white.
struct Clusters {
    /// The colours, white first.
    centres: Vec<[u8; 3]>,
    /// Per pixel, its centre.
    assignment: Vec<usize>,
}

/// Rounds of k-means at most (it stops earlier when no pixel moves).
const KMEANS_ROUNDS: usize = 100;

/// Gathers `rgb` into white and at most `count` colours by k-means over the
/// distinct colours (weighted by their pixels), white held fixed; the
/// starting colours are, one after another, the colour farthest from
/// those chosen (ties: the first in the picture), so the result depends
/// on the picture alone.
fn quantise(rgb: &[[u8; 3]], count: usize) -> Clusters {
    let distance =
        |a: [u8; 3], b: [f64; 3]| -> f64 { (0..3).map(|i| (f64::from(a[i]) - b[i]).powi(2)).sum() };
    let mut distinct: Vec<([u8; 3], usize)> = Vec::new();
    let mut seen: HashMap<[u8; 3], usize> = HashMap::new();
    for &p in rgb {
        match seen.get(&p) {
            Some(&i) => distinct[i].1 += 1,
            None => {
                seen.insert(p, distinct.len());
                distinct.push((p, 1));
            }
        }
    }
    let mut centres: Vec<[f64; 3]> = vec![[255.0; 3]];
    while centres.len() <= count {
        let farthest = distinct
            .iter()
            .map(|&(p, _)| {
                let near = centres
                    .iter()
                    .map(|&c| distance(p, c))
                    .fold(f64::INFINITY, f64::min);
                (p, near)
            })
            .fold(None, |best: Option<([u8; 3], f64)>, (p, d)| match best {
                Some((_, bd)) if bd >= d => best,
                _ => Some((p, d)),
            });
        match farthest {
            Some((p, d)) if d > 0.0 => centres.push(p.map(f64::from)),
            _ => break,
        }
    }
    let nearest = |p: [u8; 3], centres: &[[f64; 3]]| -> usize {
        let mut best = 0;
        for (i, &c) in centres.iter().enumerate() {
            if distance(p, c) < distance(p, centres[best]) {
                best = i;
            }
        }
        best
    };
    let mut owner: Vec<usize> = distinct
        .iter()
        .map(|&(p, _)| nearest(p, &centres))
        .collect();
    for _ in 0..KMEANS_ROUNDS {
        let mut sums = vec![[0.0f64; 3]; centres.len()];
        let mut weights = vec![0usize; centres.len()];
        for (&(p, n), &o) in distinct.iter().zip(&owner) {
            for i in 0..3 {
                sums[o][i] += f64::from(p[i]) * n as f64;
            }
            weights[o] += n;
        }
        for c in 1..centres.len() {
            if weights[c] > 0 {
                centres[c] = sums[c].map(|v| v / weights[c] as f64);
            }
        }
        let moved: Vec<usize> = distinct
            .iter()
            .map(|&(p, _)| nearest(p, &centres))
            .collect();
        if moved == owner {
            break;
        }
        owner = moved;
    }
    let rounded: Vec<[u8; 3]> = centres
        .iter()
        .map(|c| c.map(|v| v.round().clamp(0.0, 255.0) as u8))
        .collect();
    let assignment = rgb.iter().map(|p| owner[seen[p]]).collect();
    Clusters {
        centres: rounded,
        assignment,
    }
}

/// The luminance of a colour (ITU-R BT.601 weights).
fn luminance(r: u8, g: u8, b: u8) -> f64 {
    0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)
}

/// The clue of a line: its runs of cells of one colour.
fn runs(line: impl Iterator<Item = Option<usize>>) -> Clue {
    let mut clue: Clue = Vec::new();
    let mut previous = None;
    for cell in line {
        if let Some(colour) = cell {
            match clue.last_mut() {
                Some(block) if previous == Some(colour) => block.len += 1,
                _ => clue.push(Block { len: 1, colour }),
            }
        }
        previous = cell;
    }
    clue
}

/// The puzzle of a picture's clues in `colours`, titled `title`.
pub fn puzzle_of(picture: &Picture, colours: &[Colour], title: &str) -> Puzzle {
    let (h, w) = (picture.height, picture.width);
    let at = |r: usize, c: usize| picture.cells[r * w + c];
    let title: String = title.chars().filter(|&c| c != '"' && c != '\n').collect();
    Puzzle {
        colours: colours.to_vec(),
        rows: (0..h).map(|r| runs((0..w).map(|c| at(r, c)))).collect(),
        columns: (0..w).map(|c| runs((0..h).map(|r| at(r, c)))).collect(),
        row_lines: vec![0; h],
        column_lines: vec![0; w],
        goal: None,
        title: Some(title),
        format: Format::Non,
        text: String::new(),
    }
}

/// The puzzle file (Steve Simpson's `.non` format, colours as `color a
/// #rrggbb` lines, the picture as its `goal`) of a picture's clues.
pub fn write_non(picture: &Picture, colours: &[Colour], title: &str) -> String {
    non_from_clues(&puzzle_of(picture, colours, title), picture)
}

/// What the clues of a picture say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The puzzle, parsed back from [`write_non`]'s text.
    pub puzzle: Puzzle,
    /// True when the clues alone have the picture as their only solution.
    pub unique: bool,
    /// Cells (row, column, 0-based) to reveal, with what they hold (the
    /// index of their colour in the puzzle, `None` for the background), so
    /// that the clues and these cells have only the picture as solution:
    /// locally minimal (revealing any one less lets another solution in);
    /// empty when the clues are unique.
    pub reveal: Vec<(usize, usize, Option<usize>)>,
}

/// Analyses a picture: its clues, whether they are unique, and a locally
/// minimal set of cells to reveal (drawn with `seed`) when they are not;
/// the uniqueness proofs run on the embedded `solver` (`None`: the first
/// incremental one this build has).
pub fn analyse(
    picture: &Picture,
    colours: &[Colour],
    title: &str,
    seed: u64,
    solver: Option<&str>,
) -> Result<Analysis> {
    let text = write_non(picture, colours, title);
    let puzzle = crate::nonogram::formats::parse("<picture>", &text, Format::Non, None)?;
    check::check(&puzzle, picture)
        .map_err(|why| Error::Check(format!("the picture breaks its own clues: {why}")))?;
    let options = Options::default();
    let builder = encode(
        &puzzle,
        &Config {
            encoding: options.encoding,
            presolve: options.presolve(),
            probe: options.presolve() && !options.no_probe,
            amo: options.amo,
        },
    );
    let w = picture.width;
    let k = puzzle.colours.len();
    // Per cell, the literals that show it as in the picture: its colour's
    // variable true and the others false.
    let mut shown: Vec<Vec<Lit>> = Vec::with_capacity(picture.cells.len());
    for (i, &cell) in picture.cells.iter().enumerate() {
        let mut lits = Vec::with_capacity(k);
        for colour in 0..k {
            let name = cell_name(&puzzle, i / w + 1, i % w + 1, colour);
            let lit = builder
                .lookup(&name)
                .ok_or_else(|| Error::Check(format!("the encoding has no variable {name}")))?;
            lits.push(if cell == Some(colour) { lit } else { !lit });
        }
        shown.push(lits);
    }
    let reveal = |cells: &[usize]| -> Vec<Lit> {
        cells
            .iter()
            .flat_map(|&i| shown[i].iter().copied())
            .collect()
    };
    let mut solver = Uniqueness::with_solver(builder.finish(), solver, &[])?;
    let everything: Vec<usize> = (0..shown.len()).collect();
    if solver.solve(&reveal(&everything))?.is_none() {
        return Err(Error::Check(
            "the encoding rejects the picture its clues were made from".into(),
        ));
    }
    let other: Vec<Lit> = shown.iter().flatten().map(|&l| !l).collect();
    solver.add_clause(&other)?;
    let mut rng = rng(seed);
    let mut revealed: Vec<usize> = Vec::new();
    let mut unique = true;
    while let Some(model) = solver.solve(&reveal(&revealed))? {
        unique = false;
        let differ: Vec<usize> = (0..shown.len())
            .filter(|&i| shown[i].iter().any(|&l| !model.is_true(l)))
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
        if solver.solve(&reveal(&without))?.is_none() {
            kept = without;
        }
    }
    kept.sort_unstable();
    Ok(Analysis {
        puzzle,
        unique,
        reveal: kept
            .into_iter()
            .map(|i| (i / w, i % w, picture.cells[i]))
            .collect(),
    })
}

/// The revealed cells as clauses of the readable named form, to append to
/// `encode-nonogram ... | cnf-names` before `cnf-dimacs`: one unit clause
/// a line, a cell's lines together: in black and white `cell(r,c)` or
/// `-cell(r,c)`; in colour every colour variable of the cell,
/// `cell(r,c)=a` for its colour and `-cell(r,c)=b` for the others.
pub fn write_reveal(puzzle: &Puzzle, reveal: &[(usize, usize, Option<usize>)]) -> String {
    let mut out = String::new();
    for &(r, c, cell) in reveal {
        for colour in 0..puzzle.colours.len() {
            let sign = if cell == Some(colour) { "" } else { "-" };
            out.push_str(&format!(
                "{sign}{}\n",
                cell_name(puzzle, r + 1, c + 1, colour)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture from rows of `.` (background), `#` (colour 0) and
    /// letters `a`, `b`, ... (colours 0, 1, ...).
    fn picture(rows: &[&str]) -> Picture {
        Grid {
            height: rows.len(),
            width: rows[0].len(),
            cells: rows
                .iter()
                .flat_map(|r| {
                    r.chars().map(|c| match c {
                        '.' => None,
                        '#' => Some(0),
                        letter => Some(letter as usize - 'a' as usize),
                    })
                })
                .collect(),
            symbols: vec!['#'],
        }
    }

    fn colours(count: usize) -> Vec<Colour> {
        (0..count)
            .map(|k| {
                let letter = char::from(b'a' + k as u8);
                Colour {
                    name: letter.to_string(),
                    symbol: letter,
                    rgb: [k as u8 * 60, 0, 0],
                }
            })
            .collect()
    }

    #[test]
    fn runs_are_the_clues() {
        let block = |len, colour| Block { len, colour };
        let line = [Some(0), Some(0), None, Some(0)];
        assert_eq!(runs(line.into_iter()), vec![block(2, 0), block(1, 0)]);
        assert_eq!(runs([None, None].into_iter()), Vec::new());
        // Touching blocks of two colours are two blocks.
        let line = [Some(0), Some(1), Some(1), None];
        assert_eq!(runs(line.into_iter()), vec![block(1, 0), block(2, 1)]);
    }

    #[test]
    fn a_diagonal_needs_one_cell_revealed() {
        if crate::solver::embedded::available().is_empty() {
            return;
        }
        let black = [Colour::black()];
        // Two black cells on a diagonal of a 2x2 grid: the clues allow
        // both diagonals; any one cell tells them apart.
        let found = analyse(&picture(&["#.", ".#"]), &black, "d", 1, None).expect("analyses");
        assert!(!found.unique);
        assert_eq!(found.reveal.len(), 1);
        let plus =
            analyse(&picture(&[".#.", "###", ".#."]), &black, "plus", 1, None).expect("analyses");
        assert!(plus.unique);
        assert!(plus.reveal.is_empty());
    }

    #[test]
    fn colours_tell_apart_what_black_and_white_cannot() {
        if crate::solver::embedded::available().is_empty() {
            return;
        }
        // A 2x2 checkerboard of two colours: the row clues `1a,1b` and
        // `1b,1a` fix it.
        let two = picture(&["ab", "ba"]);
        let found = analyse(&two, &colours(2), "c", 1, None).expect("analyses");
        assert!(found.unique, "{:?}", found.reveal);
        // One colour on a diagonal: both diagonals fit.
        let grey = picture(&["a.", ".a"]);
        let found = analyse(&grey, &colours(2)[..1], "g", 1, None).expect("analyses");
        assert!(!found.unique);
        assert_eq!(found.reveal.len(), 1);
    }

    #[test]
    fn quantising_keeps_white_and_finds_the_colours() {
        let red = [250, 10, 10];
        let blue = [10, 10, 240];
        let pixels = [[255, 255, 255], red, [240, 20, 0], blue, [0, 0, 255]];
        let clusters = quantise(&pixels, 2);
        assert_eq!(clusters.centres[0], [255, 255, 255]);
        assert_eq!(clusters.assignment[0], 0);
        assert_eq!(clusters.assignment[1], clusters.assignment[2]);
        assert_eq!(clusters.assignment[3], clusters.assignment[4]);
        assert_ne!(clusters.assignment[1], clusters.assignment[3]);
        // Asked for more colours than the picture has: no empty colour.
        let clusters = quantise(&[[0, 0, 0], [255, 255, 255]], 5);
        assert_eq!(clusters.centres.len(), 2);
    }
}
