//! Squares of the three realms: index, coordinates, names and colours.
//!
//! A square is one byte, `level * 64 + rank * 8 + file`, with level 0 the underworld, 1 the
//! Earth and 2 the heavens (so "up" is `+1` level), rank 0 the first rank and file 0 the first
//! file of its realm (`s`, `j` or `a`). As a core geometry [`Coord`] it is
//! `[file, rank, level]`.

use omnichess_core::geometry::{Bounds, Coord};

/// The three realms as one `8 × 8 × 3` box: `[file, rank, level]`.
pub const BOX: Bounds<3> = Bounds::from_size([8, 8, 3]);

/// The number of squares.
pub const SQUARES: usize = 192;

/// A realm (a level of the box), bottom first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Realm {
    /// Level 0, files `s`–`z`.
    Underworld,
    /// Level 1, files `j`–`q`: the FIDE board.
    Earth,
    /// Level 2, files `a`–`h`.
    Heavens,
}

impl Realm {
    /// The realms bottom first.
    pub const ALL: [Realm; 3] = [Realm::Underworld, Realm::Earth, Realm::Heavens];

    /// The realm at `level` (0, 1 or 2).
    #[must_use]
    pub const fn of_level(level: usize) -> Realm {
        match level {
            0 => Realm::Underworld,
            1 => Realm::Earth,
            _ => Realm::Heavens,
        }
    }

    /// The realm's file letters, first file first.
    #[must_use]
    pub const fn files(self) -> &'static [u8; 8] {
        match self {
            Realm::Underworld => b"stuvwxyz",
            Realm::Earth => b"jklmnopq",
            Realm::Heavens => b"abcdefgh",
        }
    }

    /// The realm's name in lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Realm::Underworld => "underworld",
            Realm::Earth => "Earth",
            Realm::Heavens => "heavens",
        }
    }
}

/// The square at `file`, `rank` (0–7) on `realm`.
#[inline]
#[must_use]
pub const fn square(file: usize, rank: usize, realm: Realm) -> u8 {
    (realm as usize * 64 + rank * 8 + file) as u8
}

/// The file (0–7) of `sq` within its realm.
#[inline]
#[must_use]
pub const fn file(sq: u8) -> usize {
    (sq & 7) as usize
}

/// The rank (0–7) of `sq`.
#[inline]
#[must_use]
pub const fn rank(sq: u8) -> usize {
    ((sq >> 3) & 7) as usize
}

/// The level (0 underworld, 1 Earth, 2 heavens) of `sq`.
#[inline]
#[must_use]
pub const fn level(sq: u8) -> usize {
    (sq >> 6) as usize
}

/// The realm of `sq`.
#[inline]
#[must_use]
pub const fn realm(sq: u8) -> Realm {
    Realm::of_level(level(sq))
}

/// `sq` as a core geometry coordinate `[file, rank, level]`.
#[must_use]
pub fn coord(sq: u8) -> Coord<3> {
    Coord::new([file(sq) as i32, rank(sq) as i32, level(sq) as i32])
}

/// The square at a coordinate inside [`BOX`].
#[must_use]
pub fn from_coord(c: Coord<3>) -> Option<u8> {
    BOX.contains(c).then(|| (c[2] * 64 + c[1] * 8 + c[0]) as u8)
}

/// Whether `sq` is a light square. Ruling C.1 (docs/rules/realms.md): a square is dark when
/// `file + rank + level` is odd, so the Earth is coloured as in FIDE (`j1` dark) and the
/// heavens and the underworld are inverted (`a1` and `s1` light).
#[must_use]
pub const fn is_light(sq: u8) -> bool {
    (file(sq) + rank(sq) + level(sq)).is_multiple_of(2)
}

/// The name of `sq`, such as `n4`, `e5` or `w5`.
#[must_use]
pub fn name(sq: u8) -> String {
    let letter = realm(sq).files()[file(sq)] as char;
    format!("{letter}{}", rank(sq) + 1)
}

/// The file (0–7) and realm named by a file letter (`a`–`h`, `j`–`q`, `s`–`z`).
#[must_use]
pub fn file_of_letter(letter: char) -> Option<(usize, Realm)> {
    Realm::ALL.iter().find_map(|&r| {
        r.files()
            .iter()
            .position(|&f| f as char == letter)
            .map(|i| (i, r))
    })
}

/// Reads a square name such as `n4`.
#[must_use]
pub fn parse(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let (file, realm) = file_of_letter(chars.next()?)?;
    let digit = chars.next()?.to_digit(10)? as usize;
    if chars.next().is_some() || !(1..=8).contains(&digit) {
        return None;
    }
    Some(square(file, digit - 1, realm))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..SQUARES as u8 {
            assert_eq!(parse(&name(sq)), Some(sq));
            assert_eq!(from_coord(coord(sq)), Some(sq));
        }
        assert_eq!(name(square(4, 3, Realm::Earth)), "n4");
        assert_eq!(name(square(4, 4, Realm::Heavens)), "e5");
        assert_eq!(name(square(4, 4, Realm::Underworld)), "w5");
        for bad in ["i1", "r1", "a0", "a9", "n", "n44", ""] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn colours_follow_the_ruling() {
        // Ruling C.1: j1 dark (FIDE), a1 and s1 light, each near left corner light.
        assert!(!is_light(parse("j1").unwrap()));
        assert!(is_light(parse("a1").unwrap()));
        assert!(is_light(parse("s1").unwrap()));
        assert!(is_light(parse("q1").unwrap()));
    }
}
