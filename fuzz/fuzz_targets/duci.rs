//! `duci`: the command stream of `omnichess uci multiverse`, 5DUCI (crates/cli/src/duci.rs),
//! read by the same library functions the binary calls (`omnichess_engine::protocol::duci`,
//! for the variant that speaks it);
//! checks that 5DFEN and `duci_text` of the legal decisions read back, and runs `go` as a tiny
//! search (its limits read, then replaced).
#![no_main]

use omnichess_core::{Game, Notation};
use omnichess_engine::Search;
use omnichess_engine::eval::MultiverseEval;
use omnichess_engine::protocol::duci;
use omnichess_variants::multiverse::Multiverse;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut game = duci::start_position::<Multiverse>();
    let mut searches = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("position") if omnichess_fuzz::short_position_line(&words) => {
                if let Ok(g) = duci::read_position::<Multiverse>(&words) {
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
                let _ = duci::go_limits(&words, &mut |_| {});
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
