//! The harnesses behind the fuzz targets (fuzz/fuzz_targets/*.rs, docs/FUZZING.md).
//!
//! Every harness reads arbitrary bytes as the program would read a text, and checks, besides
//! "no panic, no hang", the round trips the variants promise (crates/core/src/notation.rs and
//! records.rs):
//!
//! - a position text that reads writes back (`position_text`) to a text that reads again to
//!   the same text;
//! - every decision `decisions()` lists plays through `play` (its canonical text parses);
//! - the canonical history and the display move list both replay from the start to the same
//!   position;
//! - the game's record (`record_text`) reads back (`parse_record`) and replays to the same
//!   position.
//!
//! A move word `#N` plays the N-th (modulo their number) legal decision, so that the fuzzer
//! reaches deep, legal positions and tries the parsers on them too.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use omnichess_core::{DynGame, ToAct, VariantEntry, find};
use omnichess_engine::Limits;
use omnichess_engine::registry::AnalysisRequest;
use omnichess_variants::REGISTRY;

/// The most decisions one input plays: enough for long games, bounded so a run stays fast.
pub const MAX_DECISIONS: usize = 300;

/// Whether a protocol's `position … moves M…` line has at most [`MAX_DECISIONS`] moves
/// (longer games are slow to replay, not new to the parsers).
#[must_use]
pub fn short_position_line(words: &[&str]) -> bool {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    words.len().saturating_sub(moves_at + 1) <= MAX_DECISIONS
}

/// The registry entry of `name` (the targets name only registered variants).
#[must_use]
pub fn entry(name: &str) -> &'static VariantEntry {
    find(REGISTRY, name).expect("a registered variant")
}

/// The variant an input's first byte chooses (for the command-stream targets).
#[must_use]
pub fn entry_by_byte(byte: u8) -> &'static VariantEntry {
    &REGISTRY[usize::from(byte) % REGISTRY.len()]
}

/// Splits an input into a position text and move words at its first blank line; without a
/// blank line the whole input is the position. An empty position is the standard start.
#[must_use]
pub fn split_position(text: &str) -> (Option<&str>, &str) {
    let (position, moves) = text.split_once("\n\n").unwrap_or((text, ""));
    ((!position.is_empty()).then_some(position), moves)
}

/// Checks that the game's position text reads back to itself.
pub fn assert_position_round_trip(entry: &VariantEntry, game: &dyn DynGame) {
    let text = game.position_text();
    let again = (entry.open)(Some(&text)).unwrap_or_else(|e| {
        panic!(
            "{}: position_text `{text}` does not read back: {e}",
            entry.name
        )
    });
    assert_eq!(
        again.position_text(),
        text,
        "{}: position text changes when read back",
        entry.name
    );
}

/// Plays one move word: `#N` the N-th legal decision (whose canonical text must play), any
/// other word as typed. Whether it played.
pub fn play_word(entry: &VariantEntry, game: &mut dyn DynGame, word: &str) -> bool {
    if let Some(n) = word.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
        if matches!(game.to_act(), ToAct::Nobody(_)) {
            return false;
        }
        let decisions = game.decisions();
        if decisions.is_empty() {
            return false;
        }
        let (text, _) = &decisions[n % decisions.len()];
        let position = game.position_text();
        if let Err(e) = game.play(text) {
            panic!(
                "{}: listed decision `{text}` does not play in `{position}`: {e}",
                entry.name
            );
        }
        return true;
    }
    game.play(word).is_ok()
}

/// Plays the words of `moves` (at most [`MAX_DECISIONS`]), checking the position round trip
/// after each one that plays.
pub fn play_words(entry: &VariantEntry, game: &mut dyn DynGame, moves: &str) {
    for word in moves.split_whitespace().take(MAX_DECISIONS) {
        if play_word(entry, game, word) {
            assert_position_round_trip(entry, game);
        }
    }
}

/// The checks at the end of an input: the state's pictures, its decisions, the history and
/// move list replayed from `start`, the record read back.
pub fn finish(entry: &VariantEntry, start: Option<&str>, game: &dyn DynGame) {
    let _ = game.to_act_text();
    let _ = game.diagram();
    let _ = game.view();
    let _ = game.claimable_draw();
    if !matches!(game.to_act(), ToAct::Nobody(_)) {
        let _ = game.decisions();
    }
    let end = game.position_text();
    for (kind, texts) in [("history", game.history()), ("move list", game.move_list())] {
        let mut again = (entry.open)(start).expect("the start opened before");
        for text in &texts {
            if let Err(e) = again.play(text) {
                panic!(
                    "{}: {kind} {texts:?} does not replay at `{text}` from `{}`: {e}",
                    entry.name,
                    again.position_text()
                );
            }
        }
        assert_eq!(
            again.position_text(),
            end,
            "{}: {kind} {texts:?} replays to another position",
            entry.name
        );
    }
    let record = game.record_text();
    let parsed = (entry.parse_record)(&record).unwrap_or_else(|e| {
        panic!(
            "{}: record_text does not read back: {e}\n{record}",
            entry.name
        )
    });
    let mut again = (entry.open)(parsed.start.as_deref()).unwrap_or_else(|e| {
        panic!(
            "{}: the start of record_text does not open: {e}\n{record}",
            entry.name
        )
    });
    // A 5D game stopped before `submit` is written with `{unsubmitted}` and reads back with
    // its action still open (docs/FUZZING.md, finding 1, fixed).
    for d in &parsed.decisions {
        if let Err(e) = again.play(&d.text) {
            panic!(
                "{}: record_text does not replay at `{}`: {e}\n{record}",
                entry.name, d.text
            );
        }
    }
    assert_eq!(
        again.position_text(),
        end,
        "{}: record_text replays to another position\n{record}",
        entry.name
    );
}

/// A position text, a blank line, move words (`position_<variant>` targets): FEN with SAN
/// and UCI moves, QEC positions and notation, Die Chess positions and rolls, 5DFEN with 5D
/// moves, Three Realms and DMChess texts and moves.
pub fn position(name: &str, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let entry = entry(name);
    let (start, moves) = split_position(text);
    let Ok(mut game) = (entry.open)(start) else {
        return;
    };
    assert_position_round_trip(entry, game.as_ref());
    play_words(entry, game.as_mut(), moves);
    finish(entry, start, game.as_ref());
}

/// A game record (`record_<variant>` targets): PGN, QEC and Die Chess records, 5DPGN, Three
/// Realms and DMChess PGN. Read, opened at its start, replayed until a decision fails.
pub fn record(name: &str, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let entry = entry(name);
    let Ok(record) = (entry.parse_record)(text) else {
        return;
    };
    let _ = record.tag("Event");
    let Ok(mut game) = (entry.open)(record.start.as_deref()) else {
        return;
    };
    assert_position_round_trip(entry, game.as_ref());
    for d in record.decisions.iter().take(MAX_DECISIONS) {
        if game.play(&d.text).is_err() {
            break;
        }
    }
    assert_position_round_trip(entry, game.as_ref());
    finish(entry, record.start.as_deref(), game.as_ref());
}

/// The limits of the searches the command-stream targets start: one ply, a few nodes, so that
/// the engine's reading of the position and moves is fuzzed, not its speed.
#[must_use]
pub fn tiny_limits() -> Limits {
    Limits {
        depth: Some(1),
        nodes: Some(64),
        time: None,
        stop: Some(Arc::new(AtomicBool::new(false))),
        each_decision: false,
        whole_time: false,
        analysis: true,
    }
}

/// Runs the engine's `analyze` of `variant` (as `omnichess uci`'s `go` and the server's
/// analysis socket do) with [`tiny_limits`]; errors are answers, not defects.
pub fn analyse(variant: &str, position: Option<&str>, after: &[String]) {
    let Ok(engine) = omnichess_engine::find(variant) else {
        return;
    };
    let request = AnalysisRequest {
        position,
        after,
        limits: tiny_limits(),
        hash_mib: Some(1),
    };
    let _ = (engine.analyze)(&request, &mut |_| {});
}

/// A server game held in memory: its row and log, rebuilt after every stored change as the
/// server does (`crates/server/src/service.rs`), without a database.
pub struct ServerGame {
    stored: omnichess_server::store::StoredGame,
    loaded: omnichess_server::game::loaded::Loaded,
}

/// The seat tokens of [`ServerGame`]s.
pub const TOKENS: [&str; 2] = [
    "w0000000000000000000000000000000",
    "b0000000000000000000000000000000",
];

impl ServerGame {
    /// A game created by a `POST /api/games` body (`crates/server/src/game/routes.rs`: `check`,
    /// then `first_events`), or `None` where the server refuses it. The created game must
    /// rebuild from its log.
    #[must_use]
    pub fn create(body: &[u8]) -> Option<ServerGame> {
        use omnichess_server::game::routes::{CreateGame, check, first_events};
        use omnichess_server::game::options::GameOptions;
        use omnichess_server::store::{GameRow, StoredGame};
        let request: CreateGame = serde_json::from_slice(body).ok()?;
        let (start, imported) = check(&request).ok()?;
        let row = GameRow {
            id: "000000000000".to_owned(),
            variant: omnichess_server::game::loaded::variant(&request.variant)
                .ok()?
                .name
                .to_owned(),
            start,
            tokens: TOKENS.map(str::to_owned),
            options: GameOptions {
                clock: request.clock,
                casual: request.casual.unwrap_or(true),
                engine: request.engine,
                rematch_of: None,
                rated: false,
            },
            created_ms: omnichess_server::store::now_ms(),
            players: [None, None],
        };
        let events = first_events(&row, &imported).ok()?;
        let stored = StoredGame { row, events };
        let loaded = omnichess_server::game::loaded::Loaded::build(stored.clone())
            .unwrap_or_else(|e| panic!("a created game does not rebuild: {e}\n{stored:?}"));
        Some(ServerGame { stored, loaded })
    }

    /// Carries out `command` by the holder of `token` as `App::execute` does: the seat, the
    /// judge (`commands::plan`), the events stored, the game rebuilt (it must), the snapshot.
    pub fn execute(&mut self, token: Option<&str>, command: omnichess_server::game::commands::Command) {
        use omnichess_server::App;
        use omnichess_server::game::loaded::Loaded;
        let Ok(seat) = App::seat(&self.stored.row.tokens, token) else {
            return;
        };
        let now = omnichess_server::store::now_ms();
        let Ok(plan) = omnichess_server::game::commands::plan(&mut self.loaded, seat, &command, now)
        else {
            self.rebuild();
            return;
        };
        self.stored.events.extend(plan.events);
        self.rebuild();
        let _ = self.loaded.snapshot(now);
        let _: Option<&Loaded> = Some(&self.loaded);
    }

    /// Whether `token` is a seat of this game.
    #[must_use]
    pub fn is_seat(&self, token: &str) -> bool {
        matches!(
            omnichess_server::App::seat(&self.stored.row.tokens, Some(token)),
            Ok(Some(_))
        )
    }

    fn rebuild(&mut self) {
        self.loaded = omnichess_server::game::loaded::Loaded::build(self.stored.clone())
            .unwrap_or_else(|e| panic!("a stored log does not rebuild: {e}\n{:?}", self.stored));
    }
}
