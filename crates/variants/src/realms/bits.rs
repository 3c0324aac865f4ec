//! [`Bits`]: a set of the 192 squares, one 64-bit word per realm.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of squares: bit `sq & 63` of word `sq >> 6`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 3]);

impl Bits {
    /// No square.
    pub const EMPTY: Bits = Bits([0; 3]);

    /// The set of one square.
    #[inline]
    #[must_use]
    pub const fn of(sq: u8) -> Bits {
        let mut words = [0; 3];
        words[(sq >> 6) as usize] = 1 << (sq & 63);
        Bits(words)
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn has(self, sq: u8) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 == 1
    }

    /// Adds `sq`.
    #[inline]
    pub fn set(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] |= 1 << (sq & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn clear(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] &= !(1 << (sq & 63));
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The number of squares.
    #[inline]
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// The squares in increasing order.
    #[inline]
    pub fn squares(self) -> impl Iterator<Item = u8> {
        (0..3u8).flat_map(move |w| {
            let mut word = self.0[w as usize];
            core::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as u8;
                    word &= word - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2]])
    }
}

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn set_iterate_and_count() {
        let mut b = Bits::EMPTY;
        for sq in [0u8, 63, 64, 130, 191] {
            b.set(sq);
        }
        assert_eq!(b.squares().collect::<Vec<_>>(), [0, 63, 64, 130, 191]);
        assert_eq!(b.len(), 5);
        b.clear(64);
        assert!(!b.has(64) && b.has(130));
        assert!((b & !b).is_empty());
    }
}
