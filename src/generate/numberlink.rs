//! `generate-numberlink`: Numberlink puzzles with exactly one solution.
//!
//! A random cover of the grid by lines comes first: random walks that never
//! run beside themselves (the strict cell rule: a line's cells touch only
//! their neighbours along it), each stepping to the free cell with the
//! fewest free neighbours; then lines are joined end to end, in a random
//! order, wherever the joined line still never runs beside itself, and a
//! cell left alone takes a neighbour from its line. The ends of the lines
//! are the puzzle. Then, until the puzzle is unique:
//! solve it in-process (the family's own encoding, under the chosen
//! rules), block the solution found and solve again; when a second
//! solution exists, cut a line of the first solution in two at a segment
//! the second one does not use (the new ends are given, and the second
//! solution is gone). The solution left when the second search finds
//! nothing is the puzzle's only one, checked by the family's checker.

use super::{rng, Uniqueness};
use crate::error::{Error, Result};
use crate::numberlink::{check, decode, encode, Cell, Format, Options, Puzzle, Solution};

/// What `generate-numberlink` is asked for.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Grid width (columns).
    pub width: usize,
    /// Grid height (rows).
    pub height: usize,
    /// The number of lines, inclusive bounds.
    pub lines: Option<(usize, usize)>,
    /// Cells may stay empty in other solutions (ADC rules): uniqueness
    /// is proved under those rules.
    pub allow_empty: bool,
    /// Lines may run beside themselves in other solutions (the rules of
    /// puzz.link's Numberlink): uniqueness is proved under those rules.
    pub allow_touching: bool,
    /// Random line covers tried before giving up.
    pub attempts: usize,
    /// The embedded solver of the uniqueness proofs (`None`: the first of
    /// Glucose, MiniSat and CaDiCaL this build has).
    pub solver: Option<String>,
}

/// A generated puzzle with its unique solution.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle (seed-format labels 1..=K).
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Solution,
    /// How many times a second solution was found and a line cut.
    pub cuts: usize,
}

/// Random covers drawn for each attempt (the one with the fewest lines is
/// made unique).
const COVERS: usize = 16;

/// The largest grid side `generate-numberlink` takes.
pub const MAX_SIDE: usize = 200;

/// A line as its cells in order.
type Line = Vec<Cell>;

/// Generates a puzzle with `settings`, drawn with `seed`.
pub fn generate(settings: &Settings, seed: u64) -> Result<Generated> {
    let (w, h) = (settings.width, settings.height);
    if w == 0 || h == 0 || w * h < 2 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(Error::Usage(format!(
            "the grid must have at least 2 cells and sides up to {MAX_SIDE}, not {w}x{h}"
        )));
    }
    if let Some((min, max)) = settings.lines {
        if min > max || max == 0 || min > w * h / 2 {
            return Err(Error::Usage(format!(
                "--lines {min}..{max}: no {w}x{h} puzzle has that many lines"
            )));
        }
    }
    let mut rng = rng(seed);
    let mut last = String::new();
    for _ in 0..settings.attempts.max(1) {
        let target = settings.lines.map_or(1, |(min, _)| min);
        // Covers are cheap and the proof is not: of a few covers, the
        // one with the number of lines nearest the target goes on, its
        // longest lines cut in two at random while it has too few.
        let lines = (0..COVERS)
            .filter_map(|_| random_cover(h, w, target, &mut rng))
            .min_by_key(|lines| lines.len().abs_diff(target));
        let Some(mut lines) = lines else {
            last = "the random covers left a cell that no line can take".into();
            continue;
        };
        while lines.len() < target {
            let Some(longest) = (0..lines.len()).max_by_key(|&l| lines[l].len()) else {
                break;
            };
            let len = lines[longest].len();
            if len < 4 {
                break;
            }
            let at = 2 + rng.usize(..len - 3);
            let tail = lines[longest].split_off(at);
            lines.push(tail);
        }
        let Some(generated) = make_unique(
            h,
            w,
            lines,
            check::Rules {
                fill: !settings.allow_empty,
                strict: !settings.allow_touching,
            },
            settings.solver.as_deref(),
            &mut rng,
        )?
        else {
            last = "two solutions differed only in lines too short to cut".into();
            continue;
        };
        let count = generated.puzzle.num_pairs();
        match settings.lines {
            Some((min, max)) if count < min || count > max => {
                last = format!("the last unique puzzle had {count} lines");
            }
            _ => return Ok(generated),
        }
    }
    Err(Error::Usage(format!(
        "no {w}x{h} puzzle found in {} attempts ({last}); try other --lines or more --attempts",
        settings.attempts
    )))
}

/// A random cover of the `rows` x `cols` grid by lines that never run
/// beside themselves, joined until at most `target` lines are left or no
/// join is possible; `None` when a single cell is left alone.
fn random_cover(
    rows: usize,
    cols: usize,
    target: usize,
    rng: &mut fastrand::Rng,
) -> Option<Vec<Line>> {
    let n = rows * cols;
    let cell = |i: usize| (i / cols, i % cols);
    let mut label: Vec<usize> = (0..n).collect();
    let mut lines: Vec<Option<Line>> = vec![None; n];
    let mut count = 0;
    let mut edges: Vec<(usize, usize)> = Vec::with_capacity(2 * n);
    for i in 0..n {
        let (r, c) = cell(i);
        if c + 1 < cols {
            edges.push((i, i + 1));
        }
        if r + 1 < rows {
            edges.push((i, i + cols));
        }
    }
    let index = |(r, c): Cell| r * cols + c;
    let neighbours = |(r, c): Cell| {
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push((r - 1, c));
        }
        if r + 1 < rows {
            out.push((r + 1, c));
        }
        if c > 0 {
            out.push((r, c - 1));
        }
        if c + 1 < cols {
            out.push((r, c + 1));
        }
        out
    };
    // Long lines first: random self-avoiding walks that never run beside
    // themselves, each step to the free neighbour with the fewest free
    // neighbours (so few cells are cut off), from both ends.
    let mut taken = vec![false; n];
    let mut starts: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut starts);
    for start in starts {
        if taken[start] {
            continue;
        }
        let id = start;
        taken[start] = true;
        label[start] = id;
        let mut walk = vec![cell(start)];
        for _ in 0..2 {
            while let Some(&end) = walk.last() {
                let mut steps: Vec<Cell> = neighbours(end)
                    .into_iter()
                    .filter(|&y| {
                        !taken[index(y)]
                            && neighbours(y)
                                .into_iter()
                                .all(|z| z == end || !taken[index(z)] || label[index(z)] != id)
                    })
                    .collect();
                if steps.is_empty() {
                    break;
                }
                rng.shuffle(&mut steps);
                let free = |c: Cell| {
                    neighbours(c)
                        .into_iter()
                        .filter(|&z| !taken[index(z)])
                        .count()
                };
                let Some(&step) = steps.iter().min_by_key(|&&c| free(c)) else {
                    break;
                };
                taken[index(step)] = true;
                label[index(step)] = id;
                walk.push(step);
            }
            walk.reverse();
        }
        lines[id] = Some(walk);
        count += 1;
    }
    for _ in 0..REPAIR_ROUNDS {
        loop {
            rng.shuffle(&mut edges);
            let mut joined = false;
            for &(a, b) in &edges {
                if count <= target {
                    break;
                }
                let (la, lb) = (label[a], label[b]);
                if la == lb {
                    continue;
                }
                let (Some(pa), Some(pb)) = (&lines[la], &lines[lb]) else {
                    continue;
                };
                let is_end = |line: &Line, i: usize| {
                    line.first().map(|&c| index(c)) == Some(i)
                        || line.last().map(|&c| index(c)) == Some(i)
                };
                if !is_end(pa, a) || !is_end(pb, b) {
                    continue;
                }
                // The smaller line's cells may touch the other line only at
                // the joint.
                let (small, other, joint_small, joint_other) = if pa.len() <= pb.len() {
                    (pa, lb, a, b)
                } else {
                    (pb, la, b, a)
                };
                let touches = small.iter().any(|&c| {
                    neighbours(c).into_iter().any(|nb| {
                        label[index(nb)] == other
                            && !(index(c) == joint_small && index(nb) == joint_other)
                    })
                });
                if touches {
                    continue;
                }
                let (Some(mut first), Some(mut second)) = (lines[la].take(), lines[lb].take())
                else {
                    continue;
                };
                if first.last().map(|&c| index(c)) != Some(a) {
                    first.reverse();
                }
                if second.first().map(|&c| index(c)) != Some(b) {
                    second.reverse();
                }
                let keep = if first.len() >= second.len() { la } else { lb };
                for &c in if keep == la { &second } else { &first } {
                    label[index(c)] = keep;
                }
                first.extend(second);
                lines[keep] = Some(first);
                count -= 1;
                joined = true;
            }
            if !joined || count <= target {
                break;
            }
        }
        // A cell left alone takes a neighbour x from its line: the line loses
        // x (and falls in two where x was inside it), and the cell and x make
        // a line of two, which the next round may join further.
        let alone: Vec<usize> = (0..n)
            .filter(|&i| lines[label[i]].as_ref().is_some_and(|l| l.len() == 1))
            .collect();
        if alone.is_empty() {
            let lines: Vec<Line> = lines.into_iter().flatten().collect();
            return Some(lines);
        }
        for i in alone {
            if lines[label[i]].as_ref().is_none_or(|l| l.len() != 1) {
                continue;
            }
            let mut options = neighbours(cell(i));
            rng.shuffle(&mut options);
            let taken = options.into_iter().find_map(|x| {
                let owner = label[index(x)];
                let line = lines[owner].as_ref()?;
                let at = line.iter().position(|&c| c == x)?;
                let (before, after) = (at, line.len() - at - 1);
                (before != 1 && after != 1 && line.len() > 1).then_some((owner, at))
            });
            let (owner, at) = taken?;
            let mut line = lines[owner].take()?;
            let after = line.split_off(at + 1);
            let x = line.pop()?;
            let single = label[i];
            lines[single] = Some(vec![cell(i), x]);
            label[index(x)] = single;
            count += 1;
            let mut parts = vec![line, after].into_iter().filter(|p| !p.is_empty());
            count -= 1;
            if let Some(part) = parts.next() {
                lines[owner] = Some(part);
                count += 1;
            }
            if let Some(part) = parts.next() {
                let slot = lines.iter().position(Option::is_none)?;
                for &c in &part {
                    label[index(c)] = slot;
                }
                lines[slot] = Some(part);
                count += 1;
            }
        }
    }
    None
}

/// Rounds of joining lines and repairing cells left alone before a
/// random cover is given up.
const REPAIR_ROUNDS: usize = 50;

/// The puzzle whose pairs are the ends of `lines` (numbered 1..=K in the
/// reading order of their first ends).
fn puzzle_of(rows: usize, cols: usize, lines: &[Line]) -> Puzzle {
    let mut pairs: Vec<[Cell; 2]> = lines
        .iter()
        .filter_map(|l| {
            let (a, b) = (*l.first()?, *l.last()?);
            Some(if a <= b { [a, b] } else { [b, a] })
        })
        .collect();
    pairs.sort_unstable();
    let k = pairs.len();
    Puzzle {
        rows,
        cols,
        pairs,
        numbers: (1..=k).collect(),
        labels: (1..=k).map(|i| i.to_string()).collect(),
        format: Format::Seed,
    }
}

/// The encoder's options for `rules`.
fn options(rules: check::Rules) -> Options {
    Options {
        allow_empty: !rules.fill,
        allow_touching: !rules.strict,
        puzzle: 1,
        no_presolve: true,
        ..Options::default()
    }
}

/// Cuts lines until the puzzle of their ends is unique; `None` when two
/// solutions differ only in lines too short to cut.
///
/// The lines are a solution of their puzzle (checked by the family's
/// checker), so no search is spent finding it: one clause rules out their
/// edges all together, and the solver looks for any other solution. Every
/// other solution lacks one of those edges: the lines fill every cell, so
/// a solution with all their edges has every cell's full number of
/// segments and no room for another.
fn make_unique(
    rows: usize,
    cols: usize,
    mut lines: Vec<Line>,
    rules: check::Rules,
    solver_name: Option<&str>,
    rng: &mut fastrand::Rng,
) -> Result<Option<Generated>> {
    let options = options(rules);
    let mut cuts = 0;
    loop {
        let puzzle = puzzle_of(rows, cols, &lines);
        let first = solution_of_lines(&puzzle, &lines);
        check::check(&puzzle, &first, rules).map_err(|why| {
            Error::Check(format!("a generated line cover breaks the rules: {why}"))
        })?;
        let builder = encode::encode(&puzzle, &options);
        // Not all of the lines' segments: a segment without a variable is
        // decided true by the encoder's presolve, in every solution.
        let other: Vec<rustsat::types::Lit> = first
            .edges
            .iter()
            .filter_map(|&[a, b]| {
                let name = format!("edge({},{},{},{})", a.0 + 1, a.1 + 1, b.0 + 1, b.1 + 1);
                builder.lookup(&name).map(|lit| !lit)
            })
            .collect();
        let mut solver = Uniqueness::with_solver(builder.finish(), solver_name, PREFERRED)?;
        solver.add_clause(&other)?;
        let Some(second) = solver.solve(&[])? else {
            return Ok(Some(Generated {
                puzzle,
                solution: first,
                cuts,
            }));
        };
        let second = solution(&solver, &puzzle, &second, rules)?;
        if second == first {
            return Err(Error::Check(
                "the encoding gave the generated lines again after they were ruled out".into(),
            ));
        }
        if cut(&mut lines, &second, rng).is_none() {
            return Ok(None);
        }
        cuts += 1;
    }
}

/// The embedded solvers the uniqueness proofs use when `--solver` is not
/// given, the first available first: on generated 50x50 puzzles Glucose
/// proved uniqueness several times faster than CaDiCaL
/// (docs/benchmarks.md, generators).
const PREFERRED: &[&str] = &["glucose", "minisat", "cadical"];

/// The solution drawn by `lines`, whose ends are `puzzle`'s pairs.
fn solution_of_lines(puzzle: &Puzzle, lines: &[Line]) -> Solution {
    let mut grid = vec![vec![0; puzzle.cols]; puzzle.rows];
    let mut edges = Vec::new();
    for line in lines {
        let (Some(&a), Some(&b)) = (line.first(), line.last()) else {
            continue;
        };
        let ends = if a <= b { [a, b] } else { [b, a] };
        let number = puzzle
            .pairs
            .iter()
            .position(|&pair| pair == ends)
            .map_or(0, |k| puzzle.numbers[k]);
        for &(r, c) in line {
            grid[r][c] = number;
        }
        for pair in line.windows(2) {
            edges.push(if pair[0] <= pair[1] {
                [pair[0], pair[1]]
            } else {
                [pair[1], pair[0]]
            });
        }
    }
    edges.sort_unstable();
    Solution { grid, edges }
}

/// Decodes and checks a model.
fn solution(
    solver: &Uniqueness,
    puzzle: &Puzzle,
    model: &crate::model::Model,
    rules: check::Rules,
) -> Result<Solution> {
    let solution = solver.with_assignment(model, |a| decode::decode(puzzle, a))?;
    check::check(puzzle, &solution, rules)
        .map_err(|why| Error::Check(format!("a solution breaks the rules: {why}")))?;
    Ok(solution)
}

/// Cuts one line of `lines` in two at a segment that `other` lacks (the
/// cut nearest to such a segment that leaves both parts two cells or
/// more); `None` when no line can be cut there.
fn cut(lines: &mut Vec<Line>, other: &Solution, rng: &mut fastrand::Rng) -> Option<()> {
    let has = |a: Cell, b: Cell| {
        let key = if a <= b { [a, b] } else { [b, a] };
        other.edges.binary_search(&key).is_ok()
    };
    let mut candidates = Vec::new();
    for (l, line) in lines.iter().enumerate() {
        if line.len() < 4 {
            continue;
        }
        for i in 0..line.len() - 1 {
            if !has(line[i], line[i + 1]) {
                // Segment i joins cells i and i+1; cutting there leaves
                // i+1 and len-i-1 cells.
                let at = (i + 1).clamp(2, line.len() - 2);
                candidates.push((l, at));
            }
        }
    }
    if candidates.is_empty() {
        return None;
    }
    let (l, at) = candidates[rng.usize(..candidates.len())];
    let tail = lines[l].split_off(at);
    lines.push(tail);
    Some(())
}

/// How `generate-numberlink` writes a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PuzzleFormat {
    /// The seed format: `K`, `rows cols`, rows of `.` and numbers.
    #[default]
    Seed,
    /// Thomas Ahle's letter grid: `width height`, rows of characters
    /// (up to 62 lines).
    Letters,
    /// The ADC 2015 format: `SIZE WxH`, `LINE_NUM n`, `LINE#k (x,y)-(x,y)`.
    Adc,
    /// A puzz.link URL of the genre `numlin`, one a line (its rules:
    /// cells may stay empty, lines may run beside themselves).
    Url,
}

/// The characters of letter grids, in the order their lines are numbered.
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Writes the puzzle in `format`.
pub fn write(puzzle: &Puzzle, format: impl Into<PuzzleFormat>) -> Result<String> {
    let grid = puzzle.endpoint_grid();
    let mut out = String::new();
    match format.into() {
        PuzzleFormat::Seed => {
            let width = puzzle.max_number().to_string().len();
            out.push_str(&format!(
                "{}\n{} {}\n",
                puzzle.num_pairs(),
                puzzle.rows,
                puzzle.cols
            ));
            for row in &grid {
                let cells: Vec<String> = row
                    .iter()
                    .map(|&k| {
                        let token = if k == 0 {
                            ".".to_string()
                        } else {
                            k.to_string()
                        };
                        format!("{token:>width$}")
                    })
                    .collect();
                out.push_str(cells.join(" ").trim_end());
                out.push('\n');
            }
        }
        PuzzleFormat::Letters => {
            let letters: Vec<char> = LETTERS.chars().collect();
            if puzzle.num_pairs() > letters.len() {
                return Err(Error::Usage(format!(
                    "a letter grid holds up to {} lines, this puzzle has {}: use --format seed or adc",
                    letters.len(),
                    puzzle.num_pairs()
                )));
            }
            out.push_str(&format!("{} {}\n", puzzle.cols, puzzle.rows));
            for row in &grid {
                for &k in row {
                    out.push(if k == 0 { '.' } else { letters[k - 1] });
                }
                out.push('\n');
            }
        }
        PuzzleFormat::Adc => {
            out.push_str(&format!(
                "SIZE {}X{}\nLINE_NUM {}\n",
                puzzle.cols,
                puzzle.rows,
                puzzle.num_pairs()
            ));
            for (k, [a, b]) in puzzle.pairs.iter().enumerate() {
                out.push_str(&format!(
                    "LINE#{} ({},{})-({},{})\n",
                    puzzle.numbers[k], a.1, a.0, b.1, b.0
                ));
            }
        }
        PuzzleFormat::Url => {
            out.push_str(&crate::numberlink::url::write(puzzle)?);
            out.push('\n');
        }
    }
    Ok(out)
}

impl From<Format> for PuzzleFormat {
    fn from(format: Format) -> PuzzleFormat {
        match format {
            Format::Seed => PuzzleFormat::Seed,
            Format::Adc => PuzzleFormat::Adc,
            Format::Letters => PuzzleFormat::Letters,
            Format::Puzzlink(_) => PuzzleFormat::Url,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_never_run_beside_themselves() {
        let mut rng = rng(5);
        for _ in 0..20 {
            let Some(lines) = random_cover(7, 9, 1, &mut rng) else {
                continue;
            };
            let mut owner = vec![vec![usize::MAX; 9]; 7];
            for (l, line) in lines.iter().enumerate() {
                for &(r, c) in line {
                    assert_eq!(owner[r][c], usize::MAX, "a cell in two lines");
                    owner[r][c] = l;
                }
            }
            assert!(owner.iter().flatten().all(|&o| o != usize::MAX));
            for line in &lines {
                for (i, &a) in line.iter().enumerate() {
                    for (j, &b) in line.iter().enumerate() {
                        let adjacent = a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
                        assert_eq!(adjacent, i.abs_diff(j) == 1, "{a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_puzzle_formats_parse_back() {
        let puzzle = puzzle_of(
            2,
            3,
            &[vec![(0, 0), (0, 1), (0, 2)], vec![(1, 0), (1, 1), (1, 2)]],
        );
        for format in [
            PuzzleFormat::Seed,
            PuzzleFormat::Letters,
            PuzzleFormat::Adc,
            PuzzleFormat::Url,
        ] {
            let text = write(&puzzle, format).expect("writes");
            let again = crate::numberlink::parse::parse("t", &text, 1).expect("parses");
            assert_eq!(again.pairs, puzzle.pairs, "{text}");
        }
    }
}
