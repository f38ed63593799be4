//! The lexer of the rule language: words, numbers, `..`, and the `|`
//! data blocks, each token with its line.

use super::super::layout::Block;
use crate::error::{Error, Result};

/// A lexical token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    /// A keyword, value, or path.
    Word(String),
    /// `..`
    Dots,
    /// A `|` block.
    Data(Block),
}

/// A token and its line.
#[derive(Debug, Clone)]
pub(super) struct Token {
    /// The token.
    pub(super) tok: Tok,
    /// Its 1-based line.
    pub(super) line: usize,
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '/' | '-')
}

/// Splits the text into tokens.
pub(super) fn lex(source: &str, text: &str) -> Result<Vec<Token>> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            ' ' | '\t' => i += 1,
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '|' => {
                let start = line;
                let mut block = Block {
                    lines: Vec::new(),
                    line_numbers: Vec::new(),
                };
                while i < chars.len() && chars[i] == '|' {
                    let end = chars[i..]
                        .iter()
                        .position(|&c| c == '\n')
                        .map_or(chars.len(), |p| i + p);
                    block.lines.push(chars[i + 1..end].iter().collect());
                    block.line_numbers.push(line);
                    i = end + 1;
                    line += 1;
                }
                tokens.push(Token {
                    tok: Tok::Data(block),
                    line: start,
                });
            }
            '.' if chars.get(i + 1) == Some(&'.') => {
                tokens.push(Token {
                    tok: Tok::Dots,
                    line,
                });
                i += 2;
            }
            _ if is_path_char(c) || c == '.' => {
                let start = i;
                loop {
                    match chars.get(i) {
                        Some(&c) if is_path_char(c) => i += 1,
                        Some('.')
                            if chars
                                .get(i + 1)
                                .is_some_and(|&n| n.is_ascii_alphabetic() || n == '_') =>
                        {
                            i += 2
                        }
                        _ => break,
                    }
                }
                if i == start {
                    return Err(Error::parse(
                        source,
                        line,
                        "a lone '.' (ranges are written 1..9)",
                    ));
                }
                tokens.push(Token {
                    tok: Tok::Word(chars[start..i].iter().collect()),
                    line,
                });
            }
            '\r' => {
                return Err(Error::parse(
                    source,
                    line,
                    "a carriage return outside a '|' line",
                ))
            }
            _ => {
                return Err(Error::parse(
                    source,
                    line,
                    format!("unexpected character '{c}'"),
                ))
            }
        }
    }
    Ok(tokens)
}
