//! The exact-cover encoding: one variable per choice (a tile, or a word on
//! a tile, or a path, see [`Distinct`]), exactly one chosen choice per
//! cell, the choices as the projection set.
//!
//! The exactly-one constraint of a cell is one at-least-one clause and an
//! at-most-one encoding over the choices that cover the cell (bimander by
//! default: a 6x5 grid with 735 tiles needs about 900 variables and 31,000
//! clauses, not the 389,000 pairwise conflicts of the original's encoding,
//! and its models are five times shorter than the ladder's, which matters
//! when hundreds of solutions are printed and read).
//!
//! Word counts as objectives (WCNF soft clauses, optimised by `solve`):
//!
//! - least words: a unit soft clause `-x` of weight 1 for every choice, so
//!   the cost is the number of words;
//! - most words: a soft clause `-x` of weight `|cells| - 1` for every
//!   choice. A cover by `k` words of a grid of `n` cells costs
//!   `sum (|tile| - 1) = n - k`: minimising the cost maximises the words,
//!   and the word count is `n - o` for `solve`'s final line `o N`.

use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use crate::sanalouhos::grid::Grid;
use crate::sanalouhos::search::Found;

/// Which solutions count as different.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Distinct {
    /// Solutions are sets of tiles (cell sets): the original's count.
    #[default]
    Tiles,
    /// A solution also fixes which word each tile spells.
    Words,
    /// A solution also fixes each word's directed path.
    Paths,
}

/// What the formula asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Mode {
    /// Any cover (`solve`); the formula is plain CNF.
    #[default]
    Any,
    /// Every cover: the same CNF, meant for `solve --all`.
    All,
    /// A cover by the fewest words (WCNF; `o N`: N words).
    LeastWords,
    /// A cover by the most words (WCNF; `o N`: rows*cols - N words).
    MostWords,
}

/// One variable of the encoding: a tile with some of its spellings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Index into [`Found::tiles`].
    pub tile: usize,
    /// Indices into the tile's spellings that this choice stands for.
    pub spellings: Vec<usize>,
    /// The variable name: `tile(1,2,3)=ovi/voi`, `word(1,2,3)=ovi` or
    /// `path(3,2,1)=ivo` (cells numbered row by row from 1; a path in its order).
    pub name: String,
}

/// The choices (variables) of `found` under `distinct`.
pub fn choices(found: &Found, distinct: Distinct) -> Vec<Choice> {
    let list = |cells: &[usize]| -> String {
        // Cells are numbered row by row from 1 (docs/conventions.md).
        let text: Vec<String> = cells.iter().map(|cell| (cell + 1).to_string()).collect();
        text.join(",")
    };
    let mut out = Vec::new();
    for (t, tile) in found.tiles.iter().enumerate() {
        match distinct {
            Distinct::Tiles => out.push(Choice {
                tile: t,
                spellings: (0..tile.spellings.len()).collect(),
                name: names::valued("tile", &[&list(&tile.cells)], &tile.words().join("/")),
            }),
            Distinct::Words => {
                for word in tile.words() {
                    out.push(Choice {
                        tile: t,
                        spellings: (0..tile.spellings.len())
                            .filter(|&s| tile.spellings[s].word == word)
                            .collect(),
                        name: names::valued("word", &[&list(&tile.cells)], &word),
                    });
                }
            }
            Distinct::Paths => {
                for (s, spelling) in tile.spellings.iter().enumerate() {
                    out.push(Choice {
                        tile: t,
                        spellings: vec![s],
                        name: names::valued("path", &[&list(&spelling.path)], &spelling.word),
                    });
                }
            }
        }
    }
    out
}

/// The formula: exactly one choice per cell of `grid`, with the objective
/// of `mode`. Each cell's constraint is a group of its own, so that a grid
/// without a cover is explained by the cells that cannot all be covered.
pub fn encode(
    grid: &Grid,
    found: &Found,
    choices: &[Choice],
    mode: Mode,
    amo: AtMostOne,
) -> FormulaBuilder {
    let mut builder = FormulaBuilder::new("sanalouhos", "sanalouhos/exact-cover");
    let vars: Vec<_> = choices
        .iter()
        .map(|c| builder.named(c.name.clone()))
        .collect();
    let mut covering = vec![Vec::new(); grid.len()];
    for (choice, &var) in choices.iter().zip(&vars) {
        for &cell in &found.tiles[choice.tile].cells {
            covering[cell].push(var);
        }
    }
    for (cell, lits) in covering.iter().enumerate() {
        builder.group(format!(
            "cell {} {} covered by exactly one word",
            grid.label(cell),
            grid.letter(cell)
        ));
        builder.exactly_one(lits, amo);
    }
    builder.end_group();
    for (choice, &var) in choices.iter().zip(&vars) {
        match mode {
            Mode::Any | Mode::All => {}
            Mode::LeastWords => builder.soft(1, &[!var]),
            Mode::MostWords => {
                let size = found.tiles[choice.tile].cells.len() as u64;
                builder.soft(size.saturating_sub(1), &[!var]);
            }
        }
    }
    let projection: Vec<_> = vars.iter().map(|l| l.var()).collect();
    builder.projection(&projection);
    // Exactly one choice per cell: no cover contains another, so blocking
    // the true choices of a solution excludes that solution alone.
    builder.blocking_positive();
    // An exact cover: "some choice covers this cell" clauses are the
    // branching rule of dancing links; enumerate by cubes over them.
    builder.enumerate_by_cubes();
    builder
}
