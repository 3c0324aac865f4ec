//! `omnichess lab`: the balance lab's studies from the command line (docs/LAB.md). Each
//! study is played through the variant's match function, its games summed up by
//! `omnichess_engine::lab`; a report for people on stdout, the figures as JSON with
//! `--json`, progress on stderr.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use omnichess_engine::lab::balance::Balance;
use omnichess_engine::lab::compare::Comparison;
use omnichess_engine::lab::events::EventFigures;
use omnichess_engine::lab::sprt::{SprtBounds, Verdict};
use omnichess_engine::lab::stats::Estimate;
use omnichess_engine::lab::study::StudySpec;
use omnichess_engine::lab::summary::GameSummary;
use omnichess_engine::lab::values::Values;
use omnichess_engine::match_play::{MatchReport, game_seeds};
use omnichess_engine::registry::MatchRequest;
use serde_json::{Value, json};

use crate::engine_commands::engine;
use crate::error::CliError;
use omnichess_server::lab_worker::{self, WorkerOptions};

use crate::lab_args::{CompareArgs, ShowArgs, SprtArgs, Study, StudyArgs, ValuesArgs, WorkerArgs};
use crate::open;
use crate::output::{out, outln};

/// Runs `study`.
pub fn run(study: &Study) -> Result<(), CliError> {
    match study {
        Study::Balance(args) => balance(args),
        Study::Compare(args) => compare(args),
        Study::Sprt(args) => sprt(args),
        Study::Values(args) => values(args),
        Study::Show(args) => show(args),
    }
}

/// `lab values`.
fn values(args: &ValuesArgs) -> Result<(), CliError> {
    let study = &args.study;
    let spec = spec_of(study, args.every)?;
    if !open::game(&spec.variant, spec.start.as_deref())?
        .view()
        .counts_material
    {
        return Err(CliError(format!(
            "lab values: {}'s boards do not count material (pieces repeat through time): no values to fit",
            spec.variant
        )));
    }
    let Some(games) = games_of(study, &spec, "values")? else {
        return Ok(());
    };
    report("values", &spec, &games, study.json.as_deref())
}

/// `lab balance`.
fn balance(args: &StudyArgs) -> Result<(), CliError> {
    let spec = spec_of(args, 0)?;
    let Some(games) = games_of(args, &spec, "balance")? else {
        return Ok(());
    };
    report("balance", &spec, &games, args.json.as_deref())
}

/// `lab show`.
fn show(args: &ShowArgs) -> Result<(), CliError> {
    let (study, games, progress) =
        lab_worker::stored(&args.database, &args.id).map_err(CliError)?;
    let claimed: Vec<String> = progress
        .claimed
        .iter()
        .map(|(batch, worker)| format!("{batch} by {worker}"))
        .collect();
    outln!(
        "study {}: {} of {} games stored; batches: {} done, {} open, {} claimed{}",
        study.id,
        progress.games_done,
        progress.games,
        progress.done,
        progress.open,
        progress.claimed.len(),
        if claimed.is_empty() {
            String::new()
        } else {
            format!(" ({})", claimed.join(", "))
        }
    );
    if games.is_empty() {
        return Ok(());
    }
    report(&study.kind, &study.spec, &games, args.json.as_deref())
}

/// `omnichess worker`.
pub fn worker(args: &WorkerArgs) -> Result<(), CliError> {
    let options = WorkerOptions {
        database: args.database.clone(),
        name: args.name.clone().unwrap_or_else(default_name),
        jobs: args.jobs,
        lease: Duration::from_secs(args.lease),
        exit_when_idle: args.exit_when_idle,
        only: None,
    };
    eprintln!(
        "worker {}: playing the studies of {}",
        options.name, options.database
    );
    let report = lab_worker::work(&options, &mut |line| eprintln!("{line}"), &mut |_| {})
        .map_err(CliError)?;
    outln!(
        "worker {}: {} batches, {} games",
        options.name,
        report.batches,
        report.games
    );
    Ok(())
}

/// This machine's name and this process's id.
fn default_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    let host = host.trim();
    format!(
        "{}-{}",
        if host.is_empty() { "worker" } else { host },
        std::process::id()
    )
}

/// The study `args` describe, noting the material every `material_every` turns.
fn spec_of(args: &StudyArgs, material_every: u64) -> Result<StudySpec, CliError> {
    engine(&args.variant)?;
    let start = open::with_profile(args.position.as_deref(), args.profile.as_deref())?;
    open::game(&args.variant, start.as_deref())?;
    args.player
        .parse::<omnichess_engine::agents::AgentSpec>()
        .map_err(|e| CliError(e.to_string()))?;
    Ok(StudySpec {
        variant: args.variant.clone(),
        player: args.player.clone(),
        games: args.games,
        seed: args.seed,
        opening: args.opening,
        max_turns: args.max_turns,
        start,
        material_every,
    })
}

/// The games of `spec`: played here, or (with --database) stored and played by workers,
/// this process one of them unless --submit (then `None`, the study's id printed).
fn games_of(
    args: &StudyArgs,
    spec: &StudySpec,
    what: &str,
) -> Result<Option<Vec<GameSummary>>, CliError> {
    let terminal = std::io::stderr().is_terminal();
    let mut progress = Progress::new(what, spec.games, terminal);
    let Some(database) = args.database.as_deref() else {
        let games = spec
            .play(0, spec.games, args.jobs, &mut |g| progress.game(g))
            .map_err(|e| CliError(e.to_string()))?;
        progress.end();
        return Ok(Some(games));
    };
    let id = lab_worker::submit(database, what, spec, args.batch).map_err(CliError)?;
    if args.submit {
        outln!("study: {id}");
        return Ok(None);
    }
    eprintln!("lab {what}: study {id} stored in {database}");
    let options = WorkerOptions {
        database: database.to_owned(),
        name: default_name(),
        jobs: args.jobs,
        lease: Duration::from_secs(600),
        exit_when_idle: true,
        only: Some(id.clone()),
    };
    lab_worker::work(&options, &mut |line| eprintln!("{line}"), &mut |g| {
        progress.game(g);
    })
    .map_err(CliError)?;
    progress.end();
    let (_, games, _) = lab_worker::stored(database, &id).map_err(CliError)?;
    Ok(Some(games))
}

/// The report of a `kind` study of `spec` from `games`: on stdout, and as JSON to `json`.
fn report(
    kind: &str,
    spec: &StudySpec,
    games: &[GameSummary],
    json_path: Option<&Path>,
) -> Result<(), CliError> {
    let entry = open::variant(&spec.variant)?;
    let mut balance = Balance::of(games);
    EventFigures::describe(&mut balance.events, entry.events);
    let as_json = |v: Result<Value, serde_json::Error>| {
        v.map_err(|e| CliError(format!("cannot write the study as JSON: {e}")))
    };
    if kind == "values" {
        let mut fit = Values::fit(games).map_err(|e| CliError(format!("lab values: {e}")))?;
        fit.check_claims(entry.claimed_values);
        out!("{}", fit.report());
        // The same games' balance figures too: a values study is a balance study that also
        // noted the material.
        write_json(
            json_path,
            &json!({"study": kind, "spec": spec, "figures": as_json(serde_json::to_value(fit))?,
                    "balance": as_json(serde_json::to_value(balance))?}),
        )
    } else {
        out!("{}", balance.report(entry.players));
        if let Some(note) = sameness_note(&balance) {
            outln!("{note}");
        }
        write_json(
            json_path,
            &json!({"study": kind, "spec": spec, "figures": as_json(serde_json::to_value(balance))?}),
        )
    }
}

/// Progress on stderr: games done, rate, the first player's score so far, the time left.
struct Progress<'a> {
    what: &'a str,
    games: u32,
    terminal: bool,
    started: Instant,
    /// Games finished so far.
    done: u32,
    /// The first player's points in them (a draw is half a point).
    points: f64,
}

impl<'a> Progress<'a> {
    fn new(what: &'a str, games: u32, terminal: bool) -> Progress<'a> {
        Progress {
            what,
            games,
            terminal,
            started: Instant::now(),
            done: 0,
            points: 0.0,
        }
    }

    fn game(&mut self, game: &GameSummary) {
        self.done = self.done.saturating_add(1);
        self.points += match game.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let done = self.done;
        if !(self.terminal || done >= self.games || done.is_multiple_of((self.games / 10).max(1))) {
            return;
        }
        let s = Estimate::wilson(self.points, done);
        let rate = f64::from(done) / self.started.elapsed().as_secs_f64().max(1e-9);
        let left = f64::from(self.games.saturating_sub(done)) / rate.max(1e-9);
        show_progress(
            &format!(
                "lab {}: {done}/{} games  {rate:.2} games/s  first player {:.3} ± {:.3}  about {left:.0} s left",
                self.what,
                self.games,
                s.mean,
                s.margin()
            ),
            self.terminal,
        );
    }

    fn end(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

/// `lab compare`.
fn compare(args: &CompareArgs) -> Result<(), CliError> {
    let study = &args.study;
    let a = open::with_profile(study.position.as_deref(), study.profile.as_deref())?;
    let b_position = args.b_position.as_deref().or(study.position.as_deref());
    let b = open::with_profile(b_position, args.b_profile.as_deref())?;
    if a == b {
        return Err(CliError(
            "lab compare needs two different starts: give --b-profile or --b-position".into(),
        ));
    }
    let names = open::variant(&study.variant)?.players;
    let label = |profile: Option<&Path>, position: Option<&str>, fallback: &str| {
        profile.map_or_else(
            || position.map_or_else(|| fallback.to_owned(), omnichess_core::excerpt),
            |p| p.display().to_string(),
        )
    };
    let labels = [
        label(
            study.profile.as_deref(),
            study.position.as_deref(),
            "A: the standard start",
        ),
        label(args.b_profile.as_deref(), b_position, "B"),
    ];
    let fig_a = play_study(study, a.as_deref(), "compare A")?;
    let fig_b = play_study(study, b.as_deref(), "compare B")?;
    let comparison = Comparison::of(fig_a, fig_b);
    out!(
        "{}",
        comparison.report(names, [labels[0].as_str(), labels[1].as_str()])
    );
    write_json(
        study.json.as_deref(),
        &json!({
            "study": "compare",
            "settings": settings(study),
            "labels": labels,
            "starts": [a, b],
            "figures": comparison,
        }),
    )
}

/// `lab sprt`.
fn sprt(args: &SprtArgs) -> Result<(), CliError> {
    let bounds = SprtBounds::new(args.elo0, args.elo1, args.alpha, args.beta).map_err(CliError)?;
    let entry = engine(&args.variant)?;
    let terminal = std::io::stderr().is_terminal();
    let batch = u32::try_from(args.jobs.max(1) * 2).unwrap_or(2);
    let mut total = MatchReport::default();
    let mut verdict = Verdict::Continue;
    let started = Instant::now();
    let mut round = 0;
    while verdict == Verdict::Continue && total.games() < args.max_games {
        let games = batch.min(args.max_games - total.games()).max(1);
        let request = MatchRequest {
            a: &args.a,
            b: &args.b,
            games,
            time: None,
            seed: game_seeds(args.seed, round)[0],
            max_turns: args.max_turns,
            max_decisions: u64::MAX,
            records: false,
            position: None,
            jobs: args.jobs,
            opening: args.opening,
            paired: true,
            material_every: 0,
            events: false,
            first_game: 0,
        };
        let report = (entry.play_match)(&request, &mut |_, _| {})?;
        total.wins += report.wins;
        total.draws += report.draws;
        total.losses += report.losses;
        total.both_lose += report.both_lose;
        total.adjudicated += report.adjudicated;
        round += 1;
        verdict = bounds.verdict(total.wins, total.draws, total.losses);
        let llr = bounds.llr(total.wins, total.draws, total.losses);
        let line = format!(
            "lab sprt: {} games  A +{} ={} -{}  LLR {llr:.2} ({:.2} to {:.2})  {:.1} games/s",
            total.games(),
            total.wins,
            total.draws,
            total.losses,
            bounds.lower(),
            bounds.upper(),
            f64::from(total.games()) / started.elapsed().as_secs_f64().max(1e-9)
        );
        show_progress(&line, terminal);
    }
    if terminal {
        eprintln!();
    }
    let llr = bounds.llr(total.wins, total.draws, total.losses);
    let said = match verdict {
        Verdict::H1 => format!("H1 accepted: A is about {} Elo or more stronger", args.elo1),
        Verdict::H0 => format!("H0 accepted: A is not {} Elo stronger", args.elo1),
        Verdict::Continue => format!("undecided after {} games (--max-games)", total.games()),
    };
    outln!(
        "llr: {llr:.3}  (bounds {:.3} and {:.3}; elo0 {}, elo1 {}, alpha {}, beta {})",
        bounds.lower(),
        bounds.upper(),
        args.elo0,
        args.elo1,
        args.alpha,
        args.beta
    );
    outln!("{}", total.elo_line());
    outln!("result: +{} ={} -{}", total.wins, total.draws, total.losses);
    outln!("sprt: {said}");
    write_json(
        args.json.as_deref(),
        &json!({
            "study": "sprt",
            "variant": args.variant,
            "a": args.a,
            "b": args.b,
            "seed": args.seed,
            "opening": args.opening,
            "max_turns": args.max_turns,
            "bounds": bounds,
            "games": total.games(),
            "wins": total.wins,
            "draws": total.draws,
            "losses": total.losses,
            "llr": llr,
            "verdict": verdict,
        }),
    )
}

/// Plays the games of a study from `start` here: their figures.
fn play_study(args: &StudyArgs, start: Option<&str>, what: &str) -> Result<Balance, CliError> {
    let mut spec = spec_of(args, 0)?;
    spec.start = start.map(str::to_owned);
    let terminal = std::io::stderr().is_terminal();
    let mut progress = Progress::new(what, spec.games, terminal);
    let games = spec
        .play(0, spec.games, args.jobs, &mut |g| progress.game(g))
        .map_err(|e| CliError(e.to_string()))?;
    progress.end();
    let mut figures = Balance::of(&games);
    EventFigures::describe(&mut figures.events, open::variant(&args.variant)?.events);
    Ok(figures)
}

/// A line on stderr: redrawn in place on a terminal.
fn show_progress(line: &str, terminal: bool) {
    let mut err = std::io::stderr().lock();
    if terminal {
        let _ = write!(err, "\r{line}");
    } else {
        let _ = writeln!(err, "{line}");
    }
    let _ = err.flush();
}

/// What to say when every game opened alike.
fn sameness_note(figures: &Balance) -> Option<&'static str> {
    (figures.games > 1 && figures.first_decisions.len() <= 1).then_some(
        "note: every game opened alike; for varied games give --opening N (random first \
         decisions) or a time-limited player",
    )
}

/// A study's settings as JSON.
fn settings(args: &StudyArgs) -> Value {
    json!({
        "variant": args.variant,
        "player": args.player,
        "games": args.games,
        "seed": args.seed,
        "opening": args.opening,
        "max_turns": args.max_turns,
        "profile": args.profile.as_ref().map(|p| p.display().to_string()),
    })
}

/// Writes `value` to `path` as pretty JSON, if a path is given.
fn write_json(path: Option<&Path>, value: &Value) -> Result<(), CliError> {
    let Some(path) = path else {
        return Ok(());
    };
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError(format!("cannot write the study as JSON: {e}")))?;
    std::fs::write(path, text + "\n").map_err(|e| {
        CliError(format!(
            "cannot write `{}`: {e}",
            omnichess_core::excerpt(&path.display().to_string())
        ))
    })
}
