//! A Numberlink puzzle: the grid's size, the endpoints of every pair and
//! the format it came in (which decides how its labels are shown).

/// Where a puzzle came from, which decides how labels are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// The seed solver's `K` / `N M` / grid format.
    Seed,
    /// The ADC 2015 contest format.
    Adc,
    /// Thomas Ahle's letter grids.
    Letters,
    /// A puzz.link URL, whose genre carries its rules
    /// ([`super::url::Genre`]).
    Puzzlink(super::url::Genre),
}

impl Format {
    /// True when lines are shown by their labels as the puzzle wrote them
    /// (a letter grid's characters, Arukone's letters) rather than by
    /// their numbers.
    pub fn shows_labels(self) -> bool {
        matches!(
            self,
            Format::Letters | Format::Puzzlink(super::url::Genre::Arukone { .. })
        )
    }
}

/// A cell as (row, column), both 0-based.
pub type Cell = (usize, usize);

/// A parsed Numberlink puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The two endpoints of pair `k + 1` at index `k`, in reading order
    /// (the first one is where the encodings start the line).
    pub pairs: Vec<[Cell; 2]>,
    /// The number that names pair `k + 1` in results (as in the file for
    /// the seed and ADC formats, where some numbers up to `K` may be
    /// unused; 1..=K in sorted character order for letter grids).
    pub numbers: Vec<usize>,
    /// The label of pair `k + 1` as written in the file (a number, or a
    /// character in Ahle's format).
    pub labels: Vec<String>,
    /// The file format it was read from.
    pub format: Format,
}

impl Puzzle {
    /// Number of pairs (`K`).
    pub fn num_pairs(&self) -> usize {
        self.pairs.len()
    }

    /// The number of the pair whose endpoint is at `cell`, if any.
    pub fn endpoint(&self, cell: Cell) -> Option<usize> {
        self.pairs
            .iter()
            .position(|p| p[0] == cell || p[1] == cell)
            .map(|k| self.numbers[k])
    }

    /// A grid of pair numbers at the endpoints, 0 elsewhere.
    pub fn endpoint_grid(&self) -> Vec<Vec<usize>> {
        let mut grid = vec![vec![0; self.cols]; self.rows];
        for (k, pair) in self.pairs.iter().enumerate() {
            for &(r, c) in pair {
                grid[r][c] = self.numbers[k];
            }
        }
        grid
    }

    /// The largest pair number (0 without pairs).
    pub fn max_number(&self) -> usize {
        self.numbers.iter().copied().max().unwrap_or(0)
    }
}
