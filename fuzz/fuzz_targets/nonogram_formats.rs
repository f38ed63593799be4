#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| satpipe_fuzz::nonogram_formats(data));
