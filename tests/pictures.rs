//! `decode-<family> --svg FILE --png FILE` for every family, through the
//! real binaries: both files are written, the SVG is well-formed XML with
//! a size and a view box (and passes `xmllint` where it is installed), the
//! PNG decodes at the SVG's size and is not blank, the drawing shows the
//! solution, and several solutions give numbered files.

mod common;

use common::{code, have, instance, pipeline, run_program, run_program_in, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Output;

/// One family's instance: the encoder's arguments (the puzzle file among
/// them), `solve`'s arguments, and the folder to run in.
struct Case {
    family: &'static str,
    encode: Vec<String>,
    solve: Vec<&'static str>,
    dir: Option<PathBuf>,
}

fn case(family: &'static str) -> Case {
    let file = |relative: &str| instance(relative).to_string_lossy().into_owned();
    match family {
        "crossword" => Case {
            family,
            encode: vec![
                "--pattern".into(),
                file("crossword/grids/stazi-example2-10x10.txt"),
                "--words".into(),
                file("crossword/stazi-words.json"),
            ],
            solve: vec![],
            dir: None,
        },
        "nonogram" => Case {
            family,
            encode: vec![file("nonogram/webpbn-survey-free/webpbn-01611-merka.non")],
            solve: vec![],
            dir: None,
        },
        "numberlink" => Case {
            family,
            encode: vec![file("numberlink/seed/input-7by7.in")],
            solve: vec![],
            dir: None,
        },
        "rules" => Case {
            family,
            encode: vec!["puzzles/evil-sudoku.txt".into()],
            solve: vec![],
            dir: Some(instance("rules/solvomatic")),
        },
        "sanalouhos" => Case {
            family,
            encode: vec!["TMSIIOULKNIEKIAITTAONTTIMAAOTI".into()],
            solve: vec![],
            dir: None,
        },
        "masyu" => Case {
            family,
            encode: vec![file("masyu/pzprjs/mashu-6x6.txt")],
            solve: vec![],
            dir: None,
        },
        "slitherlink" => Case {
            family,
            encode: vec![file("slitherlink/loopy/7x7.txt")],
            solve: vec![],
            dir: None,
        },
        other => panic!("tests/pictures.rs has no instance for the family {other}: add one"),
    }
}

/// Runs `encode | solve | decode` of `case` with `decode` arguments;
/// returns the decoder's output.
fn run_case(case: &Case, decode: &[&str]) -> Output {
    let encode_name = format!("encode-{}", case.family);
    let decode_name = format!("decode-{}", case.family);
    let encode: Vec<&str> = case.encode.iter().map(String::as_str).collect();
    let encoded = run_program_in(
        case.dir.as_deref(),
        &common::bin(&encode_name),
        &encode,
        b"",
    );
    assert_eq!(code(&encoded), 0, "{encode_name}: {}", stderr(&encoded));
    let outs = pipeline(
        &[("solve", &case.solve), (&decode_name, decode)],
        &encoded.stdout,
    );
    assert_eq!(code(&outs[0]), 10, "solve: {}", stderr(&outs[0]));
    outs[1].clone()
}

/// The SVG's root element: checks it is `<svg>` with a view box; returns
/// its width and height and the text of its `<text>` elements, in order.
fn read_svg(path: &Path) -> ((f64, f64), Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let document = roxmltree::Document::parse(&text)
        .unwrap_or_else(|e| panic!("{} is not well-formed XML: {e}", path.display()));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{}", path.display());
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let number = |name: &str| -> f64 {
        root.attribute(name)
            .unwrap_or_else(|| panic!("{}: no {name}", path.display()))
            .parse()
            .unwrap_or_else(|e| panic!("{}: {name}: {e}", path.display()))
    };
    let (width, height) = (number("width"), number("height"));
    let view_box = root.attribute("viewBox").expect("a viewBox");
    assert_eq!(
        view_box,
        format!("0 0 {width} {height}"),
        "{}",
        path.display()
    );
    if have("xmllint") {
        let out = run_program(
            Path::new("xmllint"),
            &["--noout", &path.to_string_lossy()],
            b"",
        );
        assert_eq!(
            code(&out),
            0,
            "xmllint {}: {}",
            path.display(),
            stderr(&out)
        );
    }
    let texts = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| node.text().unwrap_or_default().to_string())
        .collect();
    ((width, height), texts)
}

/// Decodes a PNG: its size, and whether it has pixels far from white
/// (something is drawn).
fn read_png(path: &Path) -> ((u32, u32), bool) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap_or_else(|e| panic!("{} is no PNG: {e}", path.display()));
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut pixels)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let channels = info.color_type.samples();
    let dark = pixels[..info.buffer_size()]
        .chunks(channels)
        .any(|pixel| pixel.iter().take(3).any(|&v| v < 128));
    ((info.width, info.height), dark)
}

/// Draws `case`'s first solution into `dir` as `FAMILY.svg` and
/// `FAMILY.png`, checks both, and returns the decoder's JSON and the SVG's
/// texts.
fn draw(case: &Case, dir: &Path) -> (serde_json::Value, Vec<String>) {
    let svg = dir.join(format!("{}.svg", case.family));
    let png = dir.join(format!("{}.png", case.family));
    let (svg_arg, png_arg) = (svg.to_string_lossy(), png.to_string_lossy());
    let out = run_case(case, &["--json", "--svg", &svg_arg, "--png", &png_arg]);
    assert_eq!(code(&out), 0, "decode-{}: {}", case.family, stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let ((width, height), texts) = read_svg(&svg);
    let (size, dark) = read_png(&png);
    assert_eq!(
        size,
        (width.ceil() as u32, height.ceil() as u32),
        "{}: the PNG has the SVG's size",
        case.family
    );
    assert!(dark, "{}: the PNG is blank", case.family);
    (json, texts)
}

#[test]
fn every_registered_family_draws_svg_and_png() {
    let dir = tempfile::tempdir().expect("tempdir");
    for family in satpipe::FAMILIES {
        let case = case(family.name);
        let (json, texts) = draw(&case, dir.path());
        let solution = &json["solutions"][0];
        match family.name {
            "crossword" => {
                // Every letter of the grid is drawn, upper case.
                let letters: Vec<String> = solution["grid"]
                    .as_array()
                    .expect("rows")
                    .iter()
                    .flat_map(|row| row.as_str().expect("row").chars())
                    .filter(|&c| c != '#')
                    .map(|c| c.to_uppercase().collect())
                    .collect();
                for letter in &letters {
                    assert!(texts.contains(letter), "crossword: {letter} not drawn");
                }
            }
            "nonogram" => {
                // The clues are drawn: one text per number (0 for an empty line).
                let clues = texts.iter().filter(|t| t.parse::<usize>().is_ok()).count();
                assert!(clues >= 55 + 60, "nonogram: {clues} clue numbers");
            }
            "numberlink" => {
                // Both endpoints of every line are labelled.
                let labels = texts.iter().filter(|t| !t.is_empty()).count();
                assert!(labels >= 2, "numberlink: {texts:?}");
                assert_eq!(labels % 2, 0, "numberlink: {texts:?}");
            }
            "rules" => {
                // The cells' values in text order, as the JSON gives them.
                let cells: Vec<String> = solution["cells"]
                    .as_array()
                    .expect("cells")
                    .iter()
                    .map(|c| c.as_str().expect("cell").to_string())
                    .collect();
                assert_eq!(texts, cells);
            }
            "sanalouhos" => {
                assert_eq!(texts.concat(), "TMSIIOULKNIEKIAITTAONTTIMAAOTI");
            }
            "masyu" => {
                // The loop has its 30 segments.
                let segments = solution["edges"].as_array().map_or(0, Vec::len);
                assert_eq!(segments, 30, "masyu: {solution}");
            }
            "slitherlink" => {
                // Every clue is drawn, in reading order.
                let text =
                    std::fs::read_to_string(instance("slitherlink/loopy/7x7.txt")).expect("puzzle");
                let clues: String = text
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .flat_map(|l| l.chars().filter(|c| c.is_ascii_digit()))
                    .collect();
                assert_eq!(texts.concat(), clues);
            }
            other => panic!("no check for {other}"),
        }
    }
}

#[test]
fn several_solutions_give_numbered_pictures() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Two nonogram solutions (the diagonals of a 2 x 2 grid) and the first
    // two magic squares.
    let two = dir.path().join("two.non");
    std::fs::write(&two, "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n").expect("write");
    let cases = [
        Case {
            family: "nonogram",
            encode: vec![two.to_string_lossy().into_owned()],
            solve: vec!["--all"],
            dir: None,
        },
        Case {
            family: "rules",
            encode: vec!["puzzles/magic-square.txt".into()],
            solve: vec!["--max", "2"],
            dir: Some(instance("rules/solvomatic")),
        },
    ];
    for case in &cases {
        let svg = dir.path().join(format!("{}.svg", case.family));
        let png = dir.path().join(format!("{}.png", case.family));
        let (svg_arg, png_arg) = (svg.to_string_lossy(), png.to_string_lossy());
        let out = run_case(case, &["--svg", &svg_arg, "--png", &png_arg]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert!(
            !svg.exists() && !png.exists(),
            "{}: unnumbered file",
            case.family
        );
        let mut drawings = Vec::new();
        for n in [1, 2] {
            let svg = dir.path().join(format!("{}-{n}.svg", case.family));
            let png = dir.path().join(format!("{}-{n}.png", case.family));
            let ((width, height), _) = read_svg(&svg);
            let (size, dark) = read_png(&png);
            assert_eq!(size, (width.ceil() as u32, height.ceil() as u32));
            assert!(dark, "{} is blank", png.display());
            drawings.push(std::fs::read_to_string(&svg).expect("svg"));
        }
        assert_ne!(
            drawings[0], drawings[1],
            "{}: two different solutions",
            case.family
        );
        let third = dir.path().join(format!("{}-3.svg", case.family));
        assert!(!third.exists(), "{}", third.display());
    }
}

#[test]
fn an_unwritable_picture_names_the_file() {
    let case = case("sanalouhos");
    let missing = Path::new("no-such-folder").join("p.png");
    let out = run_case(&case, &["--png", &missing.to_string_lossy()]);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains(&missing.display().to_string()),
        "{}",
        stderr(&out)
    );
}
