//! The game model: the one trait every variant implements.

use std::fmt::Debug;

use crate::ToAct;

/// A game state that knows who acts next, which decisions are open to them, and how to apply
/// and take back a decision.
///
/// The model is deliberately small (the `Position` lesson of shakmaty): a variant implements
/// the required methods, and perft, turn counting, replay, the CLI and the engine are written
/// once above it.
///
/// * A **decision** is one choice by one actor: a move, a submit, a forced reply chosen by the
///   opponent, a setup choice, or one outcome of chance. A *turn* may hold several decisions,
///   by one actor or by several; [`Game::turn_index`] tells where turns end.
/// * **Chance** acts when [`Game::to_act`] is [`ToAct::Chance`]; its decisions are the
///   outcomes, each with the probability [`Game::probability`] gives.
/// * States are changed in place by [`Game::apply`] and restored by [`Game::undo`]; a variant
///   may implement these as copy-make over an internal stack. Neither may allocate once the
///   stack has grown to the depth in use, so perft and search allocate nothing per node.
pub trait Game: Clone {
    /// One decision. Small and `Copy`, so that buffers of them are cheap.
    type Decision: Copy + Eq + Debug;

    /// Who acts next, or the outcome if the game is over (by the rules of movement or by an
    /// adjudication rule such as a draw by insufficient material).
    fn to_act(&self) -> ToAct;

    /// Clears `out` and fills it with the decisions the rules of movement open to the actor:
    /// a player's legal moves, or chance's outcomes.
    ///
    /// This list does not look at adjudication rules that end a game while moves remain
    /// (insufficient material, the 75-move rule, fivefold repetition): as in every perft
    /// reference, those end the game in [`Game::to_act`] but do not prune the move tree.
    fn decisions(&self, out: &mut Vec<Self::Decision>);

    /// One legal turn of the player on turn (its decisions, the last one ending the turn),
    /// found by the variant's own search within `effort` (the variant's unit), for an agent
    /// that needs any turn where walking the decision tree could take too long (5D Chess: the
    /// action search, whose cuts find an action among millions of move combinations). `None`
    /// where the variant has no such search, or it found nothing within `effort`.
    fn quick_turn(&self, effort: u64) -> Option<Vec<Self::Decision>> {
        let _ = effort;
        None
    }

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

    /// The number of decisions [`Game::decisions`] would list. `scratch` may be used as a
    /// buffer; variants override this where they can count without listing.
    fn count_decisions(&self, scratch: &mut Vec<Self::Decision>) -> usize {
        self.decisions(scratch);
        scratch.len()
    }

    /// The number of decisions after `decision` (one of [`Game::decisions`]): perft's count
    /// one ply above the leaves. By default it applies, counts and undoes; a variant whose
    /// state is cheap to copy may count on a copy instead, leaving its history untouched.
    #[inline]
    fn count_decisions_after(
        &mut self,
        decision: Self::Decision,
        scratch: &mut Vec<Self::Decision>,
    ) -> usize {
        self.apply(decision);
        let n = self.count_decisions(scratch);
        self.undo();
        n
    }

    /// The number of decision sequences two plies deep from here: perft's last two plies.
    /// By default the decisions go into `first` and each is counted by
    /// [`Game::count_decisions_after`] (with `scratch`); a variant may count them in bulk
    /// without listing the first ply (classic: cozy-chess's move sets, copy-make below).
    #[inline]
    fn count_two_plies(
        &mut self,
        first: &mut Vec<Self::Decision>,
        scratch: &mut Vec<Self::Decision>,
    ) -> u64 {
        self.decisions(first);
        first
            .iter()
            .map(|&decision| self.count_decisions_after(decision, scratch) as u64)
            .sum()
    }

    /// The number of decision sequences three plies deep from here, counted in bulk where the
    /// variant can (classic: copy-make on cozy-chess boards, nothing listed); `None` (the
    /// default) lets perft walk the first of them through [`Game::apply`] and [`Game::undo`].
    #[inline]
    fn count_three_plies(&mut self) -> Option<u64> {
        None
    }

    /// The probability of `decision` when chance acts; `None` when a player acts.
    fn probability(&self, _decision: Self::Decision) -> Option<f64> {
        None
    }

    /// Applies `decision`, which must be one of [`Game::decisions`]. Applying anything else is
    /// a logic error: callers with untrusted input parse it against the decision list first.
    fn apply(&mut self, decision: Self::Decision);

    /// Passes: the opponent acts next in the same position, nothing moved (a *null move*), for
    /// a search that asks whether the acting player's position is good even without a move
    /// (null-move pruning). Not a legal decision of any rule; only a search tries it, and
    /// takes it back with [`Game::undo`]. Returns `false`, changing nothing, where the variant
    /// cannot pass here (by default always; classic chess: when in check).
    fn pass(&mut self) -> bool {
        false
    }

    /// Takes back the most recent [`Game::apply`] (or [`Game::pass`]). Returns `false`,
    /// changing nothing, when no decision has been applied since the state was created.
    fn undo(&mut self) -> bool;

    /// A hash of everything that decides the future of the game (pieces, actor, rights), for
    /// repetition and for the engine's transposition table. Where the history decides it too,
    /// the hash holds that part (Die Chess: how often the turn's position has stood, since
    /// the fifth time is a draw), so equal hashes mean equal futures, not only equal boards.
    fn hash(&self) -> u64;

    /// The number of complete turns played so far. It grows by exactly one when a turn ends,
    /// so a turn is the run of decisions between two changes of this number.
    fn turn_index(&self) -> u64;

    /// A draw that the player to act may claim now (FIDE's threefold repetition and
    /// fifty-move rule), with its reason; `None` where the variant has no such claims.
    fn claimable_draw(&self) -> Option<&'static str> {
        None
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

    /// The number of legal complete turns open to the actor, stopping at `cap`. The default
    /// walks the decision tree to the end of the turn; variants whose turns commute (5D Chess)
    /// override it with something faster.
    fn count_turns(&mut self, cap: u64) -> u64 {
        crate::turns::count_complete_turns(self, cap)
    }
}
