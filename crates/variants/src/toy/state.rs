//! The toy's state: 36 squares (`rank * 6 + file`, a1 first), the player to move, and the
//! moves played with what they captured, for undo.

use omnichess_core::hashing::splitmix64;
use omnichess_core::{Counting, Events, Game, Hooks, Outcome, Player, ToAct};

use super::movegen;

/// The board's files and ranks.
pub const SIZE: usize = 6;
/// The number of squares.
pub const SQUARES: usize = SIZE * SIZE;

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Steps one square any way.
    King,
    /// Rides along ranks, files and diagonals.
    Queen,
    /// Rides along ranks and files.
    Rook,
    /// Leaps (1, 2).
    Knight,
    /// Steps one square forward, takes one square diagonally forward.
    Pawn,
}

impl Kind {
    /// Its letter, upper case.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    /// Its name in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
        }
    }

    /// The kind of an upper-case letter.
    #[must_use]
    pub const fn of_letter(letter: char) -> Option<Kind> {
        Some(match letter {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }
}

/// A piece: its owner and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its owner.
    pub player: Player,
    /// Its kind.
    pub kind: Kind,
}

/// A move: from one square to another, with the promotion of a pawn reaching the last rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The square left.
    pub from: u8,
    /// The square reached.
    pub to: u8,
    /// What a pawn promotes to.
    pub promotion: Option<Kind>,
}

/// The squares, `rank * 6 + file` from a1.
pub type Board = [Option<Piece>; SQUARES];

/// A toy game in progress.
#[derive(Clone, Debug)]
pub struct Toy {
    pub(super) board: Board,
    pub(super) mover: Player,
    /// The moves played since the position was set up, each with the piece it captured.
    pub(super) played: Vec<(Move, Option<Piece>)>,
}

impl Toy {
    /// A position: `board` with `mover` to move.
    #[must_use]
    pub fn new(board: Board, mover: Player) -> Toy {
        Toy {
            board,
            mover,
            played: Vec::new(),
        }
    }

    /// The piece on `square`.
    #[must_use]
    pub fn piece(&self, square: usize) -> Option<Piece> {
        self.board.get(square).copied().flatten()
    }

    /// The player to move.
    #[must_use]
    pub fn mover(&self) -> Player {
        self.mover
    }

    /// Whether the player to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        movegen::in_check(&self.board, self.mover)
    }
}

impl Game for Toy {
    type Decision = Move;

    fn to_act(&self) -> ToAct {
        let mut moves = Vec::new();
        self.decisions(&mut moves);
        match (moves.is_empty(), self.in_check()) {
            (false, _) => ToAct::Player(self.mover),
            (true, true) => ToAct::Nobody(Outcome::win(self.mover.opponent(), "checkmate")),
            (true, false) => ToAct::Nobody(Outcome::draw("stalemate")),
        }
    }

    fn decisions(&self, out: &mut Vec<Move>) {
        out.clear();
        movegen::legal_moves(&self.board, self.mover, out);
    }

    fn apply(&mut self, m: Move) {
        let captured = self.board[usize::from(m.to)];
        let moving = self.board[usize::from(m.from)].take();
        self.board[usize::from(m.to)] = moving.map(|p| Piece {
            kind: m.promotion.unwrap_or(p.kind),
            ..p
        });
        self.played.push((m, captured));
        self.mover = self.mover.opponent();
    }

    fn undo(&mut self) -> bool {
        let Some((m, captured)) = self.played.pop() else {
            return false;
        };
        let moved = self.board[usize::from(m.to)].map(|p| Piece {
            kind: if m.promotion.is_some() {
                Kind::Pawn
            } else {
                p.kind
            },
            ..p
        });
        self.board[usize::from(m.from)] = moved;
        self.board[usize::from(m.to)] = captured;
        self.mover = self.mover.opponent();
        true
    }

    fn hash(&self) -> u64 {
        let pieces = self.board.iter().enumerate().filter_map(|(square, piece)| {
            piece.map(|p| (square as u64) << 8 | (p.player as u64) << 4 | p.kind as u64)
        });
        pieces.fold(splitmix64(self.mover as u64), |h, code| {
            h ^ splitmix64(code + 1)
        })
    }

    fn turn_index(&self) -> u64 {
        self.played.len() as u64
    }
}

impl Counting for Toy {}

impl Hooks for Toy {}

impl Events for Toy {}
