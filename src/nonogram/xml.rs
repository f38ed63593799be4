//! webpbn's XML puzzle format (the export format of webpbn.com, read by
//! pbnsolve and nonogrid), black-and-white and colour:
//!
//! ```text
//! <puzzleset>
//! <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
//! <title>Demo</title>
//! <color name="white" char=".">fff</color>
//! <color name="black" char="X">000</color>
//! <clues type="columns"><line><count>2</count><count color="red">1</count></line>...</clues>
//! <clues type="rows">...</clues>
//! <solution type="goal"><image>|X.X|...</image></solution>
//! </puzzle>
//! </puzzleset>
//! ```
//!
//! A `<count>` without `color` has the puzzle's `defaultcolor` (black); the
//! `backgroundcolor` (white) is the empty cell. The first `<puzzle>` of a
//! set is read; a `<solution>` of type `goal` (the default type) becomes the
//! puzzle's known solution.

use super::formats::{parse_rgb, Format, DEFAULT_PALETTE};
use super::puzzle::{Block, Clue, Colour, Puzzle};
use super::Grid;
use crate::error::{Error, Result};
use crate::svg::escape;
use roxmltree::{Document, Node, ParsingOptions};
use std::fmt::Write;

/// One `<color>` of the file.
struct Declared {
    name: String,
    symbol: Option<char>,
    rgb: Option<[u8; 3]>,
}

/// A colour name that can be part of a variable name (`cell(1,2)=red`).
fn valid_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(char::is_whitespace)
}

/// Parses a webpbn XML document (read from `source`).
pub fn parse(source: &str, text: &str) -> Result<Puzzle> {
    let options = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| {
        let line = e.pos().row as usize;
        Error::parse(source, line.max(1), format!("not well-formed XML: {e}"))
    })?;
    let line_of = |node: Node<'_, '_>| doc.text_pos_at(node.range().start).row as usize;
    let root = doc.root_element();
    let puzzle = if root.has_tag_name("puzzle") {
        Some(root)
    } else {
        root.descendants().find(|n| n.has_tag_name("puzzle"))
    };
    let Some(puzzle) = puzzle else {
        return Err(Error::parse(
            source,
            line_of(root),
            "no <puzzle> element in this XML file",
        ));
    };
    let children = || puzzle.children().filter(Node::is_element);
    let default_colour = puzzle.attribute("defaultcolor").unwrap_or("black");
    let background = puzzle.attribute("backgroundcolor").unwrap_or("white");
    let mut declared: Vec<Declared> = Vec::new();
    for node in children().filter(|n| n.has_tag_name("color")) {
        let Some(name) = node.attribute("name").filter(|n| valid_name(n)) else {
            return Err(Error::parse(
                source,
                line_of(node),
                "a <color> needs a name attribute without spaces",
            ));
        };
        let value = node.text().unwrap_or("").trim();
        let rgb = parse_rgb(value);
        if rgb.is_none() && !value.is_empty() {
            return Err(Error::parse(
                source,
                line_of(node),
                format!("colour {name} has value '{value}', not a hex colour like ff0000"),
            ));
        }
        declared.push(Declared {
            name: name.to_string(),
            symbol: node.attribute("char").and_then(|c| c.chars().next()),
            rgb,
        });
    }
    // Clues by colour name first; the palette is the colours they use.
    type Named = Vec<(Vec<(usize, String)>, usize)>;
    let mut sections: [Option<Named>; 2] = [None, None];
    for node in children().filter(|n| n.has_tag_name("clues")) {
        let slot = match node.attribute("type") {
            Some("rows") => 0,
            Some("columns") => 1,
            other => {
                return Err(Error::parse(
                    source,
                    line_of(node),
                    format!(
                        "<clues> needs type=\"rows\" or type=\"columns\", not {}",
                        other.map_or("nothing".to_string(), |t| format!("\"{t}\""))
                    ),
                ))
            }
        };
        let mut lines = Vec::new();
        for line in node.children().filter(|n| n.has_tag_name("line")) {
            let mut blocks = Vec::new();
            for count in line.children().filter(|n| n.has_tag_name("count")) {
                let text = count.text().unwrap_or("").trim();
                let len = text.parse::<usize>().ok().filter(|&n| n > 0);
                let Some(len) = len else {
                    return Err(Error::parse(
                        source,
                        line_of(count),
                        format!("expected a block length (a positive number), found '{text}'"),
                    ));
                };
                let colour = count.attribute("color").unwrap_or(default_colour);
                if !valid_name(colour) {
                    return Err(Error::parse(
                        source,
                        line_of(count),
                        format!("colour name '{colour}' is empty or has spaces"),
                    ));
                }
                if colour == background {
                    return Err(Error::parse(
                        source,
                        line_of(count),
                        format!("a block of the background colour {background}"),
                    ));
                }
                blocks.push((len, colour.to_string()));
            }
            lines.push((blocks, line_of(line)));
        }
        if sections[slot].replace(lines).is_some() {
            return Err(Error::parse(
                source,
                line_of(node),
                "a second <clues> section of this type",
            ));
        }
    }
    let [Some(rows), Some(columns)] = sections else {
        let what = if sections[0].is_none() {
            "rows"
        } else {
            "columns"
        };
        return Err(Error::parse(
            source,
            line_of(puzzle),
            format!("no <clues type=\"{what}\"> in this puzzle"),
        ));
    };
    let mut used: Vec<String> = Vec::new();
    for (blocks, _) in rows.iter().chain(&columns) {
        for (_, name) in blocks {
            if !used.contains(name) {
                used.push(name.clone());
            }
        }
    }
    // Declared colours first, in the file's order; then any used colour
    // without a <color> element.
    let mut order: Vec<&str> = declared
        .iter()
        .map(|d| d.name.as_str())
        .filter(|n| used.iter().any(|u| u == n))
        .collect();
    for name in &used {
        if !order.contains(&name.as_str()) {
            order.push(name);
        }
    }
    if order.is_empty() {
        order.push(default_colour);
    }
    let mut colours: Vec<Colour> = Vec::new();
    for (k, name) in order.iter().enumerate() {
        let found = declared.iter().find(|d| d.name == *name);
        let rgb = found.and_then(|d| d.rgb).unwrap_or(if *name == "black" {
            [0, 0, 0]
        } else {
            DEFAULT_PALETTE[k % DEFAULT_PALETTE.len()]
        });
        let symbol = found.and_then(|d| d.symbol).unwrap_or(if order.len() == 1 {
            '#'
        } else {
            name.chars().next().unwrap_or('?')
        });
        colours.push(Colour {
            name: name.to_string(),
            symbol,
            rgb,
        });
    }
    let background_symbol = declared
        .iter()
        .find(|d| d.name == background)
        .and_then(|d| d.symbol)
        .unwrap_or('.');
    for (k, colour) in colours.iter().enumerate() {
        if colour.symbol == background_symbol || colours[..k].iter().any(|c| c.symbol == colour.symbol)
        {
            return Err(Error::parse(
                source,
                line_of(puzzle),
                format!(
                    "colour {} is drawn '{}' like another colour; give each a char of its own",
                    colour.name, colour.symbol
                ),
            ));
        }
    }
    let index = |name: &str| order.iter().position(|n| *n == name).unwrap_or(0);
    let to_clues = |lines: Named| -> (Vec<Clue>, Vec<usize>) {
        lines
            .into_iter()
            .map(|(blocks, line)| {
                let clue = blocks
                    .iter()
                    .map(|(len, name)| Block {
                        len: *len,
                        colour: index(name),
                    })
                    .collect();
                (clue, line)
            })
            .unzip()
    };
    let (rows, row_lines) = to_clues(rows);
    let (columns, column_lines) = to_clues(columns);
    let goal = children()
        .filter(|n| n.has_tag_name("solution"))
        .find(|n| n.attribute("type").unwrap_or("goal") == "goal")
        .and_then(|n| n.children().find(|c| c.has_tag_name("image")));
    let goal = match goal {
        None => None,
        Some(image) => {
            let line = line_of(image);
            let text = image.text().unwrap_or("");
            let mut cells = Vec::new();
            for row in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
                let inner = row.trim_matches('|');
                for ch in inner.chars() {
                    if ch == background_symbol {
                        cells.push(None);
                    } else if let Some(k) = colours.iter().position(|c| c.symbol == ch) {
                        cells.push(Some(k));
                    } else {
                        return Err(Error::parse(
                            source,
                            line,
                            format!("the solution image has '{ch}', which is no colour's char"),
                        ));
                    }
                }
            }
            Some((cells, line))
        }
    };
    let title = children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .map(|t| t.trim().to_string());
    Ok(Puzzle {
        colours,
        rows,
        columns,
        row_lines,
        column_lines,
        goal,
        title,
        format: Format::Xml,
        text: String::new(),
    })
}

/// The puzzle as a webpbn XML document, with `grid` as its `goal`
/// solution when given.
pub fn write(puzzle: &Puzzle, grid: Option<&Grid>) -> String {
    // No DOCTYPE line: pbnsolve warns about it, and nothing needs it.
    let mut out = String::from("<?xml version=\"1.0\"?>\n<puzzleset>\n");
    let default = &puzzle.colours[0];
    let _ = writeln!(
        out,
        "<puzzle type=\"grid\" defaultcolor=\"{}\" backgroundcolor=\"white\">",
        escape(&default.name)
    );
    if let Some(title) = &puzzle.title {
        let _ = writeln!(out, "<title>{}</title>", escape(title));
    }
    out.push_str("<color name=\"white\" char=\".\">ffffff</color>\n");
    for colour in &puzzle.colours {
        let _ = writeln!(
            out,
            "<color name=\"{}\" char=\"{}\">{}</color>",
            escape(&colour.name),
            escape(&colour.symbol.to_string()),
            &colour.hex()[1..]
        );
    }
    for (kind, clues) in [("columns", &puzzle.columns), ("rows", &puzzle.rows)] {
        let _ = writeln!(out, "<clues type=\"{kind}\">");
        for clue in clues {
            out.push_str("<line>");
            for block in clue {
                if block.colour == 0 {
                    let _ = write!(out, "<count>{}</count>", block.len);
                } else {
                    let _ = write!(
                        out,
                        "<count color=\"{}\">{}</count>",
                        escape(&puzzle.colours[block.colour].name),
                        block.len
                    );
                }
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clues>\n");
    }
    if let Some(grid) = grid {
        out.push_str("<solution type=\"goal\">\n<image>\n");
        for row in grid.rows() {
            out.push('|');
            for cell in row {
                out.push(cell.map_or('.', |k| puzzle.colours[k].symbol));
            }
            out.push_str("|\n");
        }
        out.push_str("</image>\n</solution>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::formats::parse as parse_any;

    const COLOUR: &str = r#"<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<title>Two &amp; two</title>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">ff0000</color>
<clues type="columns">
<line><count>1</count></line>
<line><count color="red">1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="red">1</count></line>
</clues>
<solution type="goal">
<image>
|Xr|
</image>
</solution>
</puzzle>
</puzzleset>
"#;

    #[test]
    fn reads_colours_clues_and_the_goal() {
        let p = parse_any("p.xml", COLOUR, Format::Auto, None).unwrap();
        assert_eq!(p.format, Format::Xml);
        assert_eq!(p.title.as_deref(), Some("Two & two"));
        let names: Vec<&str> = p.colours.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["black", "red"]);
        assert_eq!(p.colours[1].rgb, [255, 0, 0]);
        assert_eq!(
            p.rows[0],
            vec![Block { len: 1, colour: 0 }, Block { len: 1, colour: 1 }]
        );
        assert_eq!(p.row_lines, vec![14]);
        assert_eq!(p.goal, Some((vec![Some(0), Some(1)], 17)));
    }

    #[test]
    fn writes_what_it_reads() {
        let p = parse_any("p.xml", COLOUR, Format::Auto, None).unwrap();
        let grid = Grid {
            height: 1,
            width: 2,
            cells: vec![Some(0), Some(1)],
            symbols: vec!['X', 'r'],
        };
        let text = write(&p, Some(&grid));
        assert!(text.contains("<title>Two &amp; two</title>"), "{text}");
        let again = parse_any("q.xml", &text, Format::Auto, None).unwrap();
        assert_eq!((&again.rows, &again.columns), (&p.rows, &p.columns));
        assert_eq!(again.colours, p.colours);
        assert_eq!(again.goal.map(|g| g.0), p.goal.map(|g| g.0));
        // Black and white: plain counts, no colour attributes.
        let bw = parse_any("d", "g 1 1 r 1 0 c 1 0", Format::Auto, None).unwrap();
        let text = write(&bw, None);
        assert!(text.contains("<line><count>1</count></line>"), "{text}");
        let again = parse_any("d.xml", &text, Format::Auto, None).unwrap();
        assert!(!again.is_colour());
        assert_eq!(again.rows, bw.rows);
    }

    #[test]
    fn errors_name_the_line() {
        let err = |text: &str| {
            parse_any("p.xml", text, Format::Auto, None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let e = err("<puzzleset>\n<puzzle>\n</puzzleset>");
        assert!(e.starts_with("p.xml:3: not well-formed XML"), "{e}");
        let e = err("<puzzleset>\n<other/>\n</puzzleset>");
        assert!(e.contains("no <puzzle>"), "{e}");
        let bad_count = COLOUR.replace("<count color=\"red\">1</count></line>\n</clues>\n<clues type=\"rows\">", "<count color=\"red\">x</count></line>\n</clues>\n<clues type=\"rows\">");
        let e = err(&bad_count);
        assert!(e.starts_with("p.xml:11: expected a block length"), "{e}");
        let e = err(&COLOUR.replace("<clues type=\"rows\">", "<clues type=\"lines\">"));
        assert!(e.starts_with("p.xml:13: <clues> needs type"), "{e}");
        let e = err(&COLOUR.replace("|Xr|", "|Xq|"));
        assert!(e.starts_with("p.xml:17: the solution image has 'q'"), "{e}");
        // Sums of each colour are checked as in every format.
        let e = err(&COLOUR.replace("<line><count color=\"red\">1</count></line>", "<line><count>1</count></line>"));
        assert!(e.contains("of colour black"), "{e}");
    }
}
