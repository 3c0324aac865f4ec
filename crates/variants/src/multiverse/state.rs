//! The multiverse: timelines of boards, the player to move, and the decisions of a turn
//! (moves on playable boards, then `submit`).
//!
//! Coordinates: a board is (line, v) where v = 2·T + colour (0 White to move, 1 Black) is the
//! half-turn; a line is the timeline in the integer encoding where consecutive timelines are
//! consecutive integers: L in games that start with one timeline (or three), and +k → k,
//! −k → −(k+1) in games that start with −0 and +0 (docs/rules/multiverse.md).

use omnichess_core::{Counting, Game, Hooks, ToAct};

use super::board::Board;
use super::piece::Kind;
use super::timeline::Timeline;

/// A square on a board of the multiverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The timeline (encoded, see the module documentation).
    pub line: i32,
    /// The half-turn: 2·T + (1 if Black is to move on the board).
    pub v: i32,
    /// File, 0 = a.
    pub x: i32,
    /// Rank, 0 = 1.
    pub y: i32,
}

/// A move: a piece from one square to another, on the same board (physical) or another
/// (time travel or a timeline jump); with the piece a pawn promotes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move5 {
    /// Where the piece stands.
    pub from: Pos,
    /// Where it goes (for castling: the king's landing square).
    pub to: Pos,
    /// The piece a pawn or brawn becomes on the last rank.
    pub promotion: Option<Kind>,
}

/// A decision of a turn: a move, or submitting the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision5 {
    /// A move on a playable board.
    Move(Move5),
    /// End the turn (legal once the present has passed to the opponent and no royal piece is
    /// attacked).
    Submit,
}

/// What a game starts from: size, the initial timelines (encoded lines), promotion pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup5 {
    /// Board width (files).
    pub width: i32,
    /// Board height (ranks).
    pub height: i32,
    /// The lowest initial line.
    pub initial_min: i32,
    /// The highest initial line.
    pub initial_max: i32,
    /// Whether the initial timelines are −0 and +0 (and lines are numbered the even way).
    pub even: bool,
    /// What pawns and brawns may promote to (the first is the default).
    pub promotions: Vec<Kind>,
}

/// A 5D Chess game state.
#[derive(Clone, Debug)]
pub struct Multiverse {
    pub(super) setup: Setup5,
    /// The lowest line; `lines[i]` is line `min_line + i`.
    pub(super) min_line: i32,
    pub(super) lines: Vec<Timeline>,
    /// The player making the current turn: true for White.
    pub(super) white_to_move: bool,
    /// Completed turns (actions).
    pub(super) turns: u64,
    /// How to take back each decision.
    pub(super) undo: Vec<Undo>,
    /// What is known of who acts at the start of the current turn (finding out means
    /// searching for a legal action); forgotten at every decision and take-back.
    pub(super) turn_start: std::cell::Cell<TurnStart>,
}

/// What is known of who acts at the start of a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum TurnStart {
    /// Not looked for (or not at a turn's start).
    #[default]
    Unknown,
    /// Who acts, found by an exhaustive action search.
    Known(ToAct),
    /// The bounded action search gave up after this many candidate points: with no more, it
    /// would again (the search's order is fixed), so it is not run again.
    GaveUpAt(u64),
}

/// What one decision changed, to take it back.
#[derive(Clone, Debug)]
pub(super) enum Undo {
    /// Boards appended, in order: (line, whether the board created the line).
    Move(Vec<(i32, bool)>),
    /// A submit (taken back by handing the turn back).
    Submit,
}

impl Multiverse {
    /// A copy of the position without its history (no decision to take back), for the
    /// searches that add boards and take them back: copying the history would allocate once
    /// per decision of the game.
    pub(super) fn scratch(&self) -> Multiverse {
        Multiverse {
            setup: self.setup.clone(),
            min_line: self.min_line,
            lines: self.lines.clone(),
            white_to_move: self.white_to_move,
            turns: self.turns,
            undo: Vec::new(),
            turn_start: std::cell::Cell::default(),
        }
    }

    /// The game's setup.
    #[must_use]
    pub fn setup(&self) -> &Setup5 {
        &self.setup
    }

    /// The timeline `line`.
    #[must_use]
    pub fn line(&self, line: i32) -> Option<&Timeline> {
        usize::try_from(line - self.min_line)
            .ok()
            .and_then(|i| self.lines.get(i))
    }

    /// All lines, lowest first, as (line, timeline).
    pub fn timelines(&self) -> impl Iterator<Item = (i32, &Timeline)> {
        self.lines
            .iter()
            .enumerate()
            .map(|(i, t)| (self.min_line + i as i32, t))
    }

    /// The board at (line, v).
    #[must_use]
    pub fn board(&self, line: i32, v: i32) -> Option<&Board> {
        self.line(line).and_then(|t| t.board(v))
    }

    /// Whether White makes the current turn.
    #[must_use]
    pub fn white_to_move(&self) -> bool {
        self.white_to_move
    }

    /// The highest line.
    #[must_use]
    pub fn max_line(&self) -> i32 {
        self.min_line + self.lines.len() as i32 - 1
    }

    /// Timelines created by White and by Black so far.
    #[must_use]
    pub fn created(&self) -> (i32, i32) {
        (
            self.max_line() - self.setup.initial_max,
            self.setup.initial_min - self.min_line,
        )
    }

    /// Whether a line is active: a player's k-th extra timeline is active while the
    /// opponent has made at least k − 1.
    #[must_use]
    pub fn active(&self, line: i32) -> bool {
        let (white, black) = self.created();
        if line > self.setup.initial_max {
            line - self.setup.initial_max <= black + 1
        } else if line < self.setup.initial_min {
            self.setup.initial_min - line <= white + 1
        } else {
            true
        }
    }

    /// The present: the earliest last board (half-turn) among active timelines.
    #[must_use]
    pub fn present(&self) -> i32 {
        self.timelines()
            .filter(|(l, _)| self.active(*l))
            .map(|(_, t)| t.end())
            .min()
            .unwrap_or(0)
    }

    /// Whether a board is playable now: the last of its line, with the mover to move on it.
    #[must_use]
    pub fn playable(&self, line: i32, v: i32) -> bool {
        self.line(line).is_some_and(|t| t.end() == v) && (v & 1 == 0) == self.white_to_move
    }

    /// Lines whose last board the mover may play, lowest first.
    pub fn playable_lines(&self) -> impl Iterator<Item = i32> + '_ {
        self.timelines()
            .filter(|(_, t)| (t.end() & 1 == 0) == self.white_to_move)
            .map(|(l, _)| l)
    }

    /// Whether the turn may end now: the present has passed to the opponent (check is
    /// tested separately).
    #[must_use]
    pub fn present_passed(&self) -> bool {
        (self.present() & 1 == 0) != self.white_to_move
    }

    /// Appends a board to a line, creating the line at an end when it does not exist yet
    /// (`v` is then its first half-turn). Returns (line, whether the line was created).
    pub(super) fn push_board(&mut self, line: i32, v: i32, board: Board) -> (i32, bool) {
        if line < self.min_line {
            self.lines.insert(0, Timeline::new(v, vec![board]));
            self.min_line = line;
            (line, true)
        } else if line > self.max_line() {
            self.lines.push(Timeline::new(v, vec![board]));
            (line, true)
        } else {
            let i = (line - self.min_line) as usize;
            self.lines[i].push(board);
            (line, false)
        }
    }

    /// Takes back `push_board`.
    pub(super) fn pop_board(&mut self, line: i32, created: bool) {
        if created && line == self.min_line {
            self.lines.remove(0);
            self.min_line += 1;
        } else if created && line == self.max_line() {
            self.lines.pop();
        } else if let Some(t) = self.lines.get_mut((line - self.min_line) as usize) {
            t.pop();
        }
    }
}

impl Game for Multiverse {
    type Decision = Decision5;

    fn to_act(&self) -> ToAct {
        self.rules_to_act()
    }

    /// The moves that can still be part of a legal action, and `submit` when the turn may
    /// end. A move after which an opponent piece could take a royal piece is left out: the
    /// boards a turn adds never change one that exists, so no later move could lift that
    /// attack (docs/rules/multiverse.md, R9).
    fn decisions(&self, out: &mut Vec<Decision5>) {
        self.legal_moves(out, |_| true);
        if self.may_submit() {
            out.push(Decision5::Submit);
        }
    }

    fn apply(&mut self, decision: Decision5) {
        self.turn_start.set(TurnStart::Unknown);
        match decision {
            Decision5::Move(mv) => {
                // `play` refuses only moves that are not among the decisions (a logic error).
                let appended = self.play(mv).unwrap_or_default();
                self.undo.push(Undo::Move(appended));
            }
            Decision5::Submit => {
                self.white_to_move = !self.white_to_move;
                self.turns += 1;
                self.undo.push(Undo::Submit);
            }
        }
    }

    fn undo(&mut self) -> bool {
        self.turn_start.set(TurnStart::Unknown);
        match self.undo.pop() {
            Some(Undo::Submit) => {
                self.white_to_move = !self.white_to_move;
                self.turns -= 1;
                true
            }
            Some(Undo::Move(appended)) => {
                for &(line, created) in appended.iter().rev() {
                    self.pop_board(line, created);
                }
                true
            }
            None => false,
        }
    }

    /// The timelines' kept hashes combined: only the timelines whose boards changed since
    /// they were last hashed are read again.
    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.min_line.hash(&mut h);
        for t in &self.lines {
            h.write_u64(t.key());
        }
        self.white_to_move.hash(&mut h);
        h.finish()
    }

    fn turn_index(&self) -> u64 {
        self.turns
    }
}

impl Counting for Multiverse {
    fn count_turns(&mut self, cap: u64) -> u64 {
        self.count_actions(cap)
    }
}

impl Hooks for Multiverse {
    fn quick_turn(&self, effort: u64) -> Option<Vec<Decision5>> {
        if !self.at_turn_start() {
            return None;
        }
        let moves = self.clone().any_action_within(effort)?;
        Some(
            moves
                .into_iter()
                .map(Decision5::Move)
                .chain([Decision5::Submit])
                .collect(),
        )
    }

    fn to_act_bounded(&self, effort: u64) -> ToAct {
        self.bounded_to_act(effort)
    }
}
