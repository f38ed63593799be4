//! The generators: `generate-rules`, `generate-numberlink`,
//! `generate-nonogram`, `generate-slitherlink` and `generate-masyu` (the
//! logic is in [`crate::generate`]).

use super::Command;
use crate::error::{Error, IoContext, Result};
use crate::family::Family;
use crate::generate::{self, puzzle_seed, Batch};
use crate::io::{self, Input};
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;

/// The options every generator has.
#[derive(Debug, Clone, clap::Args)]
pub struct Common {
    /// Random seed: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many puzzles (puzzle I of a batch is the one of `--seed
    /// SEED+I-1`); a progress bar shows on a terminal. (`--count` is the
    /// older name; `solve --count` counts solutions.)
    #[arg(
        long = "puzzles",
        alias = "count",
        default_value_t = 1,
        value_name = "K"
    )]
    pub count: usize,
    /// The solver of the uniqueness proofs.
    #[command(flatten)]
    pub solver: SolverChoice,
}

/// The embedded solver a generator proves uniqueness with.
#[derive(Debug, Clone, clap::Args)]
pub struct SolverChoice {
    /// Embedded incremental solver for the uniqueness proofs (default:
    /// Glucose for Numberlink, CaDiCaL for the others; the first one this
    /// build has).
    #[arg(long, value_name = "NAME", value_parser = ["cadical", "minisat", "glucose"])]
    pub solver: Option<String>,
}

impl Common {
    fn check(&self) -> Result<()> {
        if self.count == 0 {
            return Err(Error::Usage("--puzzles must be at least 1".into()));
        }
        Ok(())
    }
}

/// Reads a whole input file (or `-`).
fn read(path: &std::path::Path) -> Result<(String, String)> {
    let input = Input::open(path)?;
    let name = input.name.clone();
    Ok((name, input.read_to_string()?))
}

/// How `generate-rules` writes its puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum RulesFormat {
    /// The rule language: the input with a new `initial` block.
    #[default]
    Rules,
    /// A puzz.link URL (sudokus of puzz.link's shape only), one a line.
    Url,
}

/// How `generate-nonogram` writes its puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum NonogramFormat {
    /// The `.non` format, the picture as its goal.
    #[default]
    Non,
    /// A puzz.link URL (genre nonogram; black and white only).
    Url,
}

/// Remove givens from a solved rule puzzle while its solution stays unique.
#[derive(Debug, Parser)]
#[command(
    name = "generate-rules",
    version,
    long_about = "Writes a puzzle in the rule language (docs/rules.md) with a unique solution and \
        a locally minimal set of givens, symmetric in the grid (--symmetry, by default a half \
        turn when the layout has one): removing any one symmetric set of them (an orbit) lets \
        another solution in. The solved grid comes from --solution (decode-rules's drawing), \
        from the puzzle's own 'initial' when it gives every cell, or else is a random solution \
        of the puzzle. Orbits of givens go in a random order (--seed); each removal is proved \
        safe by an incremental embedded solver.",
    after_help = "Examples:\n  \
        generate-rules instances/rules/solvomatic/puzzles/hardest-sudoku.txt --target 26 > s.txt\n  \
        encode-rules s.txt | solve --max 2 | decode-rules     # unique\n  \
        generate-rules sudoku.txt --symmetry diagonal --seed 7\n  \
        generate-rules sudoku.txt --symmetry none             # each given alone: fewer givens\n  \
        encode-rules sudoku.txt | solve | decode-rules > solved.txt\n  \
        generate-rules sudoku.txt --solution solved.txt --puzzles 5\n  \
        generate-rules hardest-sudoku.txt --format url     # a puzz.link URL\n  \
        generate-rules https://puzz.link/p?sudoku/4/4/p --puzzles 3 --format url > urls.txt\n\n\
        Symmetries are of the grid as a player reads it: rows are the layout's lines that have \
        cells, columns the character columns that have cells (box lines and the spaces between \
        cells do not count). Any layout may take any symmetry its cells have; one they lack is \
        an error naming a cell without its counterpart."
)]
pub struct RulesArgs {
    /// The puzzle file in the rule language (its rules and layout; its
    /// givens, if any, only pick the solution), or a puzz.link sudoku URL
    /// (as the argument or in the file).
    #[arg(value_name = "PUZZLE")]
    pub input: PathBuf,
    /// How to write the puzzles: in the rule language, or as puzz.link
    /// URLs (for a sudoku of puzz.link's shape: N x N cells of range
    /// 1..N, rows, columns and boxes all different, nothing else).
    #[arg(long, value_enum, default_value_t = RulesFormat::Rules)]
    pub format: RulesFormat,
    /// The solved grid, as `decode-rules` draws it.
    #[arg(long, value_name = "FILE")]
    pub solution: Option<PathBuf>,
    /// Stop removing givens at N (trying other random orders, up to
    /// --attempts, until one reaches N).
    #[arg(long, value_name = "N")]
    pub target: Option<usize>,
    /// Random orders tried when --target is not reached.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub attempts: usize,
    /// The symmetry of the givens' pattern (default: rotational when the
    /// layout has it, else none); see below.
    #[arg(long, value_enum, value_name = "KIND")]
    pub symmetry: Option<generate::rules::Symmetry>,
    /// Seed and count.
    #[command(flatten)]
    pub common: Common,
    /// The encoder's options.
    #[command(flatten)]
    pub options: crate::rules::Options,
}

impl Command for RulesArgs {
    const NAME: &'static str = "generate-rules";
    fn run(self) -> Result<u8> {
        use crate::generate::rules;
        self.common.check()?;
        if self.options.all_puzzles {
            return Err(Error::Usage(
                "--all-puzzles: generate-rules starts from one puzzle (--puzzle N picks a URL)"
                    .into(),
            ));
        }
        let (source, text) = super::exchange::read_puzzle_argument(&self.input)?;
        // A sudoku URL stands for the rule text of its sudoku, which the
        // written puzzles rewrite.
        let index = self.options.puzzle.unwrap_or(1);
        let text = crate::rules::sudoku_url::expand(&source, &text, index)?.unwrap_or(text);
        let options = crate::rules::Options {
            puzzle: None,
            all_puzzles: false,
            ..self.options.clone()
        };
        let puzzle = crate::rules::Rules::parse(&source, &text, &options)?;
        if self.format == RulesFormat::Url {
            // Not a sudoku: said before the givens are searched for.
            crate::rules::sudoku_url::write(&puzzle, &[])?;
        }
        let given = match &self.solution {
            Some(path) => {
                let (name, grid) = read(path)?;
                Some(rules::read_solution(&puzzle, &name, &grid)?)
            }
            None => rules::full_initial(&puzzle),
        };
        let settings = rules::Settings {
            target: self.target,
            attempts: self.attempts,
            options: options.clone(),
            solver: self.common.solver.solver.clone(),
            symmetry: self.symmetry,
        };
        // An error now, before any solving, when the layout lacks it.
        let (symmetry, _) = rules::orbits(&puzzle, self.symmetry)?;
        let words_file = (source != io::STDIN_NAME).then_some(self.input.as_path());
        let batch = Batch::new(self.common.count);
        let mut out = io::stdout();
        for index in 0..self.common.count {
            let seed = puzzle_seed(self.common.seed, index);
            let solution = match &given {
                Some(values) => values.clone(),
                None => rules::random_solution(&puzzle, &settings, seed)?,
            };
            let givens = rules::minimal_givens(&puzzle, &solution, &settings, seed)?;
            let written = match self.format {
                RulesFormat::Rules => rules::write(
                    &source, &text, &puzzle, &solution, &givens, symmetry, words_file,
                )?,
                RulesFormat::Url => {
                    let mut values = vec![None; solution.len()];
                    for &cell in &givens {
                        values[cell] = Some(solution[cell]);
                    }
                    crate::rules::sudoku_url::write(&puzzle, &values)? + "\n"
                }
            };
            if self.common.count > 1 {
                writeln!(
                    out,
                    "# puzzle {} of {} (generate-rules --seed {seed})",
                    index + 1,
                    self.common.count
                )
                .with_name(io::STDOUT_NAME)?;
            }
            out.write_all(written.as_bytes())
                .with_name(io::STDOUT_NAME)?;
            if self.common.count > 1
                && index + 1 < self.common.count
                && self.format == RulesFormat::Rules
            {
                writeln!(out).with_name(io::STDOUT_NAME)?;
            }
            out.flush().with_name(io::STDOUT_NAME)?;
            match self.target {
                Some(target) if givens.len() > target => batch.note(&format!(
                    "generate-rules: --seed {seed}: no order of {} attempts reached {target} \
                     givens; the fewest found, {}, are written",
                    self.attempts,
                    givens.len()
                )),
                _ => {}
            }
            batch.advance();
        }
        Ok(0)
    }
}

/// Generate Numberlink puzzles with exactly one solution.
#[derive(Debug, Parser)]
#[command(
    name = "generate-numberlink",
    version,
    long_about = "Writes a WIDTH x HEIGHT Numberlink puzzle with exactly one solution under the \
        chosen rules (by default every cell filled and the strict cell rule; --allow-empty: \
        the ADC rules). A random cover of the grid by lines is cut until the puzzle of their \
        ends is unique, each step proved by the family's own encoding in an incremental \
        embedded solver.",
    after_help = "Examples:\n  \
        generate-numberlink 10 10 --seed 7 | encode-numberlink - | solve --max 2 | decode-numberlink\n  \
        generate-numberlink 50 50 --lines 20..60 --format letters\n  \
        generate-numberlink 15 15 --puzzles 20 --format letters > batch.txt\n  \
        generate-numberlink 10 10 --format url     # a puzz.link URL (numlin), unique under its rules\n  \
        generate-numberlink 8 8 --puzzles 5 --format url > urls.txt; encode-numberlink --all-puzzles urls.txt | solve | decode-numberlink"
)]
pub struct NumberlinkArgs {
    /// Grid width (columns).
    pub width: usize,
    /// Grid height (rows).
    pub height: usize,
    /// The number of lines, MIN..MAX (inclusive).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    pub lines: Option<(usize, usize)>,
    /// Prove uniqueness under the ADC rules, where cells may stay empty.
    #[arg(long)]
    pub allow_empty: bool,
    /// The puzzle format (`url`: a puzz.link URL of the genre numlin,
    /// whose rules let cells stay empty and lines run beside themselves;
    /// the puzzle is made unique under those rules).
    #[arg(long, value_enum, default_value_t = generate::numberlink::PuzzleFormat::Seed)]
    pub format: generate::numberlink::PuzzleFormat,
    /// Random line covers tried per puzzle before giving up.
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub attempts: usize,
    /// Seed and count.
    #[command(flatten)]
    pub common: Common,
}

/// Parses `MIN..MAX` (or one number N, meaning N..N).
fn parse_range(text: &str) -> std::result::Result<(usize, usize), String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{text}' is not MIN..MAX (two numbers)"))
    };
    match text.split_once("..") {
        Some((min, max)) => Ok((number(min)?, number(max)?)),
        None => number(text).map(|n| (n, n)),
    }
}

impl Command for NumberlinkArgs {
    const NAME: &'static str = "generate-numberlink";
    fn run(self) -> Result<u8> {
        use crate::generate::numberlink;
        self.common.check()?;
        // A URL states the puzzle under puzz.link's rules (numlin: cells
        // may stay empty, lines may run beside themselves), so its puzzle
        // is made unique under those.
        let url = self.format == numberlink::PuzzleFormat::Url;
        let settings = numberlink::Settings {
            width: self.width,
            height: self.height,
            lines: self.lines,
            allow_empty: self.allow_empty || url,
            allow_touching: url,
            attempts: self.attempts,
            solver: self.common.solver.solver.clone(),
        };
        let batch = Batch::new(self.common.count);
        let mut out = io::stdout();
        for index in 0..self.common.count {
            let seed = puzzle_seed(self.common.seed, index);
            let generated = numberlink::generate(&settings, seed)?;
            let mut text = String::new();
            if self.common.count > 1 {
                if index > 0 && !url {
                    text.push('\n');
                }
                text.push_str(&format!(
                    "# puzzle {} of {} (generate-numberlink --seed {seed})\n",
                    index + 1,
                    self.common.count
                ));
            }
            text.push_str(&numberlink::write(&generated.puzzle, self.format)?);
            out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
            out.flush().with_name(io::STDOUT_NAME)?;
            batch.advance();
        }
        Ok(0)
    }
}

/// Make a nonogram (black and white, or in colour) from a PNG picture.
#[derive(Debug, Parser)]
#[command(
    name = "generate-nonogram",
    version,
    long_about = "Writes the clues of a PNG picture as a nonogram (the .non format, the \
        picture as its goal): black and white by a luminance threshold, or with --colours N in \
        up to N colours on a white background. It says on standard error whether the clues \
        determine the picture. When they do not, it finds a locally minimal set of cells to \
        reveal (from the cells in which a second solution differs from the picture, repeated, \
        then thinned) and writes them with --reveal FILE as readable clauses to append to the \
        formula.",
    after_help = "Examples:\n  \
        generate-nonogram picture.png > picture.non\n  \
        generate-nonogram picture.png --threshold 100 --reveal givens.txt > picture.non\n  \
        generate-nonogram flag.png --colours 3 > flag.non\n  \
        generate-nonogram picture.png --format url     # a puzz.link URL\n  \
        encode-nonogram picture.non | cnf-names | cat - givens.txt | cnf-dimacs | solve --max 2 | decode-nonogram"
)]
pub struct NonogramArgs {
    /// The picture (PNG; grey, colour or with transparency).
    pub image: PathBuf,
    /// Pixels darker than this luminance (0-255, transparency blended onto
    /// white) are black (black and white only).
    #[arg(long, default_value_t = 128, value_name = "0-255")]
    pub threshold: u8,
    /// A colour nonogram: the picture's colours gathered into at most N
    /// colours besides the white background (1 to 31; k-means, the pixels
    /// nearest white are the background).
    #[arg(long, value_name = "N")]
    pub colours: Option<usize>,
    /// The puzzle's title (default: the file name without its extension).
    #[arg(long)]
    pub title: Option<String>,
    /// Write the cells to reveal here, one readable unit clause a line
    /// (`cell(r,c)` black, `-cell(r,c)` white; in colour each colour
    /// variable of the cell, `cell(r,c)=a`, `-cell(r,c)=b`); empty when the
    /// clues are unique.
    #[arg(long, value_name = "FILE")]
    pub reveal: Option<PathBuf>,
    /// Random seed (which cells are revealed).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How to write the clues: `.non` (the picture as its goal), or a
    /// puzz.link URL (black and white only; the URL holds the clues
    /// alone, so whether they are unique is said on standard error).
    #[arg(long, value_enum, default_value_t = NonogramFormat::Non)]
    pub format: NonogramFormat,
    /// The solver of the uniqueness proofs.
    #[command(flatten)]
    pub solver: SolverChoice,
}

impl Command for NonogramArgs {
    const NAME: &'static str = "generate-nonogram";
    fn run(self) -> Result<u8> {
        use crate::generate::nonogram;
        if self.format == NonogramFormat::Url && self.colours.is_some() {
            return Err(Error::Usage(
                "--format url: puzz.link's nonogram is black and white; leave out --colours".into(),
            ));
        }
        let (picture, colours) = match self.colours {
            Some(count) => nonogram::read_png_colours(&self.image, count)?,
            None => nonogram::read_png(&self.image, self.threshold)?,
        };
        let title = self.title.clone().unwrap_or_else(|| {
            self.image
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        });
        let analysis = nonogram::analyse(
            &picture,
            &colours,
            &title,
            self.seed,
            self.solver.solver.as_deref(),
        )?;
        let mut out = io::stdout();
        let written = match self.format {
            NonogramFormat::Non => nonogram::write_non(&picture, &colours, &title),
            NonogramFormat::Url => crate::nonogram::url::write(&analysis.puzzle)? + "\n",
        };
        out.write_all(written.as_bytes())
            .with_name(io::STDOUT_NAME)?;
        out.flush().with_name(io::STDOUT_NAME)?;
        if let Some(path) = &self.reveal {
            let name = path.display().to_string();
            std::fs::write(
                path,
                nonogram::write_reveal(&analysis.puzzle, &analysis.reveal),
            )
            .with_name(&name)?;
        }
        let size = format!("{}x{}", picture.width, picture.height);
        if analysis.unique {
            eprintln!("generate-nonogram: {size}: the clues determine the picture (unique)");
        } else {
            let cells: Vec<String> = analysis
                .reveal
                .iter()
                .map(|&(r, c, cell)| {
                    let holds = match cell {
                        None => "white".to_string(),
                        Some(k) if !analysis.puzzle.is_colour() => {
                            analysis.puzzle.colours[k].name.clone()
                        }
                        Some(k) => format!("colour {}", analysis.puzzle.colours[k].name),
                    };
                    format!("({},{}) {holds}", r + 1, c + 1)
                })
                .collect();
            eprintln!(
                "generate-nonogram: {size}: the clues have other solutions; revealing {} cell{} \
                 makes the picture the only one: {}",
                cells.len(),
                if cells.len() == 1 { "" } else { "s" },
                cells.join(", ")
            );
        }
        Ok(0)
    }
}

/// Make Slitherlink puzzles with a proved unique solution.
#[derive(Debug, Parser)]
#[command(
    name = "generate-slitherlink",
    version,
    long_about = "Writes Slitherlink puzzles (encode-slitherlink's text format, or puzz.link \
        URLs) with exactly one solution: the outline of a random region of cells is the loop, \
        every cell's count of sides on it a clue, then clues are dropped in a random order while \
        an incremental embedded solver proves that no other loop fits the rest. The clues left \
        are locally minimal: without any one of them, a second loop exists. Batches of \
        --puzzles K are separated by a comment line each, and encode-slitherlink reads them \
        back with --all-puzzles or --puzzle N.",
    after_help = "Examples:\n  \
        generate-slitherlink 10 10 --seed 7 | encode-slitherlink - | solve --max 2 | decode-slitherlink\n  \
        generate-slitherlink 7 7 --format url     # a puzz.link URL (genre slither)\n  \
        generate-slitherlink 30 30 --seed 3 > big.txt\n  \
        generate-slitherlink 8 8 --puzzles 5 > batch.txt; encode-slitherlink --all-puzzles batch.txt | solve | decode-slitherlink"
)]
pub struct SlitherlinkArgs {
    /// Grid width (columns).
    pub width: usize,
    /// Grid height (rows).
    pub height: usize,
    /// The puzzle format.
    #[arg(long, value_enum, default_value_t = generate::slitherlink::PuzzleFormat::Text)]
    pub format: generate::slitherlink::PuzzleFormat,
    /// Random loops tried per puzzle before giving up.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub attempts: usize,
    /// Seed and count.
    #[command(flatten)]
    pub common: Common,
}

impl Command for SlitherlinkArgs {
    const NAME: &'static str = "generate-slitherlink";
    fn run(self) -> Result<u8> {
        use crate::generate::slitherlink;
        self.common.check()?;
        let settings = slitherlink::Settings {
            width: self.width,
            height: self.height,
            attempts: self.attempts,
            solver: self.common.solver.solver.clone(),
        };
        let url = self.format == slitherlink::PuzzleFormat::Url;
        write_batch(Self::NAME, &self.common, url, |seed| {
            slitherlink::write(&slitherlink::generate(&settings, seed)?.puzzle, self.format)
        })
    }
}

/// Writes a batch of `common.count` puzzles of a grid generator, each
/// made from its seed by `make`: after the first, a blank line unless
/// they are URLs; with more than one, a comment line naming the puzzle's
/// seed before each.
fn write_batch(
    name: &str,
    common: &Common,
    url: bool,
    mut make: impl FnMut(u64) -> Result<String>,
) -> Result<u8> {
    let batch = Batch::new(common.count);
    let mut out = io::stdout();
    for index in 0..common.count {
        let seed = puzzle_seed(common.seed, index);
        let puzzle = make(seed)?;
        let mut text = String::new();
        if common.count > 1 {
            if index > 0 && !url {
                text.push('\n');
            }
            text.push_str(&format!(
                "# puzzle {} of {} ({name} --seed {seed})\n",
                index + 1,
                common.count
            ));
        }
        text.push_str(&puzzle);
        out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        out.flush().with_name(io::STDOUT_NAME)?;
        batch.advance();
    }
    Ok(0)
}

/// Make Masyu puzzles with a proved unique solution.
#[derive(Debug, Parser)]
#[command(
    name = "generate-masyu",
    version,
    long_about = "Writes Masyu puzzles (encode-masyu's text format, or puzz.link URLs) with \
        exactly one solution. The loop is the boundary of a random region of the squares \
        between cell centres, grown to pass most cells and turn often. An incremental embedded \
        solver looks for another loop that keeps the circles placed so far; each time it finds \
        one, a circle goes on a random cell where the target loop allows one and the other \
        loop breaks its rule (where none does, the target loop is changed there), until no \
        other loop is left. Then circles are cut in a random order while the solver proves \
        the loop the only one: without any one circle left, a second loop exists. Batches of \
        --puzzles K are separated by a comment line each, and encode-masyu reads them back \
        with --all-puzzles or --puzzle N.",
    after_help = "Examples:\n  \
        generate-masyu 10 10 --seed 7 | encode-masyu | solve --max 2 | decode-masyu\n  \
        generate-masyu 8 8 --format url     # a puzz.link URL (genre mashu)\n  \
        generate-masyu 30 30 --seed 3 > big.txt\n  \
        generate-masyu 6 6 --puzzles 5 > batch.txt; encode-masyu --all-puzzles batch.txt | solve | decode-masyu"
)]
pub struct MasyuArgs {
    /// Grid width (columns).
    pub width: usize,
    /// Grid height (rows).
    pub height: usize,
    /// The puzzle format.
    #[arg(long, value_enum, default_value_t = generate::masyu::PuzzleFormat::Text)]
    pub format: generate::masyu::PuzzleFormat,
    /// Random loops tried per puzzle before giving up (each is changed
    /// locally where circles cannot tell it from another loop, up to
    /// twice the grid's width and height together, before the next).
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub attempts: usize,
    /// Seed and count.
    #[command(flatten)]
    pub common: Common,
}

impl Command for MasyuArgs {
    const NAME: &'static str = "generate-masyu";
    fn run(self) -> Result<u8> {
        use crate::generate::masyu;
        self.common.check()?;
        let settings = masyu::Settings {
            width: self.width,
            height: self.height,
            attempts: self.attempts,
            solver: self.common.solver.solver.clone(),
        };
        let url = self.format == masyu::PuzzleFormat::Url;
        write_batch(Self::NAME, &self.common, url, |seed| {
            masyu::write(&masyu::generate(&settings, seed)?.puzzle, self.format)
        })
    }
}
