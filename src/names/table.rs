//! The names of a formula's variables, as its header gives them: one name
//! a variable (`c var 5 x`), or a block of variables named by a pattern
//! (`c vars 17 edge(r,c,r,c+1) r=1..7 c=1..6`, [`Block`]).

use super::block::Block;
use rustsat::types::Var;
use std::borrow::Cow;
use std::collections::HashMap;

/// The named variables of a formula.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    single: HashMap<Var, String>,
    /// Blocks, in order of their first variable; no two overlap.
    blocks: Vec<Block>,
}

impl Names {
    /// No names.
    pub fn new() -> Self {
        Self::default()
    }

    /// Names `var` alone (`c var`); an error when it already has a name.
    pub fn insert(&mut self, var: Var, name: String) -> Result<(), String> {
        if let Some(old) = self.get(var) {
            return Err(format!(
                "variable {} is named twice ('{old}' and '{name}')",
                var.to_ipasir()
            ));
        }
        self.single.insert(var, name);
        Ok(())
    }

    /// Adds a block of names (`c vars`); an error when one of its
    /// variables already has a name, or a name of it is another block's.
    pub fn add_block(&mut self, block: Block) -> Result<(), String> {
        let end = block.first() + block.len();
        if let Some(other) = self
            .blocks
            .iter()
            .find(|b| b.first() < end && block.first() < b.first() + b.len())
        {
            return Err(format!(
                "the blocks of names from variable {} and from variable {} overlap",
                other.first() + 1,
                block.first() + 1
            ));
        }
        if let Some(var) = self.single.keys().find(|v| block.contains(v.idx32())) {
            return Err(format!(
                "variable {} is named twice (by 'c var' and by 'c vars')",
                var.to_ipasir()
            ));
        }
        if let Some(other) = self.blocks.iter().find(|b| b.may_share_names(&block)) {
            return Err(format!(
                "the blocks of names from variable {} and from variable {} may give one name \
                 to two variables",
                other.first() + 1,
                block.first() + 1
            ));
        }
        let at = self.blocks.partition_point(|b| b.first() < block.first());
        self.blocks.insert(at, block);
        Ok(())
    }

    /// The block holding `var`, and `var`'s offset in it.
    fn block_of(&self, var: Var) -> Option<(&Block, u32)> {
        let v = var.idx32();
        let at = self.blocks.partition_point(|b| b.first() <= v);
        let block = self.blocks[..at].last()?;
        block.contains(v).then(|| (block, v - block.first()))
    }

    /// The name of `var`, if it has one.
    pub fn get(&self, var: Var) -> Option<Cow<'_, str>> {
        if let Some(name) = self.single.get(&var) {
            return Some(Cow::Borrowed(name));
        }
        self.block_of(var)
            .map(|(block, offset)| Cow::Owned(block.name(offset)))
    }

    /// Whether `var` has a name.
    pub fn contains(&self, var: Var) -> bool {
        self.single.contains_key(&var) || self.block_of(var).is_some()
    }

    /// The number of named variables.
    pub fn len(&self) -> usize {
        self.single.len() + self.blocks.iter().map(|b| b.len() as usize).sum::<usize>()
    }

    /// True when no variable is named.
    pub fn is_empty(&self) -> bool {
        self.single.is_empty() && self.blocks.is_empty()
    }

    /// The largest named variable.
    pub fn max_var(&self) -> Option<Var> {
        let single = self.single.keys().max().copied();
        let block = self
            .blocks
            .last()
            .map(|b| Var::new(b.first() + b.len() - 1));
        single.max(block)
    }

    /// The blocks, in order of their first variable.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The variables named one by one, with their names, in order.
    pub fn singles(&self) -> Vec<(Var, &str)> {
        let mut singles: Vec<(Var, &str)> =
            self.single.iter().map(|(&v, n)| (v, n.as_str())).collect();
        singles.sort_unstable_by_key(|&(v, _)| v);
        singles
    }

    /// Every named variable, in order.
    pub fn vars(&self) -> Vec<Var> {
        let mut vars: Vec<Var> = self.single.keys().copied().collect();
        for block in &self.blocks {
            vars.extend((block.first()..block.first() + block.len()).map(Var::new));
        }
        vars.sort_unstable();
        vars
    }

    /// Every named variable with its name, in order of the variables.
    pub fn iter(&self) -> impl Iterator<Item = (Var, Cow<'_, str>)> + '_ {
        self.vars()
            .into_iter()
            .filter_map(move |var| self.get(var).map(|name| (var, name)))
    }

    /// An index from names to variables; an error when one name is given
    /// to two variables.
    pub fn index(&self) -> Result<NameIndex<'_>, String> {
        let mut single = HashMap::with_capacity(self.single.len());
        for (var, name) in &self.single {
            if let Some(other) = single.insert(name.as_str(), *var) {
                return Err(twice(name, other, *var));
            }
            if let Some(other) = self.find_in_blocks(name) {
                return Err(twice(name, other, *var));
            }
        }
        Ok(NameIndex {
            single,
            names: self,
        })
    }

    /// The variable called `name` in a block, if a block has it.
    pub fn find_in_blocks(&self, name: &str) -> Option<Var> {
        let predicate = name.split_once('(').map_or(name, |(p, _)| p);
        self.blocks
            .iter()
            .filter(|b| b.predicate() == predicate)
            .find_map(|b| b.index_of(name).map(|i| Var::new(b.first() + i)))
    }
}

fn twice(name: &str, a: Var, b: Var) -> String {
    format!(
        "the name '{name}' is given to variables {} and {}",
        a.to_ipasir().min(b.to_ipasir()),
        a.to_ipasir().max(b.to_ipasir())
    )
}

/// Finds variables by name ([`Names::index`]).
#[derive(Debug)]
pub struct NameIndex<'a> {
    single: HashMap<&'a str, Var>,
    names: &'a Names,
}

impl NameIndex<'_> {
    /// The variable called `name`.
    pub fn get(&self, name: &str) -> Option<Var> {
        self.single
            .get(name)
            .copied()
            .or_else(|| self.names.find_in_blocks(name))
    }

    /// The variable called `predicate(args...)` (integer arguments, no
    /// value), found in a block without spelling the name when it is
    /// there.
    pub fn get_ints(&self, predicate: &str, args: &[i64]) -> Option<Var> {
        for block in &self.names.blocks {
            if let Some(i) = block.index_of_ints(predicate, args) {
                return Some(Var::new(block.first() + i));
            }
        }
        if self.single.is_empty() {
            return None;
        }
        let mut name = String::from(predicate);
        name.push('(');
        for (i, arg) in args.iter().enumerate() {
            if i > 0 {
                name.push(',');
            }
            name.push_str(itoa::Buffer::new().format(*arg));
        }
        name.push(')');
        self.single.get(name.as_str()).copied()
    }

    /// The named variables, the ones named alone with their names
    /// borrowed.
    pub fn names(&self) -> &Names {
        self.names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        let mut names = Names::new();
        names
            .add_block(Block::parse("3 cell(r,c) r=1..2 c=1..2").expect("block"))
            .expect("added");
        names.insert(Var::new(0), "x".into()).expect("x");
        names.insert(Var::new(7), "y(1)".into()).expect("y");
        names
    }

    #[test]
    fn names_of_blocks_and_singles() {
        let names = names();
        assert_eq!(names.len(), 6);
        assert_eq!(names.get(Var::new(2)).as_deref(), Some("cell(1,1)"));
        assert_eq!(names.get(Var::new(5)).as_deref(), Some("cell(2,2)"));
        assert_eq!(names.get(Var::new(6)), None);
        assert_eq!(names.max_var(), Some(Var::new(7)));
        let listed: Vec<(u32, String)> = names
            .iter()
            .map(|(v, n)| (v.idx32(), n.into_owned()))
            .collect();
        assert_eq!(listed[0], (0, "x".to_string()));
        assert_eq!(listed[5], (7, "y(1)".to_string()));
        let index = names.index().expect("unique");
        assert_eq!(index.get("cell(2,1)"), Some(Var::new(4)));
        assert_eq!(index.get_ints("cell", &[2, 1]), Some(Var::new(4)));
        assert_eq!(index.get_ints("y", &[1]), Some(Var::new(7)));
        assert_eq!(index.get("y(1)"), Some(Var::new(7)));
        assert_eq!(index.get("cell(3,1)"), None);
    }

    #[test]
    fn a_name_twice_is_refused() {
        let mut clash = names();
        clash
            .insert(Var::new(8), "cell(1,2)".into())
            .expect("new var");
        assert!(clash.index().is_err());
        let mut names = names();
        assert!(names.insert(Var::new(3), "z".into()).is_err());
        assert!(names
            .add_block(Block::parse("1 w(i) i=1..2").expect("block"))
            .is_err());
        assert!(names
            .add_block(Block::parse("5 v(i) i=1..2").expect("block"))
            .is_err());
        assert!(names
            .add_block(Block::parse("9 cell(r,c) r=2..3 c=2..3").expect("block"))
            .is_err());
        assert!(names
            .add_block(Block::parse("9 cell(r,c) r=3..4 c=1..2").expect("block"))
            .is_ok());
    }
}
