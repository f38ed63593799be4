//! The layout drawing and how `|` blocks are read against it.
//!
//! Every `*` of the layout is one cell; cells are numbered in text order.
//! A block (range, initial or rule pattern) is read against the layout
//! character by character: under a `*` it holds an [`Entry`], anywhere else
//! it must repeat the layout's character. A newline in the block skips the
//! rest of the layout line and continues on the next one at the column the
//! match started in, so a block may stop early and may be a sub-drawing of
//! the layout. Range and initial blocks are read at the top left only; rule
//! patterns at every character offset, each match being one instance.

/// One entry of a block, under a layout `*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// `.`: nothing.
    Blank,
    /// `*`.
    Star,
    /// A letter, 1 for `a`/`A` to 26 for `z`/`Z`.
    Letter(u8),
    /// A run of digits (greedy: `10` is one entry).
    Number(i32),
}

/// Where a cell is: 0-based row of the layout and 0-based column (in
/// characters after the `|`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellPos {
    /// Layout row (0-based).
    pub row: usize,
    /// Column after the `|` (0-based).
    pub col: usize,
}

/// The lines of a `|` block, without the `|`, with their line numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The text of each line after the `|`.
    pub lines: Vec<String>,
    /// The 1-based file line of each line.
    pub line_numbers: Vec<usize>,
}

impl Block {
    /// The file line of the block's first line.
    pub fn first_line(&self) -> usize {
        self.line_numbers.first().copied().unwrap_or(1)
    }

    /// The file line of the block's `index`-th line (clamped).
    pub fn line(&self, index: usize) -> usize {
        let last = self.line_numbers.len().saturating_sub(1);
        self.line_numbers.get(index.min(last)).copied().unwrap_or(1)
    }

    /// The block as one text: every line followed by a newline.
    fn chars(&self) -> Vec<char> {
        let mut text = Vec::new();
        for line in &self.lines {
            text.extend(line.chars());
            text.push('\n');
        }
        text
    }
}

/// Why a block does not match at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The 0-based line of the block where matching failed.
    pub block_line: usize,
    /// What went wrong.
    pub reason: String,
}

/// The layout: its drawing and where its cells are.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The drawing, one string per line (after the `|`).
    pub block: Block,
    /// Every cell, in text order.
    pub cells: Vec<CellPos>,
    /// The drawing as characters, each line ending in a newline.
    text: Vec<char>,
    /// For each character of `text`, the cell it is (for `*`).
    cell_at: Vec<Option<usize>>,
    /// Each cell's place in the grid (see [`Layout::grid_pos`]).
    grid: Vec<(usize, usize)>,
}

impl Layout {
    /// The layout drawn by `block`.
    pub fn new(block: Block) -> Layout {
        let text = block.chars();
        let mut cells = Vec::new();
        let mut cell_at = Vec::with_capacity(text.len());
        let (mut row, mut col) = (0, 0);
        for &c in &text {
            if c == '*' {
                cell_at.push(Some(cells.len()));
                cells.push(CellPos { row, col });
            } else {
                cell_at.push(None);
            }
            if c == '\n' {
                row += 1;
                col = 0;
            } else {
                col += 1;
            }
        }
        let grid = grid_positions(&cells);
        Layout {
            block,
            cells,
            text,
            cell_at,
            grid,
        }
    }

    /// A cell's row and column in the grid, as a player reads it (both
    /// 1-based): row R is the R-th line of the layout that has cells,
    /// column C the C-th character column that has cells, so decoration
    /// (box lines, spaces between cells) does not count.
    pub fn grid_pos(&self, cell: usize) -> (usize, usize) {
        self.grid[cell]
    }

    /// The number of rows and of columns of the grid ([`Layout::grid_pos`]).
    pub fn grid_size(&self) -> (usize, usize) {
        let rows = self.grid.iter().map(|&(r, _)| r).max().unwrap_or(0);
        let columns = self.grid.iter().map(|&(_, c)| c).max().unwrap_or(0);
        (rows, columns)
    }

    /// "row R, column C" of a cell in the grid ([`Layout::grid_pos`]).
    pub fn grid_name(&self, cell: usize) -> String {
        let (row, column) = self.grid[cell];
        format!("row {row}, column {column}")
    }

    /// "rRcC", the sudoku players' short name of a cell in the grid
    /// ([`Layout::grid_pos`]).
    pub fn grid_short(&self, cell: usize) -> String {
        let (row, column) = self.grid[cell];
        format!("r{row}c{column}")
    }

    /// The file line of a cell.
    pub fn cell_line(&self, cell: usize) -> usize {
        self.block.line(self.cells[cell].row)
    }

    /// "line L column C" of a cell, for messages (the column counts the `|`).
    pub fn describe_cell(&self, cell: usize) -> String {
        format!(
            "line {} column {}",
            self.cell_line(cell),
            self.cells[cell].col + 2
        )
    }

    /// Reads `block` against the whole layout (from the top left): the
    /// non-blank entries with their cells.
    pub fn read(&self, block: &Block) -> Result<Vec<(usize, Entry)>, Mismatch> {
        self.read_at(&block.chars(), 0)
    }

    /// Reads the pattern `block` at every offset of the layout: one list
    /// of entries per place where it matches (empty when it matches
    /// nowhere).
    pub fn find_all(&self, block: &Block) -> Vec<Vec<(usize, Entry)>> {
        let pattern = block.chars();
        (0..self.text.len())
            .filter_map(|offset| self.read_at(&pattern, offset).ok())
            .collect()
    }

    /// Reads `pattern` with its first character at layout character
    /// `offset`.
    fn read_at(&self, pattern: &[char], offset: usize) -> Result<Vec<(usize, Entry)>, Mismatch> {
        let indent = self.text[..offset]
            .iter()
            .rev()
            .take_while(|&&c| c != '\n')
            .count();
        let mut entries = Vec::new();
        let mut at = offset;
        let mut i = 0;
        let mut block_line = 0;
        let fail = |block_line: usize, reason: String| Err(Mismatch { block_line, reason });
        while i < pattern.len() {
            let c = pattern[i];
            if c == '\n' {
                i += 1;
                block_line += 1;
                while at < self.text.len() {
                    at += 1;
                    if self.text[at - 1] == '\n' {
                        break;
                    }
                }
                for _ in 0..indent {
                    if at >= self.text.len() || self.text[at] == '\n' {
                        break;
                    }
                    at += 1;
                }
                continue;
            }
            let Some(&expected) = self.text.get(at) else {
                return fail(block_line, "the block is longer than the layout".into());
            };
            match self.cell_at[at] {
                Some(cell) => {
                    let (entry, used) = match read_entry(&pattern[i..]) {
                        Ok(read) => read,
                        Err(reason) => return fail(block_line, reason),
                    };
                    i += used;
                    if entry != Entry::Blank {
                        entries.push((cell, entry));
                    }
                }
                None if expected == c => i += 1,
                None if expected == '\n' => {
                    return fail(
                        block_line,
                        format!("'{c}' goes beyond the end of the layout line"),
                    )
                }
                None => {
                    return fail(
                        block_line,
                        format!(
                            "'{c}' at column {} where the layout has '{expected}'",
                            column_of(pattern, i) + 2
                        ),
                    )
                }
            }
            at += 1;
        }
        Ok(entries)
    }
}

/// The grid row and column (1-based ranks among the rows and the
/// columns that hold cells) of every cell.
fn grid_positions(cells: &[CellPos]) -> Vec<(usize, usize)> {
    let mut rows: Vec<usize> = cells.iter().map(|p| p.row).collect();
    let mut columns: Vec<usize> = cells.iter().map(|p| p.col).collect();
    for ranks in [&mut rows, &mut columns] {
        ranks.sort_unstable();
        ranks.dedup();
    }
    let rank = |ranks: &[usize], x: usize| ranks.partition_point(|&y| y < x) + 1;
    cells
        .iter()
        .map(|p| (rank(&rows, p.row), rank(&columns, p.col)))
        .collect()
}

/// The 0-based column of `pattern[i]` within its line.
fn column_of(pattern: &[char], i: usize) -> usize {
    pattern[..i]
        .iter()
        .rev()
        .take_while(|&&c| c != '\n')
        .count()
}

/// Reads one entry at the start of `text`: the entry and how many
/// characters it used.
fn read_entry(text: &[char]) -> Result<(Entry, usize), String> {
    match text.first() {
        Some('.') => Ok((Entry::Blank, 1)),
        Some('*') => Ok((Entry::Star, 1)),
        Some(&c) if c.is_ascii_alphabetic() => {
            Ok((Entry::Letter(c.to_ascii_lowercase() as u8 - b'a' + 1), 1))
        }
        Some(c) if c.is_ascii_digit() => {
            let digits: String = text.iter().take_while(|c| c.is_ascii_digit()).collect();
            let number = digits
                .parse::<i32>()
                .map_err(|_| format!("the number {digits} is too large"))?;
            Ok((Entry::Number(number), digits.len()))
        }
        Some(c) => Err(format!(
            "'{c}' under a layout '*': expected '.', '*', a letter or a number"
        )),
        None => Err("the block ends under a layout '*'".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(lines: &[&str]) -> Block {
        Block {
            lines: lines.iter().map(|s| s.to_string()).collect(),
            line_numbers: (1..=lines.len()).collect(),
        }
    }

    #[test]
    fn rows_columns_and_boxes_match_where_they_fit() {
        let layout = Layout::new(block(&[" * * *", " * * *"]));
        assert_eq!(layout.cells.len(), 6);
        assert_eq!(layout.find_all(&block(&[" * * *"])).len(), 2);
        let columns = layout.find_all(&block(&["*", "*"]));
        assert_eq!(columns.len(), 3);
        assert_eq!(
            columns[1],
            vec![(1, Entry::Star), (4, Entry::Star)],
            "the second column"
        );
        // a shorter row slides along the line
        assert_eq!(layout.find_all(&block(&[" * *"])).len(), 4);
    }

    #[test]
    fn grid_rows_and_columns_leave_out_decoration() {
        let layout = Layout::new(block(&["+-----+", "| * * |", "+-----+", "| * * |"]));
        let places: Vec<_> = (0..4).map(|c| layout.grid_pos(c)).collect();
        assert_eq!(places, [(1, 1), (1, 2), (2, 1), (2, 2)]);
        assert_eq!(layout.grid_size(), (2, 2));
        assert_eq!(layout.grid_name(3), "row 2, column 2");
        assert_eq!(layout.grid_short(1), "r1c2");
        // A hexagon's rows are offset: its columns count every column with a cell.
        let hexagon = Layout::new(block(&["  * *", " * * *", "  * *"]));
        assert_eq!(hexagon.grid_pos(0), (1, 2));
        assert_eq!(hexagon.grid_pos(2), (2, 1));
        assert_eq!(hexagon.grid_size(), (3, 5));
    }

    #[test]
    fn digits_are_greedy_and_letters_case_insensitive() {
        let layout = Layout::new(block(&[" * * *"]));
        let read = layout.read(&block(&[" 10 B ."])).expect("matches");
        assert_eq!(read, vec![(0, Entry::Number(10)), (1, Entry::Letter(2))]);
        let adjacent = Layout::new(block(&["***"]));
        assert_eq!(
            adjacent.read(&block(&["123"])).expect("matches"),
            vec![(0, Entry::Number(123))]
        );
    }

    #[test]
    fn mismatches_say_where() {
        let layout = Layout::new(block(&["+-+", "|*|"]));
        let err = layout.read(&block(&["+-+", "#*|"])).expect_err("mismatch");
        assert_eq!(err.block_line, 1);
        assert!(err.reason.contains("'#'"), "{}", err.reason);
        assert!(layout.find_all(&block(&["#"])).is_empty());
        assert_eq!(
            layout.find_all(&block(&["x"])).len(),
            1,
            "a letter under the cell"
        );
        assert!(layout.read(&block(&["+-+-"])).is_err());
    }
}
