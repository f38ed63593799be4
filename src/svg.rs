//! Pictures of solutions: the SVG drawing every family makes
//! ([`crate::family::Family::svg`]), and the PNG picture rendered from it
//! with resvg, so that each family draws its pictures once.
//!
//! Text needs a font in the PNG: the system's fonts are loaded once (on
//! Debian, `fonts-dejavu-core` gives DejaVu Sans). Without any font the
//! shapes are still drawn and the text is left out ([`has_fonts`] tells).

use resvg::tiny_skia;
use resvg::usvg::{self, fontdb};
use std::fmt::Write;
use std::sync::{Arc, OnceLock};

/// The font family the drawings ask for; the PNG renderer maps it to the
/// first system font it knows (DejaVu Sans on Debian).
pub const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Escapes text for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written: the `<svg>` element with its size and
/// view box, a white background, then whatever the family adds.
#[derive(Debug, Clone)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A drawing `width` x `height` pixels (the view box is the same, so
    /// one unit is one pixel of the PNG), on white, in the sans-serif
    /// [`FONT`].
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
        );
        let _ = writeln!(
            out,
            r#"<rect width="{width}" height="{height}" fill="white"/>"#
        );
        Svg { out }
    }

    /// Appends one element, written by the caller (text in it escaped with
    /// [`escape`]).
    pub fn push(&mut self, element: &str) {
        self.out.push_str(element);
        self.out.push('\n');
    }

    /// A rectangle with a fill and an optional stroke (`None`: no outline).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: Option<&str>) {
        let stroke = stroke.map_or(String::new(), |s| format!(r#" stroke="{s}""#));
        let _ = writeln!(
            self.out,
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"{stroke}/>"#
        );
    }

    /// A straight line with round ends.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"/>"#
        );
    }

    /// `text` (escaped here) centred on (`x`, `y`).
    pub fn centred_text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        // The baseline sits a third of the size below the centre: the
        // middle of a capital or a digit (`dominant-baseline` is not
        // honoured everywhere).
        let _ = writeln!(
            self.out,
            r#"<text x="{x}" y="{}" font-size="{size}" text-anchor="middle" fill="{fill}">{}</text>"#,
            round(y + size / 3.0),
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// `x` to two decimals, so that the SVG text stays short.
pub fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The system's fonts, loaded on first use, with the generic families
/// `sans-serif` and `monospace` pointed at fonts that exist.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            let family = |wanted: &[&str]| {
                let families: Vec<String> = db
                    .faces()
                    .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
                    .collect();
                wanted
                    .iter()
                    .find(|name| families.iter().any(|f| f == *name))
                    .map(|name| name.to_string())
                    .or_else(|| families.first().cloned())
            };
            let sans = family(&["DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans"]);
            let mono = family(&["DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono"]);
            if let Some(sans) = sans {
                db.set_sans_serif_family(sans);
            }
            if let Some(mono) = mono {
                db.set_monospace_family(mono);
            }
            Arc::new(db)
        })
        .clone()
}

/// True when a font was found for the text of PNG pictures.
pub fn has_fonts() -> bool {
    !fonts().is_empty()
}

/// Renders an SVG drawing as a PNG file's bytes, at one pixel per unit of
/// its width and height; the error says what went wrong in words.
pub fn to_png(svg: &str) -> std::result::Result<Vec<u8>, String> {
    rasterise(svg, fonts())?
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// Renders an SVG drawing on white with the fonts of `fonts`.
fn rasterise(
    svg: &str,
    fonts: Arc<fontdb::Database>,
) -> std::result::Result<tiny_skia::Pixmap, String> {
    let options = usvg::Options {
        fontdb: fonts,
        font_family: "sans-serif".to_string(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| format!("the SVG drawing cannot be read: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        format!(
            "a picture of {} x {} pixels is too large",
            size.width(),
            size.height()
        )
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing() -> String {
        let mut svg = Svg::new(20.0, 10.0);
        svg.rect(0.0, 0.0, 10.0, 10.0, "black", None);
        svg.centred_text(15.0, 5.0, 8.0, "black", "<A & 'B'>");
        svg.finish()
    }

    #[test]
    fn text_is_escaped_and_the_document_has_a_size() {
        let text = drawing();
        assert!(text.contains("&lt;A &amp; &apos;B&apos;&gt;"), "{text}");
        let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).expect("valid SVG");
        assert_eq!(tree.size().to_int_size().width(), 20);
        assert_eq!(tree.size().to_int_size().height(), 10);
    }

    #[test]
    fn without_fonts_the_shapes_are_still_drawn() {
        let pixmap = rasterise(&drawing(), Arc::new(fontdb::Database::new())).expect("renders");
        assert_eq!((pixmap.width(), pixmap.height()), (20, 10));
        let black = pixmap.pixel(5, 5).expect("inside");
        let white = pixmap.pixel(15, 1).expect("inside");
        assert_eq!((black.red(), black.alpha()), (0, 255));
        assert_eq!((white.red(), white.alpha()), (255, 255));
    }
}
