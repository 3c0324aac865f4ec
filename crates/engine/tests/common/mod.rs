//! Shared test helpers: a brute-force expectiminimax with the search's exact semantics (no
//! pruning, no table), to check the search against.

use omnichess_core::{Game, Hooks, Player, ToAct};
use omnichess_engine::Evaluator;
use omnichess_engine::limits::QUIESCENCE_TEST_EFFORT;
use omnichess_engine::score::{self, DECAY, Score};
use omnichess_engine::search::{MAX_QUIESCENCE, QUIESCENCE_CHANCE};

/// The value of `g` searched to `depth` player decisions, by plain expectiminimax with the
/// search's rules: chance does not consume depth, check extends by one, a forced decision
/// (the only one open) of the player who made the decision before costs no depth above ply
/// `forced_until` (twice the root's depth), claimable draws below
/// the root are 0, every decision discounts by `DECAY`, and at the horizon quiescence (stand
/// pat or tactical decisions; all decisions in check; a turn going on past the horizon
/// stands by ending at once (`Evaluator::turn_end`) where it can, and makes at most one
/// tactical decision there; no terminal test at a turn's start
/// beyond `QUIESCENCE_TEST_EFFORT`) runs up to `MAX_QUIESCENCE` player decisions, averaging
/// chance only within `QUIESCENCE_CHANCE` of them.
pub fn expectiminimax<G: Game + Hooks, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    (depth, ply): (i32, usize),
    before: Option<Player>,
    forced_until: usize,
) -> Score {
    match g.to_act() {
        ToAct::Nobody(o) => score::terminal(o),
        ToAct::Chance => expectation(g, |g| {
            expectiminimax(g, e, (depth, ply + 1), None, forced_until)
        }),
        ToAct::Player(p) => {
            if ply > 0 && g.claimable_draw().is_some() {
                return 0.0;
            }
            let in_check = e.in_check(g);
            let depth = depth + i32::from(in_check);
            if depth <= 0 {
                return quiescence(g, e, ply, (0, before), p, in_check);
            }
            let mut ds = Vec::new();
            g.decisions(&mut ds);
            let forced = ds.len() == 1 && before == Some(p) && ply < forced_until;
            let below = depth - 1 + i32::from(forced);
            best_of(g, p, &ds, |g| {
                expectiminimax(g, e, (below, ply + 1), Some(p), forced_until)
            })
            .expect("decisions")
        }
    }
}

fn quiescence<G: Game + Hooks, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    ply: usize,
    (qply, before): (usize, Option<Player>),
    p: Player,
    in_check: bool,
) -> Score {
    let mut stand = Score::from(e.evaluate(g));
    if qply >= MAX_QUIESCENCE {
        return stand;
    }
    if before == Some(p) && !in_check {
        if let Some(end) = e.turn_end(g) {
            g.apply(end);
            stand = DECAY * quiesce_any(g, e, ply + 1, qply + 1, Some(p));
            g.undo();
        }
        if qply > 0 {
            return stand;
        }
    }
    let mut ds = Vec::new();
    g.decisions(&mut ds);
    if !in_check {
        ds.retain(|&d| e.is_tactical(g, d));
    }
    let searched = best_of(g, p, &ds, |g| quiesce_any(g, e, ply + 1, qply + 1, Some(p)));
    match (searched, in_check) {
        (Some(v), true) => v,
        (Some(v), false) if p == Player::White => v.max(stand),
        (Some(v), false) => v.min(stand),
        (None, _) => stand,
    }
}

fn quiesce_any<G: Game + Hooks, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    ply: usize,
    qply: usize,
    before: Option<Player>,
) -> Score {
    match g.to_act_bounded(QUIESCENCE_TEST_EFFORT) {
        ToAct::Nobody(o) => score::terminal(o),
        ToAct::Chance if qply >= QUIESCENCE_CHANCE => Score::from(e.evaluate(g)),
        ToAct::Chance => expectation(g, |g| quiesce_any(g, e, ply + 1, qply, None)),
        ToAct::Player(p) => {
            let in_check = e.in_check(g);
            quiescence(g, e, ply, (qply, before), p, in_check)
        }
    }
}

fn expectation<G: Game>(g: &mut G, mut value: impl FnMut(&mut G) -> Score) -> Score {
    let mut ds = Vec::new();
    g.decisions(&mut ds);
    let mut sum = 0.0;
    for d in ds {
        let p = g.probability(d).expect("chance outcome");
        g.apply(d);
        sum += p * (DECAY * value(g));
        g.undo();
    }
    sum
}

fn best_of<G: Game>(
    g: &mut G,
    p: Player,
    ds: &[G::Decision],
    mut value: impl FnMut(&mut G) -> Score,
) -> Option<Score> {
    let mut best: Option<Score> = None;
    for &d in ds {
        g.apply(d);
        let v = DECAY * value(g);
        g.undo();
        best = Some(match best {
            None => v,
            Some(b) if p == Player::White => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best
}

/// The brute-force value of each of the root's decisions (searched to `depth - 1` below).
pub fn root_values<G: Game + Hooks, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    depth: i32,
) -> Vec<(G::Decision, Score)> {
    let root = g.to_act().player();
    let mut ds = Vec::new();
    g.decisions(&mut ds);
    ds.into_iter()
        .map(|d| {
            g.apply(d);
            let v = DECAY * expectiminimax(g, e, (depth - 1, 1), root, 2 * depth as usize);
            g.undo();
            (d, v)
        })
        .collect()
}
