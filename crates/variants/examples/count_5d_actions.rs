//! 5D Chess action counting per game, the omnichess side of the side-by-side measurement
//! against ftxi/5dchess_engine (tools/ftxi-5dchess/compare.sh); the same output as
//! tools/ftxi-5dchess/harness.cpp, one line per game.
//!
//! `cargo run --release -p omnichess-variants --features tools --example count_5d_actions -- [--cap N]
//! [--reps R] FILE.5dpgn...` (or `-- --moves FILE.5dpgn...`)
//!
//! For each game: read the 5DPGN, replay it (as the `multiverse_actions` bench does) keeping
//! the position at the start of every turn, then
//! - count the legal actions at every position, stopping at N (default 1000, as the counts of
//!   tests/data/multiverse/cwmtt/action_counts.tsv are capped); only that is timed;
//! - time "is the final position over?" (`Game::to_act` on a fresh copy of the final position:
//!   a legal action, else checkmate or stalemate).
//!
//! The counting is run R times (default 1), the final test 10·R times (it takes well under a
//! millisecond), and the fastest run of each is reported:
//! `game=NAME positions=P count_ms=T final_ms=F final=none|checkmate|stalemate peak_kb=K
//! slowest=I:MS times=MS0,MS1,... counts=C0,C1,...` — peak_kb is the process's peak resident
//! memory so far (VmHWM), slowest the position (from 0) whose counting took longest and times
//! each position's counting time, in the fastest run. A
//! game that cannot be read gives `game=NAME error=MESSAGE` and the exit status 1.
//!
//! With `--moves`, nothing is timed: for every position the game reaches, one line
//! `game=NAME position=I moves=M1,M2,...`, the moves of the pieces on the mover's playable
//! boards by their movement rules, before any check test (`Multiverse::moves_from_board`), in
//! 5DUCI's long form without the promotion piece, sorted — as ftxi's harness prints them
//! (`ftxi-harness --moves`), for tools/ftxi-5dchess/diff_moves.sh. A game read only in part
//! gives its positions up to the move that failed, then the error line.

use std::path::Path;
use std::time::Instant;

use omnichess_core::{Game, RecordError, Records, ReplayError, ToAct};
use omnichess_variants::multiverse::Multiverse;
use thiserror::Error;

/// Why a game cannot be read to its end.
#[derive(Debug, Error)]
enum GameError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// The text is not a 5DPGN record.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The record's start or one of its decisions cannot be played.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The text of the file at `path`.
fn read(path: &str) -> Result<String, GameError> {
    std::fs::read_to_string(path).map_err(|source| GameError::Read {
        path: path.to_owned(),
        source,
    })
}

/// The position at the start of every turn of a game, the final one included.
fn positions(text: &str) -> Result<Vec<Multiverse>, GameError> {
    let mut out = Vec::new();
    positions_into(text, &mut out).map(|()| out)
}

/// [`positions`], put in `out` as they are reached: on an error, `out` holds those before it.
fn positions_into(text: &str, out: &mut Vec<Multiverse>) -> Result<(), GameError> {
    let record = Multiverse::parse_record(text)?;
    Multiverse::replay_record(&record, &mut |game| out.push(game.clone()))?;
    Ok(())
}

/// `--moves`: each position's piece moves, one line each; false when the game cannot be read
/// to its end.
fn print_moves(path: &str) -> bool {
    let name = Path::new(path)
        .file_name()
        .map_or(path.to_string(), |n| n.to_string_lossy().into_owned());
    let mut list = Vec::new();
    let read = read(path).and_then(|text| positions_into(&text, &mut list));
    for (i, game) in list.iter().enumerate() {
        println!(
            "game={name} position={i} moves={}",
            game.duci_piece_moves().join(",")
        );
    }
    match read {
        Ok(()) => true,
        Err(e) => {
            println!(
                "game={name} error={}",
                e.to_string().replace(['\n', '\t'], " ")
            );
            false
        }
    }
}

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

fn peak_kb() -> i64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(-1)
}

fn run_game(path: &str, cap: u64, reps: usize) -> bool {
    let name = Path::new(path)
        .file_name()
        .map_or(path.to_string(), |n| n.to_string_lossy().into_owned());
    let list = match read(path).and_then(|text| positions(&text)) {
        Ok(list) => list,
        Err(e) => {
            println!(
                "game={name} error={}",
                e.to_string().replace(['\n', '\t'], " ")
            );
            return false;
        }
    };

    let mut counts: Vec<u64> = Vec::new();
    let mut best_total = f64::INFINITY;
    let mut best_times = Vec::new();
    let mut slowest = (0, 0.0);
    for r in 0..reps {
        let mut copies = list.clone();
        let mut these = Vec::with_capacity(copies.len());
        let mut times = Vec::with_capacity(copies.len());
        for p in &mut copies {
            let start = Instant::now();
            let n = p.count_actions(cap);
            times.push(ms(start));
            these.push(n);
        }
        if r == 0 {
            counts = these;
        } else if these != counts {
            println!("game={name} error=counts differ between runs");
            return false;
        }
        let total: f64 = times.iter().sum();
        if total < best_total {
            best_total = total;
            slowest = times
                .iter()
                .copied()
                .enumerate()
                .fold((0, 0.0), |a, b| if b.1 > a.1 { b } else { a });
            best_times = times;
        }
    }

    let mut best_final = f64::INFINITY;
    let mut verdict = "none";
    let last = list.last().expect("the start position at least");
    for _ in 0..10 * reps {
        let fresh = last.clone();
        let start = Instant::now();
        let to_act = fresh.to_act();
        best_final = best_final.min(ms(start));
        verdict = match to_act {
            ToAct::Nobody(o) if o.reason == "checkmate" => "checkmate",
            ToAct::Nobody(o) if o.reason == "stalemate" => "stalemate",
            ToAct::Nobody(o) => o.reason,
            _ => "none",
        };
    }

    let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
    let times: Vec<String> = best_times.iter().map(|t| format!("{t:.4}")).collect();
    println!(
        "game={name} positions={} count_ms={best_total:.3} final_ms={best_final:.3} final={verdict} \
         peak_kb={} slowest={}:{:.3} times={} counts={}",
        list.len(),
        peak_kb(),
        slowest.0,
        slowest.1,
        times.join(","),
        counts.join(",")
    );
    true
}

fn usage() -> ! {
    eprintln!("usage: count_5d_actions [--cap N] [--reps R] FILE.5dpgn...");
    eprintln!("       count_5d_actions --moves FILE.5dpgn...");
    std::process::exit(2);
}

fn main() {
    let mut cap = 1000u64;
    let mut reps = 1usize;
    let mut moves = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cap" | "--reps" => {
                let value: u64 = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&v| v >= 1)
                    .unwrap_or_else(|| usage());
                if arg == "--cap" {
                    cap = value;
                } else {
                    reps = value as usize;
                }
            }
            "--moves" => moves = true,
            a if a.starts_with("--") => usage(),
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        usage();
    }
    let mut ok = true;
    for f in &files {
        ok &= if moves {
            print_moves(f)
        } else {
            run_game(f, cap, reps)
        };
    }
    if !ok {
        std::process::exit(1);
    }
}
