//! Check, the submit rule, and the end of the game (checkmate, stalemate).

use omnichess_core::{Outcome, Player, ToAct};

use super::state::{Multiverse, TurnStart, Undo};

impl Multiverse {
    /// Whether a piece of the side `by_white`, standing on a board where that side is to move
    /// and which is the last of its timeline, could capture a royal piece of the other side —
    /// on any board, the past included ("a move that attacks a king's past is a valid check").
    #[must_use]
    pub fn royal_attacked_by(&self, by_white: bool) -> bool {
        self.royal_attacked(by_white)
    }

    /// Whether the mover may submit now: the present has passed to the opponent and no royal
    /// piece of the mover can be taken.
    #[must_use]
    pub fn may_submit(&self) -> bool {
        self.present_passed() && !self.royal_attacked_by(!self.white_to_move)
    }

    /// Whether no decision of the current turn has been made yet.
    #[must_use]
    pub fn at_turn_start(&self) -> bool {
        matches!(self.undo.last(), None | Some(Undo::Submit))
    }

    /// Whether the mover is in check: with a pass on every board the mover could play, the
    /// opponent could take a royal piece.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.scratch().in_check_here()
    }

    /// [`Multiverse::in_check`], the passes added to this position and taken back (the boards
    /// are left as they were, so what each timeline keeps of them stays true).
    fn in_check_here(&mut self) -> bool {
        let mover = self.white_to_move;
        let passed: Vec<usize> = (0..self.lines.len())
            .filter(|&i| (self.lines[i].end() & 1 == 0) == mover)
            .collect();
        for &i in &passed {
            let boards = &mut self.lines[i].boards;
            boards.extend(boards.last().copied());
        }
        let attacked = self.royal_attacked_by(!mover);
        for &i in &passed {
            self.lines[i].boards.pop();
        }
        attacked
    }

    pub(super) fn rules_to_act(&self) -> ToAct {
        self.to_act_within(u64::MAX)
            .unwrap_or(ToAct::Player(self.mover()))
    }

    /// `rules_to_act` within `effort` candidate points of the action search: past them, the
    /// mover is taken to act (docs/rules/multiverse.md, "Bounded terminal test").
    pub(super) fn bounded_to_act(&self, effort: u64) -> ToAct {
        self.to_act_within(effort)
            .unwrap_or(ToAct::Player(self.mover()))
    }

    fn mover(&self) -> Player {
        if self.white_to_move {
            Player::White
        } else {
            Player::Black
        }
    }

    /// Who acts, or `None` when the action search ran over `budget` candidate points (at
    /// once for a budget of 0). Exact answers are kept for the turn, and so is the largest
    /// budget that gave up: asked again with no more, it gives up at once.
    fn to_act_within(&self, budget: u64) -> Option<ToAct> {
        let mover = self.mover();
        if !self.at_turn_start() {
            return Some(ToAct::Player(mover));
        }
        match self.turn_start.get() {
            TurnStart::Known(known) => return Some(known),
            TurnStart::GaveUpAt(tried) if budget <= tried => return None,
            _ if budget == 0 => return None,
            _ => {}
        }
        let mut probe = self.scratch();
        let Some(has_action) = probe.has_action_within(budget) else {
            // A search cut by the work's time limit says nothing of a larger budget later.
            if !omnichess_core::work_limit::expired() {
                self.turn_start.set(TurnStart::GaveUpAt(budget));
            }
            return None;
        };
        let to_act = if has_action {
            ToAct::Player(mover)
        } else if probe.in_check_here() {
            ToAct::Nobody(Outcome::win(mover.opponent(), "checkmate"))
        } else {
            ToAct::Nobody(Outcome::draw("stalemate"))
        };
        self.turn_start.set(TurnStart::Known(to_act));
        Some(to_act)
    }
}
