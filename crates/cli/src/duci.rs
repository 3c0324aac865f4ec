//! `omnichess uci VARIANT` for a variant that speaks 5DUCI (ftxi/5dchess_engine `docs/5duci.md`,
//! version 0.3.3: 5D Chess), so that omnichess and other 5D engines can play each other.
//! `bestmove` is one move of the turn (or `submit`), as the protocol has it; the search runs on
//! its own thread. One search serves every `go` of a game (its table and history carry over);
//! `5ducinewgame` starts a fresh one.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use omnichess_engine::Limits;
use omnichess_engine::protocol::duci::{self, DuciEngine};

use crate::output::outln;
use crate::uci::Background;

/// Runs 5DUCI over `engine` until `quit` or the end of input.
pub fn run(mut engine: Box<dyn DuciEngine>) {
    let commands = crate::uci::input_lines();
    let mut search: Option<Background> = None;
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
                engine.new_game();
            }
            Some("stop") => stop(&mut search),
            Some("position") => {
                if let Err(e) = engine.set_position(&words) {
                    outln!("info string error: {e}");
                }
            }
            Some("go") => {
                stop(&mut search);
                search = Some(go(engine.as_ref(), &words));
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

/// `go [movetime MS] [depth N] [nodes N]`: one move (or `submit`) of the turn, or
/// `nobestmove` when no player is to move.
fn go(engine: &dyn DuciEngine, words: &[&str]) -> Background {
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(Arc::clone(&flag)),
        ..duci::go_limits(words, &mut crate::uci::info_string)
    };
    let search = engine.go(limits);
    Background::spawn(flag, move || match search() {
        Some(best) => outln!("bestmove {best}"),
        None => outln!("nobestmove"),
    })
}
