//! `server_ws`: the WebSocket messages of crates/server/src/game/socket.rs (the game socket) and
//! analysis/socket.rs (the analysis socket). The first line is a `POST /api/games` body that creates
//! the game; every further line is one text message, read by both sockets' `read_message`:
//! `hello` takes a seat, `decision` and `action` go to the judge and the log (which must
//! rebuild), `analyse` runs the engine's analysis of its position and moves (one ply).
#![no_main]

use omnichess_fuzz::ServerGame;
use omnichess_server::analysis::socket::{self as analysis, AnalysisMessage};
use omnichess_server::game::commands::Command;
use omnichess_server::game::socket::{self, ClientMessage};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let Some(mut game) = lines.next().and_then(|l| ServerGame::create(l.as_bytes())) else {
        return;
    };
    let mut token: Option<String> = None;
    let mut searches = 0;
    for message in lines.take(omnichess_fuzz::MAX_DECISIONS) {
        match socket::read_message(message) {
            Ok(ClientMessage::Hello { token: t, .. }) => {
                // socket.rs `welcome`: the token is kept only when it is a seat.
                token = t.filter(|t| game.is_seat(t));
            }
            Ok(ClientMessage::Decision {
                decision, version, ..
            }) => game.execute(
                token.as_deref(),
                Command::Decision {
                    text: decision,
                    version,
                },
            ),
            Ok(ClientMessage::Action { action, .. }) => {
                game.execute(token.as_deref(), Command::Action(action));
            }
            Ok(ClientMessage::Ping) | Err(_) => {}
        }
        if let Ok(AnalysisMessage::Analyse {
            variant,
            position,
            after,
            seconds,
        }) = analysis::read_message(message)
            && searches < 2
        {
            searches += 1;
            let _ = seconds.unwrap_or(5.0).clamp(0.05, analysis::MAX_SECONDS);
            let position = position.as_deref().filter(|p| !p.trim().is_empty());
            omnichess_fuzz::analyse(&variant, position, &after);
        }
    }
});
