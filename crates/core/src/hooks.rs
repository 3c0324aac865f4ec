//! The hooks one variant or another needs beyond its rules, for a search, a referee, a clock
//! or a player's question, each with a default that suits the variants without them.

use crate::{Game, Outcome, Player, ToAct};

/// What searches, referees and clocks may ask a variant besides its rules. Every method has a
/// default (no such thing, or the exact answer of [`Game`]), so a variant that needs none
/// writes `impl Hooks for Type {}`.
pub trait Hooks: Game {
    /// [`Game::to_act`] within a bound on work, for searches and referees that must answer
    /// in time. A variant whose test "has the player on turn any legal turn?" can take
    /// exponential time (5D Chess: proving a checkmate among many timelines) may answer
    /// `Player` when that test would take more than `effort` units of work (the variant's own
    /// unit; 5D Chess: candidate actions tested). Every other answer is exact. A player told
    /// to act who has no legal turn finds every way through the turn a dead end.
    fn to_act_bounded(&self, effort: u64) -> ToAct {
        let _ = effort;
        self.to_act()
    }

    /// One legal turn of the player on turn (its decisions, the last one ending the turn),
    /// found by the variant's own search within `effort` (the variant's unit), for an agent
    /// that needs any turn where walking the decision tree could take too long (5D Chess: the
    /// action search, whose cuts find an action among millions of move combinations). `None`
    /// where the variant has no such search, or it found nothing within `effort`.
    fn quick_turn(&self, effort: u64) -> Option<Vec<Self::Decision>> {
        let _ = effort;
        None
    }

    /// Passes: the opponent acts next in the same position, nothing moved (a *null move*), for
    /// a search that asks whether the acting player's position is good even without a move
    /// (null-move pruning). Not a legal decision of any rule; only a search tries it, and
    /// takes it back with [`Game::undo`]. Returns `false`, changing nothing, where the variant
    /// cannot pass here (by default always; classic chess: when in check).
    fn pass(&mut self) -> bool {
        false
    }

    /// A draw that the player to act may claim now (FIDE's threefold repetition and
    /// fifty-move rule), with its reason; `None` where the variant has no such claims.
    fn claimable_draw(&self) -> Option<&'static str> {
        None
    }

    /// The outcome when `flagged` runs out of time in this position: by default `flagged`
    /// loses by time forfeit. A variant whose rules draw a flag fall where the opponent could
    /// not win (FIDE 6.9, as its rule text words it) answers a draw there.
    fn time_forfeit(&self, flagged: Player) -> Outcome {
        Outcome::win(flagged.opponent(), "time forfeit")
    }

    /// The time a player has for one decision, where the rules set one (QEC §3.3: three
    /// minutes per move); `None` where they set none. The terminal game enforces it.
    fn decision_time_limit(&self) -> Option<std::time::Duration> {
        None
    }

    /// The exact probability that the player on turn, if they roll now, must forfeit the turn
    /// (Die Chess: the rolled type has no legal move, or cannot answer a check); `None` where
    /// no roll is due or the variant has no dice.
    fn forfeit_probability(&self) -> Option<f64> {
        None
    }
}
