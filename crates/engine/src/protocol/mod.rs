//! The engine protocols' commands read into values: UCI ([`uci`]) and 5DUCI ([`duci`]).
//!
//! `omnichess uci` (crates/cli) runs the sessions: input on one thread, the search on another,
//! the answers printed. What each command line means is decided here, in plain functions that
//! return values and report through an `info` callback, so that the binary and the fuzz targets
//! (fuzz/fuzz_targets/uci.rs, duci.rs) run the very same reading.

pub mod duci;
pub mod uci;

/// Where a `position` line's moves begin: the index of the word `moves` (or the number of
/// words when there is none).
fn moves_at(words: &[&str]) -> usize {
    words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len())
}
