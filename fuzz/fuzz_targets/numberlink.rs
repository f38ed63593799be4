#![no_main]
// All three formats and puzzle selection (the first byte picks the puzzle
// of a letter-grid file), besides the family's default parse.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    satpipe_fuzz::family::<satpipe::numberlink::Numberlink>(data);
    if let Some((&index, rest)) = data.split_first() {
        if let Ok(text) = std::str::from_utf8(rest) {
            let _ = satpipe::numberlink::parse::parse("fuzz", text, usize::from(index % 4));
        }
    }
});
