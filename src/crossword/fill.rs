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
//!   set of endings). Two savings leave propagation as it is:
//!   - literals that the clauses make equal share one variable: an edge
//!     out of the root is its letter, an inner node with one incoming
//!     edge is that edge, an edge out of a node with one outgoing edge is
//!     that node (CaDiCaL otherwise finds and substitutes them itself: on
//!     the open 5x5, 14,848 variables and half its time);
//!   - the last layer has no edge variables: its node allows the letters
//!     of its edges, and a letter there needs one of the nodes with an
//!     edge of it (the clauses that eliminating those edges by resolution
//!     gives).
//!
//!   Open 5x5: 68,037 variables and 249,241 clauses before, 48,595 and
//!   202,829 after; seeded 15x15 with wamerican-large: 559,417 and
//!   1,982,314 before, 332,721 and 1,419,206 after.
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
//!
//! Reading direction (mdd): a slot's graph reads its cells left to right
//! or top to bottom, except in a pattern that is its own transpose,
//! candidates and all ([`mirrored`], the open squares): there the down
//! slots read bottom to top. Otherwise every across slot and its twin down
//! slot get copies of one graph, the solver's guesses in one copy those in
//! the other, and it keeps reaching fills that repeat a word in each pair
//! of twins, which distinctness forbids (without the twins' distinctness
//! the open 5x5 fills without a conflict). Read backwards, the twins'
//! copies differ, and the solver's guesses in one no longer mirror those
//! in the other.
//!
//! Solver settings (mdd): the header recommends `fastelim=0` and
//! `congruence=0` for the embedded CaDiCaL (`c solver-option`, which
//! `solve` applies unless told otherwise): its fast elimination and its
//! congruence closure (gate detection, over 2 s of CPU before the first
//! decision on a 15x15 with a large list) cost more than they save on
//! these formulas, though not in every family's.

use super::puzzle::cell_name;
use super::graph::{NodeLists, WordGraph};
use super::slots::{Domains, Slot};
use crate::builder::{AtMostOne, FormulaBuilder};
use rustsat::types::Lit;
use rustc_hash::FxHashMap as HashMap;

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

/// The encoder's state: the builder and the letter variables.
struct Encoder<'a> {
    b: FormulaBuilder,
    domains: &'a Domains,
    cols: usize,
    /// Per cell (row-major) and letter, its variable if the letter is left.
    letters: Vec<[Option<Lit>; 26]>,
    /// Word graphs of down slots read their words backwards (bottom to
    /// top): set when the pattern is its own transpose ([`mirrored`]).
    down_backwards: bool,
}

impl Encoder<'_> {
    /// The variable of letter `x` (`b'a'..`) at position `i` of `slot`.
    fn letter(&self, slot: &Slot, i: usize, x: u8) -> Option<Lit> {
        self.letter_at(slot.cell(i), x)
    }

    /// The variable of letter `x` (`b'a'..`) in cell `(r, c)`.
    fn letter_at(&self, (r, c): (usize, usize), x: u8) -> Option<Lit> {
        self.letters[r * self.cols + c][(x - b'a') as usize]
    }

    /// The literals of a slot's word graph: per layer, node literals
    /// (`None` for the root and the end, which hold) and edge literals
    /// (`None` for the last layer's edges, which get no variables when
    /// the slot has inner nodes).
    ///
    /// Literals that the clauses make equal share one variable, so the
    /// solver need not find the equivalences itself: an edge out of the
    /// root is its letter (the root holds), an inner node with one
    /// incoming edge is that edge, and an edge out of an inner node with
    /// one outgoing edge is that node. Variables are created for the
    /// nodes first, then for the edges in the order of the words through
    /// them, fewest first: CaDiCaL first decides the variable created
    /// last, so its first guesses keep the most words open.
    fn graph_literals(&mut self, cells: &[(usize, usize)], graph: &WordGraph) -> GraphLiterals {
        let len = cells.len();
        let inner = |i: usize| i > 0 && i < len;
        let edge_layers = if len > 1 { len - 1 } else { len };
        // Items: the inner nodes, then the edges with variables.
        let mut node_item: Vec<Vec<usize>> = Vec::with_capacity(len + 1);
        let mut items = 0;
        for (i, &n) in graph.nodes.iter().enumerate() {
            let first = items;
            if inner(i) {
                items += n;
            }
            node_item.push((first..first + n).collect());
        }
        let mut edge_item: Vec<Vec<usize>> = Vec::with_capacity(len);
        for (i, layer) in graph.edges.iter().enumerate() {
            let first = items;
            if i < edge_layers {
                items += layer.len();
            }
            edge_item.push((first..first + layer.len()).collect());
        }
        let mut in_degree: Vec<Vec<u32>> = graph.nodes.iter().map(|&n| vec![0; n]).collect();
        let mut out_degree = in_degree.clone();
        for (i, layer) in graph.edges.iter().enumerate() {
            for &(from, _, to) in layer {
                out_degree[i][from as usize] += 1;
                in_degree[i + 1][to as usize] += 1;
            }
        }
        let mut classes = Classes::new(items);
        for (i, layer) in graph.edges.iter().enumerate().take(edge_layers) {
            for (e, &(from, _, to)) in layer.iter().enumerate() {
                let (from, to) = (from as usize, to as usize);
                if inner(i) && out_degree[i][from] == 1 {
                    classes.join(edge_item[i][e], node_item[i][from]);
                }
                if inner(i + 1) && in_degree[i + 1][to] == 1 {
                    classes.join(edge_item[i][e], node_item[i + 1][to]);
                }
            }
        }
        let mut lits: Vec<Option<Lit>> = vec![None; items];
        for (e, &(_, x, _)) in graph.edges[0].iter().enumerate() {
            if let Some(letter) = self.letter_at(cells[0], x) {
                lits[classes.find(edge_item[0][e])] = Some(letter);
            }
        }
        for i in (1..len).filter(|&i| inner(i)) {
            for v in 0..graph.nodes[i] {
                let class = classes.find(node_item[i][v]);
                if lits[class].is_none() && in_degree[i][v] != 1 {
                    lits[class] = Some(self.b.aux());
                }
            }
        }
        let mut order: Vec<(u64, usize, usize)> = graph
            .edge_weights()
            .iter()
            .enumerate()
            .take(edge_layers)
            .flat_map(|(i, layer)| layer.iter().enumerate().map(move |(e, &w)| (w, i, e)))
            .collect();
        order.sort_by_key(|&(w, _, _)| w);
        for (_, i, e) in order {
            let class = classes.find(edge_item[i][e]);
            if lits[class].is_none() {
                lits[class] = Some(self.b.aux());
            }
        }
        // Every class holds an edge or a node with its own variable.
        let mut literal = |item: usize| lits[classes.find(item)];
        GraphLiterals {
            nodes: node_item
                .iter()
                .enumerate()
                .map(|(i, items)| {
                    let keep = inner(i);
                    items
                        .iter()
                        .map(|&item| keep.then(|| literal(item)).flatten())
                        .collect()
                })
                .collect(),
            edges: edge_item
                .iter()
                .enumerate()
                .map(|(i, items)| {
                    let keep = i < edge_layers;
                    items
                        .iter()
                        .map(|&item| keep.then(|| literal(item)).flatten())
                        .collect()
                })
                .collect(),
        }
    }

    /// Slot `s` as its word graph `graph` ([`slot_graph`]): node and edge
    /// variables ([`Encoder::graph_literals`]) and their clauses.
    fn mdd(&mut self, s: usize, graph: &WordGraph) {
        let cells = slot_cells(self.domains, s, self.down_backwards);
        if graph.nodes[0] == 0 {
            self.b.clause(&[]);
            return;
        }
        let lits = self.graph_literals(&cells, graph);
        let mut outgoing = NodeLists::new(graph, |i, &(from, _, _)| (i, from));
        let mut incoming = NodeLists::new(graph, |i, &(_, _, to)| (i + 1, to));
        for (i, layer) in graph.edges.iter().enumerate() {
            // by_letter[x]: the edges with letter x, or for the last layer
            // without edge variables the nodes they leave.
            let mut by_letter: Vec<Vec<Lit>> = vec![Vec::new(); 26];
            for (e, &(from, x, to)) in layer.iter().enumerate() {
                let (from, to) = (from as usize, to as usize);
                let from_lit = lits.nodes[i][from];
                let letter = self.letter_at(cells[i], x);
                let Some(edge) = lits.edges[i][e] else {
                    // The last layer: the node allows the letter.
                    if let (Some(node), Some(letter)) = (from_lit, letter) {
                        outgoing.push(i, from, letter);
                        by_letter[(x - b'a') as usize].push(node);
                    }
                    continue;
                };
                let Some(letter) = letter else {
                    // Arc consistency removed the letter: the edge is out.
                    self.b.clause(&[!edge]);
                    continue;
                };
                if edge != letter {
                    self.b.implies(edge, letter);
                }
                // The edge as an AND gate of its source and letter: the
                // forward clause is redundant for unit propagation (the
                // node's clause of outgoing edges does it), but CaDiCaL's
                // preprocessing uses the gate to simplify the formula.
                match from_lit {
                    Some(from_lit) if from_lit != edge => {
                        self.b.implies(edge, from_lit);
                        if edge != letter {
                            self.b.clause(&[!letter, !from_lit, edge]);
                        }
                    }
                    _ => {}
                }
                if let Some(to_lit) = lits.nodes[i + 1][to].filter(|&t| t != edge) {
                    self.b.implies(edge, to_lit);
                }
                outgoing.push(i, from, edge);
                incoming.push(i + 1, to, edge);
                by_letter[(x - b'a') as usize].push(edge);
            }
            for (x, mut support) in by_letter.into_iter().enumerate() {
                if let Some(letter) = self.letter_at(cells[i], b'a' + x as u8) {
                    if !support.contains(&letter) {
                        support.push(!letter);
                        self.b.clause(&support);
                    }
                }
            }
        }
        let mut clause = Vec::new();
        for (i, layer) in lits.nodes.iter().enumerate() {
            for (v, node) in layer.iter().enumerate() {
                match node {
                    Some(node) => {
                        for edges in [outgoing.get(i, v), incoming.get(i, v)] {
                            if !edges.contains(node) {
                                clause.clear();
                                clause.extend_from_slice(edges);
                                clause.push(!*node);
                                self.b.clause(&clause);
                            }
                        }
                    }
                    None if i == 0 => self.b.clause(outgoing.get(0, v)),
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
        down_backwards: encoding == FillEncoding::Mdd && mirrored(domains),
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
                    let lit = e.b.named(cell_name(r, c, letter));
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
    let mut by_word: HashMap<u32, Vec<Lit>> = HashMap::default();
    // mdd: slots with the most candidates first, so that the slot with
    // the fewest has the variables created last (CaDiCaL decides those
    // first). The selectors keep the first encoding's order.
    let mut slot_order: Vec<usize> = (0..domains.slots.len()).collect();
    if encoding == FillEncoding::Mdd {
        slot_order.sort_by_key(|&s| std::cmp::Reverse(domains.candidates[s].len()));
    }
    match encoding {
        FillEncoding::Mdd => {
            let (graphs, graph_of) = slot_graphs(domains, e.down_backwards);
            for s in slot_order {
                e.mdd(s, &graphs[graph_of[s]]);
            }
        }
        FillEncoding::Selectors | FillEncoding::SelectorsPairs => {
            for s in slot_order {
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
    // CaDiCaL's fast elimination (part of its initial light preprocessing)
    // and its congruence closure (gate detection before the first
    // decision) cost more than they save on these formulas, whereas other
    // families lose without them, so they are recommended here rather
    // than set for all.
    if encoding == FillEncoding::Mdd {
        e.b.recommend_solver_option("cadical", "fastelim", 0);
        e.b.recommend_solver_option("cadical", "congruence", 0);
    }
    e.b
}

/// The cells of slot `s` in the order its word graph reads them:
/// forwards, or backwards for a down slot when `down_backwards` is set.
fn slot_cells(domains: &Domains, s: usize, down_backwards: bool) -> Vec<(usize, usize)> {
    let slot = domains.slots[s];
    let backwards = down_backwards && !slot.across;
    (0..slot.len)
        .map(|i| slot.cell(if backwards { slot.len - 1 - i } else { i }))
        .collect()
}

/// The word graph of slot `s`'s candidates, read in [`slot_cells`] order.
fn slot_graph(domains: &Domains, s: usize, down_backwards: bool) -> WordGraph {
    let slot = domains.slots[s];
    let words = &domains.words;
    let candidates = domains.candidates[s]
        .iter()
        .map(|&id| words[id as usize].as_slice());
    if down_backwards && !slot.across {
        let reversed: Vec<Vec<u8>> = candidates
            .map(|w| w.iter().rev().copied().collect())
            .collect();
        WordGraph::new(slot.len, reversed.iter().map(Vec::as_slice))
    } else {
        WordGraph::new(slot.len, candidates)
    }
}

/// The word graphs of the slots ([`slot_graph`]) and, per slot, the
/// index of its graph: slots with the same candidates read the same way
/// share one. The graphs are built on two threads (each is its own work),
/// from the most candidates down, dealt out in turn.
fn slot_graphs(domains: &Domains, down_backwards: bool) -> (Vec<WordGraph>, Vec<usize>) {
    let reads_backwards = |s: usize| down_backwards && !domains.slots[s].across;
    let mut first_with: HashMap<(&[u32], bool), usize> = HashMap::default();
    let mut distinct = Vec::new();
    let graph_of: Vec<usize> = (0..domains.slots.len())
        .map(|s| {
            let key = (domains.candidates[s].as_slice(), reads_backwards(s));
            *first_with.entry(key).or_insert_with(|| {
                distinct.push(s);
                distinct.len() - 1
            })
        })
        .collect();
    let mut by_size: Vec<usize> = (0..distinct.len()).collect();
    by_size.sort_by_key(|&g| std::cmp::Reverse(domains.candidates[distinct[g]].len()));
    let build = |parity: usize| -> Vec<(usize, WordGraph)> {
        by_size
            .iter()
            .skip(parity)
            .step_by(2)
            .map(|&g| (g, slot_graph(domains, distinct[g], down_backwards)))
            .collect()
    };
    let (mine, theirs) = std::thread::scope(|scope| {
        let helper = scope.spawn(|| build(1));
        let mine = build(0);
        // A panic in the helper is a bug: built here again, then.
        (mine, helper.join().unwrap_or_else(|_| build(1)))
    });
    let mut built: Vec<(usize, WordGraph)> = mine.into_iter().chain(theirs).collect();
    built.sort_unstable_by_key(|&(g, _)| g);
    (built.into_iter().map(|(_, graph)| graph).collect(), graph_of)
}

/// The literals of a slot's word graph ([`Encoder::graph_literals`]).
struct GraphLiterals {
    /// Per layer and node; `None` for the root and the end.
    nodes: Vec<Vec<Option<Lit>>>,
    /// Per layer and edge (as in [`WordGraph::edges`]); `None` for the
    /// last layer's edges of a slot with inner nodes.
    edges: Vec<Vec<Option<Lit>>>,
}

/// Equivalence classes of items `0..n` (union-find with path halving).
struct Classes {
    parent: Vec<usize>,
}

impl Classes {
    fn new(n: usize) -> Self {
        Classes {
            parent: (0..n).collect(),
        }
    }

    /// The representative of `item`'s class.
    fn find(&mut self, mut item: usize) -> usize {
        while self.parent[item] != item {
            self.parent[item] = self.parent[self.parent[item]];
            item = self.parent[item];
        }
        item
    }

    /// Merges the classes of `a` and `b`.
    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a] = b;
    }
}

/// Whether the pattern is its own transpose, candidates and all: every
/// slot has a twin, the slot of the other direction at the transposed
/// place, with the same candidate words. The word graphs of twins would
/// then be copies of each other, and the solver's guesses in one copy
/// those in the other, into the fills that repeat a word in every pair of
/// twins and break distinctness; [`encode`] reads the down slots backwards
/// instead.
pub fn mirrored(domains: &Domains) -> bool {
    let sorted = sorted_candidates(domains);
    domains.slots.iter().enumerate().all(|(s, slot)| {
        domains
            .slots
            .iter()
            .position(|t| {
                t.across != slot.across
                    && (t.row, t.col) == (slot.col, slot.row)
                    && t.len == slot.len
            })
            .is_some_and(|t| sorted[s] == sorted[t])
    })
}

/// Every slot's candidate word indices, sorted (to compare two slots'
/// sets).
fn sorted_candidates(domains: &Domains) -> Vec<Vec<u32>> {
    domains
        .candidates
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c.sort_unstable();
            c
        })
        .collect()
}

/// The pairs of slots `(s, t)`, `s < t`, of one length whose candidate
/// sets share a word.
pub fn colliding_pairs(domains: &Domains) -> Vec<(usize, usize)> {
    let sorted = sorted_candidates(domains);
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

    #[test]
    fn mirrored_patterns_are_their_own_transpose_candidates_and_all() {
        use super::super::parse::parse_pattern;
        use super::super::puzzle::{Mode, Puzzle};
        use super::super::slots::domains;
        let words = ["aa", "ab", "ba", "bb", "aaa", "aba", "bab", "bbb"];
        let is_mirrored = |pattern: &str| {
            let puzzle = Puzzle {
                mode: Mode::Fill,
                grid: parse_pattern("p", pattern).expect("pattern"),
                words: words.iter().map(|w| w.to_string()).collect(),
                scores: Vec::new(),
                min_score: None,
                groups: Vec::new(),
                min_words: 0,
                clues: Vec::new(),
                theme: Vec::new(),
            };
            mirrored(&domains(&puzzle))
        };
        assert!(is_mirrored("..\n..\n"));
        assert!(is_mirrored("a.\n.b\n"));
        assert!(is_mirrored("#..\n...\n..#\n"));
        // Black squares or letters out of place, or not square.
        assert!(!is_mirrored("..#\n...\n..#\n"));
        assert!(!is_mirrored(".a\n..\n"));
        assert!(!is_mirrored("...\n...\n"));
    }

    #[test]
    fn equal_graph_literals_share_a_variable() {
        use super::super::slots::{letter_bit, slots};
        let words: Vec<Vec<u8>> = ["cat", "bat", "cot", "cog", "dog", "bag"]
            .iter()
            .map(|w| w.as_bytes().to_vec())
            .collect();
        let slots = slots(1, 3, |_, _| true);
        assert_eq!(slots.len(), 1);
        let masks = (0..3)
            .map(|i| words.iter().fold(0, |m, w| m | letter_bit(w[i])))
            .collect();
        let domains = Domains {
            slots,
            initial: vec![words.len()],
            candidates: vec![(0..words.len() as u32).collect()],
            words,
            masks,
            cols: 3,
        };
        let formula = encode(&domains, 1, 3, FillEncoding::Mdd, AtMostOne::Ladder);
        // 7 letters (b c d, a o, t g); the graph's 6 inner nodes and 12
        // edges need only 3 more: the edges c-a (which is the node "t
        // follows") and c-o, and the node "t or g follows". The root's
        // edges are the first letters, b and d have one outgoing edge
        // each (b-a and d-o), d-o is the only way into "g follows", and
        // the last layer has no edge variables.
        assert_eq!(formula.num_vars(), 7 + 3);
    }

    #[test]
    fn slots_with_the_same_candidates_share_their_graph() {
        use super::super::parse::parse_pattern;
        use super::super::puzzle::{Mode, Puzzle};
        use super::super::slots::domains;
        let words = ["abc", "bca", "cab", "acb", "bac", "cba", "ab", "ba"];
        // Three across and three down slots of three letters, one of two
        // (beside a black square), one seeded letter.
        let puzzle = Puzzle {
            mode: Mode::Fill,
            grid: parse_pattern("p", "...\n...\n.a#\n").expect("pattern"),
            words: words.iter().map(|w| w.to_string()).collect(),
            scores: Vec::new(),
            min_score: None,
            groups: Vec::new(),
            min_words: 0,
            clues: Vec::new(),
            theme: Vec::new(),
        };
        let domains = domains(&puzzle);
        for backwards in [false, true] {
            let (graphs, graph_of) = slot_graphs(&domains, backwards);
            assert!(graphs.len() < domains.slots.len());
            for s in 0..domains.slots.len() {
                assert_eq!(graphs[graph_of[s]], slot_graph(&domains, s, backwards));
                for t in 0..domains.slots.len() {
                    let same = domains.candidates[s] == domains.candidates[t]
                        && (!backwards || domains.slots[s].across == domains.slots[t].across);
                    assert_eq!(graph_of[s] == graph_of[t], same, "slots {s} and {t}");
                }
            }
        }
    }
}
