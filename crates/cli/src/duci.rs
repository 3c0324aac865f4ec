//! `omnichess uci multiverse`: 5DUCI (ftxi/5dchess_engine `docs/5duci.md`, version 0.3.3), so
//! that omnichess and other 5D engines can play each other. `bestmove` is one move of the turn
//! (or `submit`), as the protocol has it; the search runs on its own thread. One search serves
//! every `go` of a game (its table and history carry over); `5ducinewgame` starts a fresh one.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use omnichess_engine::eval::MultiverseEval;
use omnichess_engine::protocol::duci;
use omnichess_engine::{Limits, Search};
use omnichess_variants::multiverse::Multiverse;

use crate::output::outln;
use crate::uci::{Background, lock_kept};

/// Runs 5DUCI until `quit` or the end of input.
pub fn run() {
    let commands = crate::uci::input_lines();
    let mut game = duci::start_position();
    let mut search: Option<Background> = None;
    let mut kept = fresh_search();
    let stop = Background::stop;
    for line in commands {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("5duci") => {
                outln!("id name omnichess {}", env!("CARGO_PKG_VERSION"));
                outln!("5duciok");
            }
            Some("isready") => outln!("readyok"),
            Some("5ducinewgame") => {
                stop(&mut search);
                kept = fresh_search();
            }
            Some("stop") => stop(&mut search),
            Some("position") => match duci::read_position(&words) {
                Ok(g) => game = g,
                Err(e) => outln!("info string error: {e}"),
            },
            Some("go") => {
                stop(&mut search);
                search = Some(go(game.clone(), &words, Arc::clone(&kept)));
            }
            Some("quit") => {
                stop(&mut search);
                outln!("bye");
                return;
            }
            // Unknown commands (setoption among them: there are no options) are ignored.
            _ => {}
        }
    }
    stop(&mut search);
}

/// The search that a game's `go` commands share.
type KeptSearch = Arc<Mutex<Search<Multiverse, MultiverseEval>>>;

fn new_search() -> Search<Multiverse, MultiverseEval> {
    Search::new(MultiverseEval, omnichess_engine::tt::DEFAULT_MIB)
}

fn fresh_search() -> KeptSearch {
    Arc::new(Mutex::new(new_search()))
}

/// `go [movetime MS] [depth N] [nodes N]`: one move (or `submit`) of the turn, or
/// `nobestmove` when no player is to move.
fn go(game: Multiverse, words: &[&str], kept: KeptSearch) -> Background {
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(Arc::clone(&flag)),
        ..duci::go_limits(words, &mut crate::uci::info_string)
    };
    Background::spawn(flag, move || {
        let mut search = lock_kept(&kept, new_search);
        match search.search(&game, &limits, &mut |_| {}) {
            Ok(result) => outln!("bestmove {}", game.duci_text(result.best)),
            Err(_) => outln!("nobestmove"),
        }
    })
}
