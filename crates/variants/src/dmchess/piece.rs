//! Pieces: kind, colour, dimensional energy level (DEL), whether a king or rook has moved,
//! the energy square a piece last drew from and the boards a former pawn promoted on, packed
//! in one `u32` per square.

use omnichess_core::Player;

use super::square;

/// The six kinds of 2.2.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// ♙ — `P` in EDAN (optional on input).
    Pawn,
    /// ♘ — `N`.
    Knight,
    /// ♗ — `B`.
    Bishop,
    /// ♖ — `R`.
    Rook,
    /// ♕ — `Q`.
    Queen,
    /// ♔ — `K`.
    King,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];
    /// What a pawn may promote to (6.5.2), strongest first.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

    /// The upper-case EDAN letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }

    /// The English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }

    /// The material in pawns, as a client orders captured pieces: FIDE's classical values,
    /// the bishop a fifth over the knight, and a king 4, one of its owner's several lives
    /// (a player loses when the last is mated, 7.1.1).
    #[must_use]
    pub const fn value(self) -> f32 {
        match self {
            Kind::Pawn => 1.0,
            Kind::Knight => 3.0,
            Kind::Bishop => 3.2,
            Kind::Rook => 5.0,
            Kind::Queen => 9.0,
            Kind::King => 4.0,
        }
    }

    /// Whether a piece of this kind of `player`'s on local square `at` stands where it
    /// starts and may castle from (6.3): a king on its e-square, a rook in a corner of its
    /// own first rank; only such a piece can be unmoved.
    #[must_use]
    pub(super) const fn castles_from(self, player: Player, at: u8) -> bool {
        let home_rank = match player {
            Player::White => 0,
            Player::Black => 7,
        };
        square::rank(at) == home_rank
            && match self {
                Kind::King => square::file(at) == 4,
                Kind::Rook => matches!(square::file(at), 0 | 7),
                _ => false,
            }
    }

    /// The kind of an EDAN letter, either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }
}

/// Energy levels run from 1 to 8 (2.2.3, 4.3.3).
pub const MAX_DEL: u8 = 8;

/// A piece: one `u32`, zero for an empty square.
///
/// Bits 0–2: kind + 1; bit 3: Dark; bits 4–6: DEL − 1; bit 7: a king or rook that has not
/// moved (castling, 6.3); bits 8–14: the index + 1 of the energy square it last gained from
/// (5.3.4), 0 for none; bits 16–23: the boards on which a former pawn promoted (bit *d*
/// for D*d+1*; 6.5.4, ruling Q.1), none for a piece that was never a pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub(super) u32);

impl Piece {
    /// A piece with energy `del` (1–8) that has moved and never drawn energy.
    #[must_use]
    pub const fn new(player: Player, kind: Kind, del: u8) -> Piece {
        let dark = matches!(player, Player::Black) as u32;
        Piece((kind as u32 + 1) | dark << 3 | ((del - 1) as u32) << 4)
    }

    /// The piece's kind.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> Kind {
        Kind::ALL[((self.0 & 7) - 1) as usize]
    }

    /// Its owner: Light is [`Player::White`], Dark [`Player::Black`].
    #[inline]
    #[must_use]
    pub const fn player(self) -> Player {
        if self.0 & 8 == 0 {
            Player::White
        } else {
            Player::Black
        }
    }

    /// Its dimensional energy level, 1–8.
    #[inline]
    #[must_use]
    pub const fn del(self) -> u8 {
        ((self.0 >> 4) & 7) as u8 + 1
    }

    /// Whether it is a king or rook that has not moved.
    #[inline]
    #[must_use]
    pub const fn unmoved(self) -> bool {
        self.0 & 0x80 != 0
    }

    /// The index of the energy square it last drew from (5.3.4).
    #[inline]
    #[must_use]
    pub const fn last_energy(self) -> Option<u8> {
        match (self.0 >> 8) & 0x7f {
            0 => None,
            n => Some(n as u8 - 1),
        }
    }

    /// Whether it was a pawn, promoted (6.5.4: it may promote again on the last rank of a
    /// board it has not promoted on).
    #[inline]
    #[must_use]
    pub const fn promoted(self) -> bool {
        self.promoted_on() != 0
    }

    /// The boards on which it promoted, bit *d* for board index *d* (6.5.4, ruling Q.1).
    #[inline]
    #[must_use]
    pub const fn promoted_on(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// The same piece having promoted on board index `d` too.
    #[inline]
    #[must_use]
    pub const fn with_promoted_on(self, d: usize) -> Piece {
        Piece(self.0 | 1 << (16 + d))
    }

    /// The same piece with energy `del` (clamped to 1–8).
    #[inline]
    #[must_use]
    pub const fn with_del(self, del: u8) -> Piece {
        let del = if del > MAX_DEL {
            MAX_DEL
        } else if del == 0 {
            1
        } else {
            del
        };
        Piece(self.0 & !0x70 | ((del - 1) as u32) << 4)
    }

    /// The same piece as another kind (a promotion keeps the DEL, 6.5.3).
    #[inline]
    #[must_use]
    pub const fn with_kind(self, kind: Kind) -> Piece {
        Piece(self.0 & !7 | (kind as u32 + 1))
    }

    /// The same piece marked as moved or unmoved.
    #[inline]
    #[must_use]
    pub const fn with_unmoved(self, unmoved: bool) -> Piece {
        if unmoved {
            Piece(self.0 | 0x80)
        } else {
            Piece(self.0 & !0x80)
        }
    }

    /// The same piece having last drawn from energy square `index` (or none).
    #[inline]
    #[must_use]
    pub const fn with_last_energy(self, index: Option<u8>) -> Piece {
        let bits = match index {
            Some(i) => (i as u32 + 1) << 8,
            None => 0,
        };
        Piece(self.0 & !0x7f00 | bits)
    }

    /// The letter, upper case for Light.
    #[must_use]
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.player() {
            Player::White => c,
            Player::Black => c.to_ascii_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_pack_and_unpack() {
        for player in Player::BOTH {
            for kind in Kind::ALL {
                for del in 1..=MAX_DEL {
                    let p = Piece::new(player, kind, del);
                    assert_eq!((p.player(), p.kind(), p.del()), (player, kind, del));
                    assert!(!p.unmoved() && p.last_energy().is_none());
                    let q = p.with_unmoved(true).with_last_energy(Some(63));
                    assert_eq!((q.kind(), q.del(), q.unmoved()), (kind, del, true));
                    assert_eq!(q.last_energy(), Some(63));
                    let r = q.with_promoted_on(2).with_last_energy(None);
                    assert!(r.promoted() && !p.promoted());
                    assert_eq!(r.with_promoted_on(7).promoted_on(), 0b1000_0100);
                    assert_eq!((r.kind(), r.del(), r.unmoved()), (kind, del, true));
                    assert!(r.with_kind(Kind::Rook).with_del(3).promoted());
                    assert_eq!(q.with_del(9).del(), 8, "4.3.3: at most 8");
                }
            }
        }
        assert_eq!(Kind::from_letter('q'), Some(Kind::Queen));
        assert_eq!(Kind::from_letter('x'), None);
    }
}
