//! The QEC state and the course of a turn: the move (§3.2), the forced reply chosen by the
//! partner's owner (§3.2, §7), the reactive king steps (§4), and the draft (§3.1).

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
use omnichess_core::{Counting, Game, Hooks, ToAct};

use super::links::Links;

/// One QEC decision: a move (a turn's move, a forced reply, or a reactive king step,
/// depending on the phase), or a link chosen during the draft.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QecDecision {
    /// A move on the board.
    Move(Move),
    /// A draft pick: the picker's pawn and the enemy piece it is linked to.
    Link {
        /// The picker's pawn.
        pawn: Square,
        /// The enemy officer (queen, rook, bishop or knight).
        partner: Square,
    },
}

/// Where in its course the current turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Before play: the players draft the links in turn (§3.1).
    Draft,
    /// The start of a turn: the player on turn moves.
    Move,
    /// A linked piece has moved: its partner (on this square) must reply, its owner choosing
    /// the move (§3.2).
    Reply(Square),
    /// The side to act on the board is in check and its king must step out at once (§4).
    Reactive,
}

/// Everything of a QEC position but the history.
#[derive(Clone, Debug)]
pub(super) struct Core {
    /// The board; its side to move is always the side that acts next.
    pub(super) board: Board,
    pub(super) links: Links,
    pub(super) phase: Phase,
    /// Whether the game has entanglement at all (`false`: links `-`, classical chess).
    pub(super) entangled: bool,
    /// The player whose turn it is (who made or makes the turn's move).
    pub(super) mover: Color,
    /// Whether this turn has had a capture or a pawn move (for the 50/75-move clock).
    pub(super) clock_reset: bool,
    /// Whether a reactive king step has been made in this turn.
    pub(super) reacted: bool,
    /// Turns since the last capture or pawn move.
    pub(super) halfmoves: u16,
    pub(super) fullmoves: u16,
    pub(super) turn: u64,
    /// The seed the links were drawn from, when they were (recorded in game records).
    pub(super) seed: Option<u64>,
}

/// A Quantum Entanglement Chess game state.
///
/// Size: 296 bytes, plus one 272-byte snapshot of the position per decision applied (a stack that
/// undo pops and apply reuses).
#[derive(Clone, Debug)]
pub struct Qec {
    pub(super) now: Core,
    pub(super) earlier: Vec<Core>,
}

impl Qec {
    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.now.board
    }

    /// The links.
    #[must_use]
    pub fn links(&self) -> &Links {
        &self.now.links
    }

    /// The phase of the current turn.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.now.phase
    }

    /// Whether the game has entanglement (`false` for a game set up with links `-`, which
    /// is classical chess).
    #[must_use]
    pub fn entangled(&self) -> bool {
        self.now.entangled
    }

    /// Turns since the last capture or pawn move.
    #[must_use]
    pub fn halfmoves(&self) -> u16 {
        self.now.halfmoves
    }

    /// The seed this game's links were drawn from (`random:SEED`), if they were.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.now.seed
    }
}

impl Core {
    /// The square of the piece a move captures, if any (en passant included).
    fn captured_square(&self, mv: Move) -> Option<Square> {
        let b = &self.board;
        let us = b.side_to_move();
        if b.colors(us).has(mv.to) {
            return None; // castling: the king "takes" its own rook
        }
        if b.piece_on(mv.to).is_some() {
            return Some(mv.to);
        }
        (b.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
            .then(|| Square::new(mv.to.file(), mv.from.rank()))
    }

    /// Plays `mv` on the board, carrying and breaking links (§3.4). Returns the square the
    /// piece whose move can trigger a reply came from and now stands on (for castling, the
    /// rook; the king never triggers).
    fn play_on_board(&mut self, mv: Move) -> (Square, Square) {
        let us = self.board.side_to_move();
        let moved = self.board.piece_on(mv.from);
        let castle = self.board.colors(us).has(mv.to);
        if let Some(victim) = self.captured_square(mv) {
            self.links.break_at(victim);
            self.clock_reset = true;
        }
        if moved == Some(Piece::Pawn) {
            self.clock_reset = true;
        }
        let (from, to) = if castle {
            let rank = Rank::First.relative_to(us);
            let file = if mv.to.file() > mv.from.file() {
                File::F
            } else {
                File::D
            };
            (mv.to, Square::new(file, rank))
        } else {
            (mv.from, mv.to)
        };
        self.links.carry(from, to);
        self.board.play_unchecked(mv);
        (from, to)
    }

    /// Whether the piece on `square` has a legal move (the board's side to move owns it).
    pub(super) fn can_move(&self, square: Square) -> bool {
        self.board.generate_moves_for(square.bitboard(), |_| true)
    }

    /// Whether the partner on `square` owes a forced reply now (§3.2): it has a legal move
    /// and its king is not in check. A king in check is answered only by its own one-square
    /// step (§4), which the partner (never a king, §3.1) cannot make: so in check the partner
    /// has no legal move and stays.
    pub(super) fn reply_is_open(&self, square: Square) -> bool {
        self.board.checkers().is_empty() && self.can_move(square)
    }

    /// After a turn whose move was a double step on `file` and whose forced reply followed,
    /// the opponent's next move may still take en passant (docs/rules/qec.md, §3.2): the
    /// reply and the null move that hands the board over cleared the right. Left closed when
    /// the position cannot carry it (a piece on the square passed over or the one left, or
    /// the pawn gone).
    fn reopen_en_passant(&mut self, file: File) {
        let them = self.board.side_to_move();
        let mut builder = cozy_chess::BoardBuilder::from_board(&self.board);
        builder.en_passant = Some(Square::new(file, Rank::Third.relative_to(!them)));
        if let Ok(board) = builder.build() {
            self.board = board;
        }
    }

    fn apply_move(&mut self, mv: Move) {
        match self.phase {
            Phase::Move => {
                let (_, to) = self.play_on_board(mv);
                if mv.promotion.is_some() {
                    self.links.break_at(to); // §3.4: promotion frees both: no reply is owed
                }
                // The moved piece's partner, if the link survived the move (a capture of the
                // partner or a promotion ends it).
                match self.links.partner(to) {
                    Some(p) if self.entangled && self.reply_is_open(p) => {
                        self.phase = Phase::Reply(p);
                    }
                    _ => self.after_moves(),
                }
            }
            Phase::Reply(_) => {
                // The turn's move's double step, if it made one: en passant stays open.
                let double_step = self.board.en_passant();
                let (_, to) = self.play_on_board(mv);
                if mv.promotion.is_some() {
                    self.links.break_at(to);
                }
                self.after_moves();
                if let (Some(file), Phase::Move) = (double_step, self.phase) {
                    self.reopen_en_passant(file);
                }
            }
            Phase::Reactive => {
                self.play_on_board(mv);
                self.reacted = true;
                self.after_moves();
            }
            Phase::Draft => {}
        }
    }

    /// After the move and any reply, or after a reactive step: a king in check must step
    /// (§4); otherwise the turn ends.
    fn after_moves(&mut self) {
        if self.entangled && !self.board.checkers().is_empty() {
            self.phase = Phase::Reactive;
        } else {
            self.end_turn();
        }
    }

    /// Ends the turn. The next turn is the attacker's after reactive steps (§4: the side to
    /// act on the board, since the last king stepped), else the mover's opponent's.
    pub(super) fn end_turn(&mut self) {
        let next = if self.reacted {
            self.board.side_to_move()
        } else {
            !self.mover
        };
        if self.board.side_to_move() != next {
            // A forced reply handed the board back to the mover: pass the move over.
            if let Some(passed) = self.board.null_move() {
                self.board = passed;
            }
        }
        self.halfmoves = if self.clock_reset {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if next == Color::White {
            self.fullmoves = self.fullmoves.saturating_add(1); // a new move number per White turn
        }
        self.mover = next;
        self.clock_reset = false;
        self.reacted = false;
        self.turn += 1;
        self.phase = Phase::Move;
    }

    /// The player who picks next in the draft (`draft.rs`): alternately White and Black while
    /// both draft, then the one still drafting; `None` when the draft is over.
    pub(super) fn draft_picker(&self) -> Option<Color> {
        super::draft::picker(&self.board, &self.links)
    }

    fn apply_link(&mut self, pawn: Square, partner: Square) {
        self.links.link(pawn, partner);
        self.turn += 1;
        if self.draft_picker().is_none() {
            self.phase = Phase::Move;
            // A drafted start position where the side to move is in check answers at once.
            if !self.board.checkers().is_empty() {
                self.mover = !self.board.side_to_move();
                self.phase = Phase::Reactive;
            }
        }
    }
}

impl Game for Qec {
    type Decision = QecDecision;

    fn to_act(&self) -> ToAct {
        self.rules_to_act()
    }

    fn decisions(&self, out: &mut Vec<QecDecision>) {
        self.legal_decisions(out);
    }

    fn apply(&mut self, decision: QecDecision) {
        self.earlier.push(self.now.clone());
        match decision {
            QecDecision::Move(mv) => self.now.apply_move(mv),
            QecDecision::Link { pawn, partner } => self.now.apply_link(pawn, partner),
        }
    }

    fn undo(&mut self) -> bool {
        match self.earlier.pop() {
            Some(core) => {
                self.now = core;
                true
            }
            None => false,
        }
    }

    fn hash(&self) -> u64 {
        let phase = match self.now.phase {
            Phase::Draft => 1,
            Phase::Move => 0,
            Phase::Reply(s) => 2 + s as u64,
            Phase::Reactive => 70,
        };
        self.now.board.hash() ^ self.now.links.hash() ^ omnichess_core::hashing::splitmix64(phase)
    }

    fn turn_index(&self) -> u64 {
        self.now.turn
    }
}

impl Counting for Qec {}

impl Hooks for Qec {
    fn claimable_draw(&self) -> Option<&'static str> {
        self.rules_claimable_draw()
    }

    /// §3.3/§6: three minutes for every decision of an entangled game.
    fn decision_time_limit(&self) -> Option<std::time::Duration> {
        self.now.entangled.then_some(MOVE_TIME_LIMIT)
    }
}

/// The time a player has for each decision (§3.3, §6): three minutes. There is no game clock.
pub const MOVE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(180);
