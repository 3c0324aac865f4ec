//! `omnichess uci`: the Universal Chess Interface on stdin and stdout, so chess GUIs and match
//! runners (cutechess-cli, fastchess) can use the engine. Other variants speak the same
//! protocol with their own position texts and notations (docs/ENGINE.md).
//!
//! The search runs on its own thread; `stop`, `isready` and `quit` are answered while it runs.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use omnichess_core::Player;
use omnichess_engine::Limits;
use omnichess_engine::clock::Clock;
use omnichess_engine::registry::{AnalysisRequest, EngineEntry};

use crate::error::CliError;
use crate::output::outln;
use crate::{engine_commands, open};

/// What the GUI set up.
struct Session {
    variant: String,
    entry: &'static EngineEntry,
    /// `None`: the standard start.
    position: Option<String>,
    moves: Vec<String>,
    hash_mib: usize,
    search: Option<Background>,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(variant: &str) -> Result<(), CliError> {
    let entry = engine_commands::engine(variant)?;
    let commands = input_lines();
    let mut session = Session {
        variant: variant.to_owned(),
        entry,
        position: None,
        moves: Vec::new(),
        hash_mib: omnichess_engine::tt::DEFAULT_MIB,
        search: None,
    };
    for line in commands {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                outln!(
                    "id name omnichess {} ({variant})",
                    env!("CARGO_PKG_VERSION")
                );
                outln!("id author the omnichess developers");
                outln!("option name Hash type spin default 16 min 1 max 4096");
                outln!("uciok");
            }
            Some("isready") => outln!("readyok"),
            Some("ucinewgame") => session.stop(),
            Some("setoption") => session.set_option(&words),
            Some("position") => session.set_position(&words),
            Some("go") => session.go(&words),
            Some("stop") => session.stop(),
            Some("quit") => break,
            Some(other) => outln!(
                "info string unknown command `{}`",
                omnichess_core::excerpt(other)
            ),
            None => {}
        }
    }
    session.stop();
    Ok(())
}

impl Session {
    /// Ends the running search, which prints its `bestmove`.
    fn stop(&mut self) {
        Background::stop(&mut self.search);
    }

    /// `setoption name Hash value N`.
    fn set_option(&mut self, words: &[&str]) {
        let name = words
            .iter()
            .position(|w| *w == "name")
            .and_then(|i| words.get(i + 1));
        let value = words
            .iter()
            .position(|w| *w == "value")
            .and_then(|i| words.get(i + 1));
        match (name, value.and_then(|v| v.parse::<usize>().ok())) {
            (Some(n), Some(mib)) if n.eq_ignore_ascii_case("hash") => {
                let wanted = mib.clamp(1, omnichess_engine::tt::MAX_MIB);
                self.hash_mib = omnichess_engine::tt::capped_mib(wanted).max(1);
                if self.hash_mib != mib {
                    outln!(
                        "info string Hash {mib} MiB is out of reach (1 to {} MiB, at most half \
                         the available memory): using {} MiB",
                        omnichess_engine::tt::MAX_MIB,
                        self.hash_mib
                    );
                }
            }
            _ => outln!(
                "info string unknown option: {}",
                omnichess_core::excerpt(&words.join(" "))
            ),
        }
    }

    /// `position startpos|fen TEXT [moves …]`: checked at once, kept only when legal.
    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let position = match words.get(1).copied() {
            Some("startpos") => None,
            Some("fen") => Some(words[2..moves_at].join(" ")),
            _ => {
                outln!("info string position needs `startpos` or `fen TEXT`");
                return;
            }
        };
        let moves: Vec<String> = words
            .iter()
            .skip(moves_at + 1)
            .map(|w| (*w).to_owned())
            .collect();
        let checked = open::game_at_text(&self.variant, position.as_deref())
            .and_then(|mut g| open::play_all(g.as_mut(), &moves.join(" ")));
        match checked {
            Ok(()) => {
                self.position = position;
                self.moves = moves;
            }
            Err(e) => outln!("info string error: {e}"),
        }
    }

    /// `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]
    /// [infinite]`: searches on a thread, then prints `bestmove`.
    fn go(&mut self, words: &[&str]) {
        self.stop();
        let number = |key: &str| go_number(words, key);
        let mover = open::game_at_text(&self.variant, self.position.as_deref())
            .ok()
            .and_then(|mut g| {
                open::play_all(g.as_mut(), &self.moves.join(" ")).ok()?;
                g.to_act().player()
            });
        let (time, increment) = match mover {
            Some(Player::Black) => (number("btime"), number("binc")),
            _ => (number("wtime"), number("winc")),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            depth: number("depth").and_then(|d| u32::try_from(d).ok()),
            nodes: number("nodes"),
            time: number("movetime").map(Duration::from_millis).or_else(|| {
                let clock = Clock::new(
                    Duration::from_millis(time?),
                    Duration::from_millis(increment.unwrap_or(0)),
                );
                Some(clock.budget(number("movestogo")))
            }),
            stop: Some(Arc::clone(&stop)),
            each_decision: false,
        };
        let (entry, position, moves, hash) = (
            self.entry,
            self.position.clone(),
            self.moves.clone(),
            self.hash_mib,
        );
        self.search = Some(Background::spawn(stop, move || {
            let request = AnalysisRequest {
                position: position.as_deref(),
                after: &moves,
                limits,
                hash_mib: Some(hash),
            };
            match (entry.analyze)(&request, &mut |line| outln!("{}", uci_info(line))) {
                Ok(turn) => outln!("bestmove {}", turn.join(" ")),
                Err(e) => {
                    outln!("info string error: {e}");
                    outln!("bestmove 0000");
                }
            }
        }));
    }
}

/// A search running on its own thread, with the flag that stops it.
pub struct Background {
    thread: JoinHandle<()>,
    stop: Arc<AtomicBool>,
}

impl Background {
    /// Runs `work` on a new thread; `stop` is the flag its search watches.
    pub fn spawn(stop: Arc<AtomicBool>, work: impl FnOnce() + Send + 'static) -> Background {
        Background {
            thread: std::thread::spawn(work),
            stop,
        }
    }

    /// Stops the search in `running`, if any, and waits for it to print its answer.
    pub fn stop(running: &mut Option<Background>) {
        if let Some(b) = running.take() {
            b.stop.store(true, Ordering::Relaxed);
            let _ = b.thread.join();
        }
    }
}

/// The lines of stdin, read on their own thread so that commands are answered while a search
/// runs.
pub fn input_lines() -> mpsc::Receiver<String> {
    let (lines, commands) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    commands
}

/// The smallest value each numeric `go` parameter accepts (depth also has a largest,
/// [`omnichess_engine::limits::MAX_DEPTH`]); the times may be 0.
const GO_MINIMA: &[(&str, u64)] = &[
    ("depth", 1),
    ("nodes", 1),
    ("movetime", 1),
    ("movestogo", 1),
    ("wtime", 0),
    ("btime", 0),
    ("winc", 0),
    ("binc", 0),
];

/// A numeric `go` parameter, when given and valid. An invalid one (`go depth -1`, `go depth
/// 0`, `go nodes x`) is ignored, and an `info string` line says so and what is accepted.
pub fn go_number(words: &[&str], key: &str) -> Option<u64> {
    let at = words.iter().position(|w| *w == key)?;
    let low = GO_MINIMA
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(0, |(_, low)| *low);
    let high = if key == "depth" {
        u64::from(omnichess_engine::limits::MAX_DEPTH)
    } else {
        u64::MAX
    };
    let text = words.get(at + 1).copied().unwrap_or("");
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Some(n),
        _ => {
            let range = if high == u64::MAX {
                format!("a whole number, {low} or more")
            } else {
                format!("a whole number from {low} to {high}")
            };
            outln!(
                "info string ignored `go {key} {}`: {key} is {range}",
                omnichess_core::excerpt(text)
            );
            None
        }
    }
}

/// The engine's progress line in UCI's units: `time` in milliseconds.
fn uci_info(line: &str) -> String {
    let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
    if let Some(i) = words.iter().position(|w| w == "time")
        && let Some(seconds) = words.get(i + 1).and_then(|s| s.parse::<f64>().ok())
    {
        words[i + 1] = format!("{}", (seconds * 1000.0).round() as u64);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_time_in_milliseconds() {
        assert_eq!(
            uci_info("info depth 3 score cp 20 nodes 900 nps 9000 time 0.100 pv e2e4"),
            "info depth 3 score cp 20 nodes 900 nps 9000 time 100 pv e2e4"
        );
    }
}
