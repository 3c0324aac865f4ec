//! The most memory a bounded action search may hold in regions still to search, for the whole
//! process: the cap behind `--search-memory` (docs/PERFORMANCE.md, "5D memory").
//!
//! A bounded search (the engine's and the referee's "has the player on turn a legal action?",
//! an agent's last-resort search for any turn) already holds at most 1 KiB per candidate point
//! of its budget; this caps that at a number of bytes whatever the budget, and a search that
//! reaches it gives up as it does when its budget runs out ("could not tell"). Exact searches
//! (perft, `actions`, the rules' own `to_act`) are never capped: their answer must be exact.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The default cap: 256 MiB.
pub const DEFAULT_SEARCH_MEMORY: usize = 256 << 20;

static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_SEARCH_MEMORY);

/// Sets the cap, in bytes, for every bounded action search that starts after this call.
pub fn set_search_memory(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The cap, in bytes.
#[must_use]
pub fn search_memory() -> usize {
    LIMIT.load(Ordering::Relaxed)
}
