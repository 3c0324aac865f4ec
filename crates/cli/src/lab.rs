//! `omnichess lab`: the balance lab's studies from the command line (docs/LAB.md). Each
//! study is played through the variant's match function, its games summed up by
//! `omnichess_lab`; a report for people on stdout, the figures as JSON with `--json`,
//! progress on stderr. With `--database`, and for `omnichess worker`, the studies are stored
//! in the server's database (`omnichess_server::lab::worker`).

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use omnichess_lab::balance::Balance;
use omnichess_lab::compare::Comparison;
use omnichess_lab::events::EventFigures;
use omnichess_lab::material_samples::{QUIET_TURNS, SampleRule};
use omnichess_lab::score::points;
use omnichess_lab::sprt::{SprtBounds, SprtResult, Verdict};
use omnichess_lab::stats::Estimate;
use omnichess_lab::study::{StudySpec, Versus};
use omnichess_lab::summary::{Cost, GameSummary};
use omnichess_lab::trinomial::Trinomial;
use omnichess_lab::values::Values;
use omnichess_lab::worker::WorkerOptions;
use omnichess_server::lab::worker as stored_studies;
use serde_json::{Value, json};

use crate::engine_commands::engine;
use crate::error::CliError;

use crate::lab_args::{
    CompareArgs, RunArgs, ShowArgs, SprtArgs, Study, StudyArgs, ValuesArgs, WorkerArgs,
};
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
        Study::Plan(args) => crate::lab_plan::plan(args),
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
    let Some(games) = games_of(&study.run, &spec, "values")? else {
        return Ok(());
    };
    let rule = Fitting {
        quiet: args.quiet,
        band: args.band.0,
    };
    report("values", &spec, &games, study.json.as_deref(), rule)
}

/// `lab balance`.
fn balance(args: &StudyArgs) -> Result<(), CliError> {
    let spec = spec_of(args, 0)?;
    let Some(games) = games_of(&args.run, &spec, "balance")? else {
        return Ok(());
    };
    report(
        "balance",
        &spec,
        &games,
        args.json.as_deref(),
        Fitting::default(),
    )
}

/// `lab show`.
fn show(args: &ShowArgs) -> Result<(), CliError> {
    let (study, games, progress) = stored_studies::stored(&args.database, &args.id)?;
    let claimed: Vec<String> = progress
        .claimed
        .iter()
        .map(|(batch, worker)| format!("{batch} by {worker}"))
        .collect();
    outln!(
        "study {}: {} of {} games stored; batches: {} done, {} open, {} claimed{}{}",
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
        },
        if progress.skipped == 0 {
            String::new()
        } else {
            format!(", {} skipped (decided without them)", progress.skipped)
        }
    );
    if games.is_empty() {
        return Ok(());
    }
    report(
        &study.kind,
        &study.spec,
        &games,
        args.json.as_deref(),
        Fitting {
            quiet: QUIET_TURNS,
            band: args.band.0,
        },
    )
}

/// `omnichess worker`.
pub fn worker(args: &WorkerArgs) -> Result<(), CliError> {
    let options = WorkerOptions {
        name: args.name.clone().unwrap_or_else(default_name),
        jobs: args.jobs,
        lease: Duration::from_secs(args.lease),
        exit_when_idle: args.exit_when_idle,
        only: args.study.clone(),
    };
    match &options.only {
        Some(id) => {
            // An id that names no study is said now, not after waiting for its batches.
            stored_studies::stored(&args.database, id)?;
            eprintln!(
                "worker {}: playing study {id} of {}",
                options.name, args.database
            );
        }
        None => eprintln!(
            "worker {}: playing the studies of {}",
            options.name, args.database
        ),
    }
    let report = stored_studies::work(
        &args.database,
        &options,
        &mut |line| eprintln!("{line}"),
        &mut |_| {},
    )?;
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
pub(crate) fn spec_of(args: &StudyArgs, material_every: u64) -> Result<StudySpec, CliError> {
    let engine = engine(&args.variant)?;
    let start = open::with_profile(args.position.as_deref(), args.profile.as_deref())?;
    open::game(&args.variant, start.as_deref())?;
    let controls = (open::variant(&args.variant)?.time_controls)();
    omnichess_engine::agents::AgentSpec::read(&args.player, &controls)?;
    Ok(StudySpec {
        variant: args.variant.clone(),
        player: args.player.clone(),
        games: args.games,
        seed: args.run.seed,
        opening: args.opening,
        max_turns: args.run.max_turns,
        adjudication: args.run.adjudication.rules(engine.adjudication),
        start,
        material_every,
        versus: None,
    })
}

/// The games of `spec` played here on `jobs` cores, with progress on stderr as `lab what`.
pub(crate) fn play_here(
    spec: &StudySpec,
    jobs: usize,
    what: &str,
) -> Result<Vec<GameSummary>, CliError> {
    let mut progress = Progress::new(what, spec, std::io::stderr().is_terminal());
    let games = spec
        .play(0, spec.total_games(), jobs, &mut |g| progress.game(g))
        .map_err(|e| CliError(e.to_string()))?;
    progress.end();
    Ok(games)
}

/// The games of `spec`: played here on `run.jobs` cores, or (with --database) stored and played by
/// workers, this process one of them unless --submit (then `None`, the study's id printed).
fn games_of(
    run: &RunArgs,
    spec: &StudySpec,
    what: &str,
) -> Result<Option<Vec<GameSummary>>, CliError> {
    let (storage, jobs) = (&run.storage, run.jobs);
    let Some(database) = storage.database.as_deref() else {
        return play_here(spec, jobs, what).map(Some);
    };
    let terminal = std::io::stderr().is_terminal();
    let mut progress = Progress::new(what, spec, terminal);
    let id = stored_studies::submit(database, what, spec, storage.batch)?;
    if storage.submit {
        outln!("study: {id}");
        return Ok(None);
    }
    eprintln!("lab {what}: study {id} stored in {database}");
    let options = WorkerOptions {
        name: default_name(),
        jobs,
        lease: Duration::from_secs(600),
        exit_when_idle: true,
        only: Some(id.clone()),
    };
    stored_studies::work(
        database,
        &options,
        &mut |line| eprintln!("{line}"),
        &mut |g| {
            progress.game(g);
        },
    )?;
    progress.end();
    let (_, games, _) = stored_studies::stored(database, &id)?;
    Ok(Some(games))
}

/// How a values study's samples are fitted.
struct Fitting {
    /// Samples quiet over this many turns.
    quiet: u64,
    /// The material band (`None`: every sample).
    band: Option<f64>,
}

impl Default for Fitting {
    /// The lab's own: quiet over [`QUIET_TURNS`], in the default band.
    fn default() -> Fitting {
        Fitting {
            quiet: QUIET_TURNS,
            band: Some(omnichess_lab::band::DEFAULT_BAND),
        }
    }
}

/// The report of a `kind` study of `spec` from `games`: on stdout, and as JSON to `json`; a
/// values study's samples fitted as `fitting` says.
fn report(
    kind: &str,
    spec: &StudySpec,
    games: &[GameSummary],
    json_path: Option<&Path>,
    fitting: Fitting,
) -> Result<(), CliError> {
    match &spec.versus {
        Some(Versus::Start(b)) => {
            let labels = [
                start_label(spec.start.as_deref(), "A: the standard start"),
                start_label(b.as_deref(), "B: the standard start"),
            ];
            return compare_report(spec, games, labels, settings_of(spec, None), json_path);
        }
        Some(Versus::Player { player, bounds }) => {
            return sprt_report(spec, player, *bounds, games, json_path);
        }
        None => {}
    }
    let entry = open::variant(&spec.variant)?;
    let cost = Cost::of(games);
    let mut balance = Balance::of(games);
    EventFigures::describe(&mut balance.events, entry.events);
    let as_json = |v: Result<Value, serde_json::Error>| {
        v.map_err(|e| CliError(format!("cannot write the study as JSON: {e}")))
    };
    if kind == "values" {
        let rule = SampleRule {
            every: spec.material_every.max(1),
            quiet: fitting.quiet,
        };
        let mut fit = Values::fit_with(games, rule, fitting.band)
            .map_err(|e| CliError(format!("lab values: {e}")))?;
        fit.check_claims(entry.claimed_values);
        out!("{}", fit.report());
        outln!("{}", balance.plan_line(entry.players[0]));
        eprintln!("{}", cost.line());
        // The same games' balance figures too: a values study is a balance study that also
        // noted the material.
        write_json(
            json_path,
            &json!({"study": kind, "spec": spec, "figures": as_json(serde_json::to_value(fit))?,
                    "balance": as_json(serde_json::to_value(balance))?, "cost": cost}),
        )
    } else {
        out!("{}", balance.report(entry.players));
        if let Some(note) = sameness_note(&balance) {
            outln!("{note}");
        }
        outln!("{}", balance.plan_line(entry.players[0]));
        eprintln!("{}", cost.line());
        write_json(
            json_path,
            &json!({"study": kind, "spec": spec, "figures": as_json(serde_json::to_value(balance))?,
                    "cost": cost}),
        )
    }
}

/// A start's label in a comparison: its position text, cut short.
fn start_label(start: Option<&str>, standard: &str) -> String {
    start.map_or_else(|| standard.to_owned(), omnichess_core::excerpt)
}

/// The comparison of a `compare` study's two halves (games below `spec.games` from start A,
/// the rest from B, paired by seed), on stdout and as JSON.
fn compare_report(
    spec: &StudySpec,
    games: &[GameSummary],
    labels: [String; 2],
    settings: Value,
    json_path: Option<&Path>,
) -> Result<(), CliError> {
    let names = open::variant(&spec.variant)?.players;
    let comparison = Comparison::of_study(games, spec.games);
    out!(
        "{}",
        comparison.report(names, [labels[0].as_str(), labels[1].as_str()])
    );
    let cost = Cost::of(games);
    eprintln!("{}", cost.line());
    let b_start = match &spec.versus {
        Some(Versus::Start(b)) => b.clone(),
        _ => None,
    };
    write_json(
        json_path,
        &json!({
            "study": "compare",
            "settings": settings,
            "labels": labels,
            "starts": [spec.start, b_start],
            "figures": comparison,
            "cost": cost,
        }),
    )
}

/// An `sprt` study's test on its `games` so far, on stdout and as JSON.
fn sprt_report(
    spec: &StudySpec,
    b: &str,
    bounds: SprtBounds,
    games: &[GameSummary],
    json_path: Option<&Path>,
) -> Result<(), CliError> {
    let result = SprtResult::of(bounds, games);
    out!("{}", result.report());
    let cost = Cost::of(games);
    eprintln!("{}", cost.line());
    write_json(
        json_path,
        &json!({
            "study": "sprt",
            "variant": spec.variant,
            "a": spec.player,
            "b": b,
            "seed": spec.seed,
            "opening": spec.opening,
            "max_turns": spec.max_turns,
            "bounds": bounds,
            "games": result.games,
            "wins": result.wins,
            "draws": result.draws,
            "losses": result.losses,
            "unpaired": result.unpaired,
            "pentanomial": result.pentanomial,
            "score": result.score,
            "elo": result.elo,
            "llr": result.llr,
            "llr_lower": result.llr_lower,
            "llr_upper": result.llr_upper,
            "verdict": result.verdict,
            "decided_after": result.decided_after,
            "cost": cost,
        }),
    )
}

/// Progress on stderr: games done, rate, the first player's score so far, the time left.
struct Progress<'a> {
    what: &'a str,
    games: u32,
    terminal: bool,
    started: Instant,
    /// Games finished so far.
    done: u32,
    /// The first player's wins, draws and losses in them.
    results: Trinomial,
    /// A test's bounds, and the games so far: its progress is A's score and the ratio.
    test: Option<(SprtBounds, Vec<GameSummary>)>,
}

impl<'a> Progress<'a> {
    fn new(what: &'a str, spec: &StudySpec, terminal: bool) -> Progress<'a> {
        let test = match &spec.versus {
            Some(Versus::Player { bounds, .. }) => Some((*bounds, Vec::new())),
            _ => None,
        };
        Progress {
            test,
            what,
            games: spec.total_games(),
            terminal,
            started: Instant::now(),
            done: 0,
            results: Trinomial::default(),
        }
    }

    fn game(&mut self, game: &GameSummary) {
        self.done = self.done.saturating_add(1);
        self.results.add(points(game));
        if let Some((_, games)) = &mut self.test {
            games.push(game.clone());
        }
        let done = self.done;
        if !(self.terminal || done >= self.games || done.is_multiple_of((self.games / 10).max(1))) {
            return;
        }
        let figure = if let Some((bounds, games)) = &self.test {
            test_progress(&SprtResult::of(*bounds, games))
        } else {
            let s = Estimate::score(self.results);
            format!("first player {:.3} ± {:.3}", s.mean, s.margin())
        };
        let rate = f64::from(done) / self.started.elapsed().as_secs_f64().max(1e-9);
        let left = f64::from(self.games.saturating_sub(done)) / rate.max(1e-9);
        show_progress(
            &format!(
                "lab {}: {done}/{} games  {rate:.2} games/s  {figure}  about {left:.0} s left",
                self.what, self.games,
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
    open::game(&study.variant, b.as_deref())?;
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
    let mut spec = spec_of(study, 0)?;
    spec.versus = Some(Versus::Start(b));
    let Some(games) = games_of(&study.run, &spec, "compare")? else {
        return Ok(());
    };
    let profile = study.profile.as_ref().map(|p| p.display().to_string());
    compare_report(
        &spec,
        &games,
        labels,
        settings_of(&spec, profile),
        study.json.as_deref(),
    )
}

/// `lab sprt`: here, a batch of colour-swapped pairs on every core at a time until the test
/// decides; with --database, batches stored for workers, which stop the study when it decides.
fn sprt(args: &SprtArgs) -> Result<(), CliError> {
    let bounds = args.bounds.bounds()?;
    let engine = engine(&args.variant)?;
    let controls = (open::variant(&args.variant)?.time_controls)();
    for player in [&args.a, &args.b] {
        omnichess_engine::agents::AgentSpec::read(player, &controls)?;
    }
    let spec = StudySpec {
        variant: args.variant.clone(),
        player: args.a.clone(),
        games: args.max_games,
        seed: args.run.seed,
        opening: args.opening,
        max_turns: args.run.max_turns,
        adjudication: args.run.adjudication.rules(engine.adjudication),
        start: None,
        material_every: 0,
        versus: Some(Versus::Player {
            player: args.b.clone(),
            bounds,
        }),
    };
    let games = if args.run.storage.database.is_some() {
        let Some(games) = games_of(&args.run, &spec, "sprt")? else {
            return Ok(());
        };
        games
    } else {
        sprt_here(&spec, bounds, args.run.jobs)?
    };
    sprt_report(&spec, &args.b, bounds, &games, args.json.as_deref())
}

/// Plays `spec`'s test here, a batch at a time, until it decides or its games run out.
fn sprt_here(
    spec: &StudySpec,
    bounds: SprtBounds,
    jobs: usize,
) -> Result<Vec<GameSummary>, CliError> {
    let terminal = std::io::stderr().is_terminal();
    let batch = u32::try_from(jobs.max(1) * 2).unwrap_or(2);
    let started = Instant::now();
    let mut games = Vec::new();
    let mut played = 0;
    while played < spec.games {
        let count = batch.min(spec.games - played);
        games.extend(
            spec.play(played, count, jobs, &mut |_| {})
                .map_err(|e| CliError(e.to_string()))?,
        );
        played += count;
        let result = SprtResult::of(bounds, &games);
        show_progress(
            &format!(
                "lab sprt: {} games  A +{} ={} -{}  {}  {:.1} games/s",
                result.games,
                result.wins,
                result.draws,
                result.losses,
                test_progress(&result),
                f64::from(result.games) / started.elapsed().as_secs_f64().max(1e-9)
            ),
            terminal,
        );
        if result.verdict != Verdict::Continue {
            break;
        }
    }
    if terminal {
        eprintln!();
    }
    Ok(games)
}

/// A test's progress: A's score and the ratio against its bounds.
fn test_progress(result: &SprtResult) -> String {
    format!(
        "A's score {:.3}  LLR {:.2} ({:.2} to {:.2})",
        result.score, result.llr, result.llr_lower, result.llr_upper
    )
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

/// A study's settings as JSON (`profile`: the file A's start was read from).
fn settings_of(spec: &StudySpec, profile: Option<String>) -> Value {
    json!({
        "variant": spec.variant,
        "player": spec.player,
        "games": spec.games,
        "seed": spec.seed,
        "opening": spec.opening,
        "max_turns": spec.max_turns,
        "profile": profile,
    })
}

/// Writes `value` to `path` as pretty JSON, if a path is given.
pub(crate) fn write_json(path: Option<&Path>, value: &Value) -> Result<(), CliError> {
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
