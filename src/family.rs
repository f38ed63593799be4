//! The shape every puzzle family has, so that the encoder and decoder
//! commands of all families are the same code with a different type.
//!
//! A family is one module implementing [`Family`]:
//!
//! ```text
//! parse(name, text, &options) -> Puzzle            // errors name file:line
//! encode(&Puzzle, &options)   -> FormulaBuilder    // named variables
//! decode(&Puzzle, &Assignment) -> Solution         // reads variables by name
//! render(&Puzzle, &Solution, format) -> String
//! svg(&Puzzle, &Solution)   -> String            // --svg, and --png from it
//! preamble / no_solution                        // optional hooks
//! check(&Puzzle, &Solution) -> Result<(), String> // shares no code with encode
//! ```
//!
//! and one line in the registry ([`crate::registry`]), which gives it the
//! commands `encode-<family>` and `decode-<family>`
//! ([`crate::cli::family`]). The generic commands store the puzzle
//! verbatim and the options in the CNF header, so the decoder needs
//! nothing but the stream.

use crate::builder::FormulaBuilder;
use crate::error::Result;
use crate::model::Model;
use crate::names::{NameIndex, Names};
use rustsat::types::Var;
use std::borrow::Cow;

/// A model seen through the variable names of its header.
pub struct Assignment<'a> {
    index: &'a NameIndex<'a>,
    model: &'a Model,
}

impl<'a> Assignment<'a> {
    /// Wraps a model with a name index.
    pub fn new(index: &'a NameIndex<'a>, model: &'a Model) -> Self {
        Assignment { index, model }
    }

    /// The value of the variable called `name`; `None` when the header
    /// has no such name.
    pub fn value(&self, name: &str) -> Option<bool> {
        self.index.get(name).map(|var| self.model.value(var))
    }

    /// The value of the variable called `predicate(args...)` (integer
    /// arguments, no `=value`), as [`Assignment::value`] of the name
    /// spelled out, but found without spelling it when a block of names
    /// (`c vars`) holds it.
    pub fn value_of(&self, predicate: &str, args: &[i64]) -> Option<bool> {
        self.index
            .get_ints(predicate, args)
            .map(|var| self.model.value(var))
    }

    /// True when the variable called `name` exists and is true.
    pub fn is_true(&self, name: &str) -> bool {
        self.value(name) == Some(true)
    }

    /// The names of all true named variables.
    pub fn true_names(&self) -> impl Iterator<Item = Cow<'a, str>> + '_ {
        self.true_names_of(None)
    }

    /// The names of the true named variables whose predicate (the text
    /// before `(`) is `predicate`, or all of them for `None`.
    pub fn true_names_of(
        &self,
        predicate: Option<&'a str>,
    ) -> impl Iterator<Item = Cow<'a, str>> + '_ {
        let names: &'a Names = self.index.names();
        let model = self.model;
        let wanted = move |name: &str| {
            predicate.is_none_or(|p| name.split_once('(').is_some_and(|(q, _)| q == p))
        };
        let singles = names
            .singles()
            .into_iter()
            .filter(move |&(var, name)| model.value(var) && wanted(name))
            .map(|(_, name)| Cow::Borrowed(name));
        let blocks = names
            .blocks()
            .iter()
            .filter(move |b| predicate.is_none_or(|p| b.predicate() == p))
            .flat_map(move |b| {
                (0..b.len())
                    .filter(move |&i| model.value(Var::new(b.first() + i)))
                    .map(move |i| Cow::Owned(b.name(i)))
            });
        singles.chain(blocks)
    }
}

/// One puzzle of an input that holds several (see [`Family::parts`]).
#[derive(Debug, Clone)]
pub struct Part<O> {
    /// The options that pick this puzzle out of the whole input (e.g.
    /// `--puzzle 5`): the encoder parses the input under them, so errors
    /// name the input's own lines.
    pub options: O,
    /// The puzzle's own text, which the CNF header stores instead of the
    /// whole input.
    pub text: String,
    /// How the header's recorded options change so that `text` alone
    /// parses to the same puzzle: `(name, Some(value))` records
    /// `--name=value` in place of the given one, `(name, None)` drops
    /// `--name`.
    pub header_options: Vec<(&'static str, Option<String>)>,
}

/// The grids of a collection file, as [`collection_parts`] takes them:
/// each puzzle's line span (0-based, end exclusive, into `text.lines()`)
/// and whether the list is complete (false when something that is no
/// puzzle ends the file; parsing the next puzzle then reports it).
pub struct GridSpans {
    /// The puzzles' line spans, in file order.
    pub spans: Vec<std::ops::Range<usize>>,
    /// False when the file goes on with something that is no puzzle.
    pub complete: bool,
}

/// [`Family::parts`] for a family whose collections are puzz.link URL
/// lists ([`crate::puzzlink::parts`]) or grids one after the other
/// (`grids`, found only when the text is no URL list). `index` (1-based)
/// and `all` are the family's `--puzzle` and `--all-puzzles`, which must
/// not both be given; `options_for(N)` are the options that pick puzzle N
/// out of the whole file.
///
/// `Ok(None)` (store the input whole) for a single puzzle unless `all`.
/// Otherwise each part's text is a comment `# puzzle N of FILE` and the
/// grid's own lines, recorded as `--puzzle=1` without `--all-puzzles`.
/// A puzzle that is not there (beyond the file, or the rest of an
/// incomplete list) gets the whole text, whose parsing under its number
/// reports the error; with `all` and no grid found, the one part is the
/// whole text.
pub fn collection_parts<O>(
    source: &str,
    text: &str,
    (index, all): (usize, bool),
    options_for: impl Fn(usize) -> O,
    grids: impl FnOnce(&str) -> GridSpans,
) -> Result<Option<Vec<Part<O>>>> {
    if all && index != 1 {
        return Err(crate::error::Error::Usage(
            "--all-puzzles takes every puzzle of the file: leave out --puzzle".into(),
        ));
    }
    let header = [("puzzle", Some("1".to_string())), ("all-puzzles", None)];
    if crate::puzzlink::url_lines(text).is_some() {
        return Ok(crate::puzzlink::parts(
            source,
            text,
            index,
            all,
            options_for,
            &header,
        ));
    }
    let GridSpans { spans, complete } = grids(text);
    if spans.len() < 2 && !all {
        return Ok(None);
    }
    let file = std::path::Path::new(source)
        .file_name()
        .map_or_else(|| source.to_string(), |f| f.to_string_lossy().into_owned());
    let lines: Vec<&str> = text.lines().collect();
    let part = |number: usize, span: Option<&std::ops::Range<usize>>| Part {
        options: options_for(number),
        text: match span {
            Some(span) => {
                let mut own = format!("# puzzle {number} of {file}\n");
                for line in &lines[span.clone()] {
                    own.push_str(line);
                    own.push('\n');
                }
                own
            }
            None => text.to_string(),
        },
        header_options: header.to_vec(),
    };
    Ok(Some(if !all {
        vec![part(index, spans.get(index.wrapping_sub(1)))]
    } else if spans.is_empty() {
        vec![part(1, None)]
    } else {
        let mut parts: Vec<_> = (1..).zip(&spans).map(|(n, s)| part(n, Some(s))).collect();
        if !complete {
            parts.push(part(spans.len() + 1, None));
        }
        parts
    }))
}

/// One puzzle family.
pub trait Family {
    /// The family name, as in the header's `c family` line.
    const NAME: &'static str;
    /// A one-line description for `--help`.
    const ABOUT: &'static str;
    /// Example pipelines for `--help`.
    const EXAMPLES: &'static str;
    /// Encoder options (clap flags of `encode-<family>`). The generic
    /// encoder records them in the header as `c option` lines, one
    /// command-line argument each, and the decoder parses those lines back
    /// with the same clap definition: a family writes no header code
    /// (`Sync`: the puzzles of a collection are encoded on two threads).
    type Options: clap::Args + Clone + std::fmt::Debug + Send + Sync;
    /// The parsed puzzle (`Send`: the decoder parses it on a thread of its
    /// own while the model stream is still arriving).
    type Puzzle: Send;
    /// A solved puzzle.
    type Solution: serde::Serialize;
    /// Rendering styles of `decode-<family> --style`.
    type Style: clap::ValueEnum + Clone + Default + Send + Sync + 'static;

    /// The puzzle text when it does not come from reading the input file:
    /// assembled from the options (a crossword's `--pattern` and `--words`
    /// files gathered into one self-contained document, which the header
    /// then stores), or written on the command line in place of a file
    /// name (a word grid's letters; `argument` is that name, given only when
    /// no file of that name exists). Returns the source name for messages
    /// and the text; `Ok(None)`, the default, reads the input file.
    fn puzzle_text(
        _argument: Option<&str>,
        _options: &Self::Options,
    ) -> Result<Option<(String, String)>> {
        Ok(None)
    }
    /// The puzzles of an input that holds several (a collection file), for
    /// the header to store only the chosen puzzle's text, or, when the
    /// options ask for every puzzle, for `encode-<family>` to write one
    /// formula per puzzle into one stream (docs/streams.md). `Ok(None)`,
    /// the default, means the input is one puzzle, stored whole.
    fn parts(
        _source_name: &str,
        _text: &str,
        _options: &Self::Options,
    ) -> Result<Option<Vec<Part<Self::Options>>>> {
        Ok(None)
    }
    /// Parses a puzzle file; errors name `source_name` and the line.
    fn parse(source_name: &str, text: &str, options: &Self::Options) -> Result<Self::Puzzle>;
    /// Encodes the puzzle with named variables.
    fn encode(puzzle: &Self::Puzzle, options: &Self::Options) -> Result<FormulaBuilder>;
    /// Reads a solution out of a model, by variable name.
    fn decode(
        puzzle: &Self::Puzzle,
        options: &Self::Options,
        assignment: &Assignment<'_>,
    ) -> Result<Self::Solution>;
    /// Renders a solution for a person.
    fn render(puzzle: &Self::Puzzle, solution: &Self::Solution, style: &Self::Style) -> String;
    /// The solution in `style` as the bytes `decode-<family>` writes:
    /// [`Family::render`]'s text, unless the style is a binary file
    /// format (a crossword's `.puz`); an error when the solution cannot
    /// be written so.
    fn render_bytes(
        puzzle: &Self::Puzzle,
        solution: &Self::Solution,
        style: &Self::Style,
    ) -> Result<Vec<u8>> {
        Ok(Self::render(puzzle, solution, style).into_bytes())
    }
    /// An SVG drawing of the solution, for `decode-<family> --svg`; the
    /// `--png` picture is rendered from it ([`crate::svg`]). A whole
    /// document with `width`, `height` and `viewBox`, its text escaped;
    /// [`crate::svg::Svg`] writes the frame.
    fn svg(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String;
    /// The solution cell by cell: where each cell is drawn and what it
    /// shows, the same cells in the same order for every solution of the
    /// puzzle. Solutions are compared by it ([`crate::partial`]): the
    /// forced cells after `solve --backbone`, the differing ones with
    /// `decode-<family> --diff`. A cell must tell apart every difference
    /// of its variables (its key may say more than its text).
    fn cells(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Vec<crate::partial::GridCell>;
    /// True for a style that programs read (SVG, JSON, a contest answer
    /// file, a puzzle file): standard output then holds that format alone,
    /// for the first solution, and the verdict goes to standard error.
    fn is_machine_format(_style: &Self::Style) -> bool {
        false
    }
    /// Text printed before the solutions (not with `--json`): e.g. the
    /// puzzle itself and counts; `solutions` is the number of solutions in
    /// the stream, and `complete` whether the stream says there are no
    /// others (an enumeration that ran to its end).
    fn preamble(
        _puzzle: &Self::Puzzle,
        _options: &Self::Options,
        _solutions: usize,
        _complete: bool,
    ) -> Option<String> {
        None
    }
    /// Why there is no solution, printed after "no solution" when the
    /// stream says UNSAT (long lists cut to their first items unless
    /// `--explain full`; the whole text in the JSON as `explanation`). By default,
    /// the puzzle is encoded again and a minimal set of the encoder's
    /// clause groups ([`FormulaBuilder::group`]: clues, lines, slots) that
    /// cannot hold together is named ([`crate::explain`]).
    fn no_solution(
        puzzle: &Self::Puzzle,
        options: &Self::Options,
    ) -> Option<crate::explain::Explanation> {
        crate::explain::describe_builder(Self::encode(puzzle, options).ok()?)
    }
    /// The formula's table constraints, for the `tables` solver
    /// ([`crate::solver::tables`]): `Some` only when they and "each group
    /// takes one value" say exactly what the formula says about its named
    /// variables (`variable` finds a name's CNF variable); `None`, the
    /// default, when the family has none or they would not say it all.
    fn tables(
        _puzzle: &Self::Puzzle,
        _options: &Self::Options,
        _variable: &dyn Fn(&str) -> Option<Var>,
    ) -> Option<crate::solver::tables::TableSpec> {
        None
    }
    /// The lowest and the total score of a solution's scored parts (a
    /// crossword's entries: the tuples of its scored tables), against
    /// which the decoder checks what a best-scores search claims
    /// ([`crate::solver::tables::best`]); `None`, the default, for a
    /// family without scores.
    fn score_summary(_solution: &Self::Solution) -> Option<(u32, u64)> {
        None
    }
    /// Whether `encode-<family>` takes what the formula's unit clauses
    /// force out of the formula it writes (`c fixed`,
    /// [`crate::cnf::simplify`]): for encoders whose presolve decides part
    /// of the puzzle, so that the stream carries what is still open. No
    /// answer or count changes. The default is no.
    fn fix_forced(_options: &Self::Options) -> bool {
        false
    }
    /// Checks a solution against the puzzle's rules, independently of the
    /// encoding; the error says which rule is broken where.
    fn check(
        puzzle: &Self::Puzzle,
        options: &Self::Options,
        solution: &Self::Solution,
    ) -> std::result::Result<(), String>;
}
