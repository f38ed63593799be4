//! puzz.link URLs: the URL grammar of pzprjs, the puzzle player behind
//! puzz.link, pzv.jp and pzprxs.vercel.app, read and written.
//!
//! A puzzle URL is
//!
//! ```text
//! [https://]HOST/p?GENRE/[FLAGS/]COLUMNS/ROWS/BODY
//! ```
//!
//! with `HOST/p?` one of `puzz.link/p?`, `pzv.jp/p.html?` and
//! `pzprxs.vercel.app/p?` (the scheme may be left out). `FLAGS` (pzprjs's
//! "pflag") is present when the component after the genre is not a number;
//! `BODY` is the rest, in a genre's own encoding. A trailing `/` (pzprjs
//! adds one when the body ends in a character other than a letter or a
//! digit) is not part of the body.
//!
//! The genres' mappings to the puzzle types live beside their families
//! (`numberlink::url`, `nonogram::url`, `rules::sudoku_url`); the shared
//! cell encodings are in [`number16`]. A puzzle file may also be a list
//! of URLs, one a line, with blank and `#` comment lines: a collection
//! whose puzzles `--puzzle N` and `--all-puzzles` pick ([`url_lines`],
//! [`pick`], [`parts`]).

pub mod number16;

use crate::error::{Error, Result};
use crate::family::Part;

/// The host and path of the URLs written.
pub const WRITTEN_PREFIX: &str = "https://puzz.link/p?";

/// The hosts read, each with the paths before the query that it serves.
const HOSTS: &[&str] = &["puzz.link", "pzv.jp", "pzprxs.vercel.app"];

/// The paths before `?` that the hosts serve.
const PATHS: &[&str] = &["/p?", "/p.html?"];

/// The largest number of rows or columns a URL may give (a guard against
/// absurd sizes before any family looks at them).
pub const MAX_SIDE: usize = 10_000;

/// A parsed puzzle URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    /// The genre (pzprjs's "pid"), e.g. `numlin`, `nonogram`, `sudoku`.
    pub genre: String,
    /// The flags component (empty when the URL has none).
    pub flags: String,
    /// Number of columns.
    pub cols: usize,
    /// Number of rows.
    pub rows: usize,
    /// The body: everything after the rows, trailing `/` removed.
    pub body: String,
}

impl Url {
    /// The URL of a `cols` x `rows` grid of `genre` without flags, as
    /// puzz.link writes it ([`Url::write`]).
    pub fn write_grid(genre: &str, cols: usize, rows: usize, body: String) -> String {
        Url {
            genre: genre.to_string(),
            flags: String::new(),
            cols,
            rows,
            body,
        }
        .write()
    }

    /// The URL as puzz.link writes it: `https://puzz.link/p?GENRE/...`,
    /// with a final `/` when the body ends in neither a letter nor a digit
    /// (as pzprjs does, so that link shorteners keep the last character).
    pub fn write(&self) -> String {
        let mut url = format!("{WRITTEN_PREFIX}{}/", self.genre);
        if !self.flags.is_empty() {
            url.push_str(&self.flags);
            url.push('/');
        }
        url.push_str(&format!("{}/{}/{}", self.cols, self.rows, self.body));
        if !url.ends_with(|c: char| c.is_ascii_alphanumeric()) {
            url.push('/');
        }
        url
    }
}

/// The text after `HOST/p?` when `line` is a URL of a known host (with or
/// without `http://`/`https://`); `None` otherwise.
fn query(line: &str) -> Option<&str> {
    let mut rest = line.trim();
    for scheme in ["https://", "http://"] {
        if rest
            .get(..scheme.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
        {
            rest = &rest[scheme.len()..];
            break;
        }
    }
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    HOSTS.iter().find_map(|host| {
        let after = rest
            .get(..host.len())
            .filter(|h| h.eq_ignore_ascii_case(host))
            .map(|_| &rest[host.len()..])?;
        PATHS.iter().find_map(|path| after.strip_prefix(path))
    })
}

/// True when `line` (trimmed) is a puzzle URL of a known host.
pub fn is_url(line: &str) -> bool {
    query(line).is_some()
}

/// The URL lines of `text` with their 1-based line numbers when `text` is
/// a list of puzzle URLs: its first line that is neither blank nor a `#`
/// comment is a URL. `None` when it is not (another format); the other
/// lines are checked by [`pick`] and [`parse`].
pub fn url_lines(text: &str) -> Option<Vec<(usize, &str)>> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .peekable();
    // A file that does not start with a URL is looked at no further.
    lines.peek().filter(|(_, line)| is_url(line))?;
    Some(lines.collect())
}

/// The URL of puzzle `index` (1-based) of the URL list `lines` (from
/// [`url_lines`]), with its line number; an error names a line that is no
/// URL, or an index beyond the list.
pub fn pick<'a>(
    source: &str,
    lines: &[(usize, &'a str)],
    index: usize,
) -> Result<(usize, &'a str)> {
    if let Some((line, text)) = lines.iter().find(|(_, text)| !is_url(text)) {
        return Err(Error::parse(
            source,
            *line,
            format!(
                "'{}' is no puzzle URL (a file of URLs holds one puzz.link URL a line, \
                 blank lines and # comments)",
                shorten(text)
            ),
        ));
    }
    if index == 0 {
        return Err(Error::parse(source, 1, "--puzzle counts from 1"));
    }
    lines.get(index - 1).copied().ok_or_else(|| {
        Error::parse(
            source,
            lines.last().map_or(1, |l| l.0),
            format!(
                "--puzzle {index}: the file holds only {} URL(s)",
                lines.len()
            ),
        )
    })
}

/// At most 60 characters of `text`, for messages.
pub fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(60).collect();
    if short.len() < text.len() {
        short.push_str("...");
    }
    short
}

/// Parses the URL `text` found at `source:line`.
pub fn parse(source: &str, line: usize, text: &str) -> Result<Url> {
    let fail = |message: String| Error::parse(source, line, message);
    let query = query(text).ok_or_else(|| {
        fail(format!(
            "'{}' is no puzzle URL of puzz.link, pzv.jp or pzprxs.vercel.app",
            shorten(text)
        ))
    })?;
    let mut parts: Vec<&str> = query.split('/').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    let genre = parts.first().copied().unwrap_or_default();
    if genre.is_empty()
        || !genre
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return Err(fail(format!(
            "'{}' names no genre after '?' (expected e.g. p?numlin/5/5/...)",
            shorten(text)
        )));
    }
    let mut rest = &parts[1..];
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let flags = match rest.first() {
        Some(first) if !is_number(first) => {
            rest = &rest[1..];
            first.to_string()
        }
        _ => String::new(),
    };
    let size = |what: &str, value: Option<&&str>| -> Result<usize> {
        let value = value.copied().unwrap_or_default();
        let number = value
            .parse::<usize>()
            .ok()
            .filter(|_| is_number(value))
            .ok_or_else(|| {
                fail(format!(
                    "{genre}: expected the number of {what} after the genre{}, found '{}'",
                    if flags.is_empty() {
                        ""
                    } else {
                        " and its flags"
                    },
                    shorten(value)
                ))
            })?;
        if number == 0 || number > MAX_SIDE {
            return Err(fail(format!(
                "{genre}: {number} {what}: the size must be 1 to {MAX_SIDE}"
            )));
        }
        Ok(number)
    };
    let cols = size("columns", rest.first())?;
    let rows = size("rows", rest.get(1))?;
    let body = rest.get(2..).map(|b| b.join("/")).unwrap_or_default();
    Ok(Url {
        genre: genre.to_string(),
        flags,
        cols,
        rows,
        body,
    })
}

/// The puzzles of a URL list (see [`url_lines`]) for
/// [`crate::family::Family::parts`]: `None` when `text` is no URL list, or
/// holds one URL and `all` is not asked. Otherwise one part per URL with
/// `all`, else the part of URL `index` (1-based): its own text (a comment
/// `# puzzle N of FILE` and the URL), the options `options_for(N)` that
/// pick it out of the whole file, and the header options `header`, which
/// make the stored text alone parse to the same puzzle. An index beyond
/// the list gives a part that parses the whole file under it (and so
/// reports the error).
pub fn parts<O>(
    source: &str,
    text: &str,
    index: usize,
    all: bool,
    options_for: impl Fn(usize) -> O,
    header: &[(&'static str, Option<String>)],
) -> Option<Vec<Part<O>>> {
    let lines = url_lines(text)?;
    if lines.len() < 2 && !all {
        return None;
    }
    let file = std::path::Path::new(source)
        .file_name()
        .map_or_else(|| source.to_string(), |f| f.to_string_lossy().into_owned());
    let part = |number: usize| match lines.get(number.wrapping_sub(1)) {
        Some((_, url)) => Part {
            options: options_for(number),
            text: format!("# puzzle {number} of {file}\n{url}\n"),
            header_options: header.to_vec(),
        },
        None => Part {
            options: options_for(number),
            text: text.to_string(),
            header_options: Vec::new(),
        },
    };
    Some(if all {
        (1..=lines.len()).map(part).collect()
    } else {
        vec![part(index)]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_host_with_and_without_scheme_and_flags() {
        for text in [
            "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
            "http://pzv.jp/p.html?numlin/5/5/1j2h3m1h2j3",
            "pzprxs.vercel.app/p?numlin/5/5/1j2h3m1h2j3/",
            "  puzz.link/p?numlin/5/5/1j2h3m1h2j3  ",
        ] {
            let url = parse("u", 1, text).expect(text);
            assert_eq!(
                (url.genre.as_str(), url.flags.as_str(), url.cols, url.rows),
                ("numlin", "", 5, 5)
            );
            assert_eq!(url.body, "1j2h3m1h2j3", "{text}");
        }
        let url = parse("u", 1, "puzz.link/p?arukone/e/6/4/1m").expect("flags");
        assert_eq!((url.flags.as_str(), url.cols, url.rows), ("e", 6, 4));
        assert_eq!(url.write(), "https://puzz.link/p?arukone/e/6/4/1m");
        let dotted = Url {
            body: "1.".into(),
            ..url
        };
        assert!(dotted.write().ends_with("1./"), "{}", dotted.write());
    }

    #[test]
    fn bad_urls_name_what_is_wrong() {
        // Text with characters of several bytes is no URL, not a panic.
        assert!(!is_url("PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET"));
        assert!(!is_url("ÄÄÄÄÄÄÄÄ"));
        let err = |text: &str| parse("f", 3, text).expect_err(text).to_string();
        assert!(err("https://example.com/p?numlin/5/5/1").starts_with("f:3: "));
        assert!(err("puzz.link/p?numlin/5/x/1").contains("number of rows"));
        assert!(err("puzz.link/p?numlin/5").contains("number of rows"));
        assert!(err("puzz.link/p?numlin/0/5/1").contains("1 to"));
        assert!(err("puzz.link/p?/5/5/1").contains("no genre"));
        assert!(err("puzz.link/p?numlin/5/99999/1").contains("1 to"));
    }

    #[test]
    fn url_lists_pick_their_puzzles() {
        let text = "# two\npuzz.link/p?sudoku/4/4/g1k23k3g\n\npuzz.link/p?sudoku/4/4/p\n";
        let lines = url_lines(text).expect("a list");
        assert_eq!(pick("l", &lines, 2).expect("second").0, 4);
        assert!(pick("l", &lines, 3).is_err());
        assert!(url_lines("1\n5 5\n").is_none());
        let bad = url_lines("puzz.link/p?sudoku/4/4/p\nhello\n").expect("a list");
        assert!(pick("l", &bad, 1)
            .expect_err("no url")
            .to_string()
            .starts_with("l:2: 'hello' is no puzzle URL"));
        let parts = parts("dir/l.txt", text, 1, true, |n| n, &[]).expect("parts");
        assert_eq!(parts.len(), 2);
        assert_eq!(
            parts[1].text,
            "# puzzle 2 of l.txt\npuzz.link/p?sudoku/4/4/p\n"
        );
        assert!(super::parts("l", "puzz.link/p?sudoku/4/4/p\n", 1, false, |n| n, &[]).is_none());
    }
}
