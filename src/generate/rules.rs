//! `generate-rules`: a puzzle in the rule language with a unique solution
//! and a locally minimal set of givens.
//!
//! From a solved grid (a file in `decode-rules`'s drawing, the puzzle's own
//! `initial` when it gives every cell, or else a random solution of the
//! puzzle) the givens are removed in a random order, a symmetric orbit of
//! cells at a time ([`Symmetry`]: by default the cells a half turn of the
//! grid swaps); an orbit stays when without it the puzzle has another
//! solution. The puzzle is encoded once without givens, the solution
//! itself is blocked (a clause "some cell differs"), and each question "is
//! it still unique without this orbit?" is one incremental solver call
//! with the remaining givens as assumptions: no model means unique. The
//! solver's core (the givens its refutation used) is kept as the proof:
//! an orbit outside it goes without a call, since the proof still holds,
//! so the outcome is exactly that of asking every orbit in the random
//! order (the core never picks which givens go, which would favour the
//! cells the solver looks at first).
//!
//! One pass leaves a locally minimal set: an orbit kept because its
//! removal let another solution in stays needed as the set shrinks further
//! (fewer givens allow more solutions, never fewer). `--target N` stops at
//! N givens and tries other random orders until one gets there.

use super::{rng, Uniqueness};
use crate::error::{Error, Result};
use crate::rules::parse::show_value;
use crate::rules::{check, encode, Options, Puzzle, Value};
use rustsat::types::Lit;
use std::collections::{HashMap, HashSet};

/// What `generate-rules` is asked for.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Stop removing givens at this many.
    pub target: Option<usize>,
    /// How many random orders to try when `target` is not reached.
    pub attempts: usize,
    /// The encoder's options.
    pub options: Options,
    /// The embedded solver of the uniqueness proofs (`None`: the first
    /// incremental one this build has).
    pub solver: Option<String>,
    /// The symmetry of the givens (`None`: [`Symmetry::Rotational`] when
    /// the layout has it, else [`Symmetry::None`]).
    pub symmetry: Option<Symmetry>,
}

/// Which cells keep or lose their givens together: a symmetry of the grid
/// of the layout, in its rows and columns as a player reads them
/// ([`crate::rules::layout::Layout::grid_pos`]; R rows, C columns, 1-based).
/// The pattern of the givens (which cells have one, not their values) is
/// then symmetric. A symmetry the layout's cells do not have is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Symmetry {
    /// No symmetry: each given goes alone.
    None,
    /// A half turn (180 degrees) about the centre: (r, c) with
    /// (R+1-r, C+1-c).
    Rotational,
    /// Quarter turns (90 degrees): (r, c), (c, R+1-r) and so on, four cells
    /// at a time; a square grid.
    Quarter,
    /// Top and bottom mirrored (across the horizontal axis): (r, c) with
    /// (R+1-r, c).
    Horizontal,
    /// Left and right mirrored (across the vertical axis): (r, c) with
    /// (r, C+1-c).
    Vertical,
    /// Both mirrors at once: (r, c), (R+1-r, c), (r, C+1-c), (R+1-r, C+1-c).
    Mirrors,
    /// Mirrored across the main diagonal: (r, c) with (c, r); a square grid.
    Diagonal,
    /// Mirrored across the other diagonal: (r, c) with (C+1-c, R+1-r); a
    /// square grid.
    AntiDiagonal,
}

impl Symmetry {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Mirrors => "mirrors",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The images of grid place (r, c) under the maps that generate the
    /// symmetry, in a grid of `rows` by `columns` (1-based).
    fn images(self, (r, c): (usize, usize), rows: usize, columns: usize) -> Vec<(usize, usize)> {
        let (r1, c1) = (rows + 1, columns + 1);
        match self {
            Symmetry::None => vec![],
            Symmetry::Rotational => vec![(r1 - r, c1 - c)],
            Symmetry::Quarter => vec![(c, r1 - r)],
            Symmetry::Horizontal => vec![(r1 - r, c)],
            Symmetry::Vertical => vec![(r, c1 - c)],
            Symmetry::Mirrors => vec![(r1 - r, c), (r, c1 - c)],
            Symmetry::Diagonal => vec![(c, r)],
            Symmetry::AntiDiagonal => vec![(c1 - c, r1 - r)],
        }
    }

    /// True for the symmetries that swap rows and columns.
    fn needs_square(self) -> bool {
        matches!(
            self,
            Symmetry::Quarter | Symmetry::Diagonal | Symmetry::AntiDiagonal
        )
    }
}

/// The symmetry `asked` (or the default, `None`: rotational when the
/// layout has it, else none) and its orbits: the sets of cells whose
/// givens go together, each in cell order, the orbits in the order of
/// their first cell. An error when the layout does not have the symmetry
/// asked for.
pub fn orbits(puzzle: &Puzzle, asked: Option<Symmetry>) -> Result<(Symmetry, Vec<Vec<usize>>)> {
    let symmetry = asked.unwrap_or(Symmetry::Rotational);
    match orbits_of(puzzle, symmetry) {
        Ok(orbits) => Ok((symmetry, orbits)),
        Err(_) if asked.is_none() => Ok((Symmetry::None, orbits_of(puzzle, Symmetry::None)?)),
        Err(e) => Err(e),
    }
}

/// The orbits of `symmetry` over the puzzle's cells.
fn orbits_of(puzzle: &Puzzle, symmetry: Symmetry) -> Result<Vec<Vec<usize>>> {
    let layout = &puzzle.layout;
    let cells = layout.cells.len();
    let (rows, columns) = layout.grid_size();
    let refuse = |why: String| {
        Error::Usage(format!(
            "--symmetry {}: {why} (docs/generate.md; --symmetry none for no symmetry)",
            symmetry.name()
        ))
    };
    if symmetry.needs_square() && rows != columns {
        let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        return Err(refuse(format!(
            "it needs a square grid, and this layout's has {} and {}",
            count(rows, "row"),
            count(columns, "column")
        )));
    }
    let at: HashMap<(usize, usize), usize> = (0..cells)
        .map(|cell| (layout.grid_pos(cell), cell))
        .collect();
    let mut orbit_of = vec![usize::MAX; cells];
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for first in 0..cells {
        if orbit_of[first] != usize::MAX {
            continue;
        }
        let mut orbit = vec![first];
        orbit_of[first] = orbits.len();
        let mut at_cell = 0;
        while at_cell < orbit.len() {
            let place = layout.grid_pos(orbit[at_cell]);
            for image in symmetry.images(place, rows, columns) {
                let Some(&other) = at.get(&image) else {
                    return Err(refuse(format!(
                        "the layout is not symmetric under it: the cell at {} has no \
                         counterpart at row {}, column {}",
                        layout.grid_name(orbit[at_cell]),
                        image.0,
                        image.1
                    )));
                };
                if orbit_of[other] == usize::MAX {
                    orbit_of[other] = orbits.len();
                    orbit.push(other);
                }
            }
            at_cell += 1;
        }
        orbit.sort_unstable();
        orbits.push(orbit);
    }
    Ok(orbits)
}

/// Reads a solved grid as `decode-rules` draws it (the layout with every
/// `*` replaced by its value, right-aligned to the widest value; a first
/// line `solution 1:` and lines after the drawing are ignored), and
/// checks it against the puzzle's rules.
pub fn read_solution(puzzle: &Puzzle, source: &str, text: &str) -> Result<Vec<Value>> {
    let mut lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .collect();
    if lines
        .first()
        .is_some_and(|(_, l)| l.trim_start().starts_with("solution"))
    {
        lines.remove(0);
    }
    let wanted = puzzle.layout.block.lines.len();
    if lines.len() < wanted {
        return Err(Error::parse(
            source,
            lines.len().max(1),
            format!(
                "the solved grid has {} lines, the layout {wanted}",
                lines.len()
            ),
        ));
    }
    let lines = &lines[..wanted];
    let widest = lines.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    let mut first_error = None;
    for width in 1..=widest.max(1) {
        match read_drawing(puzzle, lines, width) {
            Ok(values) => {
                for (cell, &value) in values.iter().enumerate() {
                    if !puzzle.domains[cell].contains(&value) {
                        return Err(Error::parse(
                            source,
                            lines[puzzle.layout.cells[cell].row].0,
                            format!(
                                "the cell at layout {} holds {}, outside its range",
                                puzzle.layout.describe_cell(cell),
                                show_value(value)
                            ),
                        ));
                    }
                }
                check::check(puzzle, &values).map_err(|why| {
                    Error::Check(format!(
                        "{source}: the solved grid breaks the puzzle's rules: {why}"
                    ))
                })?;
                return Ok(values);
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let (line, message) = first_error.unwrap_or((1, "no cells".into()));
    Err(Error::parse(
        source,
        line,
        format!("not a solved grid of this layout: {message}"),
    ))
}

/// Reads the drawing with every cell `width` characters wide: the values,
/// or the file line and what does not fit.
fn read_drawing(
    puzzle: &Puzzle,
    lines: &[(usize, &str)],
    width: usize,
) -> std::result::Result<Vec<Value>, (usize, String)> {
    let mut values = Vec::with_capacity(puzzle.layout.cells.len());
    for (layout_line, &(number, line)) in puzzle.layout.block.lines.iter().zip(lines) {
        let chars: Vec<char> = line.chars().collect();
        let mut at = 0;
        for expected in layout_line.chars() {
            if expected == '*' {
                let token: String = (at..at + width)
                    .map(|i| chars.get(i).copied().unwrap_or(' '))
                    .collect();
                at += width;
                let value = parse_value(token.trim())
                    .ok_or_else(|| (number, format!("'{}' is not a value", token.trim())))?;
                values.push(value);
            } else {
                let found = chars.get(at).copied().unwrap_or(' ');
                if found != expected && !(expected == ' ' && found == ' ') {
                    return Err((
                        number,
                        format!("'{found}' where the layout has '{expected}'"),
                    ));
                }
                at += 1;
            }
        }
        if chars.len() > at && chars[at..].iter().any(|c| !c.is_whitespace()) {
            return Err((number, "the line is longer than the layout's".into()));
        }
    }
    Ok(values)
}

/// A value as the drawing shows it: a number, or one letter (a = -1).
fn parse_value(text: &str) -> Option<Value> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            Some(-((c.to_ascii_lowercase() as u8 - b'a' + 1) as Value))
        }
        _ if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => text.parse().ok(),
        _ => None,
    }
}

/// The puzzle's own givens when they fill every cell.
pub fn full_initial(puzzle: &Puzzle) -> Option<Vec<Value>> {
    puzzle
        .initial
        .iter()
        .map(|given| given.map(|g| g.value))
        .collect()
}

/// The literal "cell has value" of every cell and value the rules allow
/// ([`crate::rules::narrow`]), by cell.
fn value_lits(
    puzzle: &Puzzle,
    builder: &crate::builder::FormulaBuilder,
) -> Result<Vec<Vec<(Value, Lit)>>> {
    crate::rules::narrow::domains(puzzle)
        .iter()
        .enumerate()
        .map(|(cell, domain)| {
            domain
                .iter()
                .map(|&v| {
                    builder
                        .lookup(&encode::cell_name(puzzle, cell, v))
                        .map(|lit| (v, lit))
                        .ok_or_else(|| {
                            Error::Check(format!(
                                "the encoding has no variable for {} at {}",
                                show_value(v),
                                puzzle.layout.describe_cell(cell)
                            ))
                        })
                })
                .collect()
        })
        .collect()
}

/// A random solution of the puzzle (with its own givens), drawn by
/// suggesting a random value to the solver for every cell; an error when
/// the puzzle has none.
pub fn random_solution(puzzle: &Puzzle, settings: &Settings, seed: u64) -> Result<Vec<Value>> {
    let builder = encode::encode(puzzle, &settings.options)?;
    let lits = value_lits(puzzle, &builder)?;
    let mut solver = Uniqueness::with_solver(builder.finish(), settings.solver.as_deref(), &[])?;
    let mut rng = rng(seed);
    for cell in &lits {
        if cell.is_empty() {
            continue;
        }
        let pick = rng.usize(..cell.len());
        for (i, &(_, lit)) in cell.iter().enumerate() {
            solver.suggest_phase(if i == pick { lit } else { !lit });
        }
    }
    let Some(model) = solver.solve(&[])? else {
        return Err(Error::Usage(
            "the puzzle has no solution, so there is nothing to generate from".into(),
        ));
    };
    let values = lits
        .iter()
        .map(|cell| {
            cell.iter()
                .find(|&&(_, lit)| model.is_true(lit))
                .map(|&(v, _)| v)
                .ok_or_else(|| Error::Check("the model gives a cell no value".into()))
        })
        .collect::<Result<Vec<Value>>>()?;
    check::check(puzzle, &values)
        .map_err(|why| Error::Check(format!("the solver's solution breaks the rules: {why}")))?;
    Ok(values)
}

/// A locally minimal set of cells whose values in `solution` make it the
/// puzzle's only solution (the puzzle's own givens are ignored), as cell
/// indices in cell order, symmetric under the settings' [`Symmetry`]:
/// removing any one orbit of its cells lets another solution in. With a
/// target, the first set of at most that many givens found within the
/// attempts, or else the smallest found.
pub fn minimal_givens(
    puzzle: &Puzzle,
    solution: &[Value],
    settings: &Settings,
    seed: u64,
) -> Result<Vec<usize>> {
    let (_, orbits) = orbits(puzzle, settings.symmetry)?;
    let mut free = puzzle.clone();
    free.initial = vec![None; free.initial.len()];
    let builder = encode::encode(&free, &settings.options)?;
    let lits = value_lits(&free, &builder)?;
    let chosen: Vec<Lit> = solution
        .iter()
        .zip(&lits)
        .map(|(&value, cell)| {
            cell.iter()
                .find(|&&(v, _)| v == value)
                .map(|&(_, lit)| lit)
                .ok_or_else(|| Error::Usage(format!("{} is outside a cell's range", value)))
        })
        .collect::<Result<_>>()?;
    let mut solver = Uniqueness::with_solver(builder.finish(), settings.solver.as_deref(), &[])?;
    if solver.solve(&chosen)?.is_none() {
        return Err(Error::Check(
            "the encoding rejects a solution that the checker accepts".into(),
        ));
    }
    // From now on every model is another solution.
    let other: Vec<Lit> = chosen.iter().map(|&l| !l).collect();
    solver.add_clause(&other)?;
    let mut rng = rng(seed);
    let mut best: Option<Vec<bool>> = None;
    for _ in 0..settings.attempts.max(1) {
        let mut given = vec![true; chosen.len()];
        let mut count = chosen.len();
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        // The givens of the last proof that the solution is unique: while
        // they all stay, the proof holds.
        let mut proof: Option<HashSet<usize>> = None;
        for orbit in order.iter().map(|&o| &orbits[o]) {
            if settings.target.is_some_and(|t| count <= t) {
                break;
            }
            let proved = proof
                .as_ref()
                .is_some_and(|p| orbit.iter().all(|c| !p.contains(c)));
            if !proved {
                let assumptions: Vec<Lit> = (0..chosen.len())
                    .filter(|&c| given[c] && !orbit.contains(&c))
                    .map(|c| chosen[c])
                    .collect();
                if solver.solve(&assumptions)?.is_some() {
                    continue;
                }
                let core: HashSet<Lit> = solver.core(&assumptions)?.into_iter().collect();
                proof = Some(
                    (0..chosen.len())
                        .filter(|&c| core.contains(&chosen[c]))
                        .collect(),
                );
            }
            for &c in orbit {
                given[c] = false;
            }
            count -= orbit.len();
        }
        let better = best
            .as_ref()
            .is_none_or(|b| count < b.iter().filter(|&&g| g).count());
        if better {
            best = Some(given);
        }
        if settings.target.is_none_or(|t| count <= t) {
            break;
        }
    }
    let best = best.unwrap_or_default();
    Ok((0..best.len()).filter(|&c| best[c]).collect())
}

/// The puzzle file with `givens` of `solution` as its `initial` block:
/// the text up to the input's own `initial` (or all of it), then a comment
/// with the count and the `symmetry`, then the new block, the layout with
/// every given cell's value and `.` elsewhere. The result is parsed again
/// and must give exactly these cells.
pub fn write(
    source: &str,
    text: &str,
    puzzle: &Puzzle,
    solution: &[Value],
    givens: &[usize],
    symmetry: Symmetry,
    words_file: Option<&std::path::Path>,
) -> Result<String> {
    let lines: Vec<&str> = text.lines().collect();
    let keyword = lines.iter().rposition(|line| {
        let code = line.split('#').next().unwrap_or("").trim();
        code == "initial"
    });
    let mut out: Vec<String> = lines[..keyword.unwrap_or(lines.len())]
        .iter()
        .map(|l| l.trim_end_matches('\r').to_string())
        .collect();
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out.push(String::new());
    out.push(format!(
        "# {} given{} (generate-rules, symmetry {})",
        givens.len(),
        if givens.len() == 1 { "" } else { "s" },
        symmetry.name()
    ));
    out.push("initial".into());
    let mut is_given = vec![false; solution.len()];
    for &cell in givens {
        is_given[cell] = true;
    }
    let mut cell = 0;
    for layout_line in &puzzle.layout.block.lines {
        let mut line = String::from("|");
        for c in layout_line.chars() {
            if c == '*' {
                if is_given[cell] {
                    line.push_str(&show_value(solution[cell]));
                } else {
                    line.push('.');
                }
                cell += 1;
            } else {
                line.push(c);
            }
        }
        out.push(line.trim_end().to_string());
    }
    let mut written = out.join("\n");
    written.push('\n');
    let words = crate::rules::parse::WordSource::Files(words_file);
    let again = crate::rules::parse::parse(source, &written, words)?;
    let read: Vec<Option<Value>> = again.initial.iter().map(|g| g.map(|g| g.value)).collect();
    let meant: Vec<Option<Value>> = (0..solution.len())
        .map(|c| is_given[c].then_some(solution[c]))
        .collect();
    if read != meant {
        return Err(Error::Usage(format!(
            "{source}: the givens cannot be written in this layout's initial block (adjacent \
             cells without a separator run numbers together, e.g. '12'): set the cells apart \
             in the layout with spaces"
        )));
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(layout: &str) -> Puzzle {
        let text = format!("layout\n{layout}\nrange 1..9\n{layout}\nrule distinct\n|*\n");
        crate::rules::parse::parse("t.txt", &text, crate::rules::parse::WordSource::Files(None))
            .expect("parses")
    }

    #[test]
    fn orbits_follow_the_grid_not_the_decoration() {
        // 3x3 cells with a box line between rows 1 and 2.
        let p = puzzle("| * * *\n|-------\n| * * *\n| * * *");
        let of = |s| orbits(&p, Some(s)).expect("symmetric").1;
        assert_eq!(
            of(Symmetry::Rotational),
            [vec![0, 8], vec![1, 7], vec![2, 6], vec![3, 5], vec![4]]
        );
        assert_eq!(
            of(Symmetry::Quarter),
            [vec![0, 2, 6, 8], vec![1, 3, 5, 7], vec![4]]
        );
        assert_eq!(of(Symmetry::Horizontal)[0], [0, 6]);
        assert_eq!(of(Symmetry::Vertical)[0], [0, 2]);
        assert_eq!(of(Symmetry::Mirrors)[0], [0, 2, 6, 8]);
        assert_eq!(of(Symmetry::Diagonal)[1], [1, 3]);
        assert_eq!(of(Symmetry::AntiDiagonal)[0], [0, 8]);
        assert_eq!(of(Symmetry::None).len(), 9);
        assert_eq!(orbits(&p, None).expect("default").0, Symmetry::Rotational);
    }

    #[test]
    fn a_symmetry_the_layout_lacks_is_refused_unless_it_is_the_default() {
        let wide = puzzle("| * * *\n| * * *");
        let error = orbits(&wide, Some(Symmetry::Diagonal))
            .expect_err("not square")
            .to_string();
        assert!(
            error.starts_with(
                "--symmetry diagonal: it needs a square grid, and this layout's has 2 rows and 3 columns"
            ),
            "{error}"
        );
        // A triangle: no half turn, so no symmetry by default.
        let triangle = puzzle("| * * *\n| * *\n| *");
        let error = orbits(&triangle, Some(Symmetry::Rotational))
            .expect_err("not symmetric")
            .to_string();
        assert!(
            error.contains("the cell at row 1, column 1 has no counterpart at row 3, column 3"),
            "{error}"
        );
        let (symmetry, orbits) = orbits(&triangle, None).expect("default");
        assert_eq!(symmetry, Symmetry::None);
        assert_eq!(orbits.len(), 6);
        // It is symmetric across its diagonal.
        let (_, orbits) = super::orbits(&triangle, Some(Symmetry::Diagonal)).expect("diagonal");
        assert_eq!(orbits, [vec![0], vec![1, 3], vec![2, 5], vec![4]]);
    }

    #[test]
    fn values_read_as_the_drawing_shows_them() {
        assert_eq!(parse_value("7"), Some(7));
        assert_eq!(parse_value("16"), Some(16));
        assert_eq!(parse_value("B"), Some(-2));
        assert_eq!(parse_value("ab"), None);
        assert_eq!(parse_value(""), None);
        assert_eq!(parse_value("-"), None);
    }
}
