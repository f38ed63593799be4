//! The rules of a crossword, checked on a solution independently of the
//! encodings (this module shares no code with them): the grid keeps the
//! pattern's black cells and pre-filled letters, every maximal run of two
//! or more letters is a listed word (or a fully pre-filled entry), no word
//! appears twice, every group contributes a word, enough words appear, no
//! letter stands alone in a freeform grid, and the printed lists agree
//! with the grid.

use super::puzzle::{Mode, Puzzle, Square};
use super::Solution;
use std::collections::HashSet;

/// A maximal run of letters: start row, start column, across, the word.
type Run = (usize, usize, bool, String);

/// The maximal runs of two or more letters of `grid`, rows then columns.
fn runs(grid: &[Vec<u8>]) -> Vec<Run> {
    let cols = grid.first().map_or(0, Vec::len);
    let rows = grid
        .iter()
        .enumerate()
        .map(|(r, row)| (true, r, row.clone()));
    let columns = (0..cols).map(|c| (false, c, grid.iter().map(|row| row[c]).collect()));
    let mut found = Vec::new();
    for (across, index, line) in rows.chain(columns) {
        let line: Vec<u8> = line;
        let mut start = 0;
        for piece in line.split(|&b| b == b'#') {
            if piece.len() >= 2 {
                let (r, c) = if across {
                    (index, start)
                } else {
                    (start, index)
                };
                let word = String::from_utf8_lossy(piece).into_owned();
                found.push((r, c, across, word));
            }
            start += piece.len() + 1;
        }
    }
    found
}

/// A cell for a person: `(ROW,COLUMN)` counted from 1 (docs/conventions.md).
fn at(r: usize, c: usize) -> String {
    format!("({},{})", r + 1, c + 1)
}

/// Checks `solution` against the rules of `puzzle`; the error says which
/// rule is broken where.
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    if solution.grid.len() != puzzle.grid.len() {
        return Err(format!(
            "the grid has {} rows, the puzzle {}",
            solution.grid.len(),
            puzzle.grid.len()
        ));
    }
    let grid: Vec<Vec<u8>> = solution.grid.iter().map(|r| r.bytes().collect()).collect();
    for (r, (row, pattern)) in grid.iter().zip(&puzzle.grid).enumerate() {
        if row.len() != pattern.len() {
            return Err(format!(
                "row {} has {} cells, not {}",
                r + 1,
                row.len(),
                pattern.len()
            ));
        }
        for (c, (&ch, &square)) in row.iter().zip(pattern).enumerate() {
            if ch != b'#' && !ch.is_ascii_lowercase() {
                return Err(format!("cell {} holds '{}'", at(r, c), ch as char));
            }
            let kept = match square {
                Square::Black => ch == b'#',
                Square::Letter(given) => ch == given,
                Square::Open => puzzle.mode == Mode::Freeform || ch != b'#',
            };
            if !kept {
                return Err(format!(
                    "cell {} is '{}' against the pattern",
                    at(r, c),
                    ch as char
                ));
            }
        }
    }
    let found = runs(&grid);
    // The entries that are listed words (one pass over the list).
    let entries: rustc_hash::FxHashSet<&str> = found.iter().map(|(_, _, _, word)| word.as_str()).collect();
    let listed: HashSet<&str> = puzzle
        .words
        .iter()
        .map(String::as_str)
        .filter(|word| entries.contains(word))
        .collect();
    let mut used = HashSet::new();
    for (r, c, across, word) in &found {
        let direction = if *across { "across" } else { "down" };
        let given = (0..word.len()).all(|i| {
            let (rr, cc) = if *across { (*r, c + i) } else { (r + i, *c) };
            matches!(puzzle.grid[rr][cc], Square::Letter(_))
        });
        let exempt = puzzle.mode == Mode::Fill && given;
        if !(listed.contains(word.as_str()) || exempt) {
            return Err(format!(
                "'{word}' {direction} at {} is not a listed word",
                at(*r, *c)
            ));
        }
        if !used.insert(word.as_str()) {
            return Err(format!(
                "'{word}' appears twice ({direction} at {})",
                at(*r, *c)
            ));
        }
    }
    if puzzle.mode == Mode::Freeform {
        for (r, row) in grid.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let letter_at = |rr: Option<usize>, cc: Option<usize>| {
                    matches!((rr, cc), (Some(rr), Some(cc))
                        if grid.get(rr).and_then(|row| row.get(cc)).is_some_and(|&x| x != b'#'))
                };
                let alone = !(letter_at(r.checked_sub(1), Some(c))
                    || letter_at(Some(r + 1), Some(c))
                    || letter_at(Some(r), c.checked_sub(1))
                    || letter_at(Some(r), Some(c + 1)));
                if ch != b'#' && alone {
                    return Err(format!("the letter at {} stands alone", at(r, c)));
                }
            }
        }
    }
    for group in &puzzle.groups {
        if !group.iter().any(|w| used.contains(w.as_str())) {
            return Err(format!(
                "no word of the group '{}' appears",
                group.join(" ")
            ));
        }
    }
    if found.len() < puzzle.min_words {
        return Err(format!(
            "{} words appear, fewer than {}",
            found.len(),
            puzzle.min_words
        ));
    }
    let mut printed: Vec<Run> = solution
        .across
        .iter()
        .map(|e| (e.row, e.col, true, e.word.clone()))
        .chain(
            solution
                .down
                .iter()
                .map(|e| (e.row, e.col, false, e.word.clone())),
        )
        .collect();
    let mut expected = found;
    printed.sort();
    expected.sort();
    if printed != expected {
        return Err("the ACROSS and DOWN lists do not match the grid".into());
    }
    Ok(())
}

/// Checks that no two entries of `solution` share more than `max`
/// consecutive letters (`--max-shared-substring`); the error names both
/// entries and the substring.
pub fn check_shared_substrings(solution: &Solution, max: usize) -> Result<(), String> {
    let grid: Vec<Vec<u8>> = solution.grid.iter().map(|r| r.bytes().collect()).collect();
    let entries = runs(&grid);
    let mut first_seen: std::collections::HashMap<&[u8], usize> = Default::default();
    for (index, (_, _, _, word)) in entries.iter().enumerate() {
        let bytes = word.as_bytes();
        for piece in bytes.windows(max + 1) {
            match first_seen.get(piece) {
                Some(&other) if other != index => {
                    let describe = |(r, c, across, w): &Run| {
                        let direction = if *across { "across" } else { "down" };
                        format!("'{w}' {direction} at {}", at(*r, *c))
                    };
                    return Err(format!(
                        "{} and {} share '{}', more than {max} letters",
                        describe(&entries[other]),
                        describe(&entries[index]),
                        String::from_utf8_lossy(piece)
                    ));
                }
                Some(_) => {}
                None => {
                    first_seen.insert(piece, index);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crossword::parse::parse_pattern;
    use crate::crossword::render::solution_of;

    fn puzzle(mode: Mode, pattern: &str, words: &[&str]) -> Puzzle {
        Puzzle {
            mode,
            grid: parse_pattern("p", pattern).expect("valid"),
            words: words.iter().map(|w| w.to_string()).collect(),
            scores: Vec::new(),
            min_score: None,
            groups: Vec::new(),
            min_words: 0,
            clues: Vec::new(),
            theme: Vec::new(),
        }
    }

    fn grid(rows: &[&str]) -> Solution {
        solution_of(rows.iter().map(|r| r.to_string()).collect())
    }

    #[test]
    fn accepts_a_good_fill_and_names_broken_rules() {
        let p = puzzle(Mode::Fill, "..\n.#\n", &["ab", "ac"]);
        assert_eq!(check(&p, &grid(&["ab", "c#"])), Ok(()));
        let err = check(&p, &grid(&["ab", "d#"])).unwrap_err();
        assert!(err.contains("'ad'"), "{err}");
        let p = puzzle(Mode::Fill, "..\n..\n", &["ab", "ba"]);
        let err = check(&p, &grid(&["ab", "ba"])).unwrap_err();
        assert!(err.contains("twice"), "{err}");
        let p = puzzle(Mode::Fill, "x.\n.#\n", &["ab", "ac"]);
        let err = check(&p, &grid(&["ab", "c#"])).unwrap_err();
        assert!(err.contains("against the pattern"), "{err}");
    }

    #[test]
    fn freeform_rules() {
        let mut p = puzzle(Mode::Freeform, "...\n...\n", &["ab"]);
        assert_eq!(check(&p, &grid(&["ab#", "###"])), Ok(()));
        let err = check(&p, &grid(&["ab#", "##a"])).unwrap_err();
        assert!(err.contains("alone"), "{err}");
        p.groups = vec![vec!["cd".into()]];
        assert!(check(&p, &grid(&["ab#", "###"])).is_err());
        p.groups.clear();
        p.min_words = 2;
        assert!(check(&p, &grid(&["ab#", "###"])).is_err());
    }
}
