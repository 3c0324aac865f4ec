//! The transposition table: a fixed-size array of search results by position hash.
//!
//! Sized once in MiB (a power-of-two number of entries that fits) and never grown. One entry
//! per slot, indexed by the low bits of the hash and checked against the whole hash. An entry
//! is replaced by a result of the same or greater depth, or by any result of a newer search.
//!
//! A size is at most [`MAX_MIB`], and never more than the memory the system has free
//! ([`available_mib`]): asking for more gets a smaller table, never an aborted process.

use crate::score::Score;

/// The default size of the table, in MiB.
pub const DEFAULT_MIB: usize = 16;

/// The largest table, in MiB (the UCI `Hash` option's maximum).
pub const MAX_MIB: usize = 4096;

/// The memory the system has available for new allocations, in MiB, where it says
/// (Linux: `MemAvailable` in `/proc/meminfo`); `None` where it cannot be read.
#[must_use]
pub fn available_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// The size a table asked for `mib` MiB gets: at most [`MAX_MIB`], and at most half the
/// memory available (so that the search and the rest of the system keep room).
#[must_use]
pub fn capped_mib(mib: usize) -> usize {
    cap(mib, available_mib())
}

fn cap(mib: usize, available: Option<usize>) -> usize {
    let room = available.map_or(MAX_MIB, |free| (free / 2).max(1));
    mib.min(MAX_MIB).min(room)
}

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value itself.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<D> {
    key: u64,
    /// The score (node-relative: see [`crate::score`]).
    pub score: Score,
    /// The best decision found, if the node is a player's.
    pub best: Option<D>,
    /// The depth the result was searched to.
    pub depth: i16,
    /// What the score says.
    pub bound: Bound,
    generation: u8,
}

/// A fixed-size transposition table of decisions `D`.
#[derive(Clone, Debug)]
pub struct Table<D> {
    slots: Vec<Option<Entry<D>>>,
    generation: u8,
}

impl<D> Entry<D> {
    /// The entry's score where it ends a search `depth` deep with the window (`alpha`,
    /// `beta`): the entry is at least that deep and its bound decides the window (an exact
    /// value, a lower bound at or above `beta`, an upper bound at or below `alpha`).
    #[must_use]
    pub fn decides(&self, depth: i32, (alpha, beta): (Score, Score)) -> Option<Score> {
        let usable = i32::from(self.depth) >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
            };
        usable.then_some(self.score)
    }
}

impl<D: Copy> Table<D> {
    /// A table of at most `mib` MiB (0: no table; every probe misses), capped by
    /// [`capped_mib`]; if the memory still cannot be had, the largest smaller table that can
    /// (halving), so that a large request never aborts the process.
    #[must_use]
    pub fn new(mib: usize) -> Table<D> {
        Table::sized(capped_mib(mib))
    }

    /// A table of at most `mib` MiB, smaller where the allocation fails.
    fn sized(mib: usize) -> Table<D> {
        let entry = std::mem::size_of::<Option<Entry<D>>>().max(1);
        let fit = mib.saturating_mul(1 << 20) / entry;
        let mut len = if fit == 0 { 0 } else { 1 << fit.ilog2() };
        let mut slots = Vec::new();
        while len > 0 && slots.try_reserve_exact(len).is_err() {
            len /= 2;
        }
        slots.resize(len, None);
        Table {
            slots,
            generation: 0,
        }
    }

    /// The number of slots.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    fn index(&self, key: u64) -> Option<usize> {
        if self.slots.is_empty() {
            None
        } else {
            Some((key as usize) & (self.slots.len() - 1))
        }
    }

    /// The entry of the position with hash `key`, if stored.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<&Entry<D>> {
        self.index(key)
            .and_then(|i| self.slots[i].as_ref())
            .filter(|e| e.key == key)
    }

    /// Stores a result.
    pub fn store(&mut self, key: u64, depth: i16, bound: Bound, score: Score, best: Option<D>) {
        let Some(i) = self.index(key) else {
            return;
        };
        let generation = self.generation;
        let slot = &mut self.slots[i];
        let replace = match slot {
            None => true,
            Some(old) => old.generation != generation || depth >= old.depth || old.key != key,
        };
        if replace {
            let best = best.or_else(|| slot.filter(|old| old.key == key).and_then(|old| old.best));
            *slot = Some(Entry {
                key,
                score,
                best,
                depth,
                bound,
                generation,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_its_size_and_prefers_deeper_results() {
        let mut t: Table<u16> = Table::new(1);
        let cap = t.capacity();
        assert!(
            cap.is_power_of_two() && cap * std::mem::size_of::<Option<Entry<u16>>>() <= 1 << 20
        );
        for key in 0..10 * cap as u64 {
            t.store(key, 1, Bound::Exact, 1.0, Some(1));
        }
        assert_eq!(t.capacity(), cap);
        t.store(7, 5, Bound::Lower, 12.5, Some(9));
        let e = t.probe(7).expect("stored");
        assert_eq!(
            (e.best, e.depth, e.bound, e.score),
            (Some(9), 5, Bound::Lower, 12.5)
        );
        assert!(t.probe(7 + cap as u64).is_none());
        // A shallower result of the same search does not replace a deeper one.
        t.store(7, 2, Bound::Exact, 0.0, None);
        assert_eq!(t.probe(7).map(|e| e.depth), Some(5));
        assert_eq!(Table::<u16>::new(0).capacity(), 0);
    }

    #[test]
    fn a_table_larger_than_memory_is_capped_not_an_abort() {
        // 64 GiB (the old `vec!` aborted the process): capped by the maximum and by memory.
        assert_eq!(cap(65_536, None), MAX_MIB);
        assert_eq!(cap(65_536, Some(24_000)), MAX_MIB);
        assert_eq!(cap(65_536, Some(1_000)), 500);
        assert_eq!(cap(usize::MAX, Some(0)), 1);
        assert_eq!(cap(16, Some(24_000)), 16);
        assert!(capped_mib(usize::MAX) <= MAX_MIB);
        if let Some(free) = available_mib() {
            assert!(capped_mib(usize::MAX) <= (free / 2).max(1));
        }
        let small: Table<u16> = Table::new(1);
        assert!(small.capacity() > 0);
    }
}
