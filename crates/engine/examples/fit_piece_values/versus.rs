//! Candidate piece values against the evaluation's own: the engine with each, node-limited,
//! from the variant's start after its random opening turns (each opening played twice,
//! colours swapped), refereed as the measurement's games are.

use omnichess_core::{Game, Player, Variant};
use omnichess_engine::Evaluator;
use omnichess_engine::agents::Agent;
use omnichess_engine::match_play::{MatchReport, game_seeds, play_refereed};
use omnichess_variants::multiverse::Kind;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::pool::{engine, in_parallel, white_score};
use super::{KINDS, Row, Setup, opening};

/// An evaluation with other piece values: the variant's evaluation plus, for each kind, the
/// difference of values times its balance (as the measurement takes it). Everything else
/// (move ordering included) is the evaluation's own.
pub struct Candidate<G, E> {
    /// The variant's evaluation.
    base: E,
    /// Candidate value minus current value, per kind of [`KINDS`], in centipawns.
    delta: [f64; KINDS.len()],
    /// Each kind's balance in a position.
    balances: fn(&G) -> Row,
}

impl<G, E: Copy> Clone for Candidate<G, E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G, E: Copy> Copy for Candidate<G, E> {}

impl<G: Game, E: Evaluator<G>> Candidate<G, E> {
    /// Reads `N=320,B=330,...` (notation letters; kinds left out keep their value, which
    /// `current` gives).
    pub fn parse(
        text: &str,
        setup: &Setup<G, E>,
        current: fn(Kind) -> i32,
    ) -> Result<Candidate<G, E>, String>
    where
        E: Copy,
    {
        let mut delta = [0.0; KINDS.len()];
        for item in text.split(',').filter(|i| !i.is_empty()) {
            let (letter, amount) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}` is not LETTER=VALUE"))?;
            let kind = letter
                .chars()
                .next()
                .and_then(Kind::from_letter)
                .ok_or_else(|| format!("`{letter}` is not a piece letter"))?;
            let i = KINDS
                .iter()
                .position(|&k| k == kind)
                .ok_or_else(|| format!("{kind:?} has no value"))?;
            let amount: f64 = amount
                .parse()
                .map_err(|_| format!("`{amount}` is not a number"))?;
            delta[i] = amount - f64::from(current(kind));
        }
        Ok(Candidate {
            base: setup.evaluator,
            delta,
            balances: setup.balances,
        })
    }

    /// The candidate's material minus the evaluation's, White's point of view.
    fn correction(&self, state: &G) -> i32 {
        let row = (self.balances)(state);
        self.delta
            .iter()
            .zip(row)
            .map(|(d, b)| d * b)
            .sum::<f64>()
            .round() as i32
    }
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for Candidate<G, E> {
    fn evaluate(&self, state: &G) -> i32 {
        self.base.evaluate(state) + self.correction(state)
    }

    fn material(&self, state: &G) -> i32 {
        self.base.material(state) + self.correction(state)
    }

    fn is_tactical(&self, state: &G, decision: G::Decision) -> bool {
        self.base.is_tactical(state, decision)
    }

    fn tactical_decisions(&self, state: &G, out: &mut Vec<G::Decision>) {
        self.base.tactical_decisions(state, out);
    }

    fn turn_end(&self, state: &G) -> Option<G::Decision> {
        self.base.turn_end(state)
    }

    fn order_score(&self, state: &G, decision: G::Decision) -> i32 {
        self.base.order_score(state, decision)
    }

    fn decision_key(&self, state: &G, decision: G::Decision) -> u16 {
        self.base.decision_key(state, decision)
    }

    fn in_check(&self, state: &G) -> bool {
        self.base.in_check(state)
    }
}

/// Plays `games` games of the engine with candidate `values` (A: `N=320,B=330,...`, kinds
/// left out at their `current` value) against the engine with the evaluation's (B) at `nodes`
/// per decision on `jobs` threads; A has White in the even games, and games 2k and 2k+1 share
/// their opening. `Err` if `values` does not read.
pub fn versus<G, E>(
    setup: &Setup<G, E>,
    values: &str,
    current: fn(Kind) -> i32,
    (games, nodes, jobs): (u32, u64, u64),
) -> Result<MatchReport, String>
where
    G: Variant,
    E: Evaluator<G> + Copy + Send + Sync + 'static,
{
    let candidate = Candidate::parse(values, setup, current)?;
    let a_scores = in_parallel(
        games,
        jobs,
        || (engine(nodes, candidate), engine(nodes, setup.evaluator)),
        |(a, b), n| {
            let a_white = n.is_multiple_of(2);
            let white = white_score(play_pair_game(setup, n, a.as_mut(), b.as_mut(), a_white));
            if a_white { white } else { 1.0 - white }
        },
    );
    let mut report = MatchReport::default();
    for score in a_scores {
        match score {
            1.0 => report.wins += 1,
            0.0 => report.losses += 1,
            _ => report.draws += 1,
        }
    }
    Ok(report)
}

/// Game `n`: the variant's start and the opening of pair `n / 2`, A White if `a_white`; the
/// winner.
fn play_pair_game<'a, G: Variant, E>(
    setup: &Setup<G, E>,
    n: u32,
    a: &'a mut dyn Agent<G>,
    b: &'a mut dyn Agent<G>,
    a_white: bool,
) -> Option<Player> {
    let [opening_seed, a_seed, b_seed] = game_seeds(0x5e, n / 2);
    let mut rng = StdRng::seed_from_u64(opening_seed);
    let start = opening(G::start(), setup, &mut rng);
    a.new_game(a_seed);
    b.new_game(b_seed);
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    let (_, winner) =
        play_refereed(&start, white, black, &setup.config, opening_seed).expect("legal turns");
    winner
}
