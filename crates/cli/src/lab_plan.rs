//! `omnichess lab plan`: how many games a study needs, from a pilot played here or a stored
//! study's games (docs/LAB.md, "The statistics"). A balance or values study: the first player's
//! score, n = (z σ / M)² games ([`omnichess_lab::plan`]); a comparison: its pairs'
//! differences; a test (`--b`, or a stored `sprt` study): fishtest's expected length and
//! chance of passing ([`omnichess_lab::sprt_plan`]).

use omnichess_lab::balance::Balance;
use omnichess_lab::compare::Comparison;
use omnichess_lab::pentanomial::{Pairs, per_game_variance};
use omnichess_lab::plan::samples_for;
use omnichess_lab::sprt::SprtBounds;
use omnichess_lab::sprt_plan::{Expectation, SprtPlan};
use omnichess_lab::study::{StudySpec, Versus};
use omnichess_lab::summary::GameSummary;
use omnichess_server::lab::worker as stored_studies;
use serde_json::{Value, json};

use crate::engine_commands::engine;
use crate::error::CliError;
use crate::lab::{play_here, spec_of, write_json};
use crate::lab_args::PlanArgs;
use crate::open;
use crate::output::outln;

/// `lab plan`.
pub fn plan(args: &PlanArgs) -> Result<(), CliError> {
    let margin = args.margin;
    if !(margin > 0.0 && margin < 0.5) {
        return Err(CliError(format!(
            "lab plan: --margin must be above 0 and below 0.5 (got {margin})"
        )));
    }
    let (spec, games, source) = if let Some(id) = &args.stored {
        let database = args
            .study
            .run
            .storage
            .database
            .as_deref()
            .unwrap_or_default();
        let (study, games, _) = stored_studies::stored(database, id)?;
        let source = format!("the {} games of {} study {id}", games.len(), study.kind);
        (study.spec, games, source)
    } else {
        if args.study.run.storage.database.is_some() {
            return Err(CliError(
                "lab plan: --database reads a stored study's games: give --study ID".into(),
            ));
        }
        let mut spec = spec_of(&args.study, 0)?;
        spec.games = args.pilot.unwrap_or(args.study.games);
        if let Some(b) = &args.b {
            engine(&spec.variant)?;
            let controls = (open::variant(&spec.variant)?.time_controls)();
            omnichess_engine::agents::AgentSpec::read(b, &controls)?;
            spec.games = spec.games.saturating_add(spec.games % 2);
            spec.versus = Some(Versus::Player {
                player: b.clone(),
                bounds: args.bounds.bounds()?,
            });
        }
        let games = play_here(&spec, args.study.run.jobs, "plan")?;
        let source = format!("a pilot of {} games", games.len());
        (spec, games, source)
    };
    let names = open::variant(&spec.variant)?.players;
    let players = match &spec.versus {
        Some(Versus::Player { player, .. }) => format!("{} against {player}", spec.player),
        _ => spec.player.clone(),
    };
    outln!(
        "plan from {source}: {} ({players}), seed {}, {} random opening decisions, at most {} turns",
        spec.variant,
        spec.seed,
        spec.opening,
        spec.max_turns
    );
    let figures = match &spec.versus {
        None => score_plan(&games, names, margin),
        Some(Versus::Start(_)) => compare_plan(&spec, &games, names[0], margin),
        Some(Versus::Player { bounds, .. }) => test_plan(*bounds, &games)?,
    };
    write_json(
        args.study.json.as_deref(),
        &json!({"study": "plan", "source": source, "spec": spec, "margin": margin,
                "figures": figures}),
    )
}

/// The plan of a balance or values study: the first player's score's games for ±`margin`.
fn score_plan(games: &[GameSummary], names: [&str; 2], margin: f64) -> Value {
    let balance = Balance::of(games);
    let s = &balance.first_player_score;
    let r = &balance.results;
    let needed = samples_for(s.variance, margin);
    outln!(
        "{}'s score: {:.3}  (95% interval {:.3} to {:.3}): {}",
        names[0],
        s.mean,
        s.low,
        s.high,
        balance.first_player_verdict.on_score(names)
    );
    outln!(
        "it varies {:.4} a game ({} of {} games drawn)",
        s.variance,
        r.drawn,
        balance.games
    );
    outln!("games for ±{margin} (95%): {needed}  (n = (1.96 σ / M)²: --games {needed})");
    json!({"first_player_score": s, "variance": s.variance, "games": needed})
}

/// The plan of a comparison: the pairs for ±`margin` on the first player's score's difference.
fn compare_plan(spec: &StudySpec, games: &[GameSummary], first: &str, margin: f64) -> Value {
    let d = Comparison::of_study(games, spec.games).first_player_score;
    let needed = samples_for(d.variance, margin);
    outln!(
        "B − A in {first}'s score: {:+.3}  (95% interval {:+.3} to {:+.3}, {} pairs)",
        d.delta,
        d.low,
        d.high,
        d.pairs.unwrap_or(0)
    );
    outln!(
        "it varies {:.4} a pair (one game from each start, one seed)",
        d.variance
    );
    outln!("pairs for ±{margin} (95%): {needed}  (n = (1.96 σ / M)²: --games {needed})");
    json!({"difference": d, "variance": d.variance, "pairs": needed})
}

/// The plan of an SPRT from its pilot's pairs: fishtest's expected length.
fn test_plan(bounds: SprtBounds, games: &[GameSummary]) -> Result<Value, CliError> {
    let pairs = Pairs::of(games);
    let counts = pairs.counts(pairs.scores.len());
    let variance = per_game_variance(&counts);
    let plan = SprtPlan::new(bounds, variance)
        .ok_or_else(|| CliError("lab plan: no variance to plan from".into()))?;
    let score = pairs.games.mean();
    let observed = plan.at(score);
    outln!(
        "pairs: {}  (A scored 0, ½, 1, 1½, 2 in {} {} {} {} {}); A's score {score:.3}",
        pairs.scores.len(),
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4]
    );
    outln!(
        "it varies {variance:.4} a game in colour-swapped pairs (fishtest's regularised counts)"
    );
    outln!(
        "sprt elo0 {}, elo1 {} {}, alpha {}, beta {} (fishtest's SPRT calculator):",
        bounds.elo0,
        bounds.elo1,
        bounds.model.name(),
        bounds.alpha,
        bounds.beta
    );
    let line = |what: &str, e: &Expectation| {
        outln!(
            "  if {what} (score {:.3}): H1 accepted {:.1}% of the time, after about {:.0} games",
            e.score,
            e.pass * 100.0,
            e.games
        );
    };
    line("A is elo0 stronger", &plan.at_elo0);
    line("A is elo1 stronger", &plan.at_elo1);
    line("A is as strong as the pilot says", &observed);
    Ok(json!({"pentanomial": counts, "score": score, "plan": plan, "as_observed": observed}))
}
