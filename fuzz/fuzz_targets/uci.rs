//! `uci`: the command stream of `omnichess uci VARIANT` (crates/cli/src/uci.rs). The first
//! byte chooses the variant; the rest is the GUI's lines. The binary's dispatch lives in
//! crates/cli (not a library), so this target follows it line by line and calls the same
//! library functions: the registry's `open` and `DynGame::play` for `position` (as
//! `open::game` and `open::play_all` do), the engine's `analyze` for `go` (with tiny limits).
#![no_main]

use omnichess_fuzz::{analyse, entry_by_byte, play_word};

/// The number after `key` (`crates/cli/src/uci.rs`, `number_after`).
fn number_after(words: &[&str], key: &str) -> Option<u64> {
    words
        .iter()
        .position(|w| *w == key)
        .and_then(|i| words.get(i + 1))
        .and_then(|v| v.parse().ok())
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let entry = entry_by_byte(first);
    let mut position: Option<String> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut searches = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("setoption") => {
                let value = words
                    .iter()
                    .position(|w| *w == "value")
                    .and_then(|i| words.get(i + 1));
                let _ = value
                    .and_then(|v| v.parse::<usize>().ok())
                    .map(|m| m.clamp(1, 4096));
            }
            Some("position") => {
                let moves_at = words
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(words.len());
                let new_position = match words.get(1).copied() {
                    Some("startpos") => None,
                    Some("fen") => Some(words[2..moves_at].join(" ")),
                    _ => continue,
                };
                // `open::game_at_text`: the text itself (never a file for `@PATH`).
                let trimmed = new_position.as_deref();
                let new_moves: Vec<String> = words
                    .iter()
                    .skip(moves_at + 1)
                    .map(|w| (*w).to_owned())
                    .collect();
                let Ok(mut game) = (entry.open)(trimmed) else {
                    continue;
                };
                if new_moves
                    .iter()
                    .take(omnichess_fuzz::MAX_DECISIONS)
                    .all(|m| !m.starts_with('#') && play_word(entry, game.as_mut(), m))
                    && new_moves.len() <= omnichess_fuzz::MAX_DECISIONS
                {
                    position = trimmed.map(str::to_owned);
                    moves = new_moves;
                }
            }
            Some("go") if searches < 2 => {
                searches += 1;
                let _ = (
                    number_after(&words, "wtime"),
                    number_after(&words, "movestogo"),
                );
                analyse(entry.name, position.as_deref(), &moves);
            }
            Some("quit") => break,
            _ => {}
        }
    }
});
