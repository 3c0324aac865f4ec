//! The end of the game (rule R.1: FIDE's rules with the seed's exceptions): checkmate,
//! stalemate, insufficient material by the seed's rule R.5, the 75-move rule, fivefold
//! repetition, the draws a player may claim, and a flag fall's outcome (R.5.2).

use omnichess_core::{Outcome, Player, ToAct};

use crate::common::fide_end::{FideEnd, fide_to_act};

use super::material;
use super::state::Realms;

impl Realms {
    pub(super) fn rules_to_act(&self) -> ToAct {
        fide_to_act(&FideEnd {
            mover: self.side,
            has_move: self.has_legal_move(),
            in_check: || self.in_check(),
            insufficient: || material::dead(self),
            halfmoves: self.halfmoves,
            repetitions: || self.repetitions(),
        })
    }

    pub(super) fn rules_claimable_draw(&self) -> Option<&'static str> {
        let open = !matches!(self.rules_to_act(), ToAct::Nobody(_));
        crate::common::fide_end::claimable(open, || self.repetitions(), self.halfmoves)
    }

    /// The outcome when `flagged` runs out of time (ruling R.5.2, Article 6.9 as the seed
    /// words it): a draw when `flagged`'s king stands on Earth and can neither be checkmated
    /// there nor forced off it, else a loss.
    pub(super) fn rules_time_forfeit(&self, flagged: Player) -> Outcome {
        if material::flag_fall_drawn(self, flagged) {
            Outcome::draw("timeout vs insufficient material")
        } else {
            Outcome::win(flagged.opponent(), "time forfeit")
        }
    }

    /// Whether the player to move has a legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        self.generate(|_| {
            any = true;
            true
        });
        any
    }

    /// How often the current position has occurred, counting itself: same pieces, side to
    /// move, castling rights, en passant square and kind the fallen angels imitate (ruling
    /// R.6). Only positions since the last capture or move of a pawn, imp or horse can repeat.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let earlier = self.history.iter().map(|u| u.hash);
        crate::common::repetition::count(self.compute_hash(), usize::from(self.halfmoves), earlier)
    }
}
