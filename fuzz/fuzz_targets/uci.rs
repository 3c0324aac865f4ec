//! `uci`: the command stream of `omnichess uci VARIANT` (crates/cli/src/uci.rs). The first
//! byte chooses the variant; the rest is the GUI's lines, read by the same library functions
//! the binary calls (`omnichess_engine::protocol::uci`): `setoption`, `position` (opened by the
//! registry's `open`, as the binary's `open::game_at_text` does) and `go`'s limits; `go` then
//! runs the engine's `analyze` with tiny limits instead of the ones read.
#![no_main]

use omnichess_core::DynGame;
use omnichess_engine::protocol::uci;
use omnichess_fuzz::{analyse, entry_by_byte};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let entry = entry_by_byte(first);
    let open = |text: Option<&str>| -> Result<Box<dyn DynGame>, uci::OpenError> {
        Ok((entry.open)(text)?)
    };
    let mut position = uci::Position::default();
    let mut searches = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("setoption") => {
                let _ = uci::hash_option(&words, &mut |_| {});
            }
            Some("position") if omnichess_fuzz::short_position_line(&words) => {
                if let Ok(p) = uci::read_position(&words, &open) {
                    position = p;
                }
            }
            Some("go") if searches < 2 => {
                searches += 1;
                let mover = open(position.text.as_deref()).ok().and_then(|mut g| {
                    position
                        .moves
                        .iter()
                        .all(|m| g.play(m).is_ok())
                        .then_some(())?;
                    g.to_act().player()
                });
                let _ = uci::go_limits(&words, mover, &mut |_| {});
                analyse(entry.name, position.text.as_deref(), &position.moves);
            }
            Some("quit") => break,
            _ => {}
        }
    }
});
