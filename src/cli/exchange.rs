//! `puzzle-url`: the puzz.link URL of a puzzle file (Numberlink,
//! nonograms, sudokus in the rule language, Masyu), for sharing what a file
//! holds. Reading URLs is every encoder's own job (a URL is one more
//! input format); this command is the way out.

use super::Command;
use crate::error::{Error, IoContext, Result};
use crate::family::Family;
use crate::io::{self, Input};
use clap::Parser;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The families that have a puzz.link genre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum UrlFamily {
    /// Numberlink: the genre numlin (its rules: cells may stay empty,
    /// lines may run beside themselves).
    Numberlink,
    /// Nonograms: the genre nonogram (black and white).
    Nonogram,
    /// Sudokus in the rule language: the genre sudoku.
    Rules,
    /// Masyu: the genre mashu.
    Masyu,
    /// Slitherlink: the genre slither.
    Slitherlink,
}

/// Write the puzz.link URL of a puzzle file.
#[derive(Debug, Parser)]
#[command(
    name = "puzzle-url",
    version,
    long_about = "Writes the puzz.link URL of a puzzle, one a line: a Numberlink puzzle in any \
        format encode-numberlink reads (genre numlin), a black-and-white nonogram in any format \
        encode-nonogram reads (genre nonogram), or a sudoku in the rule language (genre sudoku: \
        N x N cells of range 1..N whose rows, columns and boxes of puzz.link's shape are all \
        different, and no other rule), or a Masyu puzzle in any format encode-masyu reads (genre \
        mashu), or a Slitherlink grid (genre slither). A collection (a letter-grid file, a file of URLs) gives \
        one URL per puzzle with --all-puzzles. A URL as input is written back in puzz.link's \
        form. The URL states the puzzle under its genre's rules: a Numberlink puzzle made \
        unique under the default rules may have more solutions under numlin's (check with \
        encode-numberlink URL | solve --max 2 | decode-numberlink).",
    after_help = "Examples:\n  \
        puzzle-url numberlink instances/numberlink/seed/input-7by7.in\n  \
        puzzle-url nonogram dog.non\n  \
        puzzle-url rules instances/rules/examples/sudoku-4x4.txt\n  \
        puzzle-url masyu instances/masyu/tatham/pearl-8x8-1.txt\n  \
        puzzle-url slitherlink instances/slitherlink/loopy/7x7.txt\n  \
        puzzle-url numberlink --all-puzzles inputs5.txt > urls.txt\n  \
        encode-numberlink --all-puzzles urls.txt | solve | decode-numberlink"
)]
pub struct PuzzleUrlArgs {
    /// The puzzle's family.
    #[arg(value_enum)]
    pub family: UrlFamily,
    /// The puzzle file (`-` for standard input), or a URL.
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Which puzzle of a collection (1-based).
    #[arg(long, value_name = "N")]
    pub puzzle: Option<usize>,
    /// Every puzzle of a collection, one URL a line.
    #[arg(long, conflicts_with = "puzzle")]
    pub all_puzzles: bool,
}

/// The puzzle text of a command's puzzle argument: the file (or `-`), or,
/// when no file has that name and it is a puzz.link URL, the URL itself;
/// with the source name for messages.
pub fn read_puzzle_argument(path: &Path) -> Result<(String, String)> {
    if let Some(url) = path.to_str().filter(|a| crate::puzzlink::is_url(a)) {
        if !path.exists() {
            return Ok(("<command line>".to_string(), format!("{}\n", url.trim())));
        }
    }
    let input = Input::open(path)?;
    let name = input.name.clone();
    Ok((name, input.read_to_string()?))
}

/// The URLs of the puzzles that `options` pick out of `text` (every one
/// of a collection when they ask for all), each made by `to_url`.
fn urls<F: Family>(
    source: &str,
    text: &str,
    options: &F::Options,
    to_url: impl Fn(&F::Puzzle) -> Result<String>,
) -> Result<Vec<String>> {
    match F::parts(source, text, options)? {
        None => Ok(vec![to_url(&F::parse(source, text, options)?)?]),
        Some(parts) => parts
            .iter()
            .map(|part| to_url(&F::parse(source, text, &part.options)?))
            .collect(),
    }
}

impl Command for PuzzleUrlArgs {
    const NAME: &'static str = "puzzle-url";
    fn run(self) -> Result<u8> {
        let (source, text) = read_puzzle_argument(&self.input)?;
        let all = self.all_puzzles;
        let urls = match self.family {
            UrlFamily::Numberlink => {
                use crate::numberlink::{url, Numberlink, Options};
                let options = Options {
                    puzzle: self.puzzle.unwrap_or(1),
                    all_puzzles: all,
                    ..Options::default()
                };
                urls::<Numberlink>(&source, &text, &options, url::write)?
            }
            UrlFamily::Nonogram => {
                use crate::nonogram::{url, Nonogram, Options};
                let options = Options {
                    puzzle: self.puzzle,
                    all_puzzles: all,
                    ..Options::default()
                };
                urls::<Nonogram>(&source, &text, &options, url::write)?
            }
            UrlFamily::Rules => {
                use crate::rules::{sudoku_url, Options, Rules};
                let options = Options {
                    puzzle: self.puzzle,
                    all_puzzles: all,
                    ..Options::default()
                };
                urls::<Rules>(&source, &text, &options, sudoku_url::write_initial)?
            }
            UrlFamily::Masyu => {
                use crate::masyu::{url, Masyu, Options};
                let options = Options {
                    puzzle: self.puzzle.unwrap_or(1),
                    all_puzzles: all,
                    ..Options::default()
                };
                urls::<Masyu>(&source, &text, &options, url::write)?
            }
            UrlFamily::Slitherlink => {
                use crate::slitherlink::{url, Options, Slitherlink};
                let options = Options {
                    puzzle: self.puzzle.unwrap_or(1),
                    all_puzzles: all,
                    ..Options::default()
                };
                urls::<Slitherlink>(&source, &text, &options, url::write)?
            }
        };
        if urls.is_empty() {
            return Err(Error::parse(&source, 1, "no puzzle"));
        }
        let mut out = io::stdout();
        for url in urls {
            writeln!(out, "{url}").with_name(io::STDOUT_NAME)?;
        }
        io::flush(&mut out, io::STDOUT_NAME)?;
        Ok(0)
    }
}
