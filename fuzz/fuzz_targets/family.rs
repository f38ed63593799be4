#![no_main]
// Every registered family: the first byte picks it (see satpipe_fuzz::family).
libfuzzer_sys::fuzz_target!(|data: &[u8]| satpipe_fuzz::family(data));
