//! Counting the decision tree faster than walking it: the accelerators behind perft and
//! `actions`, each with a default that walks.

use crate::Game;

/// Counts a variant may compute without listing every node (classic: perft's last three
/// plies on cozy-chess's move sets; 5D Chess: legal turns by its action search). Every method
/// has a default that walks [`Game::decisions`], so a variant without faster counts writes
/// `impl Counting for Type {}`. An override must give the default's number.
pub trait Counting: Game {
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
    /// [`Counting::count_decisions_after`] (with `scratch`); a variant may count them in bulk
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

    /// The number of legal complete turns open to the actor, stopping at `cap`. The default
    /// walks the decision tree to the end of the turn ([`crate::count_complete_turns`]);
    /// variants whose turns commute (5D Chess) override it with something faster.
    fn count_turns(&mut self, cap: u64) -> u64 {
        crate::turns::count_complete_turns(self, cap)
    }
}
