//! `omnichess lab`: the balance lab's studies from the command line (docs/LAB.md). Each
//! study is played through the variant's match function, its games summed up by
//! `omnichess_engine::lab`; a report for people on stdout, the figures as JSON with
//! `--json`, progress on stderr.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

use omnichess_engine::lab::balance::Balance;
use omnichess_engine::lab::compare::Comparison;
use omnichess_engine::lab::sprt::{SprtBounds, Verdict};
use omnichess_engine::lab::values::Values;
use omnichess_engine::match_play::{MatchReport, PlayedGame, game_seeds};
use omnichess_engine::registry::MatchRequest;
use serde_json::{Value, json};

use crate::engine_commands::engine;
use crate::error::CliError;
use crate::lab_args::{CompareArgs, SprtArgs, Study, StudyArgs, ValuesArgs};
use crate::open;
use crate::output::{out, outln};

/// Runs `study`.
pub fn run(study: &Study) -> Result<(), CliError> {
    match study {
        Study::Balance(args) => balance(args),
        Study::Compare(args) => compare(args),
        Study::Sprt(args) => sprt(args),
        Study::Values(args) => values(args),
    }
}

/// `lab values`.
fn values(args: &ValuesArgs) -> Result<(), CliError> {
    let study = &args.study;
    let start = open::with_profile(study.position.as_deref(), study.profile.as_deref())?;
    if !open::game(&study.variant, start.as_deref())?
        .view()
        .counts_material
    {
        return Err(CliError(format!(
            "lab values: {}'s boards do not count material (pieces repeat through time): no values to fit",
            study.variant
        )));
    }
    let games = play_games(study, start.as_deref(), "values", args.every)?;
    let fit = Values::fit(&games).map_err(|e| CliError(format!("lab values: {e}")))?;
    out!("{}", fit.report());
    write_json(
        study.json.as_deref(),
        &json!({
            "study": "values",
            "settings": settings(study),
            "every": args.every,
            "start": start,
            "figures": fit,
        }),
    )
}

/// `lab balance`.
fn balance(args: &StudyArgs) -> Result<(), CliError> {
    let start = open::with_profile(args.position.as_deref(), args.profile.as_deref())?;
    let names = open::variant(&args.variant)?.players;
    let figures = play_study(args, start.as_deref(), "balance")?;
    out!("{}", figures.report(names));
    if let Some(note) = sameness_note(&figures) {
        outln!("{note}");
    }
    write_json(
        args.json.as_deref(),
        &json!({
            "study": "balance",
            "settings": settings(args),
            "start": start,
            "figures": figures,
        }),
    )
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

/// Plays the games of one study from `start`: their figures.
fn play_study(args: &StudyArgs, start: Option<&str>, what: &str) -> Result<Balance, CliError> {
    Ok(Balance::of(&play_games(args, start, what, 0)?))
}

/// Plays the games of one study from `start`, noting the material every `material_every`
/// turns (0: never), with progress on stderr.
fn play_games(
    args: &StudyArgs,
    start: Option<&str>,
    what: &str,
    material_every: u64,
) -> Result<Vec<PlayedGame>, CliError> {
    let entry = engine(&args.variant)?;
    open::game(&args.variant, start)?;
    let request = MatchRequest {
        a: &args.player,
        b: &args.player,
        games: args.games,
        time: None,
        seed: args.seed,
        max_turns: args.max_turns,
        max_decisions: u64::MAX,
        records: false,
        position: start,
        jobs: args.jobs,
        opening: args.opening,
        paired: false,
        material_every,
    };
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut games: Vec<PlayedGame> = Vec::with_capacity(args.games as usize);
    (entry.play_match)(&request, &mut |_, game| {
        games.push(game.clone());
        let done = u32::try_from(games.len()).unwrap_or(u32::MAX);
        if terminal || done == args.games || done.is_multiple_of((args.games / 10).max(1)) {
            let so_far = Balance::of(&games);
            let rate = f64::from(done) / started.elapsed().as_secs_f64().max(1e-9);
            let left = f64::from(args.games - done) / rate.max(1e-9);
            let s = so_far.first_player_score;
            show_progress(
                &format!(
                    "lab {what}: {done}/{} games  {rate:.2} games/s  first player {:.3} ± {:.3}  about {left:.0} s left",
                    args.games,
                    s.mean,
                    s.margin()
                ),
                terminal,
            );
        }
    })?;
    if terminal {
        eprintln!();
    }
    Ok(games)
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
