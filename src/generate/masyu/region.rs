//! Loops as the boundaries of regions: a region of the squares between
//! the cell centres of the grid (square `(r, c)` has the centres of cells
//! `(r, c)`, `(r, c+1)`, `(r+1, c)` and `(r+1, c+1)` at its corners),
//! changed one square at a time so that its boundary stays one simple
//! loop through cell centres.
//!
//! A square may join (or leave) the region when its eight neighbours (a
//! square off the grid is outside) that are on the side it goes to form
//! one unbroken run around it, which touches it along a side, and every
//! corner square of that run shares a side with a square of the run: the
//! region stays connected and without holes, and no cell centre has two
//! diagonal squares of the region with the other two outside (where the
//! boundary would pass twice). This is the 2D simple-point test.

use crate::masyu::Cell;

/// The eight neighbours of a square in order around it, starting above;
/// the sides are the even positions, the corners the odd ones.
const RING: [(isize, isize); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// A region of the squares of a grid of cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Region {
    /// Squares per row: the grid's columns less one.
    sw: usize,
    /// Rows of squares: the grid's rows less one.
    sh: usize,
    inside: Vec<bool>,
}

impl Region {
    /// A random region of the squares of a `cols` x `rows` grid of cells
    /// (both at least 2): grown from one square, each step a square that
    /// keeps the boundary one loop and (but for one step in eight, when
    /// there is a choice) leaves every cell centre on the boundary, until
    /// no square does. The loop then passes most cells and turns often.
    pub(super) fn random(cols: usize, rows: usize, random: &mut fastrand::Rng) -> Region {
        let (sw, sh) = (cols - 1, rows - 1);
        let mut region = Region {
            sw,
            sh,
            inside: vec![false; sw * sh],
        };
        region.inside[random.usize(..sw * sh)] = true;
        loop {
            let (mut keep, mut cover) = (Vec::new(), Vec::new());
            for s in 0..sw * sh {
                if region.inside[s] || !region.touches(s) || !region.can_flip(s) {
                    continue;
                }
                if region.covers_a_centre(s) {
                    cover.push(s);
                } else {
                    keep.push(s);
                }
            }
            if keep.is_empty() {
                break;
            }
            let pick = if !cover.is_empty() && random.usize(..8) == 0 {
                &cover
            } else {
                &keep
            };
            let s = pick[random.usize(..pick.len())];
            region.inside[s] = true;
        }
        region
    }

    /// Whether square `(r, c)` (any integers) is in the region; squares
    /// off the grid are not.
    fn at(&self, r: isize, c: isize) -> bool {
        r >= 0
            && c >= 0
            && (r as usize) < self.sh
            && (c as usize) < self.sw
            && self.inside[r as usize * self.sw + c as usize]
    }

    /// The squares of the grid.
    #[cfg(test)]
    fn squares(&self) -> usize {
        self.sw * self.sh
    }

    /// Square `s` shares a side with a square of the region.
    fn touches(&self, s: usize) -> bool {
        let (r, c) = ((s / self.sw) as isize, (s % self.sw) as isize);
        RING.iter()
            .step_by(2)
            .any(|&(dr, dc)| self.at(r + dr, c + dc))
    }

    /// Adding square `s` (outside) would put a cell centre at one of its
    /// corners inside the region, off the boundary.
    fn covers_a_centre(&self, s: usize) -> bool {
        let (r, c) = ((s / self.sw) as isize, (s % self.sw) as isize);
        // The corners: the three other squares at each one.
        (0..4).any(|k| {
            let side = RING[2 * k];
            let corner = RING[2 * k + 1];
            let next = RING[(2 * k + 2) % 8];
            [side, corner, next]
                .iter()
                .all(|&(dr, dc)| self.at(r + dr, c + dc))
        })
    }

    /// Whether square `s` may join the region (when outside) or leave it
    /// (when inside) with the boundary still one simple loop through cell
    /// centres (see the module documentation).
    pub(super) fn can_flip(&self, s: usize) -> bool {
        let (r, c) = ((s / self.sw) as isize, (s % self.sw) as isize);
        // The side the square goes to: the region, or the outside.
        let goes_in = !self.inside[s];
        let x: Vec<bool> = RING
            .iter()
            .map(|&(dr, dc)| self.at(r + dr, c + dc) == goes_in)
            .collect();
        if x.iter().all(|&b| b) || !(0..4).any(|k| x[2 * k]) {
            return false;
        }
        // A corner of the run shares a side with the run.
        if (0..4).any(|k| x[2 * k + 1] && !x[2 * k] && !x[(2 * k + 2) % 8]) {
            return false;
        }
        // One run: one place around the ring where it starts.
        (0..8).filter(|&i| x[i] && !x[(i + 7) % 8]).count() == 1
    }

    /// Moves square `s` to the other side (after [`Region::can_flip`]).
    pub(super) fn flip(&mut self, s: usize) {
        self.inside[s] = !self.inside[s];
    }

    /// The squares that have cell `(r, c)` at a corner.
    pub(super) fn squares_at(&self, (r, c): Cell) -> impl Iterator<Item = usize> + '_ {
        [(0, 0), (0, 1), (1, 0), (1, 1)]
            .into_iter()
            .filter(move |&(dr, dc)| r >= dr && c >= dc && r - dr < self.sh && c - dc < self.sw)
            .map(move |(dr, dc)| (r - dr) * self.sw + (c - dc))
    }

    /// The boundary: the segments between cells with a square of the
    /// region on one side and none on the other, the upper or left cell
    /// first.
    pub(super) fn boundary(&self) -> Vec<[Cell; 2]> {
        let mut edges = Vec::new();
        for r in 0..=self.sh {
            for c in 0..=self.sw {
                let (ri, ci) = (r as isize, c as isize);
                // Along the row: the squares above and below.
                if c < self.sw && self.at(ri - 1, ci) != self.at(ri, ci) {
                    edges.push([(r, c), (r, c + 1)]);
                }
                // Down the column: the squares left and right.
                if r < self.sh && self.at(ri, ci - 1) != self.at(ri, ci) {
                    edges.push([(r, c), (r + 1, c)]);
                }
            }
        }
        edges
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masyu::{check, Format, Puzzle, Solution};

    /// The boundary of `region` is one loop (the family's checker).
    fn one_loop(region: &Region) -> bool {
        let puzzle = Puzzle {
            rows: region.sh + 1,
            cols: region.sw + 1,
            cells: vec![None; (region.sh + 1) * (region.sw + 1)],
            format: Format::Text,
        };
        let solution = Solution {
            edges: region.boundary(),
        };
        check::check(&puzzle, &solution).is_ok()
    }

    #[test]
    fn random_regions_have_one_loop_through_most_cells() {
        let mut random = fastrand::Rng::with_seed(5);
        for (cols, rows) in [(2, 2), (3, 2), (6, 6), (10, 7), (20, 20)] {
            let region = Region::random(cols, rows, &mut random);
            assert!(one_loop(&region), "{cols}x{rows}");
            let cells = region.boundary().len();
            assert!(cells * 10 >= cols * rows * 6, "{cols}x{rows}: {cells}");
        }
    }

    /// The local test agrees with the whole boundary's: every flip it
    /// allows keeps one loop, every flip it refuses breaks it (or empties
    /// the region).
    #[test]
    fn the_local_test_agrees_with_the_boundary() {
        let mut random = fastrand::Rng::with_seed(9);
        let (mut allowed, mut refused) = (0, 0);
        for _ in 0..40 {
            let mut region = Region::random(6, 5, &mut random);
            for _ in 0..30 {
                let s = random.usize(..region.squares());
                let before = region.can_flip(s);
                region.flip(s);
                let empty = !region.inside.contains(&true);
                let after = !empty && one_loop(&region);
                assert_eq!(before, after, "{region:?} square {s}");
                if !before {
                    region.flip(s);
                    refused += 1;
                } else {
                    allowed += 1;
                }
            }
        }
        assert!(allowed > 100 && refused > 100, "{allowed} {refused}");
    }
}
