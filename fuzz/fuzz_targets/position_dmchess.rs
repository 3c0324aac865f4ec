//! `position_dmchess`: see fuzz/src/lib.rs, `position`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| omnichess_fuzz::position("dmchess", data));
