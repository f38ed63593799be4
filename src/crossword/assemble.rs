//! From `encode-crossword`'s options to the self-contained puzzle
//! document: read the pattern, the word list and the groups, place fixed
//! and random black cells, sample groups.

use super::parse::{clue_key, read_pattern};
use super::puzzle::{ClueText, Mode, Puzzle, Square};
use super::slots::slots;
use super::words::{self, Policy, ScoredWord, DEFAULT_WORDS};
use super::{groups, theme, Options};
use crate::error::{Error, Result};
use crate::io::Input;
use std::collections::HashSet;
use std::path::Path;

/// The document for `options`, with a source name for messages; `None`
/// when neither `--pattern` nor `--width`/`--height` is given (the input
/// file is then a document itself).
pub fn assemble(options: &Options) -> Result<Option<(String, String)>> {
    let puzzle = if let Some(pattern) = &options.pattern {
        fill_puzzle(pattern, options)?
    } else if let (Some(width), Some(height)) = (options.width, options.height) {
        freeform_puzzle(width, height, options)?
    } else {
        return Ok(None);
    };
    Ok(Some((
        "crossword document".to_string(),
        puzzle.to_document(),
    )))
}

/// Reads a text file (or `-`); returns its name and text.
fn read_text(path: &Path) -> Result<(String, String)> {
    let input = Input::open(path)?;
    let name = input.name.clone();
    Ok((name, input.read_to_string()?))
}

/// The word list of `--words` (strict unless `--filter-words`), or the
/// default Debian list (filtered, also when `--words` names it).
fn word_list(options: &Options) -> Result<Vec<ScoredWord>> {
    match &options.words {
        Some(path) => {
            let policy = if options.filter_words || is_default_list(path) {
                Policy::Filter
            } else {
                Policy::Strict
            };
            words::read(path, policy)
        }
        None => {
            let path = Path::new(DEFAULT_WORDS);
            if !path.exists() {
                return Err(Error::Usage(format!(
                    "no --words FILE and no default list {DEFAULT_WORDS} \
                     (install Debian's wamerican package)"
                )));
            }
            words::read(path, Policy::Filter)
        }
    }
}

/// True when `path` is the default list (through any link to it): it is
/// read as the default is, so that naming it changes nothing.
fn is_default_list(path: &Path) -> bool {
    match (
        std::fs::canonicalize(path),
        std::fs::canonicalize(DEFAULT_WORDS),
    ) {
        (Ok(named), Ok(default)) => named == default,
        _ => false,
    }
}

/// The words of `--theme` (none without it).
fn theme_words(options: &Options) -> Result<Vec<ScoredWord>> {
    match &options.theme {
        Some(path) => words::read(path, Policy::Strict),
        None => Ok(Vec::new()),
    }
}

/// The groups `--theme-required` asks for: each theme word alone.
fn required_theme(theme: &[ScoredWord], options: &Options) -> Vec<Vec<String>> {
    if !options.theme_required {
        return Vec::new();
    }
    theme.iter().map(|w| vec![w.word.clone()]).collect()
}

fn fill_puzzle(pattern: &Path, options: &Options) -> Result<Puzzle> {
    let freeform_only = [
        (options.groups.is_some(), "--groups"),
        (options.sample_groups, "--sample-groups"),
        (!options.black.is_empty(), "--black"),
        (options.random_black > 0, "--random-black"),
        (options.min_words.is_some(), "--min-words"),
        (options.maximize.is_some(), "--maximise"),
        (options.minimize.is_some(), "--minimise"),
    ];
    if let Some((_, flag)) = freeform_only.iter().find(|(given, _)| *given) {
        return Err(Error::Usage(format!(
            "{flag} is for freeform grids (--width W --height H), not --pattern"
        )));
    }
    // Another family's puzzle given as the pattern gets a hint.
    const COMMAND: &str = "encode-crossword";
    let mut input = Input::open(pattern)?;
    let source = input.name.clone();
    let head = input.head();
    let bytes = input.read_bytes()?;
    let read = read_pattern(&source, &bytes)
        .map_err(|e| crate::cli::doors::explain(e, COMMAND, &source, &head))?;
    let grid = read.grid;
    let (rows, cols) = (grid.len(), grid[0].len());
    let found = slots(rows, cols, |r, c| grid[r][c] != Square::Black);
    let entries: HashSet<(usize, bool)> = found.iter().map(|s| (s.number, s.across)).collect();
    let mut clues: Vec<ClueText> = Vec::new();
    let mut add_clue = |clue: ClueText, source: &str, line: usize| -> Result<()> {
        if !entries.contains(&(clue.number, clue.across)) {
            return Err(Error::parse(
                source,
                line,
                format!("a clue for {}, which the pattern has no entry for", clue.key()),
            ));
        }
        clues.retain(|c| (c.number, c.across) != (clue.number, clue.across));
        clues.push(clue);
        Ok(())
    };
    for clue in read.clues {
        add_clue(clue, &source, 1)?;
    }
    if let Some(path) = &options.clues {
        let (clue_source, text) = read_text(path)?;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            // xd's `A1. clue ~ ANSWER`: the answer is the fill's to find.
            let text = rest.rsplit_once(" ~ ").map_or(rest, |(clue, _)| clue).trim();
            let text = text.strip_suffix('~').unwrap_or(text).trim();
            let clue = clue_key(key, text).ok_or_else(|| {
                Error::parse(
                    &clue_source,
                    i + 1,
                    format!("'{key}' is no entry: expected A or D and a number, e.g. A1 or D12."),
                )
            })?;
            add_clue(clue, &clue_source, i + 1)?;
        }
    }
    clues.sort_by_key(|c| (c.number, !c.across));
    let mut covered = vec![vec![false; cols]; rows];
    for slot in &found {
        for i in 0..slot.len {
            let (r, c) = slot.cell(i);
            covered[r][c] = true;
        }
    }
    for (r, row) in grid.iter().enumerate() {
        for (c, &square) in row.iter().enumerate() {
            if square != Square::Black && !covered[r][c] {
                return Err(Error::parse(
                    &source,
                    r + 1,
                    format!(
                        "column {}: this open cell is in no word of two or more letters",
                        c + 1
                    ),
                ));
            }
        }
    }
    let lengths: HashSet<usize> = found.iter().map(|s| s.len).collect();
    let mut list = word_list(options)?;
    let theme = theme_words(options)?;
    theme::add_theme(&mut list, &theme, options.min_score);
    let groups = required_theme(&theme, options);
    if let Some(word) = groups.iter().flatten().find(|w| !lengths.contains(&w.len())) {
        return Err(Error::Usage(format!(
            "the theme word '{word}' ({} letters) fits no slot of the pattern",
            word.len()
        )));
    }
    let (words, scores) = list
        .into_iter()
        .filter(|w| lengths.contains(&w.word.len()))
        .map(|w| (w.word, w.score))
        .unzip();
    Ok(Puzzle {
        mode: Mode::Fill,
        grid,
        words,
        scores,
        min_score: options.min_score,
        groups,
        min_words: 0,
        clues,
        theme: theme.into_iter().map(|w| w.word).collect(),
    })
}

fn freeform_puzzle(width: usize, height: usize, options: &Options) -> Result<Puzzle> {
    if options.max_shared_substring.is_some() {
        return Err(Error::Usage(
            "--max-shared-substring is for pattern fills (--pattern FILE)".into(),
        ));
    }
    if width == 0 || height == 0 {
        return Err(Error::Usage(
            "--width and --height must be at least 1".into(),
        ));
    }
    let mut grid = vec![vec![Square::Open; width]; height];
    for &(r, c) in &options.black {
        if r >= height || c >= width {
            return Err(Error::Usage(format!(
                "--black {},{} is outside the {width} x {height} grid (rows and columns count from 1)",
                r + 1,
                c + 1
            )));
        }
        grid[r][c] = Square::Black;
    }
    let mut open: Vec<(usize, usize)> = (0..height)
        .flat_map(|r| (0..width).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == Square::Open)
        .collect();
    if options.random_black > open.len() {
        return Err(Error::Usage(format!(
            "--random-black {} exceeds the {} open cells",
            options.random_black,
            open.len()
        )));
    }
    let mut rng = fastrand::Rng::with_seed(options.seed);
    rng.shuffle(&mut open);
    for &(r, c) in open.iter().take(options.random_black) {
        grid[r][c] = Square::Black;
    }
    let (mut list, group_list) = if options.sample_groups {
        let listed = word_list(options)?;
        let sampled = groups::sample(&words::plain_words(&listed), options.seed)?;
        (Vec::new(), sampled)
    } else if let Some(path) = &options.groups {
        let (source, text) = read_text(path)?;
        let read = groups::parse(&source, &text)?;
        let list = match &options.words {
            Some(_) => word_list(options)?,
            None => Vec::new(),
        };
        (list, read)
    } else {
        (word_list(options)?, Vec::new())
    };
    let theme = theme_words(options)?;
    theme::add_theme(&mut list, &theme, options.min_score);
    let mut group_list = group_list;
    group_list.extend(required_theme(&theme, options));
    let mut seen: HashSet<String> = list.iter().map(|w| w.word.clone()).collect();
    for word in group_list.iter().flatten() {
        if seen.insert(word.clone()) {
            list.push(ScoredWord::plain(word.clone()));
        }
    }
    let longest = width.max(height);
    list.retain(|w| w.word.len() >= 2 && w.word.len() <= longest);
    let (words, scores) = list.into_iter().map(|w| (w.word, w.score)).unzip();
    let min_words = options
        .min_words
        .unwrap_or(if group_list.is_empty() { 1 } else { 0 });
    Ok(Puzzle {
        mode: Mode::Freeform,
        grid,
        words,
        scores,
        min_score: options.min_score,
        groups: group_list,
        min_words,
        clues: Vec::new(),
        theme: theme.into_iter().map(|w| w.word).collect(),
    })
}
