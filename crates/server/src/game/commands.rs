//! What a seat may do to a game, checked against the rebuilt game, as the events to store. The
//! same checks serve the HTTP routes and the WebSocket: one judge.

use omnichess_core::{DynGame, ToAct};
use rand::Rng;

use crate::error::ApiError;
use crate::game::loaded::Loaded;
use crate::store::Event;

/// A request to change a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play a decision, in the variant's notation; `version`, when given, is the version the
    /// client saw: if the game has moved on since, the decision is refused.
    Decision {
        /// The decision's text.
        text: String,
        /// The version seen.
        version: Option<i64>,
    },
    /// `resign`, `offer-draw`, … (docs/PROTOCOL.md, "Actions"; [`ACTIONS`]).
    Action(String),
}

/// Every action's name.
pub const ACTIONS: [&str; 13] = [
    "resign",
    "abort",
    "offer-draw",
    "accept-draw",
    "decline-draw",
    "claim-draw",
    "takeback",
    "accept-takeback",
    "decline-takeback",
    "undo",
    "flag",
    "rematch",
    "decline-rematch",
];

/// What a command stores, and whether it is refused all the same: a command that finds the
/// acting player's time run out stores the flag and is refused.
#[derive(Debug)]
pub struct Plan {
    /// The events to store, numbered from the game's version.
    pub events: Vec<Event>,
    /// The refusal to give once the events are stored.
    pub refusal: Option<ApiError>,
}

/// The events that carry out `command` by `seat` (`None`: a spectator, or the server) on
/// `loaded` at `now_ms`, or why it cannot be done. `loaded.game` is played forward.
pub fn plan(
    loaded: &mut Loaded,
    seat: Option<u8>,
    command: &Command,
    now_ms: i64,
) -> Result<Plan, ApiError> {
    let mut out = Out {
        seq: loaded.version(),
        now_ms,
        events: Vec::new(),
    };
    if let Command::Decision {
        version: Some(seen),
        ..
    } = command
        && *seen != loaded.version()
    {
        return Err(ApiError::Conflict(format!(
            "the game has moved on: it is at version {}, not {seen}",
            loaded.version()
        )));
    }
    if let Some(flagged) = loaded.clocks(now_ms).and_then(|c| c.expired) {
        out.push("flag", Some(flagged), "");
        let refusal = (command != &Command::Action("flag".to_owned()))
            .then(|| ApiError::Conflict(format!("{} has run out of time", loaded.name(flagged))));
        return Ok(Plan {
            events: out.events,
            refusal,
        });
    }
    if let Some(finish) = loaded.finish() {
        return Err(ApiError::Conflict(format!(
            "the game is over: {}",
            finish.text
        )));
    }
    let Some(seat) = seat else {
        return Err(ApiError::Forbidden(
            "only a player can do that: this is not a seat token of this game".to_owned(),
        ));
    };
    match command {
        Command::Decision { text, .. } => decide(loaded, seat, text, &mut out)?,
        Command::Action(name) => act(loaded, seat, name, &mut out)?,
    }
    Ok(Plan {
        events: out.events,
        refusal: None,
    })
}

/// The events being planned.
struct Out {
    seq: i64,
    now_ms: i64,
    events: Vec<Event>,
}

impl Out {
    fn push(&mut self, kind: &str, player: Option<u8>, text: &str) {
        self.events.push(Event {
            seq: self.seq,
            kind: kind.to_owned(),
            player,
            text: text.to_owned(),
            at_ms: self.now_ms,
        });
        self.seq += 1;
    }
}

fn decide(loaded: &mut Loaded, seat: u8, text: &str, out: &mut Out) -> Result<(), ApiError> {
    let actor = match loaded.game.to_act() {
        ToAct::Player(p) => p as u8,
        ToAct::Chance => return Err(ApiError::Conflict("the die is to be rolled".to_owned())),
        ToAct::Nobody(_) => return Err(ApiError::Conflict("the game is over".to_owned())),
    };
    if actor != seat {
        return Err(ApiError::Forbidden(format!(
            "it is {}'s turn, and this token is the seat of {}",
            loaded.name(actor),
            loaded.name(seat)
        )));
    }
    if text.trim().is_empty() {
        return Err(ApiError::Illegal("no decision given".to_owned()));
    }
    loaded
        .game
        .play(text)
        .map_err(|e| ApiError::Illegal(e.to_string()))?;
    let canonical = loaded.game.history().pop().unwrap_or_default();
    out.push("decision", Some(seat), &canonical);
    loaded.note_played(canonical, Some(seat));
    for roll in roll_chance(loaded.game.as_mut())? {
        out.push("chance", None, &roll);
        loaded.note_played(roll, None);
    }
    Ok(())
}

/// Chance's decisions (a die roll) drawn by their probabilities until a player acts.
pub fn roll_chance(game: &mut dyn DynGame) -> Result<Vec<String>, ApiError> {
    let mut rng = rand::thread_rng();
    let mut rolls = Vec::new();
    while game.to_act() == ToAct::Chance {
        let open = game.decisions();
        let mut left: f64 = rng.r#gen();
        let pick = open
            .iter()
            .find(|(_, p)| {
                left -= p.unwrap_or(0.0);
                left < 0.0
            })
            .or(open.last())
            .map(|(t, _)| t.clone())
            .ok_or_else(|| ApiError::Conflict("chance has no outcome".to_owned()))?;
        game.play(&pick)
            .map_err(|e| ApiError::Illegal(e.to_string()))?;
        rolls.push(pick);
    }
    Ok(rolls)
}

fn act(loaded: &mut Loaded, seat: u8, name: &str, out: &mut Out) -> Result<(), ApiError> {
    let other = 1 - seat;
    let refuse = |why: &str| Err(ApiError::Illegal(why.to_owned()));
    let log = &loaded.log;
    match name {
        "resign" => out.push("resign", Some(seat), ""),
        "abort" => {
            if !loaded.abortable() {
                return refuse("a game is aborted only before both players have moved");
            }
            out.push("abort", Some(seat), "");
        }
        "offer-draw" => {
            if log.draw_offer == Some(seat) {
                return refuse("you have offered a draw already");
            }
            if log.draw_offer == Some(other) {
                out.push("accept-draw", Some(seat), "");
            } else {
                out.push("offer-draw", Some(seat), "");
            }
        }
        "accept-draw" | "decline-draw" => {
            if log.draw_offer != Some(other) {
                return refuse("there is no draw offer to answer");
            }
            out.push(name, Some(seat), "");
        }
        "claim-draw" => {
            if loaded.actor() != Some(seat) {
                return refuse("a draw is claimed on your own turn");
            }
            let Some(reason) = loaded.game.claimable_draw() else {
                return refuse("no rule gives a draw to claim here");
            };
            out.push("claim-draw", Some(seat), reason);
        }
        "takeback" => {
            if !loaded.stored.row.options.casual {
                return refuse("takebacks are for casual games");
            }
            if !log.decisions.iter().any(|d| d.player == Some(seat)) {
                return refuse("you have no move to take back");
            }
            if log.takeback_offer == Some(seat) {
                return refuse("you have asked for a takeback already");
            }
            out.push("takeback", Some(seat), "");
            if loaded.stored.row.options.engine.map(|e| e.seat) == Some(other) {
                out.push("accept-takeback", Some(other), "");
            }
        }
        "accept-takeback" | "decline-takeback" => {
            if log.takeback_offer != Some(other) {
                return refuse("there is no takeback request to answer");
            }
            out.push(name, Some(seat), "");
        }
        "undo" => {
            if loaded.undo_by() != Some(seat) {
                return refuse("undo takes back your own move within a turn you have not finished");
            }
            out.push("undo", Some(seat), "");
        }
        "flag" => return refuse("no clock has run out"),
        "rematch" | "decline-rematch" => {
            return Err(ApiError::Conflict(
                "a rematch is made by the server's rematch route".to_owned(),
            ));
        }
        _ => {
            return Err(ApiError::Illegal(format!(
                "unknown action `{}`: one of {}",
                name.chars().take(40).collect::<String>(),
                ACTIONS.join(", ")
            )));
        }
    }
    Ok(())
}
