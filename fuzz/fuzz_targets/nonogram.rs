#![no_main]
// Every format forced, and picross grid selection, besides the family's
// default (auto-detected) parse.
use satpipe::nonogram::formats::{parse, Format};
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    satpipe_fuzz::family::<satpipe::nonogram::Nonogram>(data);
    if let Ok(text) = std::str::from_utf8(data) {
        for format in [Format::Griddler, Format::Non, Format::Nin, Format::Picross] {
            let _ = parse("fuzz", text, format, None);
        }
        let _ = parse("fuzz", text, Format::Picross, Some("A"));
    }
});
