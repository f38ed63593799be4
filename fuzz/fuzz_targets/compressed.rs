#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| satpipe_fuzz::compressed(data));
