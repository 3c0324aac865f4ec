//! `duci`: the command stream of `omnichess uci multiverse`, 5DUCI (crates/cli/src/duci.rs).
//! The binary's dispatch lives in crates/cli, so this target follows its `position` command
//! word by word and calls the same library functions (`Multiverse::from_duci`, `parse_duci`),
//! checks that `duci_text` of the legal decisions reads back, and runs `go` as a one-ply
//! search.
#![no_main]

use omnichess_core::{Game, Variant};
use omnichess_engine::Search;
use omnichess_engine::eval::MultiverseEval;
use omnichess_variants::multiverse::Multiverse;

fn start_position() -> Multiverse {
    Multiverse::from_position_text("[Board \"Standard - Turn Zero\"]")
        .unwrap_or_else(|_| Multiverse::start())
}

/// `position [[size MxN] [odd|even] fen BLOCKS | startpos] [moves M …]` (duci.rs, `position`).
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
    for text in words
        .iter()
        .skip(moves_at + 1)
        .take(omnichess_fuzz::MAX_DECISIONS)
    {
        let d = game.parse_duci(text).map_err(|e| e.to_string())?;
        game.apply(d);
    }
    Ok(game)
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut game = start_position();
    let mut searches = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("position") => {
                if let Ok(g) = position(&words) {
                    game = g;
                    let text = game.position_text();
                    let again = Multiverse::from_position_text(&text)
                        .unwrap_or_else(|e| panic!("5DFEN `{text}` does not read back: {e}"));
                    assert_eq!(again.position_text(), text, "5DFEN changes when read back");
                    let mut open = Vec::new();
                    game.decisions(&mut open);
                    for &d in open.iter().take(16) {
                        let written = game.duci_text(d);
                        match game.parse_duci(&written) {
                            Ok(back) => assert_eq!(
                                back, d,
                                "5DUCI `{written}` reads back as another decision"
                            ),
                            Err(e) => panic!("5DUCI `{written}` does not read back: {e}"),
                        }
                    }
                }
            }
            Some("go") if searches < 2 => {
                searches += 1;
                let mut search = Search::new(MultiverseEval, 1);
                let _ = search
                    .search(&game, &omnichess_fuzz::tiny_limits(), &mut |_| {})
                    .map(|r| game.duci_text(r.best));
            }
            Some("quit") => break,
            _ => {}
        }
    }
});
