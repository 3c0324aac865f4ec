//! Agents: who chooses a player's decisions in a match or a terminal game. The engine at a
//! level, `random` and `greedy`; [`AgentSpec`] reads them from text (`engine:depth=4`).
//!
//! An agent chooses a player's **whole turn**: its decisions until the turn ends or another
//! actor acts (the opponent's forced reply in QEC, a die roll). It never chooses for chance:
//! whoever runs the game rolls (see [`crate::match_play`]).

use std::str::FromStr;
use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, RulesTimeControl, ToAct, Variant};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::clock::{Clock, TurnLimits};
use crate::error::EngineError;
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::mcts::{self, Mcts};
use crate::score::{self, Score};
use crate::search::{Report, Search};
use crate::tt;
use crate::turn_walk::{any_complete_turn, one_at_a_time};
use crate::uci_agent::{UciAgent, UciSpec};

/// Chooses the acting player's turns.
pub trait Agent<G: Game> {
    /// The acting player's whole turn in `state`, calling `progress` with the engine's thinking
    /// (agents that do not search never call it). Empty when no player acts in `state`.
    fn choose_turn_with(
        &mut self,
        state: &G,
        progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Vec<G::Decision>;

    /// The acting player's whole turn in `state` (empty when no player acts).
    fn choose_turn(&mut self, state: &G) -> Vec<G::Decision> {
        self.choose_turn_with(state, &mut |_| {})
    }

    /// A new game begins, the agent's own choices drawn from `seed`: a clock is set back to
    /// the start, a search table cleared, a random generator reseeded. Before a game, agents
    /// are as good as new, so that a game depends on its seed alone.
    fn new_game(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The game so far, told before each of the agent's turns by a match's referee (and by
    /// `play --vs`): its start and every decision since, chance's included. An agent that
    /// hands the position to an outside engine tells it the whole game (UCI's `position fen
    /// START moves …`), as a chess GUI does, so that the engine knows which positions have
    /// stood before; the others ignore it (their state holds its history).
    fn set_game(&mut self, start: &G, played: &[G::Decision]) {
        let _ = (start, played);
    }

    /// Whether the players of the games to come may claim draws (threefold repetition, fifty
    /// moves): by default they may; a match's referee tells its agents they may not
    /// ([`crate::Search::set_claims`]). Agents that do not search ignore it.
    fn set_claims(&mut self, allowed: bool) {
        let _ = allowed;
    }

    /// The agent's own judgement of the position it last chose a turn in: its search's score
    /// from White's point of view, in centipawns (a forced win or loss as the search scores
    /// it, beyond ±[`score::MATE_BOUND`]). `None` for agents that do not search, or before
    /// their first turn of a game. What a match's referee adjudicates by
    /// ([`crate::match_play::Adjudication`]), as cutechess-cli reads engines' scores.
    fn last_score(&self) -> Option<Score> {
        None
    }
}

/// How long the engine searches when its specification and the caller set no limit.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The engine's strength: any of depth, nodes and time (none: the caller's default time).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// Search depth in player decisions.
    pub depth: Option<u32>,
    /// Nodes per search.
    pub nodes: Option<u64>,
    /// Time per decision (a turn of several decisions searches each anew).
    pub time: Option<Duration>,
    /// A clock per game, each turn's time taken from it ([`Clock::budget`]).
    pub clock: Option<Clock>,
    /// The transposition table's size in MiB (`None`: [`tt::DEFAULT_MIB`]); fixed for the
    /// whole match, whatever the variant or the number of games.
    pub hash: Option<usize>,
}

impl Level {
    /// The search limits of this level; `default_time` when it sets none.
    #[must_use]
    pub fn limits(&self, default_time: Duration) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time,
            stop: None,
            each_decision: true,
            whole_time: true,
            analysis: false,
        };
        if !limits.is_bounded() && self.clock.is_none() {
            limits.time = Some(default_time);
        }
        limits
    }

    /// The limits of each turn at this level: fixed, or from its clock.
    #[must_use]
    pub fn turn_limits(&self, default_time: Duration) -> TurnLimits {
        TurnLimits::new(self.limits(default_time), self.clock)
    }
}

/// An agent as written on the command line: `engine`, `engine:depth=N`, `engine:time=S`
/// (seconds, may be fractional), `engine:nodes=N`, `engine:clock=BASE+INC` (a clock of BASE
/// seconds per game and INC added per turn, or a time control of the variant's rules by name:
/// `clock=blitz` in DMChess, [`AgentSpec::read`]), `engine:hash=MIB`
/// (the transposition table's size, 1 to [`tt::MAX_MIB`]; default [`tt::DEFAULT_MIB`]);
/// several options joined by commas), `mcts`,
/// `mcts:time=S`, `mcts:nodes=N` (iterations), `random`, `greedy`, `greedy:time=S` (the
/// most time a decision's comparison may take; [`GREEDY_TIME`] if left out), and an outside
/// engine over UCI: `uci:PATH[,skill=N][,elo=N][,time=S|,nodes=N]`.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// The engine (alpha-beta) at a level.
    Engine(Level),
    /// Monte-Carlo tree search at a level (time and iterations; no depth).
    Mcts(Level),
    /// Uniformly random legal decisions.
    Random,
    /// The decision with the best material balance right after it (ties broken at random),
    /// its comparison within the time given ([`GreedyAgent::with_time`]; `None`:
    /// [`GREEDY_TIME`]).
    Greedy(Option<Duration>),
    /// An outside engine over UCI.
    Uci(UciSpec),
}

/// A spec for no variant in particular ([`AgentSpec::read`] with no named time controls): a
/// clock is `BASE+INC` only.
impl FromStr for AgentSpec {
    type Err = EngineError;

    fn from_str(text: &str) -> Result<AgentSpec, EngineError> {
        AgentSpec::read(text, &[])
    }
}

impl AgentSpec {
    /// Reads a spec for a variant whose rules name `time_controls`
    /// ([`omnichess_core::Variant::time_controls`]): `clock=NAME` plays one of them by its
    /// [`RulesTimeControl::key`].
    pub fn read(text: &str, time_controls: &[RulesTimeControl]) -> Result<AgentSpec, EngineError> {
        let bad = |reason: String| EngineError::Spec {
            spec: text.to_owned(),
            reason,
        };
        let (name, options) = match text.split_once(':') {
            Some((name, options)) => (name, Some(options)),
            None => (text, None),
        };
        match (name, options) {
            ("uci", Some(rest)) => {
                return UciSpec::parse(rest)
                    .map(AgentSpec::Uci)
                    .map_err(|e| bad(e.to_string()));
            }
            ("random", None) => return Ok(AgentSpec::Random),
            ("greedy", None) => return Ok(AgentSpec::Greedy(None)),
            ("greedy", Some(options)) => {
                return greedy_time(options)
                    .map(AgentSpec::Greedy)
                    .map_err(|e| bad(e.to_string()));
            }
            ("random", Some(_)) => {
                return Err(bad(format!("`{name}` takes no options")));
            }
            ("engine" | "mcts", _) => {}
            _ => {
                return Err(bad(
                    "expected `engine[:depth=N|time=S|nodes=N]`, `mcts[:time=S|nodes=N]`, \
                     `random`, `greedy[:time=S]` or `uci:PATH[,skill=N][,elo=N][,time=S|,nodes=N]`"
                        .into(),
                ));
            }
        }
        let mut level = Level::default();
        for option in options.into_iter().flat_map(|o| o.split(',')) {
            let (key, value) = option.split_once('=').ok_or_else(|| {
                bad(format!(
                    "`{option}`: expected KEY=VALUE (depth, time, nodes, clock, hash)"
                ))
            })?;
            let number = |what: &str| bad(format!("`{value}` is not {what}"));
            let repeated = || bad(format!("`{key}` given twice"));
            match key.trim() {
                "depth" => {
                    let depth: u32 = value.trim().parse().map_err(|_| number("a depth"))?;
                    if depth == 0 || depth > crate::limits::MAX_DEPTH {
                        return Err(bad(format!(
                            "depth must be 1 to {}",
                            crate::limits::MAX_DEPTH
                        )));
                    }
                    if level.depth.replace(depth).is_some() {
                        return Err(repeated());
                    }
                }
                "nodes" => {
                    let nodes: u64 = value.trim().parse().map_err(|_| number("a node count"))?;
                    if nodes == 0 {
                        return Err(bad("nodes must be at least 1".into()));
                    }
                    if level.nodes.replace(nodes).is_some() {
                        return Err(repeated());
                    }
                }
                "time" => {
                    let seconds: f64 = value.trim().parse().map_err(|_| number("seconds"))?;
                    let time = Duration::try_from_secs_f64(seconds)
                        .ok()
                        .filter(|t| !t.is_zero())
                        .ok_or_else(|| bad("time must be a positive number of seconds".into()))?;
                    if level.time.replace(time).is_some() {
                        return Err(repeated());
                    }
                }
                "clock" => {
                    let clock = parse_clock(value.trim(), time_controls).ok_or_else(|| {
                        let names = Clock::names(time_controls);
                        let or_named = if names.is_empty() {
                            String::new()
                        } else {
                            format!(", or {names}")
                        };
                        bad(format!(
                            "`{value}`: a clock is BASE+INC in seconds, such as 60+0.5{or_named}"
                        ))
                    })?;
                    if level.clock.replace(clock).is_some() {
                        return Err(repeated());
                    }
                }
                "hash" => {
                    let mib: usize = value.trim().parse().map_err(|_| number("a size in MiB"))?;
                    if mib == 0 || mib > tt::MAX_MIB {
                        return Err(bad(format!("hash must be 1 to {} MiB", tt::MAX_MIB)));
                    }
                    if level.hash.replace(mib).is_some() {
                        return Err(repeated());
                    }
                }
                other => {
                    return Err(bad(format!(
                        "unknown option `{other}` (depth, time, nodes, clock, hash)"
                    )));
                }
            }
        }
        if level.time.is_some() && level.clock.is_some() {
            return Err(bad("give `time` or `clock`, not both".into()));
        }
        match name {
            "mcts" if level.depth.is_some() => {
                Err(bad("`mcts` has no depth: give time or nodes".into()))
            }
            "mcts" if level.hash.is_some() => Err(bad(format!(
                "`mcts` has no hash table (its tree holds at most {} nodes)",
                mcts::DEFAULT_CAPACITY
            ))),
            "mcts" => Ok(AgentSpec::Mcts(level)),
            _ => Ok(AgentSpec::Engine(level)),
        }
    }
}

/// Why `greedy`'s options cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum GreedyOptionError {
    /// An option other than `time=S`.
    #[error("`{0}`: `greedy` takes `time=S` only")]
    NotTime(String),
    /// A time that is not a positive number of seconds.
    #[error("time must be a positive number of seconds")]
    Time,
}

/// `greedy`'s options: `time=S` alone (seconds, positive).
fn greedy_time(options: &str) -> Result<Option<Duration>, GreedyOptionError> {
    let Some(("time", value)) = options.split_once('=').map(|(k, v)| (k.trim(), v.trim())) else {
        return Err(GreedyOptionError::NotTime(options.to_owned()));
    };
    value
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .filter(|t| !t.is_zero())
        .map(Some)
        .ok_or(GreedyOptionError::Time)
}

/// A clock written `BASE+INC` or `BASE` (seconds, may be fractional): BASE positive, INC not
/// negative; or a time control of `time_controls` by name ([`Clock::named`]).
fn parse_clock(text: &str, time_controls: &[RulesTimeControl]) -> Option<Clock> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
    };
    if let Some(named) = Clock::named(time_controls, text.trim()) {
        return Some(named);
    }
    let left = seconds(base).filter(|t| !t.is_zero())?;
    Some(Clock::new(left, seconds(increment)?))
}

/// Builds the agent `spec` for variant `G` with `evaluator`. `seed` makes `random`, `greedy`
/// and `mcts` reproducible; `default_time` is the time per turn of an engine whose `spec` sets
/// no limit. Fails only when an outside engine cannot be started.
pub fn build<G, E>(
    spec: AgentSpec,
    evaluator: E,
    seed: u64,
    default_time: Duration,
) -> Result<Box<dyn Agent<G>>, EngineError>
where
    G: Variant,
    E: Evaluator<G> + 'static,
{
    Ok(match spec {
        AgentSpec::Engine(level) => Box::new(EngineAgent {
            search: Search::new(evaluator, level.hash.unwrap_or(tt::DEFAULT_MIB)),
            limits: level.turn_limits(default_time),
            last_score: None,
        }),
        AgentSpec::Mcts(level) => Box::new(MctsAgent {
            mcts: Mcts::new(evaluator, mcts::DEFAULT_CAPACITY, seed),
            limits: level.turn_limits(default_time),
        }),
        AgentSpec::Random => Box::new(RandomAgent::new(seed)),
        AgentSpec::Greedy(time) => {
            Box::new(GreedyAgent::new(evaluator, seed).with_time(time.unwrap_or(GREEDY_TIME)))
        }
        AgentSpec::Uci(uci) => Box::new(UciAgent::start(&uci, default_time)?),
    })
}

/// Monte-Carlo tree search within fixed limits per turn, or a clock.
#[derive(Debug)]
pub struct MctsAgent<G: Game, E> {
    mcts: Mcts<G, E>,
    limits: TurnLimits,
}

impl<G: Game + Hooks, E: Evaluator<G>> Agent<G> for MctsAgent<G, E> {
    fn choose_turn_with(
        &mut self,
        state: &G,
        _progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Vec<G::Decision> {
        let started = Instant::now();
        let turn = self
            .mcts
            .best_turn(state, &self.limits.next())
            .unwrap_or_else(|_| any_complete_turn(state));
        self.limits.charge(started.elapsed());
        turn
    }

    fn new_game(&mut self, seed: u64) {
        self.limits.new_game();
        self.mcts.reseed(seed);
    }
}

/// The engine: [`Search::best_turn`] within fixed limits per turn or a clock, keeping its
/// table between turns.
#[derive(Debug)]
pub struct EngineAgent<G: Game, E> {
    search: Search<G, E>,
    limits: TurnLimits,
    /// The score of the last turn's first search ([`Agent::last_score`]).
    last_score: Option<Score>,
}

impl<G: Game + Hooks, E: Evaluator<G>> EngineAgent<G, E> {
    /// The engine with `limits` per turn and a table of `tt_mib` MiB.
    #[must_use]
    pub fn new(evaluator: E, limits: Limits, tt_mib: usize) -> Self {
        EngineAgent {
            search: Search::new(evaluator, tt_mib),
            limits: TurnLimits::new(limits, None),
            last_score: None,
        }
    }
}

impl<G: Game + Hooks, E: Evaluator<G>> Agent<G> for EngineAgent<G, E> {
    fn choose_turn_with(
        &mut self,
        state: &G,
        progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Vec<G::Decision> {
        let started = Instant::now();
        let found = self.search.best_turn(state, &self.limits.next(), progress);
        self.last_score = found.as_ref().ok().map(|turn| {
            let score = turn.first.score;
            if score.abs() >= score::MATE_BOUND {
                score
            } else {
                self.search.evaluator().centipawns(score)
            }
        });
        let turn = found
            .map(|turn| turn.decisions)
            .unwrap_or_else(|_| any_complete_turn(state));
        self.limits.charge(started.elapsed());
        turn
    }

    fn new_game(&mut self, _seed: u64) {
        self.limits.new_game();
        self.search.clear();
        self.last_score = None;
    }

    fn set_claims(&mut self, allowed: bool) {
        self.search.set_claims(allowed);
    }

    fn last_score(&self) -> Option<Score> {
        self.last_score
    }
}

/// Uniformly random decisions, from a seeded generator. A decision costs one listing of the
/// open decisions and a shuffle.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: StdRng,
    times: Vec<Duration>,
}

impl RandomAgent {
    /// A random agent seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: StdRng::seed_from_u64(seed),
            times: Vec::new(),
        }
    }

    /// The time of each step of the last turn ([`StepTimes`]).
    #[must_use]
    pub fn last_turn_times(&self) -> &[Duration] {
        &self.times
    }
}

impl<G: Game + Hooks> Agent<G> for RandomAgent {
    fn choose_turn_with(
        &mut self,
        state: &G,
        _progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Vec<G::Decision> {
        let mut steps = StepTimes::new(&mut self.times);
        let rng = &mut self.rng;
        one_at_a_time(state, |_, _, open| {
            open.shuffle(rng);
            steps.end_step();
        })
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }
}

/// How long `greedy` may compare a decision's options when its specification sets no time
/// (`greedy:time=S`). Far above what any position of the test data needs (docs/PERFORMANCE.md,
/// "Time per decision and matches"), so that a seeded match's games depend on the seed alone.
pub const GREEDY_TIME: Duration = Duration::from_secs(1);

/// How many options `greedy` measures between two looks at the clock.
const MEASURED_AT_ONCE: usize = 64;

/// The decision after which the material balance is best for the acting player (a won game
/// counts as infinitely good), one decision at a time; ties broken by a seeded generator.
/// The options are compared within a time per decision ([`GreedyAgent::with_time`]).
#[derive(Clone, Debug)]
pub struct GreedyAgent<E> {
    evaluator: E,
    rng: StdRng,
    time: Duration,
    times: Vec<Duration>,
}

impl<E> GreedyAgent<E> {
    /// A greedy agent with `evaluator`'s material count, seeded with `seed`, comparing
    /// within [`GREEDY_TIME`] a decision.
    #[must_use]
    pub fn new(evaluator: E, seed: u64) -> GreedyAgent<E> {
        GreedyAgent {
            evaluator,
            rng: StdRng::seed_from_u64(seed),
            time: GREEDY_TIME,
            times: Vec::new(),
        }
    }

    /// The same agent, comparing within `time` a decision, from the step's start (the
    /// listing of the options included): the options are shuffled, then measured in that
    /// order, 64 at a time, until the time is up (at least one batch, so that a decision is
    /// always compared). The best measured comes first, ties in their shuffled order; the
    /// ones left unmeasured follow in their shuffled order, the next tried when the first
    /// leads to a dead end.
    #[must_use]
    pub fn with_time(self, time: Duration) -> GreedyAgent<E> {
        GreedyAgent { time, ..self }
    }

    /// The time of each step of the last turn ([`StepTimes`]).
    #[must_use]
    pub fn last_turn_times(&self) -> &[Duration] {
        &self.times
    }
}

impl<G: Game + Hooks, E: Evaluator<G>> Agent<G> for GreedyAgent<E> {
    fn choose_turn_with(
        &mut self,
        state: &G,
        _progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Vec<G::Decision> {
        let mut scored = Vec::new();
        let mut steps = StepTimes::new(&mut self.times);
        let (rng, evaluator, time) = (&mut self.rng, &self.evaluator, self.time);
        one_at_a_time(state, |game, player, open| {
            let until = steps.step_start() + time;
            // Ties are broken at random: shuffled, then sorted stably by the player's gain.
            open.shuffle(rng);
            scored.clear();
            for batch in open.chunks(MEASURED_AT_ONCE) {
                if !scored.is_empty() && Instant::now() >= until {
                    break;
                }
                for &d in batch {
                    game.apply(d);
                    let value = match game.to_act_bounded(crate::limits::NODE_TEST_EFFORT) {
                        ToAct::Nobody(outcome) => score::terminal(outcome),
                        _ => Score::from(evaluator.material(game)),
                    };
                    game.undo();
                    scored.push((score::for_player(value, player), d));
                }
            }
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (slot, &(_, d)) in open.iter_mut().zip(&scored) {
                *slot = d;
            }
            steps.end_step();
        })
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }
}

/// The wall time of each step of a turn walked one decision at a time: from the end of the
/// step before (the first from the turn's start) to the end of its ordering, so the listing
/// of its options, the test whether the turn goes on and taking back a dead end's decisions
/// are counted too. A step is a decision of the turn, or one tried and taken back.
pub struct StepTimes<'a> {
    times: &'a mut Vec<Duration>,
    started: Instant,
}

impl<'a> StepTimes<'a> {
    /// Begins a turn: `times` cleared.
    pub fn new(times: &'a mut Vec<Duration>) -> StepTimes<'a> {
        times.clear();
        StepTimes {
            times,
            started: Instant::now(),
        }
    }

    /// When the current step began.
    #[must_use]
    pub fn step_start(&self) -> Instant {
        self.started
    }

    /// Ends the current step (the next begins).
    pub fn end_step(&mut self) {
        let now = Instant::now();
        self.times.push(now - self.started);
        self.started = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omnichess_core::{Notation, Records};

    #[test]
    fn a_named_clock_is_one_of_the_variants_own_time_controls() {
        use omnichess_core::Variant;
        let controls = omnichess_variants::dmchess::DmChess::time_controls();
        let Ok(AgentSpec::Engine(level)) = AgentSpec::read("engine:clock=blitz", &controls) else {
            panic!("DMChess has blitz");
        };
        assert_eq!(
            level.clock.map(|c| (c.left, c.increment)),
            Some((Duration::from_secs(300), Duration::from_secs(3)))
        );
        let named = AgentSpec::read("engine:clock=bullet", &controls).expect_err("no bullet");
        assert!(
            named
                .to_string()
                .ends_with("such as 60+0.5, or standard, rapid or blitz"),
            "{named}"
        );
        // Without the variant's controls (a spec read for no variant), names are unknown.
        let plain = "engine:clock=blitz"
            .parse::<AgentSpec>()
            .expect_err("no names");
        assert!(plain.to_string().ends_with("such as 60+0.5"), "{plain}");
        assert!(matches!(
            "mcts:clock=60+1".parse::<AgentSpec>(),
            Ok(AgentSpec::Mcts(Level { clock: Some(_), .. }))
        ));
    }

    #[test]
    fn greedy_takes_the_biggest_gain_and_random_only_legal_decisions() {
        use crate::eval::ClassicEval;

        use omnichess_variants::classic::Classic;
        // The d1 rook can take the queen on d8 or the pawn on a7 (with the other rook too).
        let game =
            Classic::from_position_text("3qk3/p7/8/8/8/8/8/R2RK3 w - - 0 1").expect("the position");
        for seed in 0..8 {
            let turn = GreedyAgent::new(ClassicEval, seed).choose_turn(&game);
            assert_eq!(game.decision_texts(&turn), ["d1d8"], "seed {seed}");
        }
        let mut open = Vec::new();
        game.decisions(&mut open);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..64 {
            let turn = RandomAgent::new(seed).choose_turn(&game);
            assert_eq!(turn.len(), 1);
            assert!(open.contains(&turn[0]));
            seen.insert(turn[0]);
        }
        assert!(seen.len() > open.len() / 2, "random spreads its choices");
    }

    #[test]
    fn greedy_out_of_time_compares_one_batch_of_its_shuffled_options() {
        use crate::eval::{ClassicEval, Evaluator};
        use omnichess_variants::classic::Classic;
        // Six queens: more options than one batch. Black's king is boxed in (no mate in one);
        // the gains: the queen on h6, the pawn on b7.
        let game = Classic::from_position_text("kn6/pp6/7q/8/6Q1/8/PP6/QQQQK2Q w - - 0 1")
            .expect("the position");
        let mut listed = Vec::new();
        game.decisions(&mut listed);
        assert!(listed.len() > MEASURED_AT_ONCE);
        // The material after each: the best, ties in the order given.
        let best = |options: &[_]| {
            let mut g = game.clone();
            let mut best = None;
            for &d in options {
                g.apply(d);
                let material = ClassicEval.material(&g);
                g.undo();
                if best.is_none_or(|(m, _)| material > m) {
                    best = Some((material, d));
                }
            }
            best.map(|(_, d)| d)
        };
        let mut differs = 0;
        for seed in 0..32 {
            let whole = GreedyAgent::new(ClassicEval, seed).choose_turn(&game);
            let mut agent = GreedyAgent::new(ClassicEval, seed).with_time(Duration::from_nanos(1));
            let cut = agent.choose_turn(&game);
            assert_eq!(agent.last_turn_times().len(), 1, "one step");
            // Only the first batch of the seeded shuffle is measured.
            let mut open = listed.clone();
            open.shuffle(&mut StdRng::seed_from_u64(seed));
            assert_eq!(whole.first(), best(&open).as_ref(), "seed {seed}");
            let batch = &open[..MEASURED_AT_ONCE];
            assert_eq!(cut.first(), best(batch).as_ref(), "seed {seed}");
            differs += usize::from(cut != whole);
        }
        assert!(differs > 0, "some seeds leave the best unmeasured");
    }

    #[test]
    fn specs_read_and_bad_ones_say_why() {
        assert_eq!("random".parse(), Ok(AgentSpec::Random));
        assert_eq!("greedy".parse(), Ok(AgentSpec::Greedy(None)));
        assert_eq!(
            "greedy:time=0.25".parse(),
            Ok(AgentSpec::Greedy(Some(Duration::from_millis(250))))
        );
        assert_eq!(
            "mcts:nodes=500".parse(),
            Ok(AgentSpec::Mcts(Level {
                nodes: Some(500),
                ..Level::default()
            }))
        );
        assert_eq!("engine".parse(), Ok(AgentSpec::Engine(Level::default())));
        let level = |spec: &str| match spec.parse::<AgentSpec>() {
            Ok(AgentSpec::Engine(level)) => level,
            other => panic!("{spec}: {other:?}"),
        };
        assert_eq!(level("engine:depth=4").depth, Some(4));
        assert_eq!(level("engine:nodes=5000").nodes, Some(5000));
        assert_eq!(level("engine").hash, None, "the default table");
        assert_eq!(level("engine:time=0.1,hash=64").hash, Some(64));
        assert_eq!(
            level("engine:time=0.25").time,
            Some(Duration::from_millis(250))
        );
        let both = level("engine:depth=3,time=2");
        assert_eq!(
            (both.depth, both.time),
            (Some(3), Some(Duration::from_secs(2)))
        );
        assert_eq!(
            Level::default().limits(DEFAULT_TIME).time,
            Some(DEFAULT_TIME)
        );
        let clocked = level("engine:clock=60+0.5");
        assert_eq!(
            clocked.clock,
            Some(Clock::new(
                Duration::from_secs(60),
                Duration::from_millis(500)
            ))
        );
        assert_eq!(clocked.limits(DEFAULT_TIME).time, None, "the clock decides");
        assert_eq!(
            level("engine:clock=5").clock.map(|c| c.increment),
            Some(Duration::ZERO)
        );
        for (bad, says) in [
            ("stockfish", "expected `engine"),
            ("engine:depth=0", "depth must be 1"),
            ("engine:depth=x", "`x` is not a depth"),
            ("engine:time=-1", "positive number of seconds"),
            ("engine:time=nan", "positive number of seconds"),
            ("engine:speed=3", "unknown option `speed`"),
            ("engine:depth", "expected KEY=VALUE"),
            ("engine:depth=2,depth=3", "given twice"),
            ("mcts:depth=2", "has no depth"),
            ("uci:", "needs a program"),
            ("uci:/bin/x,skill=a", "is not a number"),
            ("random:depth=2", "takes no options"),
            ("greedy:depth=2", "takes `time=S` only"),
            ("greedy:time=0", "positive number of seconds"),
            ("greedy:time=x", "positive number of seconds"),
            ("engine:clock=0+1", "a clock is BASE+INC"),
            ("engine:clock=60+x", "a clock is BASE+INC"),
            ("engine:clock=60,time=1", "not both"),
            ("engine:hash=0", "hash must be 1 to 4096"),
            ("engine:hash=4097", "hash must be 1 to 4096"),
            ("engine:hash=big", "`big` is not a size in MiB"),
            ("mcts:hash=8", "has no hash table"),
        ] {
            let err = bad.parse::<AgentSpec>().expect_err(bad).to_string();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}
