//! `omnichess analyze` and `omnichess match`: the engine from the command line.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use omnichess_engine::Limits;
use omnichess_engine::clock::Clock;
use omnichess_engine::match_play::{MatchReport, TurnTime};
use omnichess_engine::registry::{AnalysisRequest, EngineEntry, MatchRequest};

use crate::error::CliError;
use crate::match_records::MatchRecords;
use crate::open;
use crate::output::outln;

/// The engine of a variant, after checking the variant exists.
pub fn engine(variant: &str) -> Result<&'static EngineEntry, CliError> {
    open::variant(variant)?;
    Ok(omnichess_engine::find(variant)?)
}

/// The time control the rules of `variant` play by `name` (`--time-control blitz`), or an
/// error listing the names it has.
pub fn named_clock(variant: &str, name: &str) -> Result<Clock, CliError> {
    let controls = (open::variant(variant)?.time_controls)();
    Clock::named(&controls, name).ok_or_else(|| {
        let names = Clock::names(&controls);
        let known = if names.is_empty() {
            "its rules name none".to_owned()
        } else {
            format!("its rules name {names}")
        };
        CliError(format!(
            "--time-control `{}` is not a time control of {variant} ({known})",
            omnichess_core::excerpt(name)
        ))
    })
}

/// Seconds from the command line as a duration, refusing what is not a time.
pub fn seconds(value: f64, option: &str) -> Result<Duration, CliError> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            CliError(format!(
                "{option} needs a positive number of seconds, not {value}"
            ))
        })
}

/// A transposition table size the memory can hold: `mib` itself, or an error that says how
/// much can be had (the table takes at most half the available memory; see
/// [`omnichess_engine::tt::capped_mib`]).
pub fn hash_mib(mib: usize) -> Result<usize, CliError> {
    let room = omnichess_engine::tt::capped_mib(mib);
    if mib > room {
        let available = omnichess_engine::tt::available_mib().map_or_else(String::new, |free| {
            format!(" ({free} MiB of memory is available)")
        });
        return Err(CliError(format!(
            "--hash {mib}: the table may take at most {room} MiB now{available}; give --hash {room} or less"
        )));
    }
    Ok(mib.max(1))
}

/// The search limits of `analyze`.
pub struct AnalyzeLimits {
    /// Player decisions deep.
    pub depth: Option<u32>,
    /// Seconds.
    pub time: Option<f64>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Transposition table MiB.
    pub hash: usize,
}

/// `omnichess analyze`
pub fn analyze(
    variant: &str,
    position: Option<&str>,
    after: Option<&str>,
    limits: &AnalyzeLimits,
) -> Result<(), CliError> {
    let entry = engine(variant)?;
    let hash = hash_mib(limits.hash)?;
    // Open the game first, so a bad position or decision is reported in the CLI's own terms.
    let mut game = open::game(variant, position)?;
    if let Some(after) = after {
        open::play_all(game.as_mut(), after)?;
    }
    let position_text = position.map(open::position_text).transpose()?;
    let played = game.history();
    let request = AnalysisRequest {
        position: position_text.as_deref(),
        after: &played,
        limits: Limits {
            depth: limits.depth,
            nodes: limits.nodes,
            time: limits.time.map(|t| seconds(t, "--time")).transpose()?,
            stop: None,
            each_decision: false,
            whole_time: false,
            analysis: true,
        },
        hash_mib: Some(hash),
    };
    let best = (entry.analyze)(&request, &mut |line| outln!("{line}"))?;
    outln!("bestmove {}", best.join(" "));
    Ok(())
}

/// The settings of `match`.
pub struct MatchSettings<'a> {
    /// Player A.
    pub a: &'a str,
    /// Player B.
    pub b: &'a str,
    /// Games.
    pub games: u32,
    /// Seconds per decision for an unlimited engine.
    pub time: Option<f64>,
    /// Seed.
    pub seed: u64,
    /// Turn cap.
    pub max_turns: u64,
    /// Decisions after which a game is adjudicated a draw (`u64::MAX`: no cap).
    pub max_decisions: u64,
    /// Games at once.
    pub jobs: usize,
    /// The folder every game is written to, if any.
    pub records: Option<&'a Path>,
    /// Random decisions opening every game.
    pub opening: u32,
    /// Every game played twice, colours swapped.
    pub paired: bool,
}

/// `omnichess match`
pub fn play_match(
    variant: &str,
    position: Option<&str>,
    settings: &MatchSettings<'_>,
) -> Result<(), CliError> {
    let entry = engine(variant)?;
    if settings.games == 0 {
        return Err(CliError("--games needs at least 1".into()));
    }
    if settings.jobs == 0 {
        return Err(CliError("--jobs needs at least 1".into()));
    }
    open::game(variant, position)?;
    let position_text = position.map(open::position_text).transpose()?;
    let mut records = settings
        .records
        .map(|dir| {
            let extension = open::variant(variant)?.record_extension;
            MatchRecords::create(dir, extension, settings.games)
        })
        .transpose()?;
    let request = MatchRequest {
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        opening: settings.opening,
        paired: settings.paired,
        a: settings.a,
        b: settings.b,
        games: settings.games,
        time: settings.time.map(|t| seconds(t, "--time")).transpose()?,
        seed: settings.seed,
        max_turns: settings.max_turns,
        max_decisions: settings.max_decisions,
        records: settings.records.is_some(),
        position: position_text.as_deref(),
        jobs: settings.jobs,
        material_every: 0,
        events: false,
        first_game: 0,
    };
    let terminal = std::io::stderr().is_terminal();
    let (mut slowest_a, mut slowest_b) = (Duration::ZERO, Duration::ZERO);
    let (mut per_decision_a, mut per_decision_b) = (TurnTime::default(), TurnTime::default());
    let report = (entry.play_match)(&request, &mut |so_far, game| {
        if let Some(records) = records.as_mut() {
            records.write(game);
        }
        slowest_a = slowest_a.max(game.slowest_a);
        slowest_b = slowest_b.max(game.slowest_b);
        per_decision_a = per_decision_a.slower(game.slowest_per_decision_a);
        per_decision_b = per_decision_b.slower(game.slowest_per_decision_b);
        progress(so_far, settings.games, terminal);
    })?;
    if terminal {
        eprintln!();
    }
    if let Some(notes) = report.notes() {
        outln!("{notes}");
    }
    // On stderr with the progress: standard output keeps its closing lines.
    eprintln!(
        "slowest turn: A {:.3} s, B {:.3} s",
        slowest_a.as_secs_f64(),
        slowest_b.as_secs_f64()
    );
    eprintln!(
        "slowest per decision: A {}, B {}",
        per_decision_text(per_decision_a),
        per_decision_text(per_decision_b)
    );
    outln!("{}", report.elo_line());
    outln!("{}", report.result_line());
    records.map_or(Ok(()), MatchRecords::finish)
}

/// The progress bar on stderr: redrawn in place on a terminal, a line every tenth of the
/// match otherwise.
fn progress(so_far: &MatchReport, games: u32, terminal: bool) {
    let played = so_far.games();
    let width = 30;
    let filled = (played as usize * width) / games.max(1) as usize;
    let bar = format!(
        "[{}{}] {played}/{games}  A: +{} ={} -{}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        so_far.wins,
        so_far.draws,
        so_far.losses
    );
    let mut err = std::io::stderr().lock();
    if terminal {
        let _ = write!(err, "\r{bar}");
    } else if played == games || played.is_multiple_of((games / 10).max(1)) {
        let _ = writeln!(err, "{bar}");
    }
    let _ = err.flush();
}

/// An agent spec on a named time control: `engine` and `mcts` specs without a limit of their
/// own get `clock=NAME`; others are returned as they are.
pub fn on_clock(spec: &str, time_control: Option<&str>) -> String {
    let Some(name) = time_control else {
        return spec.to_owned();
    };
    let searcher = spec == "engine"
        || spec == "mcts"
        || spec.starts_with("engine:")
        || spec.starts_with("mcts:");
    let limited = ["time=", "clock=", "nodes=", "depth="]
        .iter()
        .any(|k| spec.contains(k));
    match (searcher, limited) {
        (true, false) if spec.contains(':') => format!("{spec},clock={name}"),
        (true, false) => format!("{spec}:clock={name}"),
        _ => spec.to_owned(),
    }
}

/// `0.104 s (1.248 s for 12 decisions)`: a turn's time per decision, then its whole time.
fn per_decision_text(turn: TurnTime) -> String {
    format!(
        "{:.3} s ({:.3} s for {})",
        turn.per_decision().as_secs_f64(),
        turn.time.as_secs_f64(),
        omnichess_core::counted(turn.decisions as u64, "decision", "decisions")
    )
}

#[cfg(test)]
mod tests {
    use super::on_clock;

    #[test]
    fn a_time_control_goes_to_searchers_without_a_limit() {
        assert_eq!(on_clock("engine", Some("blitz")), "engine:clock=blitz");
        assert_eq!(on_clock("mcts", Some("rapid")), "mcts:clock=rapid");
        assert_eq!(on_clock("engine:depth=3", Some("blitz")), "engine:depth=3");
        assert_eq!(
            on_clock("engine:time=0.1", Some("blitz")),
            "engine:time=0.1"
        );
        assert_eq!(on_clock("random", Some("blitz")), "random");
        assert_eq!(on_clock("engine", None), "engine");
    }
}
