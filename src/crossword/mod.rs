//! Crosswords: fill a grid pattern with distinct listed words, or place
//! listed words freely in a grid of a given size.
//!
//! Two jobs, one family:
//!
//! - **pattern filling** (`--pattern FILE`): `#` black, `.` open, letters
//!   pre-filled; every slot (maximal run of two or more open cells) gets a
//!   distinct word of the list. The candidates of every slot are pruned by
//!   arc consistency before encoding ([`slots`], [`fill`]).
//! - **freeform generation** (`--width W --height H`): cells become letters
//!   or black so that every maximal run of two or more letters is a listed
//!   word, each word at most once; groups, fixed and random black cells,
//!   `--min-words`, and an objective for `solve` ([`freeform`]).
//!
//! The parts: [`words`] and [`groups`] (lists), [`puzzle`] (the pattern and
//! the self-contained document the header stores), [`parse`] (reading
//! both), [`decode`] (the grid read from a model), [`assemble`] (options
//! to document), the two encodings, [`check`] (the rules, sharing nothing
//! with the encodings) and [`render`].
//!
//! ```text
//! encode-crossword --pattern grid.txt | solve | decode-crossword
//! encode-crossword --width 14 --height 7 --words w.json --sample-groups --seed 1 | solve | decode-crossword
//! ```

pub mod assemble;
pub mod check;
pub mod decode;
pub mod fill;
pub mod graph;
pub mod freeform;
pub mod groups;
pub mod ipuz;
pub mod parse;
pub mod prefer;
pub mod puz;
pub mod puzzle;
pub mod relax;
pub mod render;
pub mod slots;
pub mod substrings;
pub mod tables;
pub mod theme;
pub mod words;
pub mod xd;

use crate::builder::{AtMostOne, FormulaBuilder};
use crate::error::{Error, Result};
use crate::partial::GridCell;
use crate::family::{Assignment, Family};
pub use fill::FillEncoding;
pub use puzzle::{ClueText, Mode, Puzzle, Square};
use std::path::PathBuf;

/// What `--maximise` can maximise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Maximize {
    /// The letters in the grid (the original's letters/cells ratio).
    Letters,
}

/// What `--minimise` can minimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Minimize {
    /// The area of the box from the top-left corner to the last row and
    /// column that hold a letter.
    Size,
}

/// The default weak threshold (`--weak-below`): below 30 is a word a
/// constructor would rather replace in Spread the Wordlist's scale (and
/// in the frequency-scored lists of the benchmark, a word seen less than
/// once in ten million).
pub const WEAK_BELOW: u32 = 30;

/// How a fill prefers higher-scored words (`--prefer-scores`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Preference {
    /// The `tables` solver tries each slot's higher-scored words first.
    #[default]
    Order,
    /// Relaxation ladders in the CNF (`c relax`): every slot on its best
    /// words first, widened where refuted; any solver, slower.
    #[value(alias = "true")]
    Ladders,
    /// Scores play no part in the search.
    #[value(alias = "false")]
    None,
}

/// The objective of a freeform crossword (soft clauses in WCNF).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// As many letters as possible (one cost per black cell).
    Letters,
    /// As small a box as possible (cost = its area).
    Size,
}

/// Parses `R,C`, a row and a column counted from 1, into 0-based indices.
fn parse_cell(text: &str) -> std::result::Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(',')
        .ok_or_else(|| format!("'{text}' is not ROW,COLUMN"))?;
    let number = |t: &str| match t.trim().parse::<usize>() {
        Ok(0) => Err(format!(
            "'{text}': rows and columns count from 1 (the top left cell is 1,1)"
        )),
        Ok(n) => Ok(n - 1),
        Err(_) => Err(format!("'{text}' is not ROW,COLUMN (numbers from 1)")),
    };
    Ok((number(r)?, number(c)?))
}

/// Options of `encode-crossword` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// Fill this pattern: one row a line, `#` black, `.` open, letters
    /// pre-filled; or an ipuz document or an Across Lite `.puz` file
    /// (told by the content), whose blocks, given letters and clues are
    /// kept.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["width", "height"])]
    pub pattern: Option<PathBuf>,
    /// Fill: clue texts for the pattern's entries, one a line: `A1 text`,
    /// `D12. text` (xd's `A1. text ~ ANSWER` too; the answer is not
    /// read); `#` comments. They add to (or replace) the clues of an ipuz
    /// or `.puz` pattern and go into `decode-crossword --format puz`,
    /// `ipuz` and `xd`.
    #[arg(long, value_name = "FILE", requires = "pattern")]
    pub clues: Option<PathBuf>,
    /// Freeform: the number of columns.
    #[arg(long, value_name = "W", requires = "height")]
    pub width: Option<usize>,
    /// Freeform: the number of rows.
    #[arg(long, value_name = "H", requires = "width")]
    pub height: Option<usize>,
    /// The word list: one word a line, or the original generator's JSON
    /// keyed by length. Default: Debian's wamerican list
    /// (/usr/share/dict/american-english), read as with --filter-words
    /// (also when named here).
    #[arg(long, value_name = "FILE")]
    pub words: Option<PathBuf>,
    /// Drop the lines of --words that are not all lower-case a-z (proper
    /// nouns, possessives such as AA's, accents) instead of rejecting the
    /// list: for a dictionary such as Debian's word lists.
    #[arg(long)]
    pub filter_words: bool,
    /// Use only the words of score N or more (scored lists: `word;score`
    /// lines; a plain word scores 50). Default: every word, whatever its
    /// score.
    #[arg(long, value_name = "N")]
    pub min_score: Option<u32>,
    /// Fill: how higher-scored words (scored lists, theme words) are
    /// preferred. `order` (the default): the fast fill (`solve`'s tables
    /// solver) tries each slot's higher-scored words first, equal scores
    /// by how many words they leave the crossing slots, and falls back on
    /// the fastest order where the best words fit badly; a plain list
    /// (one score) fills as without scores; `--theme-required` and
    /// `--max-shared-substring` turn it off. `ladders` (`--prefer-scores`
    /// alone, or `true`): `solve` first looks for a fill with each slot's
    /// words of its highest scores and widens only the slots that cannot
    /// keep them, a CNF that any solver reads, slower. `none` (or
    /// `false`): scores play no part in the search. No fill or count
    /// changes (docs/crossword.md). Example: `--prefer-scores none`.
    #[arg(
        long,
        value_enum,
        value_name = "HOW",
        num_args = 0..=1,
        default_value_t = Preference::Order,
        default_missing_value = "ladders"
    )]
    pub prefer_scores: Preference,
    /// Entries scoring below N are weak: the decoder lists them with their
    /// scores (`below 30 (2): 4-across xyst 1, ...`, and in `--json`)
    /// after the fill's lowest and mean score. Example: `--weak-below 40`.
    #[arg(long, value_name = "N", default_value_t = WEAK_BELOW)]
    pub weak_below: u32,
    /// Fill: the best fill of a scored list, proved: `solve` (its tables
    /// solver) finds the highest lowest entry score any fill has, proving
    /// that no fill has every entry above it, then raises the fill's
    /// total score within it; `decode-crossword` reports what was proved
    /// (`best fill: ...`). With `solve --time-limit S`, the best fill found
    /// by then and the bounds proved. Not with --theme-required,
    /// --max-shared-substring or --prefer-scores ladders. Example:
    /// `encode-crossword --pattern grid.txt --words scored.txt --best-fill
    /// | solve --time-limit 60 | decode-crossword`.
    #[arg(long)]
    pub best_fill: bool,
    /// Theme entries: a word list (plain or scored) whose words are added
    /// with a score above every listed word, so they rank first.
    #[arg(long, value_name = "FILE")]
    pub theme: Option<PathBuf>,
    /// Every word of --theme must appear.
    #[arg(long, requires = "theme")]
    pub theme_required: bool,
    /// Fill: no two entries share a substring longer than N letters
    /// (ingrid_core's option). Default: no limit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_shared_substring: Option<u32>,
    /// Freeform: word groups, one group a line; at least one word of each
    /// group appears. Without --words, the groups' words are the list.
    #[arg(long, value_name = "FILE", conflicts_with = "sample_groups")]
    pub groups: Option<PathBuf>,
    /// Freeform: sample the original generator's 15 groups (21 words of
    /// lengths 2-7) from --words with --seed, and use only those words.
    #[arg(long)]
    pub sample_groups: bool,
    /// Freeform: fixed black cells as ROW,COLUMN, counted from 1 (e.g.
    /// `--black 1,1 3,4`).
    #[arg(long, value_name = "R,C", num_args = 1.., value_parser = parse_cell)]
    pub black: Vec<(usize, usize)>,
    /// Freeform: this many black cells at random places (see --seed).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub random_black: usize,
    /// Seed for --random-black and --sample-groups: another seed, another
    /// crossword.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Freeform: at least N words (default 1 without groups, else 0).
    #[arg(long, value_name = "N")]
    pub min_words: Option<usize>,
    /// Freeform: an objective to maximise (WCNF; solve optimises it).
    #[arg(long = "maximise", alias = "maximize", value_enum, conflicts_with = "minimize")]
    pub maximize: Option<Maximize>,
    /// Freeform: an objective to minimise (WCNF; solve optimises it).
    #[arg(long = "minimise", alias = "minimize", value_enum)]
    pub minimize: Option<Minimize>,
    /// The at-most-one encoding of "each word at most once" (freeform,
    /// and fill with `--encoding selectors`).
    #[arg(long, value_enum, default_value_t = AtMostOne::Ladder)]
    pub amo: AtMostOne,
    /// How slots and distinctness are encoded in a fill (see
    /// docs/crossword-encoding.md);
    /// in a freeform grid, `mdd` adds the join and cover clauses and the
    /// others write the first freeform encoding without them.
    #[arg(long, value_enum, default_value_t = FillEncoding::Mdd)]
    pub encoding: FillEncoding,
}

impl Options {
    /// The freeform objective asked for, if any.
    pub fn objective(&self) -> Option<Objective> {
        match (self.maximize, self.minimize) {
            (Some(Maximize::Letters), _) => Some(Objective::Letters),
            (_, Some(Minimize::Size)) => Some(Objective::Size),
            _ => None,
        }
    }
}

/// How `decode-crossword` prints a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Style {
    /// The grid, then the numbered ACROSS and DOWN lists with positions.
    #[default]
    Full,
    /// Just the grid: one row a line, `#` black, lower-case letters.
    Grid,
    /// An ipuz document (JSON, version 2, kind crossword): numbered grid,
    /// solution, clue lists with empty clue texts.
    Ipuz,
    /// The xd text format: header, grid, clue lines `A1. clue ~ ANSWER`.
    Xd,
    /// An Across Lite `.puz` file (binary, version 1.3, every checksum
    /// set): the solution, an empty player grid, the clue texts (empty
    /// where none are given). Redirect it to a file.
    Puz,
}

/// One entry of a solved crossword.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// Its clue number.
    pub number: usize,
    /// Row of its first letter, 0-based.
    pub row: usize,
    /// Column of its first letter, 0-based.
    pub col: usize,
    /// The word.
    pub word: String,
}

/// The word scores of a fill: the lowest, the mean and the total over its
/// entries that are listed words (a fully pre-filled entry missing from
/// the list has no score), the weak entries and the theme entries.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct FillScores {
    /// The lowest score of an entry.
    pub lowest: u32,
    /// The mean score of the entries.
    pub mean: f64,
    /// The sum of the entries' scores.
    pub total: u64,
    /// How many entries have a score.
    pub entries: usize,
    /// The weak threshold (`--weak-below`).
    pub weak_below: u32,
    /// The entries scoring below it, in clue order (across, then down).
    pub weak: Vec<ScoredEntry>,
    /// The theme entries (`--theme`) of the fill, in clue order.
    pub theme: Vec<ScoredEntry>,
}

/// An entry with its score.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScoredEntry {
    /// `12-across` or `3-down`.
    pub label: String,
    /// The word.
    pub word: String,
    /// Its score.
    pub score: u32,
}

/// A solved crossword.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Solution {
    /// The rows: `#` black, lower-case letters.
    pub grid: Vec<String>,
    /// The across entries in number order.
    pub across: Vec<Entry>,
    /// The down entries in number order.
    pub down: Vec<Entry>,
    /// The word scores of the entries (none when no entry is listed).
    pub scores: Option<FillScores>,
}

/// The crossword family (see the module documentation).
pub struct Crossword;

impl Family for Crossword {
    const NAME: &'static str = "crossword";
    const ABOUT: &'static str = "Fills a grid pattern (--pattern FILE) with distinct words, or \
        places words freely in a grid (--width W --height H).";
    const EXAMPLES: &'static str = "  encode-crossword --pattern grid.txt | solve | decode-crossword\n  \
        encode-crossword --pattern grid.txt --words list.txt | solve | decode-crossword --format grid\n  \
        encode-crossword --width 14 --height 7 --words words.json --sample-groups --seed 1 | solve | decode-crossword\n  \
        encode-crossword --width 5 --height 5 --words list.txt --maximise letters | solve | decode-crossword --svg x.svg\n  \
        encode-crossword --pattern grid.ipuz --clues clues.txt | solve | decode-crossword --format puz > filled.puz\n  \
        encode-crossword --pattern grid.txt --words scored.txt --weak-below 40 | solve | decode-crossword\n  \
        encode-crossword --pattern grid.txt --words scored.txt --prefer-scores none | solve | decode-crossword\n  \
        encode-crossword --pattern grid.txt --words scored.txt --best-fill | solve --time-limit 60 | decode-crossword";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn puzzle_text(_argument: Option<&str>, options: &Options) -> Result<Option<(String, String)>> {
        assemble::assemble(options)
    }

    fn parse(source_name: &str, text: &str, _options: &Options) -> Result<Puzzle> {
        parse::parse_document(source_name, text)
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        Ok(match puzzle.mode {
            Mode::Fill => {
                if options.objective().is_some() {
                    return Err(Error::Usage(
                        "--maximise and --minimise are for freeform grids (--width, --height)"
                            .into(),
                    ));
                }
                if options.best_fill && !tables::is_plain(puzzle, options) {
                    return Err(Error::Usage(
                        "--best-fill searches the tables solver, which --theme-required, \
                         --max-shared-substring and --prefer-scores ladders turn off"
                            .into(),
                    ));
                }
                let usable = puzzle.usable();
                let domains = slots::domains(&usable);
                let mut builder = fill::encode(
                    &domains,
                    puzzle.rows(),
                    puzzle.cols(),
                    options.encoding,
                    options.amo,
                );
                if let Some(max) = options.max_shared_substring {
                    substrings::encode(&mut builder, &domains, max as usize);
                }
                theme::require_groups(&mut builder, &domains, &puzzle.groups);
                if options.prefer_scores == Preference::Ladders {
                    prefer::encode(&mut builder, &domains, &usable);
                }
                if tables::is_plain(puzzle, options) {
                    // The slots as table constraints search far faster
                    // than the word graphs' clauses (crate::solver::tables).
                    builder.prefer_solver(crate::solver::tables::NAME);
                }
                builder
            }
            Mode::Freeform if options.best_fill => {
                return Err(Error::Usage(
                    "--best-fill is for filling a pattern (--pattern FILE)".into(),
                ))
            }
            Mode::Freeform => freeform::encode(
                &puzzle.usable(),
                options.objective(),
                options.amo,
                options.encoding == FillEncoding::Mdd,
            ),
        })
    }

    fn decode(
        puzzle: &Puzzle,
        options: &Options,
        assignment: &Assignment<'_>,
    ) -> Result<Solution> {
        decode::decode(puzzle, options, assignment)
    }

    fn is_machine_format(style: &Style) -> bool {
        matches!(style, Style::Grid | Style::Ipuz | Style::Xd | Style::Puz)
    }

    fn render(puzzle: &Puzzle, solution: &Solution, style: &Style) -> String {
        render::render(puzzle, solution, *style)
    }

    fn render_bytes(puzzle: &Puzzle, solution: &Solution, style: &Style) -> Result<Vec<u8>> {
        match style {
            Style::Puz => puz::write(puzzle, solution),
            _ => Ok(render::render(puzzle, solution, *style).into_bytes()),
        }
    }

    fn svg(_puzzle: &Puzzle, solution: &Solution) -> String {
        render::svg(solution)
    }

    fn cells(_puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
        solution
            .grid
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.chars()
                    .enumerate()
                    .map(move |(c, letter)| GridCell::new(r, c, letter.to_string()))
            })
            .collect()
    }

    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<crate::explain::Explanation> {
        let mut text = render::why_no_fill(&puzzle.usable());
        if let (Mode::Fill, Some(min)) = (puzzle.mode, puzzle.min_score) {
            let relaxed = relax::lower_min_score(puzzle, options, relax::RELAX_TIME)
                .ok()
                .flatten()
                .unwrap_or(relax::Relaxed::Unknown);
            text.push_text(relax::describe(relaxed, min));
        }
        Some(text)
    }

    fn tables(
        puzzle: &Puzzle,
        options: &Options,
        variable: &dyn Fn(&str) -> Option<rustsat::types::Var>,
    ) -> Option<crate::solver::tables::TableSpec> {
        tables::fill_tables(puzzle, options, variable)
    }

    fn score_summary(solution: &Solution) -> Option<(u32, u64)> {
        solution.scores.as_ref().map(|s| (s.lowest, s.total))
    }

    fn check(
        puzzle: &Puzzle,
        options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        check::check(&puzzle.usable(), solution)?;
        match options.max_shared_substring {
            Some(max) => check::check_shared_substrings(solution, max as usize),
            None => Ok(()),
        }
    }
}
