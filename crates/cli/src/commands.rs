//! The non-interactive commands: variants, perft, moves, actions, replay.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use omnichess_core::{ToAct, replay};
use omnichess_variants::REGISTRY;

use crate::error::CliError;
use crate::open;
use crate::output::{out, outln};

/// `omnichess variants [VARIANT]`: every variant's name and description; with a name, that
/// variant's line and then, where it offers more than its standard start, its named starts
/// ([`omnichess_core::Variant::starts`]; 5D Chess: the official variants), one a line: the
/// name, the board size and the `--position` text that plays it.
pub fn variants(name: Option<&str>) -> Result<(), CliError> {
    let Some(name) = name else {
        for entry in REGISTRY {
            outln!("{}\t{}", entry.name, entry.description);
        }
        return Ok(());
    };
    let entry = open::variant(name)?;
    outln!("{}\t{}", entry.name, entry.description);
    let starts = (entry.starts)();
    if starts.len() > 1 {
        outln!(
            "{} named starts (give one with --position; the first is the standard start):",
            starts.len()
        );
        for start in starts {
            let mut line = start.name;
            if let Some((width, height)) = start.size {
                line += &format!("\t{width}x{height}");
            }
            if let Some(position) = start.position {
                line += &format!("\t--position '{position}'");
            }
            outln!("{line}");
        }
    }
    Ok(())
}

/// How often a long `perft` reports its progress on stderr when stderr is not a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// `omnichess perft`: divide lines as they are known (with `--divide`), then the total.
/// Progress goes to stderr: on a terminal, a line redrawn after every first decision (depth 5
/// and more); otherwise, once a count has run for [`PROGRESS_EVERY`], a line at that interval
/// (`perft depth D: K/N first decisions done after S s`), so a long count is never silent.
pub fn perft(
    variant: &str,
    position: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<(), CliError> {
    let mut game = open::game(variant, position)?;
    let first = game.decisions().len();
    let terminal = std::io::stderr().is_terminal();
    let show_progress = terminal && depth >= 5;
    let done = Arc::new(AtomicUsize::new(0));
    let finished = Arc::new((Mutex::new(false), Condvar::new()));
    let heartbeat = (!terminal).then(|| {
        let (done, finished) = (Arc::clone(&done), Arc::clone(&finished));
        let every = progress_interval();
        std::thread::spawn(move || {
            let started = Instant::now();
            let (lock, wake) = &*finished;
            let mut over = lock.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                let (guard, timeout) = wake
                    .wait_timeout_while(over, every, |over| !*over)
                    .unwrap_or_else(PoisonError::into_inner);
                over = guard;
                if !timeout.timed_out() || *over {
                    return;
                }
                eprintln!(
                    "perft depth {depth}: {}/{first} first decisions done after {:.1} s",
                    done.load(Ordering::Relaxed),
                    started.elapsed().as_secs_f64()
                );
            }
        })
    });
    let total = game.divide(depth, &mut |decision, n| {
        let so_far = done.fetch_add(1, Ordering::Relaxed) + 1;
        if divide {
            outln!("{decision}: {n}");
        }
        if show_progress {
            eprint!("\rperft depth {depth}: {so_far}/{first} first decisions done");
        }
    });
    let (lock, wake) = &*finished;
    *lock.lock().unwrap_or_else(PoisonError::into_inner) = true;
    wake.notify_all();
    if let Some(thread) = heartbeat {
        let _ = thread.join();
    }
    if show_progress {
        eprintln!();
    }
    outln!("{total}");
    Ok(())
}

/// [`PROGRESS_EVERY`], or the seconds in `OMNICHESS_PROGRESS_SECONDS` (the tests' short
/// interval).
fn progress_interval() -> Duration {
    std::env::var("OMNICHESS_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .filter(|d| !d.is_zero())
        .unwrap_or(PROGRESS_EVERY)
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
    let n = record.decisions.len();
    outln!(
        "ok: {n} {} replayed; {state}; final position: {}",
        open::plural(n, "decision", "decisions"),
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
