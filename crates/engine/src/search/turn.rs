//! A whole turn ([`Search::best_turn`]): the principal variation followed while the same
//! player acts in the same turn, searched again where it runs out, and a dead end taken back
//! (`turn_walk.rs`).

use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Player, ToAct};

use super::iterate::acting_player;
use super::{Report, Search, Turn};
use crate::error::EngineError;
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::turn_walk::{WalkBudget, any_complete_turn, complete_turn, ending_first};

/// The most decisions [`Search::best_turn`] returns (a guard; no variant's turn is longer).
pub const MAX_TURN: usize = 256;

/// The least time a walk that completes a turn from a dead end may take, however short the
/// search's time: a few listings of a wide 5D multiverse.
const WALK_TIME_FLOOR: Duration = Duration::from_millis(50);

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// The acting player's whole turn: the decisions until the turn ends ([`Game::turn_index`]
    /// changes) or another actor (the opponent, chance) acts. It follows the principal
    /// variation while the same player acts in the same turn and searches again where it runs
    /// out, each search within what is left of `limits`' time. With
    /// [`Limits::each_decision`], every decision is searched anew within the whole `limits`
    /// and only the first of each line is taken.
    pub fn best_turn(
        &mut self,
        state: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Result<Turn<G::Decision>, EngineError> {
        let player = acting_player(state)?;
        let turn = state.turn_index();
        let started = Instant::now();
        let mut game = state.clone();
        let mut decisions = Vec::new();
        let mut times = Vec::new();
        let mut step = started;
        let mut first = None;
        let same_turn = |g: &G| {
            g.turn_index() == turn
                && g.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT) == ToAct::Player(player)
        };
        while decisions.len() < MAX_TURN {
            let mut now = limits.clone();
            if !limits.each_decision {
                now.time = limits.time.map(|t| {
                    t.saturating_sub(started.elapsed())
                        .max(Duration::from_millis(1))
                });
            }
            let result = match self.search(&game, &now, progress) {
                Ok(result) => result,
                // A dead end inside the turn (the line came from an unfinished iteration).
                Err(e) if !decisions.is_empty() => {
                    let until = walk_deadline(limits, started);
                    let Some(kept) =
                        way_round(&mut game, state, &mut decisions, (player, turn), until)
                    else {
                        return Err(match e {
                            // The line's dead end, not the game's end.
                            EngineError::GameOver(_) => EngineError::NoTurnFound,
                            other => other,
                        });
                    };
                    // The times of the decisions after those kept go to the way round.
                    let taken_back: Duration = times.drain(kept.min(times.len())..).sum();
                    count_time(&mut times, decisions.len(), &mut step, taken_back);
                    break;
                }
                Err(e) => return Err(e),
            };
            // Within limits per decision, only the first is taken: the next is searched anew.
            let taken = if limits.each_decision { 1 } else { MAX_TURN };
            for &d in result.pv.iter().take(taken) {
                if !same_turn(&game) || decisions.len() >= MAX_TURN {
                    break;
                }
                decisions.push(d);
                game.apply(d);
            }
            first.get_or_insert(result);
            let goes_on = same_turn(&game);
            count_time(&mut times, decisions.len(), &mut step, Duration::ZERO);
            if !goes_on {
                break;
            }
        }
        let first = first.ok_or(EngineError::ChanceActs)?;
        debug_assert_eq!(times.len(), decisions.len(), "a time per decision");
        Ok(Turn {
            decisions,
            first,
            times,
        })
    }
}

/// When the walk round a dead end must stop: at the end of the turn's time (with limits for
/// each decision: one more decision's), at least [`WALK_TIME_FLOOR`] from now; `None` without
/// a time.
fn walk_deadline(limits: &Limits, started: Instant) -> Option<Instant> {
    let now = Instant::now();
    limits.time.map(|t| {
        let end = if limits.each_decision {
            now + t
        } else {
            started + t
        };
        end.max(now + WALK_TIME_FLOOR)
    })
}

/// Takes `decisions` (played on `game` from `state`, the turn's start) back until some way on
/// completes `player`'s turn `turn`, until the walk's deadline; past it, the variant's own
/// search finds a whole turn (in milliseconds where a walk through a wide 5D multiverse lists
/// decisions for seconds), else a walk with a fresh budget from the turn's start, as the match
/// agent plays ([`any_complete_turn`]). How many of the line's decisions were kept, or `None`
/// when no whole turn was found.
fn way_round<G: Game + Hooks>(
    game: &mut G,
    state: &G,
    decisions: &mut Vec<G::Decision>,
    (player, turn): (Player, u64),
    until: Option<Instant>,
) -> Option<usize> {
    let mut budget = WalkBudget::listings(crate::limits::TURN_COMPLETION_EFFORT).until(until);
    let mut kept = decisions.len();
    while decisions.pop().is_some() {
        game.undo();
        kept = decisions.len();
        let mut quickest = |g: &mut G, _: Player, open: &mut [G::Decision]| {
            ending_first(g, open);
        };
        if complete_turn(game, player, turn, &mut quickest, decisions, &mut budget) {
            break;
        }
    }
    if decisions.is_empty() {
        *decisions = any_complete_turn(state);
        if decisions.is_empty() {
            return None;
        }
    }
    Some(kept)
}

/// Gives the decisions taken since the last count (up to `len`) the time since `step`, plus
/// `earlier`, all of it on the first of them, and starts the next step there. With none
/// taken, the time goes on to the next.
fn count_time(times: &mut Vec<Duration>, len: usize, step: &mut Instant, earlier: Duration) {
    if times.len() < len {
        let now = Instant::now();
        times.push(earlier + (now - *step));
        times.resize(len, Duration::ZERO);
        *step = now;
    } else if let Some(last) = times.last_mut() {
        *last += earlier;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MultiverseEval;
    use crate::score::MAX_PLY;
    use omnichess_core::{Records, Variant};
    use omnichess_variants::multiverse::Multiverse;

    #[test]
    fn decisions_taken_together_count_their_time_on_the_first() {
        let start = Instant::now();
        let (mut step, mut times) = (start, Vec::new());
        count_time(&mut times, 1, &mut step, Duration::ZERO);
        assert_eq!(times.len(), 1);
        assert!(step >= start);
        // Three at once, after a way round that took back decisions of 5 s.
        count_time(&mut times, 4, &mut step, Duration::from_secs(5));
        assert_eq!(times.len(), 4);
        assert!(times[1] >= Duration::from_secs(5));
        assert_eq!(times[2..], [Duration::ZERO; 2]);
        // None taken: the time goes on the last, and the step goes on.
        let before = step;
        count_time(&mut times, 4, &mut step, Duration::from_secs(1));
        assert_eq!((step, times[3]), (before, Duration::from_secs(1)));
    }

    #[test]
    fn a_turn_times_each_decision_and_the_table_keeps_its_size() {
        let text = include_str!("../../../variants/tests/data/5d-chess-js/g40.5dpgn");
        let record = Multiverse::parse_record(text).expect("the record reads");
        let midgame = Multiverse::after_record(&record).expect("the record plays");
        let mut search = Search::new(MultiverseEval, 1);
        let slots = search.tt.capacity();
        let entry = std::mem::size_of::<Option<crate::tt::Entry<<Multiverse as Game>::Decision>>>();
        assert!(
            slots > 0 && slots * entry <= 1 << 20,
            "at most the 1 MiB asked"
        );
        let limits = Limits {
            each_decision: true,
            ..Limits::nodes(3_000)
        };
        for state in [Multiverse::start(), midgame] {
            for _ in 0..3 {
                let begun = Instant::now();
                let turn = search
                    .best_turn(&state, &limits, &mut |_| {})
                    .expect("a turn");
                let took = begun.elapsed();
                assert_eq!(turn.times.len(), turn.decisions.len());
                assert!(turn.times.iter().sum::<Duration>() <= took);
                assert!(turn.times[0] > Duration::ZERO);
            }
            search.clear();
        }
        assert_eq!(search.tt.capacity(), slots, "never grown");
        assert_eq!(
            search.plies.len(),
            MAX_PLY + 2,
            "one set of buffers per ply, no more"
        );
    }
}
