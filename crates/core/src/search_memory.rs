//! The most memory a variant's bounded search may hold, for the whole process: the cap behind
//! `--search-memory` (docs/PERFORMANCE.md, "5D memory").
//!
//! A bounded search is one behind [`crate::Hooks::to_act_bounded`] or
//! [`crate::Hooks::quick_turn`] (5D Chess: the action search of the engine's and the referee's
//! "has the player on turn a legal action?", an agent's last-resort search for any turn). A
//! variant whose bounded searches hold memory in proportion to their effort caps it at this
//! many bytes whatever the effort, and a search that reaches it gives up as it does when its
//! effort runs out ("could not tell"). Exact searches (perft, the rules' own `to_act`) are
//! never capped: their answer must be exact.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The default cap: 256 MiB.
pub const DEFAULT_SEARCH_MEMORY: usize = 256 << 20;

static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_SEARCH_MEMORY);

/// Sets the cap, in bytes, for every bounded search that starts after this call.
pub fn set_search_memory(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The cap, in bytes.
#[must_use]
pub fn search_memory() -> usize {
    LIMIT.load(Ordering::Relaxed)
}
