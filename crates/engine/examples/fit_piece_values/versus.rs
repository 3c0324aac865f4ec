//! Candidate piece values against the evaluation's own: the engine with each, node-limited,
//! from the Standard start after two random turns (each opening played twice, colours
//! swapped), refereed as the measurement's games are.

use omnichess_core::{Game, Player};
use omnichess_engine::Evaluator;
use omnichess_engine::agents::{Agent, RandomAgent};
use omnichess_engine::eval::MultiverseEval;
use omnichess_engine::eval::multiverse::value;
use omnichess_engine::match_play::{MatchReport, game_seeds, play_refereed};
use omnichess_variants::multiverse::{Decision5, Kind, Multiverse};

use super::KINDS;
use super::multiverse::balances;
use super::pool::{FIVE_D, engine, in_parallel, white_score};

/// The evaluation with other piece values: [`MultiverseEval`] plus, for each kind, the
/// difference of values times its balance. Everything else (move ordering included) is the
/// evaluation's own.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// Candidate value minus current value, per kind of [`KINDS`], in centipawns.
    delta: [f64; KINDS.len()],
}

impl Candidate {
    /// Reads `N=320,B=330,...` (notation letters; kinds left out keep their value).
    pub fn parse(text: &str) -> Result<Candidate, String> {
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
            delta[i] = amount - f64::from(value(kind));
        }
        Ok(Candidate { delta })
    }

    /// The candidate's material minus the evaluation's, White's point of view.
    fn correction(&self, state: &Multiverse) -> i32 {
        let row = balances(state);
        self.delta
            .iter()
            .zip(row)
            .map(|(d, b)| d * b)
            .sum::<f64>()
            .round() as i32
    }
}

impl Evaluator<Multiverse> for Candidate {
    fn evaluate(&self, state: &Multiverse) -> i32 {
        MultiverseEval.evaluate(state) + self.correction(state)
    }

    fn material(&self, state: &Multiverse) -> i32 {
        MultiverseEval.material(state) + self.correction(state)
    }

    fn is_tactical(&self, state: &Multiverse, decision: Decision5) -> bool {
        MultiverseEval.is_tactical(state, decision)
    }

    fn tactical_decisions(&self, state: &Multiverse, out: &mut Vec<Decision5>) {
        MultiverseEval.tactical_decisions(state, out);
    }

    fn turn_end(&self, state: &Multiverse) -> Option<Decision5> {
        MultiverseEval.turn_end(state)
    }

    fn order_score(&self, state: &Multiverse, decision: Decision5) -> i32 {
        MultiverseEval.order_score(state, decision)
    }

    fn decision_key(&self, state: &Multiverse, decision: Decision5) -> u16 {
        MultiverseEval.decision_key(state, decision)
    }

    fn in_check(&self, state: &Multiverse) -> bool {
        MultiverseEval.in_check(state)
    }
}

/// Plays `games` games of the engine with `candidate` (A) against the engine with the
/// evaluation's values (B) at `nodes` per decision on `jobs` threads; A has White in the even
/// games, and games 2k and 2k+1 share their opening.
pub fn versus(candidate: Candidate, games: u32, nodes: u64, jobs: u64) -> MatchReport {
    let a_scores = in_parallel(
        games,
        jobs,
        || (engine(nodes, candidate), engine(nodes, MultiverseEval)),
        |(a, b), n| {
            let a_white = n.is_multiple_of(2);
            let white = white_score(play_pair_game(n, a.as_mut(), b.as_mut(), a_white));
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
    report
}

/// Game `n`: the opening of pair `n / 2`, A White if `a_white`; the winner.
fn play_pair_game<'a>(
    n: u32,
    a: &'a mut dyn Agent<Multiverse>,
    b: &'a mut dyn Agent<Multiverse>,
    a_white: bool,
) -> Option<Player> {
    let [opening_seed, a_seed, b_seed] = game_seeds(0x5e, n / 2);
    let mut start = Multiverse::from_text("[Board \"Standard\"]").expect("the Standard start");
    let mut opening = RandomAgent::new(opening_seed);
    for _ in 0..2 {
        for d in opening.choose_turn(&start) {
            start.apply(d);
        }
    }
    a.new_game(a_seed);
    b.new_game(b_seed);
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    let (_, winner) =
        play_refereed(&start, white, black, &FIVE_D, opening_seed).expect("legal turns");
    winner
}
