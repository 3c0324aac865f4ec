//! The engines by variant name, for callers that choose the variant at run time (the CLI).
//! Everything crosses as text: positions and decisions in the variant's notation, agents as
//! [`AgentSpec`] text, results as lines.
//!
//! Adding a variant's engine is one line of [`ENGINES`]: `EngineEntry::of::<V, E>()` for a
//! variant `V` and its evaluator `E`.

use std::time::Duration;

use omnichess_core::{Game, Variant};
use omnichess_variants::{
    classic::Classic, dice::Dice, dmchess::DmChess, multiverse::Multiverse, qec::Qec,
    realms::Realms,
};

use crate::adjudication::Adjudication;
use crate::agents::{self, Agent, AgentSpec};
use crate::error::EngineError;
use crate::eval::{
    ClassicEval, DiceEval, DmChessEval, Evaluator, MultiverseEval, QecEval, RealmsEval,
};
use crate::limits::Limits;
use crate::match_play::{self, AgentPair, MatchConfig, MatchReport, PlayedGame};
use crate::protocol::duci::{self, DuciEngineFn};
use crate::score::{self, Score};
use crate::search::{Report, Search};
use crate::tt;

/// What to analyse: a position (the standard start for `None`), decisions played after it,
/// and the search limits.
#[derive(Clone, Debug, Default)]
pub struct AnalysisRequest<'a> {
    /// Position text in the variant's format.
    pub position: Option<&'a str>,
    /// Decisions played from the position, in the variant's notation.
    pub after: &'a [String],
    /// How long to search.
    pub limits: Limits,
    /// The transposition table's size in MiB (`None`: [`tt::DEFAULT_MIB`]) for an
    /// [`AnalyzeFn`], which builds its search for the request. An [`Analyzer`] ignores it:
    /// its table got its size when the analyser was built ([`AnalyzerFn`]).
    pub hash_mib: Option<usize>,
}

/// Analyses a position: calls back with one progress line per completed iteration
/// (`info depth D score cp N nodes N nps N time S pv …`, the score from the acting player's
/// view, `score mate N` for a forced result), and returns the acting player's best whole turn
/// as decision texts. When the limits cut an iteration short after it found a better first
/// decision, that line is reported too, with `lowerbound` after the score: the turn returned
/// always starts with the first decision of the last line reported.
pub type AnalyzeFn =
    fn(&AnalysisRequest<'_>, &mut dyn FnMut(&str)) -> Result<Vec<String>, EngineError>;

/// An analyser that keeps its search — the transposition table and the move-ordering
/// history — from one request to the next, as an engine over UCI does between the positions
/// of one game. Requests are answered as [`AnalyzeFn`] answers them.
pub trait Analyzer: Send {
    /// Analyses `request` (see [`AnalyzeFn`]); its `hash_mib` is the analyser's, set when it
    /// was built.
    fn analyze(
        &mut self,
        request: &AnalysisRequest<'_>,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<String>, EngineError>;
}

/// Builds an [`Analyzer`] whose transposition table has this many MiB.
pub type AnalyzerFn = fn(usize) -> Box<dyn Analyzer>;

/// A match between two agents.
#[derive(Clone, Debug)]
pub struct MatchRequest<'a> {
    /// Agent A's specification.
    pub a: &'a str,
    /// Agent B's specification.
    pub b: &'a str,
    /// Games to play (at least 1).
    pub games: u32,
    /// The engine's time per turn where a specification sets no limit (`None`:
    /// [`agents::DEFAULT_TIME`]).
    pub time: Option<Duration>,
    /// The seed of chance and of the agents' random choices.
    pub seed: u64,
    /// Turns after which a game is adjudicated a draw.
    pub max_turns: u64,
    /// Decisions in a game after which it is adjudicated a draw (`u64::MAX`: no cap).
    pub max_decisions: u64,
    /// Whether every game's record is written for the progress callback.
    pub records: bool,
    /// The start position (the standard start for `None`).
    pub position: Option<&'a str>,
    /// Games played at once, each on its own thread with its own agents (at least 1).
    pub jobs: usize,
    /// Random decisions opening every game (see [`MatchConfig::opening`]).
    pub opening: u32,
    /// Each opening and its chance played twice, colours swapped (see [`MatchConfig::paired`]).
    pub paired: bool,
    /// The material noted every this many turns (see [`MatchConfig::material_every`]).
    pub material_every: u64,
    /// Whether every game's events are counted (see [`MatchConfig::events`]).
    pub events: bool,
    /// The number of the first game (see [`MatchConfig::first_game`]).
    pub first_game: u32,
    /// The rules that end a game by the players' scores ([`crate::match_play::MatchConfig::adjudication`]).
    pub adjudication: Adjudication,
}

/// Plays a match, calling back after every game with the report so far and the game.
pub type MatchFn = fn(
    &MatchRequest<'_>,
    &mut dyn FnMut(&MatchReport, &PlayedGame),
) -> Result<MatchReport, EngineError>;

/// An agent behind text, for a terminal game whose variant is chosen at run time.
pub trait DynAgent {
    /// The acting player's whole turn after `played` from `position` (the standard start for
    /// `None`), as decision texts. `progress` receives the engine's thinking as lines.
    fn choose(
        &mut self,
        position: Option<&str>,
        played: &[String],
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<String>, EngineError>;
}

/// Builds an agent from its specification, a seed and the engine's default time per turn.
pub type AgentFn = fn(&str, u64, Duration) -> Result<Box<dyn DynAgent>, EngineError>;

/// The engine protocol `omnichess uci VARIANT` speaks for a variant (the variant's
/// [`Variant::ENGINE_PROTOCOL`]), with what the protocol needs.
#[derive(Clone, Copy, Debug)]
pub enum EngineProtocol {
    /// UCI, with the variant's position text and notation, over [`EngineEntry::analyzer`].
    Uci,
    /// 5DUCI, over the [`DuciEngine`](crate::protocol::duci::DuciEngine) this builds.
    Duci(DuciEngineFn),
}

/// One variant's engine.
#[derive(Clone, Copy, Debug)]
pub struct EngineEntry {
    /// The variant's name.
    pub name: &'static str,
    /// See [`AnalyzeFn`].
    pub analyze: AnalyzeFn,
    /// See [`AnalyzerFn`].
    pub analyzer: AnalyzerFn,
    /// See [`MatchFn`].
    pub play_match: MatchFn,
    /// See [`AgentFn`].
    pub agent: AgentFn,
    /// See [`EngineProtocol`].
    pub protocol: EngineProtocol,
    /// The adjudication the lab plays the variant's games with by default
    /// ([`Evaluator::ADJUDICATION`]).
    pub adjudication: Adjudication,
}

impl EngineEntry {
    /// The entry of variant `V` evaluated by `E`.
    #[must_use]
    pub const fn of<V, E>() -> EngineEntry
    where
        V: Variant + Send,
        V::Decision: Send,
        E: Evaluator<V> + Default + Send + 'static,
    {
        EngineEntry {
            name: V::NAME,
            analyze: analyze::<V, E>,
            analyzer: analyzer::<V, E>,
            play_match: play::<V, E>,
            agent: agent::<V, E>,
            protocol: match V::ENGINE_PROTOCOL {
                omnichess_core::EngineProtocol::Uci => EngineProtocol::Uci,
                omnichess_core::EngineProtocol::Duci => EngineProtocol::Duci(duci::engine::<V, E>),
            },
            adjudication: E::ADJUDICATION,
        }
    }
}

/// The engines, one per variant that has one.
pub const ENGINES: &[EngineEntry] = &[
    EngineEntry::of::<Classic, ClassicEval>(),
    EngineEntry::of::<Qec, QecEval>(),
    EngineEntry::of::<Dice, DiceEval>(),
    EngineEntry::of::<Multiverse, MultiverseEval>(),
    EngineEntry::of::<Realms, RealmsEval>(),
    EngineEntry::of::<DmChess, DmChessEval>(),
    #[cfg(any(test, feature = "toy"))]
    EngineEntry::of::<omnichess_variants::toy::Toy, crate::eval::ToyEval>(),
];

/// The engine of the variant `name`.
pub fn find(name: &str) -> Result<&'static EngineEntry, EngineError> {
    ENGINES
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| EngineError::UnknownVariant {
            name: name.to_owned(),
            known: ENGINES
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The state at `position` after `played`.
fn state<V: Variant>(position: Option<&str>, played: &[String]) -> Result<V, EngineError> {
    replay(position, played).map(|(_, game, _)| game)
}

/// The state at `position` (the start), the state after `played` and `played`'s decisions.
fn replay<V: Variant>(
    position: Option<&str>,
    played: &[String],
) -> Result<(V, V, Vec<V::Decision>), EngineError> {
    let start = match position {
        Some(text) => V::from_position_text(text)?,
        None => V::start(),
    };
    let mut game = start.clone();
    let mut decisions = Vec::with_capacity(played.len());
    for (i, text) in played.iter().enumerate() {
        let decision = game
            .parse_decision(text)
            .map_err(|source| EngineError::Decision {
                index: i + 1,
                text: text.clone(),
                source,
            })?;
        game.apply(decision);
        decisions.push(decision);
    }
    Ok((start, game, decisions))
}

/// A search value in centipawns for a reader, as evaluator `E` scales its scores
/// ([`Evaluator::centipawns`]).
fn centipawns<V: Game, E: Evaluator<V> + Default>(score: Score) -> Score {
    E::default().centipawns(score)
}

/// The progress line of one iteration; `cp` turns a value into centipawns.
fn info_line<V: Variant>(
    game: &V,
    report: &Report<'_, V::Decision>,
    cp: fn(Score) -> Score,
) -> String {
    let player = game
        .to_act()
        .player()
        .unwrap_or(omnichess_core::Player::White);
    format!(
        "info depth {} score {}{} nodes {} nps {} time {:.3} pv {}",
        report.depth,
        score::text(report.score, player, cp),
        if report.complete { "" } else { " lowerbound" },
        report.nodes,
        report.nps(),
        report.elapsed.as_secs_f64(),
        game.decision_texts(report.pv).join(" ")
    )
}

fn analyze<V, E>(
    request: &AnalysisRequest<'_>,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<String>, EngineError>
where
    V: Variant + Send,
    V::Decision: Send,
    E: Evaluator<V> + Default + Send + 'static,
{
    analyzer::<V, E>(request.hash_mib.unwrap_or(tt::DEFAULT_MIB)).analyze(request, progress)
}

/// An [`Analyzer`]: one search kept for every request.
struct KeptSearch<V: Variant, E> {
    search: Search<V, E>,
}

impl<V, E> Analyzer for KeptSearch<V, E>
where
    V: Variant + Send,
    V::Decision: Send,
    E: Evaluator<V> + Default + Send,
{
    fn analyze(
        &mut self,
        request: &AnalysisRequest<'_>,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<String>, EngineError> {
        let game: V = state(request.position, request.after)?;
        let turn = self
            .search
            .best_turn(&game, &request.limits, &mut |report| {
                progress(&info_line(&game, report, centipawns::<V, E>));
            })?;
        Ok(game.decision_texts(&turn.decisions))
    }
}

fn analyzer<V, E>(hash_mib: usize) -> Box<dyn Analyzer>
where
    V: Variant + Send,
    V::Decision: Send,
    E: Evaluator<V> + Default + Send + 'static,
{
    Box::new(KeptSearch {
        search: Search::<V, E>::new(E::default(), hash_mib),
    })
}

fn play<V, E>(
    request: &MatchRequest<'_>,
    progress: &mut dyn FnMut(&MatchReport, &PlayedGame),
) -> Result<MatchReport, EngineError>
where
    V: Variant + Send,
    E: Evaluator<V> + Default + 'static,
{
    if request.games == 0 {
        return Err(EngineError::Match("a match needs at least one game".into()));
    }
    let start: V = state(request.position, &[])?;
    let default_time = request.time.unwrap_or(agents::DEFAULT_TIME);
    let controls = V::time_controls();
    let (a, b) = (
        AgentSpec::read(request.a, &controls)?,
        AgentSpec::read(request.b, &controls)?,
    );
    let pair = || -> Result<AgentPair<V>, EngineError> {
        Ok((
            agents::build(a.clone(), E::default(), request.seed ^ 0xA, default_time)?,
            agents::build(b.clone(), E::default(), request.seed ^ 0xB, default_time)?,
        ))
    };
    let config = MatchConfig {
        opening: request.opening,
        paired: request.paired,
        games: request.games,
        seed: request.seed,
        max_turns: request.max_turns,
        max_decisions: request.max_decisions,
        records: request.records,
        material_every: request.material_every,
        events: request.events,
        first_game: request.first_game,
        adjudication: request.adjudication,
    };
    match_play::play_match_parallel(&start, &pair, &config, request.jobs, progress)
}

/// A [`DynAgent`] over an [`Agent`] of variant `V`.
struct TextAgent<V: Game> {
    agent: Box<dyn Agent<V>>,
    /// Its evaluator's [`Evaluator::centipawns`], for the progress lines.
    cp: fn(Score) -> Score,
}

impl<V: Variant> DynAgent for TextAgent<V> {
    fn choose(
        &mut self,
        position: Option<&str>,
        played: &[String],
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<String>, EngineError> {
        let (start, game, decisions) = replay::<V>(position, played)?;
        match game.to_act() {
            omnichess_core::ToAct::Nobody(outcome) => return Err(EngineError::GameOver(outcome)),
            omnichess_core::ToAct::Chance => return Err(EngineError::ChanceActs),
            omnichess_core::ToAct::Player(_) => {}
        }
        self.agent.set_game(&start, &decisions);
        let turn = self.agent.choose_turn_with(&game, &mut |report| {
            progress(&info_line(&game, report, self.cp));
        });
        Ok(game.decision_texts(&turn))
    }
}

fn agent<V, E>(
    spec: &str,
    seed: u64,
    default_time: Duration,
) -> Result<Box<dyn DynAgent>, EngineError>
where
    V: Variant,
    E: Evaluator<V> + Default + 'static,
{
    let spec = AgentSpec::read(spec, &V::time_controls())?;
    Ok(Box::new(TextAgent::<V> {
        agent: agents::build(spec, E::default(), seed, default_time)?,
        cp: centipawns::<V, E>,
    }))
}
