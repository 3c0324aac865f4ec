//! `record_dmchess`: see fuzz/src/lib.rs, `record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| omnichess_fuzz::record("dmchess", data));
