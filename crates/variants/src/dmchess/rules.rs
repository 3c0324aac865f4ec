//! The end of the game (section 7): dimensional dominance held a full turn, checkmate of
//! every king, stalemate, the 50-move rule, threefold repetition and insufficient material.

use omnichess_core::{Outcome, Player, ToAct};

use super::piece::Kind;
use super::position::Position;
use super::square::DIMENSIONS;
use super::state::DmChess;

impl DmChess {
    /// Whether the side to move has a legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        self.generate(|_| {
            any = true;
            true
        });
        any
    }

    /// How often the current position has occurred, counting itself (7.4.3, ruling R.1: the
    /// same pieces, DELs, marks, side, en passant, portal layout, recharge counters, flows
    /// and streaks; see [`Position::repetition_key`]).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let key = |p: &Position| p.repetition_key(self.compiled.layout_of(p.phase));
        let earlier = self.history.iter().map(key);
        crate::common::repetition::count(key(&self.pos), usize::from(self.pos.halfmoves), earlier)
    }

    /// 7.4.2 (ruling D.2): the profile has no portal in any phase of its shift table, so each
    /// board is an ordinary 8×8 board that no piece leaves, each player has one king and the
    /// rest is at most one knight or bishop — FIDE's dead positions of that material. With
    /// portals even a lone king can mate (a portal square is one the defending king cannot
    /// end on, and a king checks through a portal), so no position is declared dead.
    #[must_use]
    pub fn insufficient_material(&self) -> bool {
        let no_portals = self
            .compiled
            .phases
            .iter()
            .all(|phase| phase.portals.iter().all(|&board| board == 0));
        if !no_portals {
            return false;
        }
        let p = &self.pos;
        let count = |kind: Kind| -> u32 {
            (0..DIMENSIONS)
                .map(|d| p.kinds[kind as usize][d].count_ones())
                .sum()
        };
        let one_king_each = Player::BOTH.iter().all(|&pl| p.kings(pl).count() == 1);
        one_king_each
            && count(Kind::Pawn) + count(Kind::Rook) + count(Kind::Queen) == 0
            && count(Kind::Knight) + count(Kind::Bishop) <= 1
    }

    /// Who acts, or the outcome: dominance held a full turn (7.2), checkmate of every king
    /// (7.1.1), stalemate (7.4.1), then the 50-move rule, threefold repetition and
    /// insufficient material (7.4.4, 7.4.3, 7.4.2), all automatic.
    pub(super) fn rules_to_act(&self) -> ToAct {
        let side = self.pos.side;
        if self.pos.distributing(side) {
            return ToAct::Player(side);
        }
        // A player controlled 5+ dimensions when its move ended, after the opponent's
        // reply and after its own next move: held for a full turn (ruling D.1).
        if let Some(&winner) = Player::BOTH
            .iter()
            .find(|&&p| self.pos.streak >> (2 + p as u8) & 1 == 1)
        {
            return ToAct::Nobody(Outcome::win(winner, "dimensional dominance"));
        }
        if !self.has_legal_move() {
            return ToAct::Nobody(if self.kings_in_check(side) > 0 {
                Outcome::win(side.opponent(), "checkmate")
            } else {
                Outcome::draw("stalemate")
            });
        }
        if self.pos.halfmoves >= 100 {
            return ToAct::Nobody(Outcome::draw("50-move rule"));
        }
        if self.repetitions() >= 3 {
            return ToAct::Nobody(Outcome::draw("threefold repetition"));
        }
        if self.insufficient_material() {
            return ToAct::Nobody(Outcome::draw("insufficient material"));
        }
        ToAct::Player(side)
    }
}
