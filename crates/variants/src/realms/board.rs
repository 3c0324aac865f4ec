//! [`Board`]: the pieces of the three realms, as a mailbox and as square sets by owner and
//! kind, with the Zobrist hash of the pieces kept up to date.

use std::sync::LazyLock;

use omnichess_core::Player;
use omnichess_core::hashing::splitmix64;

use super::bits::Bits;
use super::piece::{KINDS, Kind, Piece};
use super::square::SQUARES;

/// Zobrist keys: one per piece code and square, then the side to move, 16 castling-rights
/// values, 192 en passant squares and 18 "last kind" values (none, then each kind).
pub(super) struct Keys {
    pieces: Vec<u64>,
    pub(super) black_to_move: u64,
    pub(super) castling: [u64; 16],
    pub(super) ep: Vec<u64>,
    pub(super) last: [u64; KINDS + 1],
}

pub(super) static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut n = 0x5EED_0003_0000_0000u64;
    let mut next = || {
        n += 1;
        splitmix64(n)
    };
    Keys {
        pieces: (0..(2 * KINDS + 1) * SQUARES).map(|_| next()).collect(),
        black_to_move: next(),
        castling: core::array::from_fn(|_| next()),
        ep: (0..SQUARES).map(|_| next()).collect(),
        last: core::array::from_fn(|_| next()),
    }
});

/// The pieces on the 192 squares.
///
/// Size: 1 064 bytes (192-byte mailbox, 2 × 17 kind sets and 2 owner sets of 24 bytes, the
/// hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    squares: [u8; SQUARES],
    kinds: [[Bits; KINDS]; 2],
    owners: [Bits; 2],
    hash: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board {
            squares: [0; SQUARES],
            kinds: [[Bits::EMPTY; KINDS]; 2],
            owners: [Bits::EMPTY; 2],
            hash: 0,
        }
    }
}

impl Board {
    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece(&self, sq: u8) -> Option<Piece> {
        Piece::of_code(self.squares[sq as usize])
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: u8, piece: Piece) {
        debug_assert_eq!(self.squares[sq as usize], 0, "put on an occupied square");
        self.squares[sq as usize] = piece.code();
        self.kinds[piece.player as usize][piece.kind as usize].set(sq);
        self.owners[piece.player as usize].set(sq);
        self.hash ^= KEYS.pieces[piece.code() as usize * SQUARES + sq as usize];
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub fn remove(&mut self, sq: u8) -> Option<Piece> {
        let piece = self.piece(sq)?;
        self.squares[sq as usize] = 0;
        self.kinds[piece.player as usize][piece.kind as usize].clear(sq);
        self.owners[piece.player as usize].clear(sq);
        self.hash ^= KEYS.pieces[piece.code() as usize * SQUARES + sq as usize];
        Some(piece)
    }

    /// The squares of `player`'s pieces of `kind`.
    #[inline]
    #[must_use]
    pub fn of(&self, player: Player, kind: Kind) -> Bits {
        self.kinds[player as usize][kind as usize]
    }

    /// The squares of `player`'s pieces.
    #[inline]
    #[must_use]
    pub fn owned(&self, player: Player) -> Bits {
        self.owners[player as usize]
    }

    /// The occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bits {
        self.owners[0] | self.owners[1]
    }

    /// The square of `player`'s king (the first, if a position had several).
    #[inline]
    #[must_use]
    pub fn king(&self, player: Player) -> Option<u8> {
        self.of(player, Kind::King).squares().next()
    }

    /// The Zobrist hash of the pieces.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (u8, Piece)> + '_ {
        (0..SQUARES as u8).filter_map(|sq| self.piece(sq).map(|p| (sq, p)))
    }
}
