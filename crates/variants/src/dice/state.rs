//! The Die Chess state and the course of a turn: the roll (chance), or for a player in check
//! the choice between moving the king without rolling and rolling (§4); the move the roll
//! obliges or the forfeit (§1); the promotion roll (§3).

use cozy_chess::{Color, Move, Piece, Rank};
use omnichess_core::{Counting, Game, Hooks, ToAct};

use super::board::DiceBoard;
use super::die::Die;
use super::movegen::any_playable;

/// One Die Chess decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiceDecision {
    /// Chance: the die shows this piece type (`[N]`).
    Roll(Piece),
    /// Chance: the promotion roll shows this piece (`[Q]`), §3.
    Promote(Piece),
    /// A player in check moves the king without rolling (`[K!]`), §4.
    KingWithoutRolling,
    /// A player in check rolls instead (`roll`), §4.
    ChooseRoll,
    /// A move on the board (SAN).
    Move(Move),
    /// The rolled type has no legal move (or cannot answer the check): the turn is lost (`--`).
    Forfeit,
}

/// Where in its course the current turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The turn begins: the die is rolled, or a player in check whose king can move chooses.
    Start,
    /// A player in check chose to roll: the die is rolled.
    Rolling,
    /// A player in check chose to move the king without rolling.
    KingOnly,
    /// The die showed this type: move a piece of it, or forfeit if none can.
    Rolled(Piece),
    /// A pawn move to the last rank waits for the promotion roll (the move is not yet played).
    Promotion(Move),
    /// The king of this colour has been captured: the game is over.
    KingTaken(Color),
}

/// Everything of a Die Chess position but the history. Size: 128 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Core {
    pub(super) board: DiceBoard,
    pub(super) phase: Phase,
    pub(super) die: Die,
    /// Turns in which a piece moved since the last capture or pawn move: a forfeited turn is
    /// no move and does not count (docs/rules/dice.md, §6).
    pub(super) halfmoves: u16,
    pub(super) fullmoves: u16,
    /// How often the position this turn began from has occurred ([`Dice::repetitions`]),
    /// counted once when the turn begins.
    pub(super) repeats: u8,
    /// Whether the position this turn began from is an occurrence of it for repetition: the
    /// game's first position or one a move made. A forfeit moves no piece, so the position
    /// after it is none (docs/rules/dice.md, §6).
    pub(super) occurrence: bool,
    /// Whether the turn can bring a move ([`Dice::any_move`]), found once when the turn
    /// begins (every `to_act` at the turn's start asks).
    pub(super) movable: bool,
    /// The board's hash, made again only when the board changes (a roll does not).
    pub(super) key: u64,
    pub(super) turn: u64,
}

/// A Die Chess game state.
///
/// Size: 176 bytes, plus one 128-byte snapshot per decision applied (a stack that undo pops
/// and apply reuses) and 16 bytes per turn begun ([`Dice::starts`]).
#[derive(Clone, Debug)]
pub struct Dice {
    pub(super) now: Core,
    pub(super) earlier: Vec<Core>,
    /// The turn starts among `earlier` that are occurrences of their position (not those
    /// after a forfeit), oldest first: each one's board hash and its index there, so that counting a position's repetitions reads a few words a turn instead of
    /// every snapshot (a long ending holds a hundred turns and three snapshots a turn).
    pub(super) starts: Vec<(u64, u32)>,
}

impl Dice {
    /// The board.
    #[must_use]
    pub fn board(&self) -> &DiceBoard {
        &self.now.board
    }

    /// The phase of the current turn.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.now.phase
    }

    /// The board's hash ([`DiceBoard::hash`]), kept in the state: free to ask.
    #[must_use]
    pub fn board_key(&self) -> u64 {
        self.now.key
    }

    /// The die.
    #[must_use]
    pub fn die(&self) -> Die {
        self.now.die
    }

    /// Turns in which a piece moved since the last capture or pawn move (forfeits do not
    /// count, §6).
    #[must_use]
    pub fn halfmoves(&self) -> u16 {
        self.now.halfmoves
    }

    /// Whether `mv` is a pawn move to the last rank (its piece comes from a roll).
    pub(super) fn reaches_last_rank(&self, mv: Move) -> bool {
        mv.promotion.is_none()
            && self.now.board.pieces(Piece::Pawn).has(mv.from)
            && matches!(mv.to.rank(), Rank::First | Rank::Eighth)
    }
}

impl Core {
    /// Ends the turn: `moved` says whether a piece moved (not a forfeit), `irreversible`
    /// whether it was a capture or a pawn move.
    fn end_turn(&mut self, mover: Color, moved: bool, irreversible: bool) {
        self.halfmoves = if irreversible {
            0
        } else if moved {
            self.halfmoves.saturating_add(1)
        } else {
            self.halfmoves
        };
        self.occurrence = moved;
        if mover == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn += 1;
        self.phase = Phase::Start;
    }

    fn play(&mut self, mv: Move) {
        let mover = self.board.side();
        let pawn = self.board.pieces(Piece::Pawn).has(mv.from);
        let captured = self.board.play(mv);
        self.key = self.board.hash();
        match captured {
            Some(Piece::King) => self.phase = Phase::KingTaken(!mover),
            captured => self.end_turn(mover, true, pawn || captured.is_some()),
        }
    }
}

impl Game for Dice {
    type Decision = DiceDecision;

    fn to_act(&self) -> ToAct {
        self.rules_to_act()
    }

    fn decisions(&self, out: &mut Vec<DiceDecision>) {
        self.legal_decisions(out);
    }

    fn probability(&self, decision: DiceDecision) -> Option<f64> {
        match decision {
            DiceDecision::Roll(face) => Some(self.now.die.probability(face)),
            DiceDecision::Promote(piece) => Some(self.now.die.promotion_probability(piece)),
            _ => None,
        }
    }

    fn apply(&mut self, decision: DiceDecision) {
        if self.now.phase == Phase::Start && self.now.occurrence {
            let index = u32::try_from(self.earlier.len()).unwrap_or(u32::MAX);
            self.starts.push((self.now.key, index));
        }
        self.earlier.push(self.now);
        let now = &mut self.now;
        match decision {
            DiceDecision::Roll(face) => now.phase = Phase::Rolled(face),
            DiceDecision::KingWithoutRolling => now.phase = Phase::KingOnly,
            DiceDecision::ChooseRoll => now.phase = Phase::Rolling,
            DiceDecision::Forfeit => {
                let mover = now.board.side();
                now.board.pass();
                now.key = now.board.hash();
                now.end_turn(mover, false, false);
            }
            DiceDecision::Move(mv) => {
                if self.reaches_last_rank(mv) {
                    self.now.phase = Phase::Promotion(mv);
                } else {
                    self.now.play(mv);
                }
            }
            DiceDecision::Promote(piece) => {
                if let Phase::Promotion(mv) = now.phase {
                    now.play(Move {
                        promotion: Some(piece),
                        ..mv
                    });
                }
            }
        }
        if self.now.phase == Phase::Start {
            self.now.repeats = self.count_repetitions();
            self.now.movable = any_playable(&self.now.board, self.now.die);
        }
    }

    fn undo(&mut self) -> bool {
        match self.earlier.pop() {
            Some(core) => {
                if core.phase == Phase::Start && core.occurrence {
                    self.starts.pop();
                }
                self.now = core;
                true
            }
            None => false,
        }
    }

    fn hash(&self) -> u64 {
        let phase = match self.now.phase {
            Phase::Start => 0,
            Phase::Rolling => 1,
            Phase::KingOnly => 2,
            Phase::Rolled(p) => 3 + p as u64,
            Phase::Promotion(mv) => 16 + ((mv.from as u64) << 6 | mv.to as u64),
            Phase::KingTaken(c) => 9 + c as u64,
        };
        // A position's repetitions decide its future (the fifth is a draw), so a turn begun from
        // a position seen before is another entry in the engine's table than its first
        // occurrence: an entry from an earlier turn must not hide the draw that repeating the
        // position now would bring.
        let repeats = u64::from(self.now.repeats.saturating_sub(1)) << 16;
        self.now.key ^ omnichess_core::hashing::splitmix64(0x5000 + (phase | repeats))
    }

    fn turn_index(&self) -> u64 {
        self.now.turn
    }
}

impl Counting for Dice {}

impl Hooks for Dice {
    fn claimable_draw(&self) -> Option<&'static str> {
        self.rules_claimable_draw()
    }

    fn forfeit_probability(&self) -> Option<f64> {
        self.rules_forfeit_probability()
    }
}
