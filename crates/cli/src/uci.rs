//! `omnichess uci`: the Universal Chess Interface on stdin and stdout, so chess GUIs and match
//! runners (cutechess-cli, fastchess) can use the engine. Other variants speak the same
//! protocol with their own position texts and notations (docs/ENGINE.md).
//!
//! The search runs on its own thread; `stop`, `isready` and `quit` are answered while it runs.
//! One search serves every `go` of a game, so its transposition table and move-ordering
//! history carry from one move to the next; `ucinewgame` and a new `Hash` start a fresh one.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;

use omnichess_engine::Limits;
use omnichess_engine::protocol::{self, lock_kept};
use omnichess_engine::registry::{AnalysisRequest, Analyzer, EngineEntry};

use crate::open;
use crate::output::outln;

/// What the GUI set up.
struct Session {
    variant: String,
    entry: &'static EngineEntry,
    /// The position and the moves after it.
    position: protocol::uci::Position,
    hash_mib: usize,
    search: Option<Background>,
    /// The search kept between `go` commands (made at the first).
    analyzer: Option<Arc<Mutex<Box<dyn Analyzer>>>>,
}

/// Runs the protocol for `variant`, whose engine is `entry`, until `quit` or the end of input.
pub fn run(variant: &str, entry: &'static EngineEntry) {
    let commands = input_lines();
    let mut session = Session {
        variant: variant.to_owned(),
        entry,
        position: protocol::uci::Position::default(),
        hash_mib: omnichess_engine::tt::DEFAULT_MIB,
        search: None,
        analyzer: None,
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
            Some("ucinewgame") => session.new_game(),
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
}

impl Session {
    /// Ends the running search, which prints its `bestmove`.
    fn stop(&mut self) {
        Background::stop(&mut self.search);
    }

    /// `ucinewgame`: ends the running search and forgets what the kept one learnt.
    fn new_game(&mut self) {
        self.stop();
        self.analyzer = None;
    }

    /// `setoption name Hash value N`: the next `go` searches with a table of that size.
    fn set_option(&mut self, words: &[&str]) {
        match protocol::uci::hash_option(words, &mut info_string) {
            Ok(mib) if mib != self.hash_mib => {
                self.new_game();
                self.hash_mib = mib;
            }
            Ok(_) => {}
            Err(e) => info_string(e.to_string()),
        }
    }

    /// `position startpos|fen TEXT [moves …]`: checked at once, kept only when legal.
    fn set_position(&mut self, words: &[&str]) {
        let variant = self.variant.clone();
        let open = move |text: Option<&str>| {
            open::game_at_text(&variant, text).map_err(|e| e.to_string().into())
        };
        match protocol::uci::read_position(words, &open) {
            Ok(position) => self.position = position,
            Err(e) => info_string(format!("error: {e}")),
        }
    }

    /// `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]
    /// [infinite]`: searches on a thread, then prints `bestmove`.
    fn go(&mut self, words: &[&str]) {
        self.stop();
        let mover = open::game_at_text(&self.variant, self.position.text.as_deref())
            .ok()
            .and_then(|mut g| {
                open::play_all(g.as_mut(), &self.position.moves.join(" ")).ok()?;
                g.to_act().player()
            });
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(Arc::clone(&stop)),
            ..protocol::uci::go_limits(words, mover, &mut info_string)
        };
        let (entry, hash) = (self.entry, self.hash_mib);
        let analyzer = Arc::clone(
            self.analyzer
                .get_or_insert_with(|| Arc::new(Mutex::new((entry.analyzer)(hash)))),
        );
        let (position, moves) = (self.position.text.clone(), self.position.moves.clone());
        self.search = Some(Background::spawn(stop, move || {
            let request = AnalysisRequest {
                position: position.as_deref(),
                after: &moves,
                limits,
                hash_mib: Some(hash),
            };
            let mut analyzer = lock_kept(&analyzer, || (entry.analyzer)(hash));
            match analyzer.analyze(&request, &mut |line| outln!("{}", uci_info(line))) {
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

/// Prints `info string TEXT`.
pub fn info_string(text: String) {
    outln!("info string {text}");
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
