//! The pieces of 5D Chess: the six classical ones and the official fairy pieces.

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Moves forward in rank and in timeline; captures diagonally (docs/rules/multiverse.md).
    Pawn,
    /// Leaps 2 along one axis and 1 along another (48 vectors in 4D).
    Knight,
    /// Slides along 2-axis diagonals.
    Bishop,
    /// Slides along one axis.
    Rook,
    /// Slides along any number of axes.
    Queen,
    /// Steps along any number of axes; royal; castles.
    King,
    /// Slides along 3-axis diagonals (triagonals).
    Unicorn,
    /// Slides along 4-axis diagonals (quadragonals).
    Dragon,
    /// A pawn with four more captures.
    Brawn,
    /// Slides like a rook or a bishop.
    Princess,
    /// Moves like a queen and is royal.
    RoyalQueen,
    /// Moves like a king but is not royal and never castles.
    CommonKing,
}

impl Kind {
    /// Every kind, in letter order of the notation (`P N B R Q K U D W S Y C`).
    pub const ALL: [Kind; 12] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Unicorn,
        Kind::Dragon,
        Kind::Brawn,
        Kind::Princess,
        Kind::RoyalQueen,
        Kind::CommonKing,
    ];

    /// The upper-case notation letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
            Kind::Unicorn => 'U',
            Kind::Dragon => 'D',
            Kind::Brawn => 'W',
            Kind::Princess => 'S',
            Kind::RoyalQueen => 'Y',
            Kind::CommonKing => 'C',
        }
    }

    /// The material in pawns: the values measured by self-play and fitted by logistic
    /// regression (docs/ENGINE.md, "5D piece values"); the royal kinds, whose loss ends the
    /// game, 0.
    #[must_use]
    pub const fn value(self) -> f32 {
        match self {
            Kind::Pawn | Kind::Unicorn => 1.0,
            Kind::Brawn => 1.2,
            Kind::Knight => 2.95,
            Kind::Bishop => 3.1,
            Kind::Rook => 1.4,
            Kind::Dragon => 1.55,
            Kind::Princess => 9.65,
            Kind::Queen => 18.0,
            Kind::CommonKing => 4.6,
            Kind::King | Kind::RoyalQueen => 0.0,
        }
    }

    /// Whether a piece of this kind moves differently before its first move (a pawn's or
    /// brawn's double step, castling's king and rook): the kinds 5DFEN marks `*`.
    #[must_use]
    pub const fn unmoved_matters(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Brawn | Kind::King | Kind::Rook)
    }

    /// The kind of a notation letter (either case).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// Whether capturing it is what check means (king and royal queen).
    #[must_use]
    pub const fn royal(self) -> bool {
        matches!(self, Kind::King | Kind::RoyalQueen)
    }

    /// Whether it moves like a pawn (pawn, brawn).
    #[must_use]
    pub const fn pawnlike(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Brawn)
    }
}

/// A piece: its kind, its side, and whether it has not moved yet (double steps, castling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its kind.
    pub kind: Kind,
    /// White's piece?
    pub white: bool,
    /// Not moved yet (written `*` in 5DFEN).
    pub unmoved: bool,
}

impl Piece {
    /// The 5DFEN text: the letter (upper case for White) and `*` when unmoved and the
    /// unmoved state matters (pawn, brawn, king, rook).
    #[must_use]
    pub fn fen(self) -> String {
        let c = self.kind.letter();
        let mut s = String::from(if self.white {
            c
        } else {
            c.to_ascii_lowercase()
        });
        if self.unmoved && self.kind.unmoved_matters() {
            s.push('*');
        }
        s
    }
}
