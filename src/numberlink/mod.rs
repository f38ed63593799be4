//! Numberlink: connect each pair of equal numbers by a line through
//! orthogonally adjacent cells; lines never branch or cross.
//!
//! Default rules (the seed solver's): every cell is filled, and the strict
//! cell rule holds (an endpoint has exactly one neighbour of its own
//! number, every other cell exactly two, so no line touches itself).
//! `--allow-empty` lets cells stay empty (ADC contest rules) and
//! `--allow-touching` lets a line run beside itself (the line is then a
//! path of edges, not a set of cells).
//!
//! A puzz.link URL (genres `numlin`, `arukone`) carries its own rules
//! ([`url`]), which hold whatever the options say: the options can only
//! loosen them further.
//!
//! The parts: [`puzzle`] (the grid and its endpoints), [`parse`] (three
//! file formats and URLs), [`url`] (puzz.link URLs), [`encode`] (the sound
//! default encoding), [`seed`] (the original solver's encoding, kept for
//! comparison), [`decode`] (reading a model by variable name), [`check`]
//! (the rules, sharing nothing with the encodings) and [`render`].
//!
//! ```text
//! encode-numberlink p.txt | solve | decode-numberlink
//! encode-numberlink p.txt | solve --max 2 | decode-numberlink   # unique?
//! ```

pub mod check;
pub mod decode;
pub mod encode;
mod grid;
pub mod parse;
pub mod puzzle;
pub mod render;
mod route;
pub mod seed;
pub mod url;

use crate::explain::{describe_builder, Explanation};
use crate::builder::FormulaBuilder;
use crate::error::{Error, Result};
use crate::family::{Assignment, Family, GridSpans, Part};
use crate::partial::GridCell;
pub use puzzle::{Cell, Format, Puzzle};

/// Which encoding `encode-numberlink` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Encoding {
    /// Sound: cell colours, edges, degrees and a per-cell shift register
    /// that rules out detached loops (see `--cycles`).
    #[default]
    Rank,
    /// The original solver's encoding (unsound: admits detached loops and
    /// rejects adjacent endpoints); for comparisons only.
    Seed,
}

/// How the rank encoding represents the colour (line) of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Colours {
    /// Binary codes when cells can take many colours, else one-hot.
    #[default]
    Auto,
    /// One variable per cell and possible line.
    OneHot,
    /// The bits of the line's index per cell.
    Log,
}

/// How the rank encoding rules out detached loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Cycles {
    /// `winding` under the default rules, `register` otherwise.
    #[default]
    Auto,
    /// One ray per line and a shift register stepped only where an edge
    /// crosses a ray (default rules only: every cell filled, strict rule).
    Winding,
    /// Oriented arcs and a shift register stepped along every arc (any
    /// rules).
    Register,
}

/// Which relaxation ladders (`c relax`) the rank encoding writes under
/// `--allow-empty`: the order in which `solve` searches, never the
/// solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Ladders {
    /// The router's routes when they share no cell (the first search then
    /// confirms them), the fill ladder otherwise.
    #[default]
    Auto,
    /// Every line first on the route a negotiated-congestion router found
    /// for it; where routes conflict, ever wider windows around the
    /// conflicts open to every line.
    Route,
    /// The fullest solutions first: at most 0, 1, 3, 7, 15 empty cells
    /// of one chessboard colour, and as many plus the surplus every
    /// solution leaves of the other.
    Fill,
    /// Every line first on a shortest route, then on ever longer ones.
    Detour,
    /// No ladders: one search with empty cells.
    None,
}

/// Options of `encode-numberlink` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// Cells may stay empty (ADC contest rules).
    #[arg(long)]
    pub allow_empty: bool,
    /// A line may run beside itself (the strict cell rule is dropped).
    #[arg(long)]
    pub allow_touching: bool,
    /// The encoding to write.
    #[arg(long, value_enum, default_value_t = Encoding::Rank)]
    pub encoding: Encoding,
    /// How the rank encoding represents cell colours (`--colours` is the
    /// older name).
    #[arg(long = "colour-encoding", alias = "colours", value_name = "ENCODING", value_enum, default_value_t = Colours::Auto)]
    pub colours: Colours,
    /// How the rank encoding rules out detached loops (`--cycles` is the
    /// older name).
    #[arg(long = "cycle-encoding", alias = "cycles", value_name = "ENCODING", value_enum, default_value_t = Cycles::Auto)]
    pub cycles: Cycles,
    /// With --allow-empty: which relaxation ladders guide the search.
    #[arg(long, value_enum, default_value_t = Ladders::Auto)]
    pub ladders: Ladders,
    /// No presolve. By default forced moves are decided first (a cell
    /// with as many possible segments as it needs, loops, colours, and
    /// under the default rules the corners no cell can turn) and added as
    /// clauses; sound under every rule set, no answer or count changes.
    #[arg(long)]
    pub no_presolve: bool,
    /// The older spelling of --no-presolve: `--presolve false` (or
    /// `true`), still read from command lines and stream headers.
    #[arg(long = "presolve", value_name = "BOOL", hide = true, conflicts_with = "no_presolve")]
    pub presolve_legacy: Option<bool>,
    /// Which puzzle of a multi-puzzle letter-grid file (1-based).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub puzzle: usize,
    /// Every puzzle of a multi-puzzle letter-grid file, one formula each
    /// in one stream (`solve` and `decode-numberlink` take them in turn).
    #[arg(long)]
    pub all_puzzles: bool,
}

impl Options {
    /// Whether the presolve runs: unless `--no-presolve` (or the older
    /// `--presolve false`).
    pub fn presolve(&self) -> bool {
        !self.no_presolve && self.presolve_legacy != Some(false)
    }
}

/// How `decode-numberlink` draws a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Style {
    /// The seed solver's result format: the number matrix, a blank line,
    /// the line drawing (coloured on a terminal).
    #[default]
    Both,
    /// Only the number matrix.
    Numbers,
    /// Only the line drawing.
    Lines,
    /// The ADC 2015 answer format (`SIZE WxH`, rows of `01,02,...`).
    Adc,
    /// An SVG picture, one colour per line (redirect to a file; or use
    /// `--svg FILE`).
    Svg,
    /// The solution as one JSON object a line (`grid`, `edges`).
    Json,
}

/// A solved puzzle: the pair number of every cell and the line segments.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// `grid[r][c]` is the pair number (1-based) filling the cell, 0 when
    /// empty.
    pub grid: Vec<Vec<usize>>,
    /// The line segments between orthogonally adjacent cells, as pairs of
    /// 0-based `(row, column)` cells, the smaller cell first.
    pub edges: Vec<[Cell; 2]>,
}

/// The Numberlink family (see the module documentation).
pub struct Numberlink;
impl Family for Numberlink {
    const NAME: &'static str = "numberlink";
    const ABOUT: &'static str = "Reads the seed format (K, N M, grid), the ADC 2015 format \
        (SIZE WxH, LINE#k), letter grids (W H, rows; --puzzle N) and puzz.link URLs (numlin, \
        arukone; given as the argument, or one a line in a file), whose genre sets the rules.";
    const EXAMPLES: &'static str = "  encode-numberlink p.txt | solve | decode-numberlink\n  \
        encode-numberlink p.txt | solve --max 2 | decode-numberlink\n  \
        encode-numberlink --allow-empty Q08.txt | solve | decode-numberlink --format adc\n  \
        encode-numberlink p.txt | solve | decode-numberlink --svg p.svg\n  \
        encode-numberlink https://puzz.link/p?numlin/5/5/1j2h3m1h2j3 | solve --max 2 | decode-numberlink\n  \
        encode-numberlink --all-puzzles urls.txt | solve | decode-numberlink";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn parts(
        source_name: &str,
        text: &str,
        options: &Options,
    ) -> Result<Option<Vec<Part<Options>>>> {
        let options_for = |number: usize| Options {
            puzzle: number,
            all_puzzles: false,
            ..options.clone()
        };
        crate::family::collection_parts(
            source_name,
            text,
            (options.puzzle, options.all_puzzles),
            options_for,
            |text| {
                let (spans, complete) = parse::letter_grid_spans(text);
                GridSpans { spans, complete }
            },
        )
    }

    fn parse(source_name: &str, text: &str, options: &Options) -> Result<Puzzle> {
        parse::parse(source_name, text, options.puzzle)
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        let options = &with_puzzle_rules(puzzle, options);
        match options.encoding {
            Encoding::Rank => {
                let default_rules = !options.allow_empty && !options.allow_touching;
                if options.cycles == Cycles::Winding && !default_rules {
                    return Err(Error::Usage(
                        "--cycles winding needs the default rules (no --allow-empty, --allow-touching): \
                         only there does every loop enclose a line"
                            .into(),
                    ));
                }
                Ok(encode::encode(puzzle, options))
            }
            Encoding::Seed => {
                if options.allow_empty || options.allow_touching {
                    return Err(Error::Usage(
                        "--encoding seed supports only the default rules (no --allow-empty, --allow-touching)".into(),
                    ));
                }
                Ok(seed::encode(puzzle))
            }
        }
    }

    fn decode(puzzle: &Puzzle, options: &Options, assignment: &Assignment<'_>) -> Result<Solution> {
        Ok(match options.encoding {
            Encoding::Rank => decode::decode(puzzle, assignment),
            Encoding::Seed => decode::decode_seed(puzzle, assignment),
        })
    }

    fn is_machine_format(style: &Style) -> bool {
        matches!(style, Style::Adc | Style::Svg | Style::Json)
    }

    fn render(puzzle: &Puzzle, solution: &Solution, style: &Style) -> String {
        render::render(puzzle, solution, *style)
    }

    fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
        render::svg(puzzle, solution)
    }

    /// A cell shows its line's glyph (or its endpoint's label) and is
    /// compared by the glyph and the line.
    fn cells(puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
        let glyphs = render::glyphs(puzzle, solution);
        let mut cells = Vec::with_capacity(puzzle.rows * puzzle.cols);
        for (r, row) in glyphs.into_iter().enumerate() {
            for (c, glyph) in row.into_iter().enumerate() {
                let line = solution
                    .grid
                    .get(r)
                    .and_then(|row| row.get(c))
                    .copied()
                    .unwrap_or(0);
                let key = format!("{glyph} {line}");
                cells.push(GridCell::keyed(r, c, glyph, key));
            }
        }
        cells
    }

    /// The lines that cannot all be drawn together, found on the
    /// encoding without presolve (whose forced segments would decide the
    /// clash before any line is blamed).
    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<Explanation> {
        let plain = Options {
            no_presolve: true,
            presolve_legacy: None,
            ..options.clone()
        };
        describe_builder(Self::encode(puzzle, &plain).ok()?)
    }

    /// With the presolve, the segments it decides and what they force
    /// leave the formula for the header's `c fixed` lines.
    fn fix_forced(options: &Options) -> bool {
        options.presolve()
    }

    fn check(
        puzzle: &Puzzle,
        options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        let options = &with_puzzle_rules(puzzle, options);
        check::check(
            puzzle,
            solution,
            check::Rules {
                fill: !options.allow_empty,
                strict: !options.allow_touching,
            },
        )
    }
}

/// `options` with the rules that the puzzle's own format sets: a
/// puzz.link genre's ([`url::Genre`]: lines may always run beside
/// themselves, and cells may stay empty where the genre says so), which
/// the options can only loosen further.
pub fn with_puzzle_rules(puzzle: &Puzzle, options: &Options) -> Options {
    let mut options = options.clone();
    if let Format::Puzzlink(genre) = puzzle.format {
        options.allow_touching = true;
        options.allow_empty |= genre.allows_empty();
    }
    options
}
