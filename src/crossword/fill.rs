//! The encodings of a pattern fill.
//!
//! Common to all: `cell(r,c)=x`, open cell `(r,c)` holds letter `x`, one
//! variable per letter that arc consistency leaves the cell; exactly one
//! per cell. The cell letters are the named (projection) variables; every
//! other variable is determined by them or free only where it does not
//! matter, so fills are counted as letter grids.
//!
//! How each slot's letters are tied to its candidate words
//! ([`FillEncoding`]):
//!
//! - **mdd** (default): the slot's candidates as a layered, minimised word
//!   graph ([`WordGraph`]: a trie whose equal suffix sets are merged). One
//!   variable per node below the root and above the end, one per edge;
//!   an edge implies its source node, its letter and its target node; a
//!   node and a letter imply the edge between them; a node implies one of
//!   its outgoing and one of its incoming edges; a letter at a position
//!   implies one of the edges with that letter at that position; the root
//!   has an outgoing edge. Unit propagation keeps the slot arc consistent
//!   (as the regular constraint's decomposition does), and learnt clauses
//!   over nodes speak of whole classes of words (all words with a given
//!   set of endings).
//! - **selectors** (the first encoding): one selector per (slot,
//!   candidate) implying its letters, a clause per slot that some selector
//!   holds, and support clauses `cell(r,c)=x -> some selector with x
//!   there`.
//!
//! Distinctness ([`Distinct`]):
//!
//! - **pairs** (default): only between two slots of one length whose
//!   candidate sets share a word: `eq(s,t,i)` is implied by equal letters
//!   at position `i`, and some position differs. Slots that can never
//!   hold the same word cost nothing.
//! - **word-amo** (selectors only): an at-most-one per word over its
//!   selectors in all slots (`--amo`).
//!
//! Variable order (mdd): CaDiCaL first decides the variable created last,
//! so slots are encoded from the most candidates to the fewest, and a
//! slot's edges from the fewest words through them to the most. The
//! selectors keep the first encoding's order, to compare with it.

use super::slots::{Domains, Slot};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use rustsat::types::Lit;
use std::collections::HashMap;

/// How the words of a slot and the distinctness of words are encoded
/// (`encode-crossword --encoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FillEncoding {
    /// Each slot's candidates as a minimised word graph (MDD); distinct
    /// words by pairwise "differ somewhere" between slots that could
    /// collide.
    #[default]
    Mdd,
    /// One selector per (slot, candidate) with support clauses, and an
    /// at-most-one per word across slots (the first encoding).
    Selectors,
    /// Selectors as above, with pairwise distinctness as `mdd`.
    SelectorsPairs,
}

/// How "all words distinct" is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distinct {
    /// Pairwise "differ in some position" between same-length slots whose
    /// candidates intersect.
    Pairs,
    /// An at-most-one per word over the selectors of all slots.
    WordAmo,
}

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
            let mut ids: HashMap<Vec<(u8, u32)>, u32> = HashMap::new();
            let mut layer_edges = Vec::new();
            let mut start = 0;
            while start < sorted.len() {
                let prefix = &sorted[start][..i];
                let mut end = start + 1;
                while end < sorted.len() && &sorted[end][..i] == prefix {
                    end += 1;
                }
                let mut children: Vec<(u8, u32)> =
                    (start..end).map(|k| (sorted[k][i], node[k])).collect();
                children.dedup();
                let fresh = ids.len() as u32;
                let id = *ids.entry(children.clone()).or_insert(fresh);
                if id == fresh {
                    layer_edges.extend(children.iter().map(|&(x, to)| (id, x, to)));
                }
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

/// The encoder's state: the builder and the letter variables.
struct Encoder<'a> {
    b: FormulaBuilder,
    domains: &'a Domains,
    cols: usize,
    /// Per cell (row-major) and letter, its variable if the letter is left.
    letters: Vec<[Option<Lit>; 26]>,
}

impl Encoder<'_> {
    /// The variable of letter `x` (`b'a'..`) at position `i` of `slot`.
    fn letter(&self, slot: &Slot, i: usize, x: u8) -> Option<Lit> {
        let (r, c) = slot.cell(i);
        self.letters[r * self.cols + c][(x - b'a') as usize]
    }

    /// The slot as a word graph: node and edge variables.
    fn mdd(&mut self, s: usize) {
        let slot = self.domains.slots[s];
        let words = &self.domains.words;
        let graph = WordGraph::new(
            slot.len,
            self.domains.candidates[s]
                .iter()
                .map(|&id| words[id as usize].as_slice()),
        );
        if graph.nodes[0] == 0 {
            self.b.clause(&[]);
            return;
        }
        // Node variables of the inner layers; the root and the end are
        // true (None).
        let node_vars: Vec<Vec<Option<Lit>>> = (0..=slot.len)
            .map(|i| {
                (0..graph.nodes[i])
                    .map(|_| (i > 0 && i < slot.len).then(|| self.b.aux()))
                    .collect()
            })
            .collect();
        let mut outgoing: Vec<Vec<Vec<Lit>>> =
            graph.nodes.iter().map(|&n| vec![Vec::new(); n]).collect();
        let mut incoming = outgoing.clone();
        // Edge variables in the order of the words through them, fewest
        // first: CaDiCaL first decides the variable created last, so its
        // first guesses keep the most words open.
        let weights = graph.edge_weights();
        let mut order: Vec<(u64, usize, usize)> = weights
            .iter()
            .enumerate()
            .flat_map(|(i, layer)| layer.iter().enumerate().map(move |(e, &w)| (w, i, e)))
            .collect();
        order.sort_by_key(|&(w, _, _)| w);
        let mut edge_vars: Vec<Vec<Option<Lit>>> =
            graph.edges.iter().map(|l| vec![None; l.len()]).collect();
        for (_, i, e) in order {
            edge_vars[i][e] = Some(self.b.aux());
        }
        for (i, layer) in graph.edges.iter().enumerate() {
            let mut by_letter: Vec<Vec<Lit>> = vec![Vec::new(); 26];
            for (e, &(from, x, to)) in layer.iter().enumerate() {
                let Some(edge) = edge_vars[i][e] else {
                    continue;
                };
                let from_var = node_vars[i][from as usize];
                let to_var = node_vars[i + 1][to as usize];
                let Some(letter) = self.letter(&slot, i, x) else {
                    // Arc consistency removed the letter: the edge is out.
                    self.b.clause(&[!edge]);
                    continue;
                };
                self.b.implies(edge, letter);
                let mut forward = vec![!letter, edge];
                if let Some(from_var) = from_var {
                    self.b.implies(edge, from_var);
                    forward.push(!from_var);
                }
                // Redundant for unit propagation (the node's clause of
                // outgoing edges does it), but it defines the edge as an
                // AND gate, which CaDiCaL's preprocessing uses: without it
                // the seeded 15x15 took 2.5x the CPU time.
                self.b.clause(&forward);
                if let Some(to_var) = to_var {
                    self.b.implies(edge, to_var);
                }
                outgoing[i][from as usize].push(edge);
                incoming[i + 1][to as usize].push(edge);
                by_letter[(x - b'a') as usize].push(edge);
            }
            for (x, mut support) in by_letter.into_iter().enumerate() {
                if let Some(letter) = self.letter(&slot, i, b'a' + x as u8) {
                    support.push(!letter);
                    self.b.clause(&support);
                }
            }
        }
        for (i, layer) in node_vars.iter().enumerate() {
            for (v, var) in layer.iter().enumerate() {
                match var {
                    Some(var) => {
                        for edges in [&outgoing[i][v], &incoming[i][v]] {
                            let mut clause = edges.clone();
                            clause.push(!*var);
                            self.b.clause(&clause);
                        }
                    }
                    None if i == 0 => self.b.clause(&outgoing[0][v]),
                    None => {}
                }
            }
        }
    }

    /// The slot's selectors (one per candidate, in candidate order) and
    /// their letter and support clauses.
    fn selectors(&mut self, s: usize) -> Vec<Lit> {
        let slot = self.domains.slots[s];
        let candidates = &self.domains.candidates[s];
        let selectors: Vec<Lit> = candidates.iter().map(|_| self.b.aux()).collect();
        self.b.clause(&selectors);
        // supporters[i][x]: the selectors with letter x at position i.
        let mut supporters: Vec<Vec<Vec<Lit>>> = vec![vec![Vec::new(); 26]; slot.len];
        for (&id, &selector) in candidates.iter().zip(&selectors) {
            let word = &self.domains.words[id as usize];
            for (i, &x) in word.iter().enumerate() {
                if let Some(cell) = self.letter(&slot, i, x) {
                    self.b.implies(selector, cell);
                }
                supporters[i][(x - b'a') as usize].push(selector);
            }
        }
        for (i, by_letter) in supporters.into_iter().enumerate() {
            for (x, mut support) in by_letter.into_iter().enumerate() {
                if let Some(cell) = self.letter(&slot, i, b'a' + x as u8) {
                    support.push(!cell);
                    self.b.clause(&support);
                }
            }
        }
        selectors
    }

    /// Slots `s` and `t` (same length) hold different words: some position
    /// differs.
    fn differ(&mut self, s: usize, t: usize) {
        let (a, b) = (self.domains.slots[s], self.domains.slots[t]);
        let mut clause = Vec::new();
        for i in 0..a.len {
            let common: Vec<(Lit, Lit)> = (b'a'..=b'z')
                .filter_map(|x| Some((self.letter(&a, i, x)?, self.letter(&b, i, x)?)))
                .collect();
            if common.is_empty() {
                return; // They differ here whatever the fill.
            }
            let (ra, ca) = a.cell(i);
            let (rb, cb) = b.cell(i);
            if (ra, ca) == (rb, cb) {
                continue; // A shared cell: always equal.
            }
            let equal = self.b.aux();
            for (x, y) in common {
                self.b.clause(&[!x, !y, equal]);
            }
            clause.push(!equal);
        }
        self.b.clause(&clause);
    }
}

/// Encodes the fill of a pattern whose candidates are `domains` with
/// `encoding`; `amo` is the at-most-one encoding of per-word distinctness
/// (`selectors` only).
pub fn encode(
    domains: &Domains,
    rows: usize,
    cols: usize,
    encoding: FillEncoding,
    amo: AtMostOne,
) -> FormulaBuilder {
    let mut e = Encoder {
        b: FormulaBuilder::new("crossword", "crossword/fill"),
        domains,
        cols,
        letters: vec![[None; 26]; rows * cols],
    };
    let mut covered = vec![false; rows * cols];
    for slot in &domains.slots {
        for i in 0..slot.len {
            let (r, c) = slot.cell(i);
            covered[r * cols + c] = true;
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if !covered[r * cols + c] {
                continue;
            }
            let mut lits = Vec::new();
            for x in 0..26u8 {
                if domains.mask(r, c) & (1 << x) != 0 {
                    let letter = (b'a' + x) as char;
                    let lit = e.b.named(names::valued("cell", &[&r, &c], &letter));
                    e.letters[r * cols + c][x as usize] = Some(lit);
                    lits.push(lit);
                }
            }
            e.b.exactly_one(&lits, AtMostOne::Pairwise);
        }
    }
    let distinct = match encoding {
        FillEncoding::Selectors => Distinct::WordAmo,
        FillEncoding::Mdd | FillEncoding::SelectorsPairs => Distinct::Pairs,
    };
    let mut by_word: HashMap<u32, Vec<Lit>> = HashMap::new();
    // mdd: slots with the most candidates first, so that the slot with
    // the fewest has the variables created last (CaDiCaL decides those
    // first). The selectors keep the first encoding's order.
    let mut slot_order: Vec<usize> = (0..domains.slots.len()).collect();
    if encoding == FillEncoding::Mdd {
        slot_order.sort_by_key(|&s| std::cmp::Reverse(domains.candidates[s].len()));
    }
    for s in slot_order {
        match encoding {
            FillEncoding::Mdd => e.mdd(s),
            FillEncoding::Selectors | FillEncoding::SelectorsPairs => {
                let selectors = e.selectors(s);
                for (&id, selector) in domains.candidates[s].iter().zip(selectors) {
                    by_word.entry(id).or_default().push(selector);
                }
            }
        }
    }
    match distinct {
        Distinct::WordAmo => {
            let mut repeated: Vec<(u32, Vec<Lit>)> =
                by_word.into_iter().filter(|(_, s)| s.len() > 1).collect();
            repeated.sort_unstable_by_key(|(id, _)| *id);
            for (_, selectors) in repeated {
                e.b.at_most_one(&selectors, amo);
            }
        }
        Distinct::Pairs => {
            for (s, t) in colliding_pairs(domains) {
                e.differ(s, t);
            }
        }
    }
    e.b.blocking_positive();
    e.b
}

/// The pairs of slots `(s, t)`, `s < t`, of one length whose candidate
/// sets share a word.
pub fn colliding_pairs(domains: &Domains) -> Vec<(usize, usize)> {
    let sorted: Vec<Vec<u32>> = domains
        .candidates
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c.sort_unstable();
            c
        })
        .collect();
    let share = |a: &[u32], b: &[u32]| {
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    };
    let mut pairs = Vec::new();
    for s in 0..domains.slots.len() {
        for t in s + 1..domains.slots.len() {
            if domains.slots[s].len == domains.slots[t].len && share(&sorted[s], &sorted[t]) {
                pairs.push((s, t));
            }
        }
    }
    pairs
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
