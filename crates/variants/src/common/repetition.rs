//! Counting repetitions of a position (FIDE 9.2), for the variants that keep a hash of every
//! earlier position: only positions since the last irreversible move can repeat, and only
//! those with the same side to move (every second one back).

/// How often the position hashed `key` has occurred, counting itself: `earlier` are the
/// hashes of the positions before it, oldest first, and `reversible` how many of the latest
/// can equal it (the halfmove clock).
pub(crate) fn count<I>(key: u64, reversible: usize, earlier: I) -> usize
where
    I: DoubleEndedIterator<Item = u64> + ExactSizeIterator,
{
    let n = reversible.min(earlier.len());
    1 + earlier
        .rev()
        .take(n)
        .skip(1)
        .step_by(2)
        .filter(|&h| h == key)
        .count()
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn only_the_same_side_to_move_and_the_reversible_stretch_count() {
        // Positions A B A B, now A: A occurred twice before, with the same side to move.
        assert_eq!(count(1, 4, [1, 2, 1, 2].into_iter()), 3);
        // The clock says only the last two could repeat.
        assert_eq!(count(1, 2, [1, 2, 1, 2].into_iter()), 2);
        // B one move ago had the other side to move: not a repetition.
        assert_eq!(count(2, 4, [1, 1, 1, 2].into_iter()), 1);
        assert_eq!(count(5, 0, std::iter::empty()), 1);
    }
}
