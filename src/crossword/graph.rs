//! Word graphs: the candidates of a slot as a layered, minimised graph
//! (a trie whose prefixes with the same endings share a node), which the
//! `mdd` fill encoding ([`super::fill`]) turns into clauses.

use rustc_hash::FxHashMap as HashMap;
use rustsat::types::Lit;

/// A layered word graph of equal-length words: layer `i` holds the nodes
/// reached after `i` letters; layer 0 is the root alone and the last
/// layer the end alone. Two prefixes share a node exactly when they
/// allow the same set of endings, so the graph is the minimal
/// deterministic automaton of the word set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordGraph {
    /// Number of nodes per layer (`len + 1` layers).
    pub nodes: Vec<usize>,
    /// Per layer `i < len`, the edges `(from, letter, to)`: `from` a node
    /// of layer `i`, `to` of layer `i + 1`, `letter` in `b'a'..=b'z'`.
    pub edges: Vec<Vec<(u32, u8, u32)>>,
}

/// Per node of a [`WordGraph`], a list of literals (the node's outgoing
/// or incoming edges), all in one pool: each node has room for its edges
/// on that side.
pub(super) struct NodeLists {
    /// Per layer, the index of its first node.
    layer_start: Vec<usize>,
    /// Per node, where its room in `pool` begins, and how much it uses.
    start: Vec<usize>,
    len: Vec<u32>,
    pool: Vec<Lit>,
}

impl NodeLists {
    /// Room for the edges that `side` assigns to a node (its layer and
    /// index, from the edge's layer and the edge).
    pub(super) fn new(graph: &WordGraph, side: impl Fn(usize, &(u32, u8, u32)) -> (usize, u32)) -> Self {
        let layer_start: Vec<usize> = std::iter::once(0)
            .chain(graph.nodes.iter().scan(0, |sum, &n| {
                *sum += n;
                Some(*sum)
            }))
            .collect();
        let nodes = layer_start[graph.nodes.len()];
        let mut room = vec![0usize; nodes];
        for (i, layer) in graph.edges.iter().enumerate() {
            for edge in layer {
                let (layer, v) = side(i, edge);
                room[layer_start[layer] + v as usize] += 1;
            }
        }
        let start: Vec<usize> = room
            .iter()
            .scan(0, |sum, &n| {
                let at = *sum;
                *sum += n;
                Some(at)
            })
            .collect();
        let total = room.iter().sum();
        NodeLists {
            layer_start,
            start,
            len: vec![0; nodes],
            pool: vec![Lit::new(0, false); total],
        }
    }

    pub(super) fn push(&mut self, layer: usize, v: usize, lit: Lit) {
        let node = self.layer_start[layer] + v;
        self.pool[self.start[node] + self.len[node] as usize] = lit;
        self.len[node] += 1;
    }

    pub(super) fn get(&self, layer: usize, v: usize) -> &[Lit] {
        let node = self.layer_start[layer] + v;
        &self.pool[self.start[node]..self.start[node] + self.len[node] as usize]
    }
}

impl WordGraph {
    /// The minimal layered graph of `words`, all of length `len`.
    pub fn new<'a>(len: usize, words: impl IntoIterator<Item = &'a [u8]>) -> WordGraph {
        let mut sorted: Vec<&[u8]> = words.into_iter().collect();
        debug_assert!(sorted.iter().all(|w| w.len() == len));
        sorted.sort_unstable();
        sorted.dedup();
        let mut nodes = vec![0; len + 1];
        let mut edges = vec![Vec::new(); len];
        if sorted.is_empty() {
            return WordGraph { nodes, edges };
        }
        // node[k]: the node of word k's prefix of the layer above.
        let mut node: Vec<u32> = vec![0; sorted.len()];
        nodes[len] = 1;
        for i in (0..len).rev() {
            let mut ids: HashMap<Vec<(u8, u32)>, u32> = HashMap::default();
            let mut layer_edges = Vec::new();
            let mut children: Vec<(u8, u32)> = Vec::new();
            let mut start = 0;
            while start < sorted.len() {
                let prefix = &sorted[start][..i];
                let mut end = start + 1;
                while end < sorted.len() && &sorted[end][..i] == prefix {
                    end += 1;
                }
                children.clear();
                children.extend((start..end).map(|k| (sorted[k][i], node[k])));
                children.dedup();
                let id = match ids.get(&children) {
                    Some(&id) => id,
                    None => {
                        let id = ids.len() as u32;
                        ids.insert(children.clone(), id);
                        layer_edges.extend(children.iter().map(|&(x, to)| (id, x, to)));
                        id
                    }
                };
                node[start..end].fill(id);
                start = end;
            }
            nodes[i] = ids.len();
            edges[i] = layer_edges;
        }
        WordGraph { nodes, edges }
    }

    /// Per layer and edge (as in `edges`), the number of words whose path
    /// takes the edge (saturating).
    pub fn edge_weights(&self) -> Vec<Vec<u64>> {
        let len = self.edges.len();
        // from_root[i][v]: paths from the root to node v of layer i.
        let mut from_root: Vec<Vec<u64>> = self.nodes.iter().map(|&n| vec![0; n]).collect();
        let mut to_end: Vec<Vec<u64>> = from_root.clone();
        if let Some(root) = from_root[0].first_mut() {
            *root = 1;
        }
        if let Some(end) = to_end[len].first_mut() {
            *end = 1;
        }
        for i in 0..len {
            for &(from, _, to) in &self.edges[i] {
                let add = from_root[i][from as usize];
                let slot = &mut from_root[i + 1][to as usize];
                *slot = slot.saturating_add(add);
            }
        }
        for i in (0..len).rev() {
            for &(from, _, to) in &self.edges[i] {
                let add = to_end[i + 1][to as usize];
                let slot = &mut to_end[i][from as usize];
                *slot = slot.saturating_add(add);
            }
        }
        self.edges
            .iter()
            .enumerate()
            .map(|(i, layer)| {
                layer
                    .iter()
                    .map(|&(from, _, to)| {
                        from_root[i][from as usize].saturating_mul(to_end[i + 1][to as usize])
                    })
                    .collect()
            })
            .collect()
    }

    /// Number of edges in all layers.
    pub fn num_edges(&self) -> usize {
        self.edges.iter().map(Vec::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(words: &[&str]) -> WordGraph {
        let len = words.first().map_or(0, |w| w.len());
        WordGraph::new(len, words.iter().map(|w| w.as_bytes()))
    }

    /// The words spelt by the paths of `g` from the root to the end.
    fn spelt(g: &WordGraph) -> Vec<String> {
        let mut paths: Vec<(u32, String)> = vec![(0, String::new())];
        for layer in &g.edges {
            paths = paths
                .iter()
                .flat_map(|(node, word)| {
                    layer
                        .iter()
                        .filter(move |(from, _, _)| from == node)
                        .map(move |&(_, x, to)| (to, format!("{word}{}", x as char)))
                })
                .collect();
        }
        let mut words: Vec<String> = paths.into_iter().map(|(_, w)| w).collect();
        words.sort();
        words
    }

    #[test]
    fn word_graphs_spell_exactly_their_words_and_share_endings() {
        let words = ["cat", "bat", "cot", "cog", "dog", "bag"];
        let g = graph(&words);
        let mut want: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        want.sort();
        assert_eq!(spelt(&g), want);
        assert_eq!(g.nodes[0], 1);
        assert_eq!(g.nodes[3], 1);
        // After c, b, d: {at, ot, og}, {at, ag}, {og}.
        assert_eq!(g.nodes[1], 3);
        // After ca, co, ba, do: {t}, {t, g}, {t, g}, {g}: ba and co share.
        assert_eq!(g.nodes[2], 3);
        // c, b, d; then ca, co, ba, do; then t, t g, g.
        assert_eq!(g.num_edges(), 3 + 4 + 4);
        // Words through each edge: the root's c carries cat, cot, cog.
        let weights = g.edge_weights();
        assert_eq!(weights[0].iter().sum::<u64>(), 6);
        assert_eq!(weights[0].iter().max(), Some(&3));
        let g = graph(&["abc", "abc"]);
        assert_eq!(spelt(&g), ["abc"]);
        let g = WordGraph::new(3, std::iter::empty());
        assert_eq!(g.num_edges(), 0);
    }
}
