//! The transposition table: a fixed-size array of search results by position hash.
//!
//! Sized once in MiB (a power-of-two number of entries that fits) and never grown. One entry
//! per slot, indexed by the low bits of the hash and checked against the whole hash. An entry
//! is replaced by a result of the same or greater depth, or by any result of a newer search.

use crate::score::Score;

/// The default size of the table, in MiB.
pub const DEFAULT_MIB: usize = 16;

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

impl<D: Copy> Table<D> {
    /// A table of at most `mib` MiB (0: no table; every probe misses).
    #[must_use]
    pub fn new(mib: usize) -> Table<D> {
        let entry = std::mem::size_of::<Option<Entry<D>>>().max(1);
        let fit = mib.saturating_mul(1 << 20) / entry;
        let len = if fit == 0 { 0 } else { 1 << fit.ilog2() };
        Table {
            slots: vec![None; len],
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
}
