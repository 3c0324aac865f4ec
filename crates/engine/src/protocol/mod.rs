//! The engine protocols' commands read into values: UCI ([`uci`]) and 5DUCI ([`duci`]). A
//! variant's engine entry says which one it speaks ([`crate::registry::EngineProtocol`], from
//! [`omnichess_core::Variant::ENGINE_PROTOCOL`]).
//!
//! `omnichess uci` (crates/cli) runs the sessions: input on one thread, the search on another,
//! the answers printed. What each command line means is decided here, in plain functions that
//! return values and report through an `info` callback, so that the binary and the fuzz targets
//! (fuzz/fuzz_targets/uci.rs, duci.rs) run the very same reading.

use std::sync::{Mutex, MutexGuard};

pub mod duci;
pub mod uci;

/// Locks the search that a game's `go` commands share. `go` stops the running search first,
/// so the lock is free; after a search that panicked (a bug) the kept state may be
/// half-written, so it is replaced by `fresh()` and the lock is usable again.
pub fn lock_kept<T>(kept: &Mutex<T>, fresh: impl FnOnce() -> T) -> MutexGuard<'_, T> {
    kept.lock().unwrap_or_else(|poisoned| {
        let mut guard = poisoned.into_inner();
        *guard = fresh();
        kept.clear_poison();
        guard
    })
}

/// Where a `position` line's moves begin: the index of the word `moves` (or the number of
/// words when there is none).
fn moves_at(words: &[&str]) -> usize {
    words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn a_kept_search_poisoned_by_a_panic_is_replaced_once() {
        let kept = Arc::new(Mutex::new(7));
        let poisoner = Arc::clone(&kept);
        let panicked = std::thread::spawn(move || {
            let _guard = poisoner.lock();
            panic!("a search that panics (test)");
        })
        .join();
        assert!(panicked.is_err() && kept.is_poisoned());
        assert_eq!(
            *lock_kept(&kept, || 0),
            0,
            "the half-written state is replaced"
        );
        *lock_kept(&kept, || 0) = 5;
        assert_eq!(*lock_kept(&kept, || 0), 5, "and kept from then on");
        assert!(!kept.is_poisoned());
    }
}
