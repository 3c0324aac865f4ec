//! Each agent's time per decision from many-timeline 5D positions, against its budget
//! (docs/PERFORMANCE.md, "Time per decision and matches").
//!
//! Positions: every EVERY-th turn start (a player to act) of two games with many timelines:
//! cwmtt's `100_timelines.5dpgn` (120 timelines at its end) and `random-233-timelines.5dpgn`
//! (233). From each, every agent SPEC plays one whole turn, timed.
//!
//! An engine searches each decision of a turn anew within its time (`engine:time=S`: S per
//! decision), as its agent does; the search times each decision (`Turn::times`: from the end
//! of the one before, the test whether the turn goes on after it included; a dead end's way
//! round counted as one step with the decisions it took back). Its budget is S; over S +
//! 10 % counts as over. `mcts` (which may take several decisions from one
//! search) is timed per turn: its budget is S per decision of the turn. `greedy` and `random`
//! walk a turn one decision at a time, each step timed by the agent (its listing, its ordering,
//! the test whether the turn goes on: `last_turn_times`); `greedy`'s budget is its time per
//! decision (`greedy:time=S`, `GREEDY_TIME` if left out), `random` has none: its slowest step
//! is reported.
//!
//! `cargo run --release -p omnichess-engine --features tools --example decision_times
//! [EVERY [SPEC...]]` (EVERY 4 by default; SPECs `engine:time=0.05`, `engine:time=0.1`,
//! `engine:time=0.5`, `mcts:time=0.1`, `greedy`, `random` by default).

use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Notation, Records, ToAct, Variant};
use omnichess_engine::agents::{self, Agent, AgentSpec, GreedyAgent, RandomAgent};
use omnichess_engine::eval::MultiverseEval;
use omnichess_engine::limits::{Limits, REFEREE_TEST_EFFORT};
use omnichess_engine::{Search, tt};
use omnichess_variants::multiverse::Multiverse;

/// The games whose turn starts are played from.
const GAMES: [(&str, &str); 2] = [
    (
        "100_timelines",
        include_str!("../../variants/tests/data/multiverse/cwmtt/100_timelines.5dpgn"),
    ),
    (
        "random-233",
        include_str!("../../variants/tests/data/multiverse/random-233-timelines.5dpgn"),
    ),
];

/// The agents timed when none is given.
const SPECS: [&str; 6] = [
    "engine:time=0.05",
    "engine:time=0.1",
    "engine:time=0.5",
    "mcts:time=0.1",
    "greedy",
    "random",
];

/// Over budget: more than this share of it.
const TOLERANCE: f64 = 1.10;

/// A position to play from, and where it comes from.
struct Position {
    state: Multiverse,
    game: &'static str,
    turn: u64,
    timelines: usize,
}

/// Every `every`-th turn start of each game where a player acts.
fn positions(every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for (name, text) in GAMES {
        let record = Multiverse::parse_record(text).expect("the record reads");
        let mut game = match record.start.as_deref() {
            Some(start) => Multiverse::from_position_text(start).expect("the start reads"),
            None => Multiverse::start(),
        };
        let mut starts = Vec::new();
        let mut turn = None;
        for d in &record.decisions {
            if turn != Some(game.turn_index())
                && matches!(game.to_act_bounded(REFEREE_TEST_EFFORT), ToAct::Player(_))
            {
                turn = Some(game.turn_index());
                starts.push(game.clone());
            }
            let decision = game.parse_decision(&d.text).expect("the record plays");
            game.apply(decision);
        }
        if matches!(game.to_act_bounded(REFEREE_TEST_EFFORT), ToAct::Player(_)) {
            starts.push(game);
        }
        // Counted back from the last, so that the widest multiverse is always among them.
        for state in starts.into_iter().rev().step_by(every.max(1)).rev() {
            out.push(Position {
                turn: state.turn_index(),
                timelines: state.timelines().count(),
                state,
                game: name,
            });
        }
    }
    out
}

/// One turn timed: its whole time, its decisions, and the time of each decision where the
/// agent tells it (the engine: [`omnichess_engine::Turn::times`]).
struct Timed {
    turn: Duration,
    decisions: usize,
    steps: Vec<Duration>,
}

/// The engine's turn from `state`, as its agent plays it: [`Search::best_turn`] within
/// `limits`, each decision timed by the search itself.
fn engine_turn(
    search: &mut Search<Multiverse, MultiverseEval>,
    limits: &Limits,
    state: &Multiverse,
) -> Timed {
    let begun = Instant::now();
    let turn = search.best_turn(state, limits, &mut |_| {});
    let time = begun.elapsed();
    match turn {
        Ok(turn) => Timed {
            turn: time,
            decisions: turn.decisions.len(),
            steps: turn.times,
        },
        // No whole turn found (the agent then plays any): the time is one step's.
        Err(_) => Timed {
            turn: time,
            decisions: 0,
            steps: vec![time],
        },
    }
}

/// An agent that walks its turn, with the time of each step it took.
enum Walker {
    Random(RandomAgent),
    Greedy(GreedyAgent<MultiverseEval>),
}

impl Walker {
    /// The agent as an [`Agent`].
    fn agent(&mut self) -> &mut dyn Agent<Multiverse> {
        match self {
            Walker::Random(a) => a,
            Walker::Greedy(a) => a,
        }
    }

    /// The time of each step of its last turn.
    fn steps(&self) -> Vec<Duration> {
        match self {
            Walker::Random(a) => a.last_turn_times().to_vec(),
            Walker::Greedy(a) => a.last_turn_times().to_vec(),
        }
    }
}

/// Any other agent's turn from `state`, timed as a whole.
fn agent_turn(agent: &mut dyn Agent<Multiverse>, state: &Multiverse) -> Timed {
    let begun = Instant::now();
    let decisions = agent.choose_turn(state).len();
    Timed {
        turn: begun.elapsed(),
        decisions,
        steps: Vec::new(),
    }
}

/// What one agent did over every position.
#[derive(Default)]
struct Tally {
    turns: usize,
    decisions: usize,
    steps: usize,
    over: usize,
    /// Where the decisions over budget were, with how many at each.
    over_at: Vec<(String, usize)>,
    slowest_step: (Duration, String),
    slowest_turn: (Duration, String),
    slowest_per_decision: (Duration, String),
}

impl Tally {
    /// Counts a decision (or turn) over budget at `at`.
    fn note_over(&mut self, at: &str) {
        self.over += 1;
        match self.over_at.iter_mut().find(|(where_, _)| where_ == at) {
            Some((_, n)) => *n += 1,
            None => self.over_at.push((at.to_owned(), 1)),
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let every = args.next().and_then(|a| a.parse().ok()).unwrap_or(4usize);
    let mut specs: Vec<String> = args.collect();
    if specs.is_empty() {
        specs = SPECS.iter().map(|s| (*s).to_owned()).collect();
    }
    let positions = positions(every);
    println!(
        "{} positions: {}",
        positions.len(),
        positions
            .iter()
            .map(|p| format!("{} T{} ({} timelines)", p.game, p.turn, p.timelines))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for text in &specs {
        let spec: AgentSpec = match text.parse() {
            Ok(spec) => spec,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        let (budget, per_step) = match &spec {
            AgentSpec::Engine(level) => (level.time, true),
            AgentSpec::Mcts(level) => (level.time, false),
            AgentSpec::Greedy(time) => (Some(time.unwrap_or(agents::GREEDY_TIME)), true),
            _ => (None, true),
        };
        let mut walker = match &spec {
            AgentSpec::Random => Some(Walker::Random(RandomAgent::new(7))),
            AgentSpec::Greedy(time) => Some(Walker::Greedy(
                GreedyAgent::new(MultiverseEval, 7).with_time(time.unwrap_or(agents::GREEDY_TIME)),
            )),
            _ => None,
        };
        let mut engine = match &spec {
            AgentSpec::Engine(level) => Some((
                Search::new(MultiverseEval, level.hash.unwrap_or(tt::DEFAULT_MIB)),
                level.limits(agents::DEFAULT_TIME),
            )),
            _ => None,
        };
        let mut agent =
            agents::build(spec, MultiverseEval, 7, agents::DEFAULT_TIME).expect("a built-in agent");
        let mut tally = Tally::default();
        for p in &positions {
            let timed = match engine.as_mut() {
                Some((search, limits)) => {
                    search.clear();
                    engine_turn(search, limits, &p.state)
                }
                None => match walker.as_mut() {
                    Some(w) => {
                        w.agent().new_game(7);
                        let timed = agent_turn(w.agent(), &p.state);
                        Timed {
                            steps: w.steps(),
                            ..timed
                        }
                    }
                    None => {
                        agent.new_game(7);
                        agent_turn(agent.as_mut(), &p.state)
                    }
                },
            };
            let at = format!("{} T{}", p.game, p.turn);
            tally.turns += 1;
            tally.decisions += timed.decisions;
            let per_decision = timed.turn / u32::try_from(timed.decisions.max(1)).unwrap_or(1);
            if timed.turn > tally.slowest_turn.0 {
                tally.slowest_turn = (timed.turn, format!("{at}, {} decisions", timed.decisions));
            }
            if per_decision > tally.slowest_per_decision.0 {
                tally.slowest_per_decision = (per_decision, at.clone());
            }
            match (budget, per_step) {
                (Some(budget), true) => {
                    for &step in &timed.steps {
                        tally.steps += 1;
                        if step.as_secs_f64() > budget.as_secs_f64() * TOLERANCE {
                            tally.note_over(&at);
                        }
                        if step > tally.slowest_step.0 {
                            tally.slowest_step = (step, at.clone());
                        }
                    }
                }
                (Some(budget), false) => {
                    tally.steps += 1;
                    let allowed = budget.as_secs_f64() * timed.decisions.max(1) as f64;
                    if timed.turn.as_secs_f64() > allowed * TOLERANCE {
                        tally.note_over(&at);
                    }
                }
                (None, _) => {
                    for &step in &timed.steps {
                        tally.steps += 1;
                        if step > tally.slowest_step.0 {
                            tally.slowest_step = (step, at.clone());
                        }
                    }
                }
            }
        }
        let secs = |d: Duration| format!("{:.3} s", d.as_secs_f64());
        let mut line = format!(
            "{text}: {} turns, {} decisions; slowest turn {} ({}); slowest per decision {} ({})",
            tally.turns,
            tally.decisions,
            secs(tally.slowest_turn.0),
            tally.slowest_turn.1,
            secs(tally.slowest_per_decision.0),
            tally.slowest_per_decision.1,
        );
        if budget.is_none() && tally.steps > 0 {
            line += &format!(
                "; {} steps, slowest {} ({})",
                tally.steps,
                secs(tally.slowest_step.0),
                tally.slowest_step.1
            );
        }
        if let Some(budget) = budget {
            if per_step {
                line += &format!(
                    "; {} steps, slowest {} ({}), {:.2}× the budget",
                    tally.steps,
                    secs(tally.slowest_step.0),
                    tally.slowest_step.1,
                    tally.slowest_step.0.as_secs_f64() / budget.as_secs_f64()
                );
            }
            line += &format!(
                "; over budget + 10 %: {} of {}",
                tally.over,
                if per_step { "steps" } else { "turns" }
            );
            if !tally.over_at.is_empty() {
                let at: Vec<String> = tally
                    .over_at
                    .iter()
                    .map(|(at, n)| format!("{n} at {at}"))
                    .collect();
                line += &format!(" ({})", at.join(", "));
            }
        }
        println!("{line}");
    }
}
