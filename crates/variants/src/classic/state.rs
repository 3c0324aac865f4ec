//! The classic chess state and its apply/undo.

use cozy_chess::{Board, Color, Move};
use omnichess_core::{Counting, Events, Game, Hooks, Player, ToAct};

/// A classic chess game state: the board, the full halfmove clock and the earlier positions
/// of the game (for undo and repetition).
///
/// Size: 136 bytes, plus one saved board (112 bytes) per decision applied, kept in
/// a stack that is reused after undo, so perft and search allocate nothing once it has grown.
#[derive(Clone, Debug)]
pub struct Classic {
    pub(super) board: Board,
    /// Halfmoves since the last capture or pawn move. cozy-chess stops counting at 100; this
    /// goes on to the 75-move rule's 150.
    pub(super) halfmoves: u16,
    pub(super) earlier: Vec<Saved>,
}

/// A position before one applied move.
#[derive(Clone, Debug)]
pub(super) struct Saved {
    pub(super) board: Board,
    pub(super) halfmoves: u16,
}

impl Classic {
    /// A game from a cozy-chess board (its halfmove clock taken as the full clock).
    #[must_use]
    pub fn from_board(board: Board) -> Classic {
        let halfmoves = u16::from(board.halfmove_clock());
        Classic {
            board,
            halfmoves,
            earlier: Vec::new(),
        }
    }

    /// The current board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Halfmoves since the last capture or pawn move.
    #[must_use]
    pub fn halfmoves(&self) -> u16 {
        self.halfmoves
    }

    /// The player to move (even when the game is over).
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        player(self.board.side_to_move())
    }
}

/// The omnichess player of a cozy-chess colour.
pub(super) fn player(color: Color) -> Player {
    match color {
        Color::White => Player::White,
        Color::Black => Player::Black,
    }
}

impl Game for Classic {
    type Decision = Move;

    fn to_act(&self) -> ToAct {
        self.rules_to_act()
    }

    #[inline]
    fn decisions(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        self.earlier.push(Saved {
            board: self.board.clone(),
            halfmoves: self.halfmoves,
        });
        self.board.play_unchecked(mv);
        self.halfmoves = if self.board.halfmove_clock() == 0 {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
    }

    #[inline]
    fn undo(&mut self) -> bool {
        match self.earlier.pop() {
            Some(saved) => {
                self.board = saved.board;
                self.halfmoves = saved.halfmoves;
                true
            }
            None => false,
        }
    }

    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn turn_index(&self) -> u64 {
        let full = u64::from(self.board.fullmove_number().saturating_sub(1));
        2 * full + u64::from(self.board.side_to_move() == Color::Black)
    }
}

impl Counting for Classic {
    #[inline]
    fn count_decisions(&self, _scratch: &mut Vec<Move>) -> usize {
        self.count_legal_moves()
    }

    #[inline]
    fn count_decisions_after(&mut self, mv: Move, _scratch: &mut Vec<Move>) -> usize {
        self.count_legal_moves_after(mv)
    }

    #[inline]
    fn count_two_plies(&mut self, _first: &mut Vec<Move>, _scratch: &mut Vec<Move>) -> u64 {
        self.count_legal_moves_two_plies()
    }

    #[inline]
    fn count_three_plies(&mut self) -> Option<u64> {
        Some(self.count_legal_moves_three_plies())
    }
}

impl Hooks for Classic {
    /// A null move (cozy-chess's), not while in check. The halfmove clock after it reads 0,
    /// so that no repetition is counted across it (the positions before it had the other
    /// side to move); [`Game::undo`] restores it.
    fn pass(&mut self) -> bool {
        let Some(board) = self.board.null_move() else {
            return false;
        };
        self.earlier.push(Saved {
            board: std::mem::replace(&mut self.board, board),
            halfmoves: self.halfmoves,
        });
        self.halfmoves = 0;
        true
    }

    fn claimable_draw(&self) -> Option<&'static str> {
        self.rules_claimable_draw()
    }
}

impl Events for Classic {}
