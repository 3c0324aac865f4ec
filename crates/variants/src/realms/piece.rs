//! The seventeen kinds of piece (the fallen angel included), their letters and values.

use omnichess_core::Player;

/// A kind of piece. The order is the index of per-kind tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn (`W`, or no letter in SAN).
    Pawn,
    /// Rook (`R`).
    Rook,
    /// Knight (`N`).
    Knight,
    /// Bishop (`B`).
    Bishop,
    /// Queen (`Q`).
    Queen,
    /// King (`K`).
    King,
    /// Grandmaster (`G`): the promoted pawn.
    Grandmaster,
    /// Honorable horse (`H`).
    Horse,
    /// Silver general (`S`).
    Silver,
    /// Pegasus (`P`): the promoted horse.
    Pegasus,
    /// Angel (`A`).
    Angel,
    /// Imp (`I`, also read as `M`).
    Imp,
    /// Warmachine (`D`).
    Warmachine,
    /// Scholar (`C`).
    Scholar,
    /// Elephant (`E`).
    Elephant,
    /// Fallen angel (`X`): moves as the last piece the opponent moved.
    Fallen,
    /// Fiend (`F`): the promoted imp.
    Fiend,
}

/// The number of kinds.
pub const KINDS: usize = 17;

impl Kind {
    /// Every kind in table order.
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Rook,
        Kind::Knight,
        Kind::Bishop,
        Kind::Queen,
        Kind::King,
        Kind::Grandmaster,
        Kind::Horse,
        Kind::Silver,
        Kind::Pegasus,
        Kind::Angel,
        Kind::Imp,
        Kind::Warmachine,
        Kind::Scholar,
        Kind::Elephant,
        Kind::Fallen,
        Kind::Fiend,
    ];

    /// The seed's letter (upper case; `W` for the pawn).
    #[must_use]
    pub const fn letter(self) -> char {
        b"WRNBQKGHSPAIDCEXF"[self as usize] as char
    }

    /// The kind of a letter in either case (`M` is the imp too).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            'M' => Some(Kind::Imp),
            up => Kind::ALL.into_iter().find(|k| k.letter() == up),
        }
    }

    /// The lower-case English name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        [
            "pawn",
            "rook",
            "knight",
            "bishop",
            "queen",
            "king",
            "grandmaster",
            "honorable horse",
            "silver general",
            "pegasus",
            "angel",
            "imp",
            "warmachine",
            "scholar",
            "elephant",
            "fallen angel",
            "fiend",
        ][self as usize]
    }

    /// What the kind becomes on the opponent's back rank: pawn → grandmaster, honorable
    /// horse → pegasus, imp → fiend (seed, Pieces).
    #[must_use]
    pub const fn promotion(self) -> Option<Kind> {
        match self {
            Kind::Pawn => Some(Kind::Grandmaster),
            Kind::Horse => Some(Kind::Pegasus),
            Kind::Imp => Some(Kind::Fiend),
            _ => None,
        }
    }

    /// Whether the seed's table of values stars the kind: "sufficient mating material
    /// against a bare king on Earth" (angel, rook, queen, fiend, grandmaster; ruling R.5.1).
    #[must_use]
    pub const fn mates_alone(self) -> bool {
        matches!(
            self,
            Kind::Angel | Kind::Rook | Kind::Queen | Kind::Fiend | Kind::Grandmaster
        )
    }

    /// The seed's relative value in sixths of a pawn, exactly: the table of the seed's Notes
    /// (honorable horse 1⅓ = 8/6, elephant 3½ = 21/6; ruling N.3), times six. The king has
    /// none (0).
    #[must_use]
    pub const fn seed_value_sixths(self) -> i32 {
        match self {
            Kind::Pawn | Kind::Imp => 6,
            Kind::Horse => 8,
            Kind::Silver | Kind::Fallen => 12,
            Kind::Warmachine => 18,
            Kind::Elephant => 21,
            Kind::Bishop => 24,
            Kind::Knight | Kind::Scholar => 30,
            Kind::Angel | Kind::Pegasus | Kind::Rook => 36,
            Kind::Queen => 48,
            Kind::Fiend => 72,
            Kind::Grandmaster => 84,
            Kind::King => 0,
        }
    }
}

/// A piece: a kind and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub player: Player,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The letter of the position text: upper case for White, lower case for Black.
    #[must_use]
    pub fn letter(self) -> char {
        match self.player {
            Player::White => self.kind.letter(),
            Player::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece of a position-text letter.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = Kind::from_letter(letter)?;
        let player = if letter.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        Some(Piece { player, kind })
    }

    /// A one-byte code: 0 is an empty square, else `1 + player * 17 + kind`.
    #[inline]
    #[must_use]
    pub const fn code(self) -> u8 {
        1 + (self.player as u8) * KINDS as u8 + self.kind as u8
    }

    /// The piece of a nonzero [`Piece::code`].
    #[inline]
    #[must_use]
    pub const fn of_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let i = (code - 1) as usize;
        let player = if i >= KINDS {
            Player::Black
        } else {
            Player::White
        };
        Some(Piece {
            player,
            kind: Kind::ALL[i % KINDS],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_letter(kind.letter()), Some(kind));
            for player in Player::BOTH {
                let p = Piece { player, kind };
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
                assert_eq!(Piece::of_code(p.code()), Some(p));
            }
        }
        assert_eq!(Kind::from_letter('M'), Some(Kind::Imp));
        assert_eq!(Kind::from_letter('Z'), None);
        assert_eq!(Piece::of_code(0), None);
    }

    /// Ruling N.3: the seed's values exactly, the elephant's half included.
    #[test]
    fn n3_seed_values_are_exact() {
        assert_eq!(Kind::Elephant.seed_value_sixths(), 21); // 3½
        assert_eq!(Kind::Horse.seed_value_sixths(), 8); // 1⅓
        assert_eq!(Kind::Pegasus.seed_value_sixths(), 36); // 6
        assert_eq!(Kind::Grandmaster.seed_value_sixths(), 84); // 14
        let sum: i32 = Kind::ALL.iter().map(|k| k.seed_value_sixths()).sum();
        // 1 + 1 + 1⅓ + 2 + 2 + 3 + 3½ + 4 + 5 + 5 + 6 + 6 + 6 + 8 + 12 + 14 = 79⅚ (king 0).
        assert_eq!(sum, 479);
    }
}
