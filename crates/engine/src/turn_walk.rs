//! Walking a turn's decisions to its end: how `random` and `greedy` play a turn, and how the
//! engine completes one when its search line ends in a dead end (5D Chess: moves after which
//! the turn can neither go on nor be submitted). A depth-first walk that takes dead ends back,
//! bounded by a [`WalkBudget`] of decision listings and, for the engine, of time.

use std::time::Instant;

use omnichess_core::{Game, Hooks, Player, ToAct};

use crate::limits::{LAST_RESORT_EFFORT, REFEREE_TEST_EFFORT, TURN_COMPLETION_EFFORT};
use crate::search::MAX_TURN;

/// What a walk through a turn's decisions may spend: decision listings, and time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WalkBudget {
    listings: u64,
    until: Option<Instant>,
}

impl WalkBudget {
    /// At most `listings` decision listings, with no time limit.
    pub(crate) fn listings(listings: u64) -> WalkBudget {
        WalkBudget {
            listings,
            until: None,
        }
    }

    /// The same budget, ending at `until` too.
    pub(crate) fn until(self, until: Option<Instant>) -> WalkBudget {
        WalkBudget { until, ..self }
    }

    /// Takes one listing from the budget; false when none is left or the time is up.
    fn spend(&mut self) -> bool {
        if self.listings == 0 || self.until.is_some_and(|t| Instant::now() >= t) {
            return false;
        }
        self.listings -= 1;
        true
    }
}

/// The first way to complete the acting player's turn (empty when there is none): what an
/// engine plays when its search could not give a whole turn (its line ended in a dead end).
/// The variant's own search is asked first ([`Hooks::quick_turn`]), then the decisions are
/// walked, the quickest way first.
pub(crate) fn any_complete_turn<G: Game + Hooks>(state: &G) -> Vec<G::Decision> {
    state
        .quick_turn(LAST_RESORT_EFFORT)
        .unwrap_or_else(|| one_at_a_time(state, |game, _, open| ending_first(game, open)))
}

/// Puts first a decision that ends the turn (5D Chess: `submit`) if one is open, the others
/// after it as they were: the quickest way through a turn, for an agent that only needs one.
pub(crate) fn ending_first<G: Game>(game: &mut G, open: &mut [G::Decision]) {
    let turn = game.turn_index();
    let ends = |game: &mut G, d: G::Decision| {
        game.apply(d);
        let ended = game.turn_index() != turn;
        game.undo();
        ended
    };
    if let Some(i) = open.iter().position(|&d| ends(game, d)) {
        open[..=i].rotate_right(1);
    }
}

/// Plays `state`'s acting player's turn one decision at a time, until the turn ends or
/// another actor acts. `order` puts the open decisions in the order of preference, once per
/// listing; the first is played, and a choice that leads to a dead end (5D Chess: moves after
/// which the turn can neither go on nor be submitted) is taken back and the next tried.
pub(crate) fn one_at_a_time<G: Game + Hooks>(
    state: &G,
    mut order: impl FnMut(&mut G, Player, &mut [G::Decision]),
) -> Vec<G::Decision> {
    let ToAct::Player(player) = state.to_act_bounded(REFEREE_TEST_EFFORT) else {
        return Vec::new();
    };
    let mut game = state.clone();
    let mut chosen = Vec::new();
    let mut budget = WalkBudget::listings(TURN_COMPLETION_EFFORT);
    complete_turn(
        &mut game,
        player,
        state.turn_index(),
        &mut order,
        &mut chosen,
        &mut budget,
    );
    chosen
}

/// Drops the alternatives the walk can never try: each alternative tried after one that failed
/// costs at least one listing (its own walk's), so with L listings left at most L + 1 of a
/// listing are tried before the budget is spent. The walk keeps a listing per level of the
/// turn (up to [`MAX_TURN`]): in a wide 5D multiverse a listing holds tens of thousands of
/// decisions (every time-travelling move), and a random player's long turn held 600 MB of
/// them, where this keeps at most the budget's [`TURN_COMPLETION_EFFORT`] per level. (The
/// one thing given up: after the budget is spent, the old walk still tried the rest of each
/// listing for a decision that ends the turn at once, each test a referee's search.)
fn keep_what_the_budget_can_try<D>(open: &mut Vec<D>, budget: &WalkBudget) {
    let keep = usize::try_from(budget.listings)
        .unwrap_or(usize::MAX)
        .saturating_add(1);
    if open.len() > keep {
        open.truncate(keep);
        open.shrink_to_fit();
    }
}

/// Extends `chosen` (and `game`) to the end of the turn, trying the open decisions in the
/// order `order` puts them in; false (with `game` and `chosen` as they were) when every way
/// on is a dead end, or when `budget` runs out first.
pub(crate) fn complete_turn<G: Game + Hooks>(
    game: &mut G,
    player: Player,
    turn: u64,
    order: &mut impl FnMut(&mut G, Player, &mut [G::Decision]),
    chosen: &mut Vec<G::Decision>,
    budget: &mut WalkBudget,
) -> bool {
    if chosen.len() >= MAX_TURN
        || game.turn_index() != turn
        || game.to_act_bounded(REFEREE_TEST_EFFORT) != ToAct::Player(player)
    {
        return true;
    }
    if !budget.spend() {
        return false;
    }
    let mut open = Vec::new();
    game.decisions(&mut open);
    order(game, player, &mut open);
    keep_what_the_budget_can_try(&mut open, budget);
    for d in open {
        chosen.push(d);
        game.apply(d);
        if complete_turn(game, player, turn, order, chosen, budget) {
            return true;
        }
        game.undo();
        chosen.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use omnichess_core::Variant;
    use std::time::Duration;

    #[test]
    fn the_quickest_way_through_a_turn_takes_the_decision_that_ends_it() {
        use omnichess_variants::multiverse::{Decision5, Multiverse};
        let mut game = Multiverse::start();
        let mut open = Vec::new();
        game.decisions(&mut open);
        let listed = open.clone();
        ending_first(&mut game, &mut open);
        assert_eq!(open, listed, "no submit before a move: as listed");
        game.apply(open[0]);
        game.decisions(&mut open);
        assert_eq!(open.last(), Some(&Decision5::Submit));
        let moves = open.len() - 1;
        ending_first(&mut game, &mut open);
        assert_eq!(open[0], Decision5::Submit);
        assert_eq!(open.len(), moves + 1, "the others kept");
        assert_eq!(
            any_complete_turn(&Multiverse::start()).len(),
            2,
            "one move, then submit"
        );
    }

    #[test]
    fn a_level_keeps_only_the_alternatives_its_budget_can_try() {
        let mut open: Vec<u32> = (0..10_000).collect();
        keep_what_the_budget_can_try(&mut open, &WalkBudget::listings(3));
        assert_eq!(
            open,
            [0, 1, 2, 3],
            "three listings left: four tries at most"
        );
        assert!(open.capacity() < 10_000, "the memory is given back");
        let mut few: Vec<u32> = (0..5).collect();
        keep_what_the_budget_can_try(&mut few, &WalkBudget::listings(3));
        assert_eq!(few.len(), 4);
        keep_what_the_budget_can_try(&mut few, &WalkBudget::listings(10));
        assert_eq!(few.len(), 4, "a short listing is kept whole");
    }

    #[test]
    fn a_walk_stops_when_its_listings_or_its_time_run_out() {
        use omnichess_variants::multiverse::Multiverse;
        let start = Multiverse::start();
        let walk = |mut budget: WalkBudget| {
            let (mut game, mut chosen) = (start.clone(), Vec::new());
            let done = complete_turn(
                &mut game,
                Player::White,
                start.turn_index(),
                &mut |g: &mut Multiverse, _, open: &mut [_]| ending_first(g, open),
                &mut chosen,
                &mut budget,
            );
            (done, chosen.len(), budget.listings)
        };
        // A move then submit: two listings.
        assert_eq!(walk(WalkBudget::listings(5)), (true, 2, 3));
        assert_eq!(walk(WalkBudget::listings(1)), (false, 0, 0));
        let past = Instant::now().checked_sub(Duration::from_millis(1));
        assert_eq!(walk(WalkBudget::listings(5).until(past)), (false, 0, 5));
        let later = Some(Instant::now() + Duration::from_secs(60));
        assert_eq!(walk(WalkBudget::listings(5).until(later)), (true, 2, 3));
    }
}
