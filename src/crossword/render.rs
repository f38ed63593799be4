//! Printing a solved crossword: the grid and the numbered ACROSS and DOWN
//! lists, just the grid, an SVG drawing as in print, and why a puzzle has
//! no fill.

use super::puzzle::{square_char, Mode, Puzzle, Square};
use super::slots::{domains, slots};
use super::{Entry, FillScores, ScoredEntry, Solution, Style};
use crate::svg::Svg;
use crate::explain::Explanation;
use std::fmt::Write;

/// The solution of a filled grid (`#` black, letters): its entries
/// numbered as in print.
pub fn solution_of(grid: Vec<String>) -> Solution {
    let rows: Vec<&[u8]> = grid.iter().map(|r| r.as_bytes()).collect();
    let cols = rows.first().map_or(0, |r| r.len());
    let found = slots(rows.len(), cols, |r, c| rows[r][c] != b'#');
    let (mut across, mut down) = (Vec::new(), Vec::new());
    for slot in found {
        let word = (0..slot.len)
            .map(|i| {
                let (r, c) = slot.cell(i);
                rows[r][c] as char
            })
            .collect();
        let entry = Entry {
            number: slot.number,
            row: slot.row,
            col: slot.col,
            word,
        };
        if slot.across {
            across.push(entry);
        } else {
            down.push(entry);
        }
    }
    Solution {
        grid,
        across,
        down,
        scores: None,
    }
}

/// The scores of `solution`'s entries in `puzzle`'s list; entries below
/// `weak_below` are weak.
pub fn fill_scores(puzzle: &Puzzle, solution: &Solution, weak_below: u32) -> Option<FillScores> {
    let entries = || {
        let across = solution.across.iter().map(|e| (e, "across"));
        across.chain(solution.down.iter().map(|e| (e, "down")))
    };
    // The entries' scores only (the list may have a hundred thousand
    // words); a word listed twice has its last score.
    let mut score: std::collections::HashMap<&str, Option<u32>> = entries()
        .map(|(entry, _)| (entry.word.as_str(), None))
        .collect();
    for (i, word) in puzzle.words.iter().enumerate() {
        if let Some(slot) = score.get_mut(word.as_str()) {
            *slot = Some(puzzle.score(i));
        }
    }
    let scored: Vec<ScoredEntry> = entries()
        .filter_map(|(entry, direction)| {
            let score = score.get(entry.word.as_str()).copied().flatten()?;
            Some(ScoredEntry {
                label: format!("{}-{direction}", entry.number),
                word: entry.word.clone(),
                score,
            })
        })
        .collect();
    let lowest = scored.iter().map(|e| e.score).min()?;
    let total: u64 = scored.iter().map(|e| u64::from(e.score)).sum();
    Some(FillScores {
        lowest,
        mean: total as f64 / scored.len() as f64,
        total,
        entries: scored.len(),
        weak_below,
        weak: scored
            .iter()
            .filter(|e| e.score < weak_below)
            .cloned()
            .collect(),
        theme: scored
            .iter()
            .filter(|e| puzzle.theme.contains(&e.word))
            .cloned()
            .collect(),
    })
}

/// The entries as `label word score` items, comma-separated.
fn scored_list(entries: &[ScoredEntry]) -> String {
    let items: Vec<String> = entries
        .iter()
        .map(|e| format!("{} {} {}", e.label, e.word, e.score))
        .collect();
    items.join(", ")
}

/// Renders a solution of `puzzle` in `style`. A `.puz` file is bytes
/// ([`super::puz::write`], which `decode-crossword` writes); as text it
/// is the same crossword in the xd format.
pub fn render(puzzle: &Puzzle, solution: &Solution, style: Style) -> String {
    let mut out = String::new();
    match style {
        Style::Ipuz => return super::ipuz::render(puzzle, solution),
        Style::Xd | Style::Puz => return super::xd::render(puzzle, solution),
        Style::Grid => {
            for row in &solution.grid {
                out.push_str(row);
                out.push('\n');
            }
        }
        Style::Full => {
            for row in &solution.grid {
                let spaced: Vec<String> = row.chars().map(String::from).collect();
                out.push_str(&spaced.join(" "));
                out.push('\n');
            }
            for (title, entries) in [("ACROSS", &solution.across), ("DOWN", &solution.down)] {
                let _ = writeln!(out, "{title} (row,column)");
                for entry in entries {
                    // Rows and columns count from 1 (docs/conventions.md).
                    let _ = writeln!(
                        out,
                        "{:>4} ({},{}) {}",
                        entry.number,
                        entry.row + 1,
                        entry.col + 1,
                        entry.word
                    );
                }
            }
            if let Some(scores) = &solution.scores {
                let _ = writeln!(
                    out,
                    "word scores: lowest {}, mean {:.1} ({} entries)",
                    scores.lowest, scores.mean, scores.entries
                );
                let _ = match scores.weak.len() {
                    0 => writeln!(out, "below {}: none", scores.weak_below),
                    n => writeln!(
                        out,
                        "below {} ({n}): {}",
                        scores.weak_below,
                        scored_list(&scores.weak)
                    ),
                };
                if !scores.theme.is_empty() {
                    let _ = writeln!(out, "theme: {}", scored_list(&scores.theme));
                }
            }
        }
    }
    out
}

/// An SVG drawing as a crossword looks in print: black squares, clue
/// numbers in the corner of the first cell of each entry, the letters.
pub fn svg(solution: &Solution) -> String {
    const CELL: f64 = 36.0;
    const MARGIN: f64 = 4.0;
    let rows = solution.grid.len();
    let cols = solution.grid.first().map_or(0, |r| r.chars().count());
    let (width, height) = (
        cols as f64 * CELL + 2.0 * MARGIN,
        rows as f64 * CELL + 2.0 * MARGIN,
    );
    let mut numbers = vec![vec![0; cols]; rows];
    for entry in solution.across.iter().chain(&solution.down) {
        if let Some(number) = numbers.get_mut(entry.row).and_then(|r| r.get_mut(entry.col)) {
            *number = entry.number;
        }
    }
    let mut out = Svg::new(width, height);
    for (r, row) in solution.grid.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let (x, y) = (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL);
            let fill = if ch == '#' { "black" } else { "white" };
            out.rect(x, y, CELL, CELL, fill, Some("black"));
            if ch == '#' {
                continue;
            }
            let number = numbers.get(r).and_then(|n| n.get(c)).copied().unwrap_or(0);
            if number > 0 {
                out.push(&format!(
                    r#"<text x="{}" y="{}" font-size="10">{number}</text>"#,
                    x + 2.0,
                    y + 10.0
                ));
            }
            let letter: String = ch.to_uppercase().collect();
            out.centred_text(x + CELL / 2.0, y + CELL / 2.0 + 3.0, 20.0, "black", &letter);
        }
    }
    out.finish()
}

/// Why a puzzle has no fill: the slots no listed word fits at all, else
/// those left without candidates by their crossings.
pub fn why_no_fill(puzzle: &Puzzle) -> Explanation {
    if puzzle.mode == Mode::Freeform {
        return freeform_reasons(puzzle);
    }
    let found = domains(puzzle);
    let pattern = |s: usize| -> String {
        let slot = found.slots[s];
        (0..slot.len)
            .map(|i| {
                let (r, c) = slot.cell(i);
                square_char(puzzle.grid[r][c])
            })
            .collect()
    };
    let describe = |s: usize| {
        let slot = found.slots[s];
        format!(
            "{} at ({},{}), {} letters, {}",
            slot.label(),
            slot.row + 1,
            slot.col + 1,
            slot.len,
            pattern(s)
        )
    };
    let slots = |count: usize| match count {
        1 => "this slot".to_string(),
        n => format!("these {n} slots"),
    };
    let empty: Vec<String> = (0..found.slots.len())
        .filter(|&s| found.initial[s] == 0)
        .map(describe)
        .collect();
    if !empty.is_empty() {
        return Explanation::list(
            format!("no listed word fits {} at all:", slots(empty.len())),
            empty,
        );
    }
    let unplaced: Vec<String> = puzzle
        .groups
        .iter()
        .filter(|group| {
            !found.candidates.iter().flatten().any(|&id| {
                let word = &found.words[id as usize];
                group.iter().any(|g| g.as_bytes() == word.as_slice())
            })
        })
        .map(|group| group.join(" or "))
        .collect();
    if !unplaced.is_empty() {
        return Explanation::list(
            format!(
                "no slot keeps a candidate that fits its crossings for {} required theme \
                 word{}:",
                unplaced.len(),
                if unplaced.len() == 1 { "" } else { "s" }
            ),
            unplaced,
        );
    }
    let starved: Vec<String> = (0..found.slots.len())
        .filter(|&s| found.candidates[s].is_empty())
        .map(describe)
        .collect();
    if !starved.is_empty() {
        return Explanation::list(
            format!(
                "every slot has listed words of its length and letters, but none that fit \
                 their crossings remain for {}:",
                slots(starved.len())
            ),
            starved,
        );
    }
    Explanation::text(
        "every slot keeps candidates that fit their crossings; the words cannot be chosen \
         all together (or all distinct)",
    )
}

fn freeform_reasons(puzzle: &Puzzle) -> Explanation {
    let missing: Vec<String> = puzzle
        .groups
        .iter()
        .filter(|group| group.iter().all(|w| !puzzle.words.contains(w)))
        .map(|group| group.join(" "))
        .collect();
    if !missing.is_empty() {
        return Explanation::list(
            format!(
                "no word of {} fits the {} x {} grid:",
                match missing.len() {
                    1 => "this group".to_string(),
                    n => format!("these {n} groups"),
                },
                puzzle.cols(),
                puzzle.rows()
            ),
            missing,
        );
    }
    let blacks = puzzle
        .grid
        .iter()
        .flatten()
        .filter(|&&s| s == Square::Black)
        .count();
    Explanation::text(format!(
        "no placement of the {} words in the {} x {} grid ({blacks} fixed black cells) \
         meets every rule (groups: {}, at least {} words)",
        puzzle.words.len(),
        puzzle.cols(),
        puzzle.rows(),
        puzzle.groups.len(),
        puzzle.min_words
    ))
}
