//! `omnichess uci multiverse`: 5DUCI (ftxi/5dchess_engine `docs/5duci.md`, version 0.3.3), so
//! that omnichess and other 5D engines can play each other. `bestmove` is one move of the turn
//! (or `submit`), as the protocol has it; the search runs on its own thread.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use omnichess_core::{Game, Variant};
use omnichess_engine::eval::MultiverseEval;
use omnichess_engine::{Limits, Search};
use omnichess_variants::multiverse::Multiverse;

use crate::output::outln;
use crate::uci::Background;

/// The longest a bare `go` searches when no `stop` comes.
const BARE_GO: Duration = Duration::from_secs(10);

/// Runs 5DUCI until `quit` or the end of input.
pub fn run() {
    let commands = crate::uci::input_lines();
    let mut game = start_position();
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
            Some("5ducinewgame") | Some("stop") => stop(&mut search),
            Some("position") => match position(&words) {
                Ok(g) => game = g,
                Err(e) => outln!("info string error: {e}"),
            },
            Some("go") => {
                stop(&mut search);
                search = Some(go(game.clone(), &words));
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

fn start_position() -> Multiverse {
    Multiverse::from_position_text("[Board \"Standard - Turn Zero\"]")
        .unwrap_or_else(|_| Multiverse::start())
}

/// `position [[size MxN] [odd|even] fen BLOCKS | startpos] [moves M …]`.
fn position(words: &[&str]) -> Result<Multiverse, String> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let head = &words[1..moves_at];
    let mut game = match head.iter().position(|w| *w == "fen") {
        None if head.first() == Some(&"startpos") => start_position(),
        None => return Err("position needs `startpos` or `fen 5DFEN`".into()),
        Some(fen) => {
            let size = head
                .iter()
                .position(|w| *w == "size")
                .and_then(|i| head.get(i + 1))
                .map(|s| {
                    let (w, h) = s.split_once('x').ok_or(format!("size `{s}` is not MxN"))?;
                    let number = |n: &str| n.parse::<i32>().map_err(|_| format!("size `{s}`"));
                    Ok::<_, String>((number(w)?, number(h)?))
                })
                .transpose()?;
            let even = head.contains(&"even");
            Multiverse::from_duci(size, even, &head[fen + 1..].join(" "))
                .map_err(|e| e.to_string())?
        }
    };
    for text in words.iter().skip(moves_at + 1) {
        let d = game.parse_duci(text).map_err(|e| e.to_string())?;
        game.apply(d);
    }
    Ok(game)
}

/// `go [movetime MS] [depth N] [nodes N]`: one move (or `submit`) of the turn, or
/// `nobestmove` when no player is to move.
fn go(game: Multiverse, words: &[&str]) -> Background {
    let number = |key: &str| crate::uci::go_number(words, key);
    let flag = Arc::new(AtomicBool::new(false));
    let mut limits = Limits {
        depth: number("depth").and_then(|d| u32::try_from(d).ok()),
        nodes: number("nodes"),
        time: number("movetime").map(Duration::from_millis),
        stop: Some(Arc::clone(&flag)),
        each_decision: false,
    };
    if !limits.is_bounded() {
        limits.time = Some(BARE_GO);
    }
    Background::spawn(flag, move || {
        let mut search = Search::new(MultiverseEval, omnichess_engine::tt::DEFAULT_MIB);
        match search.search(&game, &limits, &mut |_| {}) {
            Ok(result) => outln!("bestmove {}", game.duci_text(result.best)),
            Err(_) => outln!("nobestmove"),
        }
    })
}
