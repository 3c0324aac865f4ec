//! `server_http`: the JSON bodies of crates/server/src/game/routes.rs. The first line is a
//! `POST /api/games` body (variant, position or record, clock, engine seat), checked and
//! created as the server does; each further line is a `POST /api/games/{id}/decisions` or
//! `…/actions` body, judged by `commands::plan` and stored; the log must always rebuild.
//! Tokens in bodies: `w…`/`b…` of [`omnichess_fuzz::TOKENS`] are the seats (the seeds use
//! them), anything else is refused as the server refuses it.
#![no_main]

use omnichess_fuzz::ServerGame;
use omnichess_server::game::commands::Command;
use omnichess_server::game::routes::{MakeAction, MakeDecision};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut lines = data.split(|&b| b == b'\n');
    let Some(mut game) = lines.next().and_then(ServerGame::create) else {
        return;
    };
    for body in lines.take(omnichess_fuzz::MAX_DECISIONS) {
        if let Ok(d) = serde_json::from_slice::<MakeDecision>(body) {
            let command = Command::Decision {
                text: d.decision,
                version: d.version,
            };
            game.execute(Some(&d.token), command);
        } else if let Ok(a) = serde_json::from_slice::<MakeAction>(body) {
            game.execute(Some(&a.token), Command::Action(a.action));
        }
    }
});
