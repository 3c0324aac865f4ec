//! The non-interactive commands: variants, perft, moves, actions, replay.

use std::io::IsTerminal;
use std::path::Path;

use omnichess_core::{ToAct, replay};
use omnichess_variants::REGISTRY;

use crate::error::CliError;
use crate::open;
use crate::output::{out, outln};

/// `omnichess variants`
pub fn variants() {
    for entry in REGISTRY {
        outln!("{}\t{}", entry.name, entry.description);
    }
}

/// `omnichess perft`: divide lines as they are known (with `--divide`), then the total. When
/// stderr is a terminal, progress over the first decisions is shown there.
pub fn perft(
    variant: &str,
    position: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<(), CliError> {
    let mut game = open::game(variant, position)?;
    let first = game.decisions().len();
    let show_progress = std::io::stderr().is_terminal() && depth >= 5;
    let mut done = 0;
    let total = game.divide(depth, &mut |decision, n| {
        done += 1;
        if divide {
            outln!("{decision}: {n}");
        }
        if show_progress {
            eprint!("\rperft depth {depth}: {done}/{first} first decisions done");
        }
    });
    if show_progress {
        eprintln!();
    }
    outln!("{total}");
    Ok(())
}

/// `omnichess moves`
pub fn moves(variant: &str, position: Option<&str>, after: Option<&str>) -> Result<(), CliError> {
    let mut game = open::game(variant, position)?;
    if let Some(after) = after {
        open::play_all(game.as_mut(), after)?;
    }
    let to_act = game.to_act();
    let mut out = String::new();
    out.push_str(&format!("to-act: {}\n", game.to_act_text()));
    match to_act {
        ToAct::Nobody(outcome) => {
            out.push_str(&format!("outcome: {}\n", game.outcome_text(outcome)));
        }
        _ => {
            for (text, probability) in game.decisions() {
                match probability {
                    Some(p) => out.push_str(&format!("{text} {p}\n")),
                    None => out.push_str(&format!("{text}\n")),
                }
            }
        }
    }
    out!("{out}");
    Ok(())
}

/// `omnichess odds`
pub fn odds(variant: &str, position: Option<&str>, after: Option<&str>) -> Result<(), CliError> {
    let mut game = open::game(variant, position)?;
    if let Some(after) = after {
        open::play_all(game.as_mut(), after)?;
    }
    let p = game.forfeit_probability().ok_or_else(|| {
        CliError(format!(
            "no roll is due here: {variant} rolls no die now (no dice, the game is over, or this turn's \
             roll is made)"
        ))
    })?;
    outln!("{p}");
    Ok(())
}

/// `omnichess actions`
pub fn actions(variant: &str, gamefile: &Path, cap: Option<u64>) -> Result<(), CliError> {
    let (mut game, record) = open::record(variant, gamefile)?;
    let cap = cap.unwrap_or(u64::MAX);
    // Each count is written as soon as it is known, so long games show their progress.
    let mut separator = "";
    let replayed = replay(game.as_mut(), &record, &mut |g| {
        out!("{separator}{}", g.count_turns(cap));
        separator = " ";
    });
    outln!();
    replayed.map_err(|e| CliError(format!("{}: {e}", gamefile.display())))
}

/// `omnichess replay`
pub fn replay_record(variant: &str, gamefile: &Path) -> Result<(), CliError> {
    let (mut game, record) = open::record(variant, gamefile)?;
    replay(game.as_mut(), &record, &mut |_| {})
        .map_err(|e| CliError(format!("{}: {e}", gamefile.display())))?;
    let state = match game.to_act() {
        ToAct::Nobody(outcome) => format!("game over: {}", game.outcome_text(outcome)),
        _ => format!("{} to act", game.to_act_text()),
    };
    outln!(
        "ok: {} decisions replayed; {state}; final position: {}",
        record.decisions.len(),
        game.position_text()
    );
    if let (Some(stated), ToAct::Nobody(outcome)) = (record.result.as_deref(), game.to_act())
        && stated != "*"
        && stated != outcome.score_text()
    {
        outln!(
            "note: the record states {stated}, but the rules give {}",
            outcome.score_text()
        );
    }
    Ok(())
}
