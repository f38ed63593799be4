//! The grid of a Numberlink puzzle as the encoder and the router see it:
//! cells by index `r * cols + c`, each free or an endpoint.

use super::Puzzle;

/// The role of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Free,
    /// First endpoint of pair `k` (0-based): lines start here.
    Start(usize),
    /// Second endpoint of pair `k` (0-based): lines end here.
    End(usize),
}

/// The grid geometry and the puzzle's endpoints, by cell index `r * cols + c`.
pub(super) struct Grid {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) roles: Vec<Role>,
    /// The two endpoints of every line (0-based pairs), as cell indices.
    pub(super) endpoints: Vec<[usize; 2]>,
}

impl Grid {
    pub(super) fn new(puzzle: &Puzzle) -> Self {
        let mut roles = vec![Role::Free; puzzle.rows * puzzle.cols];
        let endpoints: Vec<[usize; 2]> = puzzle
            .pairs
            .iter()
            .map(|[a, z]| [a.0 * puzzle.cols + a.1, z.0 * puzzle.cols + z.1])
            .collect();
        for (k, &[a, z]) in endpoints.iter().enumerate() {
            roles[a] = Role::Start(k);
            roles[z] = Role::End(k);
        }
        Grid {
            rows: puzzle.rows,
            cols: puzzle.cols,
            roles,
            endpoints,
        }
    }

    /// Whether cell `v` is black on the chessboard colouring of the grid
    /// (the corner cell is black).
    pub(super) fn is_black(&self, v: usize) -> bool {
        let (r, c) = self.rc(v);
        (r + c) % 2 == 0
    }

    pub(super) fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Right and down neighbours (each undirected edge once).
    pub(super) fn forward(&self, v: usize) -> impl Iterator<Item = usize> {
        let (r, c) = (v / self.cols, v % self.cols);
        let right = (c + 1 < self.cols).then_some(v + 1);
        let down = (r + 1 < self.rows).then_some(v + self.cols);
        right.into_iter().chain(down)
    }

    /// All orthogonal neighbours.
    pub(super) fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> {
        let (r, c) = (v / self.cols, v % self.cols);
        let up = (r > 0).then(|| v - self.cols);
        let left = (c > 0).then(|| v - 1);
        up.into_iter().chain(left).chain(self.forward(v))
    }

    /// Whether line `k` may pass through cell `v`: a free cell or one of
    /// its own endpoints.
    pub(super) fn passable(&self, v: usize, k: usize) -> bool {
        match self.roles[v] {
            Role::Free => true,
            Role::Start(j) | Role::End(j) => j == k,
        }
    }

    /// Breadth-first distances from the nearest of `sources` through the
    /// cells line `k` may pass (`None`: unreachable).
    pub(super) fn distances(&self, sources: &[usize], k: usize) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.len()];
        let mut queue = std::collections::VecDeque::new();
        for &v in sources {
            dist[v] = Some(0);
            queue.push_back((v, 0));
        }
        while let Some((v, d)) = queue.pop_front() {
            for u in self.neighbours(v) {
                if self.passable(u, k) && dist[u].is_none() {
                    dist[u] = Some(d + 1);
                    queue.push_back((u, d + 1));
                }
            }
        }
        dist
    }

    /// `(r,c)` with 1-based numbers, for names.
    pub(super) fn rc(&self, v: usize) -> (usize, usize) {
        (v / self.cols + 1, v % self.cols + 1)
    }
}
