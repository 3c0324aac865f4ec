//! The end of a QEC game: §4's instant checkmate, and §5's draw in which both lose — bare
//! kings, and the ends the text leaves out (stalemate, the 75-move rule, fivefold
//! repetition). A game without entanglement is classical chess and ends as chess does.
//! Rulings: docs/rules/qec.md.

use cozy_chess::{Color, Piece};
use omnichess_core::{Outcome, Player, ToAct, Verdict};

use super::state::{Phase, Qec};

fn player(c: Color) -> Player {
    match c {
        Color::White => Player::White,
        Color::Black => Player::Black,
    }
}

impl Qec {
    pub(super) fn rules_to_act(&self) -> ToAct {
        let b = &self.now.board;
        let side = player(b.side_to_move());
        match self.now.phase {
            Phase::Draft => match self.now.draft_picker() {
                Some(c) => ToAct::Player(player(c)),
                None => ToAct::Player(side),
            },
            Phase::Reply(_) => ToAct::Player(side),
            Phase::Reactive if self.has_decision() => ToAct::Player(side),
            Phase::Reactive => ToAct::Nobody(Outcome::win(side.opponent(), "checkmate")),
            Phase::Move => self.move_phase_to_act(side),
        }
    }

    fn move_phase_to_act(&self, side: Player) -> ToAct {
        let b = &self.now.board;
        let entangled = self.now.entangled;
        // §5's only end without a winner is its "Draw", in which both lose; a game without
        // entanglement is classical chess (§1 ruling) and draws.
        let no_winner = |reason| {
            if entangled {
                Outcome {
                    verdict: Verdict::BothLose,
                    reason,
                }
            } else {
                Outcome::draw(reason)
            }
        };
        if entangled && b.occupied() == b.pieces(Piece::King) {
            return ToAct::Nobody(no_winner("bare kings"));
        }
        if !self.has_decision() {
            return ToAct::Nobody(if b.checkers().is_empty() {
                no_winner("stalemate")
            } else {
                Outcome::win(side.opponent(), "checkmate")
            });
        }
        if !entangled && self.insufficient_material() {
            return ToAct::Nobody(Outcome::draw("insufficient material"));
        }
        if self.now.halfmoves >= 150 {
            return ToAct::Nobody(no_winner("seventy-five-move rule"));
        }
        if self.repetitions() >= 5 {
            return ToAct::Nobody(no_winner("fivefold repetition"));
        }
        ToAct::Player(side)
    }

    /// The classical claims (threefold repetition, fifty moves), in a game without
    /// entanglement only: §5 lists the draws of an entangled game, and these are not among
    /// them.
    pub(super) fn rules_claimable_draw(&self) -> Option<&'static str> {
        let open = !self.now.entangled
            && self.now.phase == Phase::Move
            && !matches!(self.rules_to_act(), ToAct::Nobody(_));
        crate::common::fide_end::claimable(open, || self.repetitions(), self.now.halfmoves)
    }

    /// How often the current position (pieces, side to move, rights, links) has stood at the
    /// start of a turn in this game, counting itself.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        if self.now.phase != Phase::Move {
            return 1;
        }
        let key = self.now.board.hash_without_ep();
        // Each turn starts with one `Move`-phase snapshot; only turns since the last capture or
        // pawn move can repeat the position.
        let earlier_starts = self
            .earlier
            .iter()
            .rev()
            .filter(|c| c.phase == Phase::Move)
            .take(usize::from(self.now.halfmoves));
        1 + earlier_starts
            .filter(|c| {
                c.board.hash_without_ep() == key
                    && c.links == self.now.links
                    && c.board.same_position(&self.now.board)
            })
            .count()
    }

    /// Dead positions by material (as classic chess: no pawn, rook or queen, and at most one
    /// minor piece or only bishops on one colour). They end only a game without entanglement;
    /// an entangled game plays on (docs/rules/qec.md, §5).
    #[must_use]
    pub fn insufficient_material(&self) -> bool {
        crate::common::fide_end::dead_by_material(&self.now.board)
    }
}
