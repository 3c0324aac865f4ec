//! docs/PROTOCOL.md and the UI's `assets/protocol.js` against the protocol's types: every
//! message has a table in the one (`#### \`Name\`` then `| \`field\` | …`) and a `@typedef`
//! in the other (`@property {…} field`), with exactly the fields a sample of its type
//! serializes. A field added to a type and not to both documents, or the other way round,
//! fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use omnichess_core::{Arrow, Cell, SquareMark};
use serde::Serialize;
use serde_json::Value;

use super::accounts::{AccountInfo, Credentials, SessionInfo};
use super::analysis_socket::{AnalysisMessage, AnalysisReply, Info, Judgement, ReviewPoint};
use super::game_socket::{ClientMessage, GameEvent, ServerMessage};
use super::http::{
    ChanceOutcome, CreateGame, Created, DecisionPatch, EditPiece, EditSquare, ErrorBody,
    MakeAction, MakeDecision, PositionShown, ShowPosition, Tokens,
};
use super::lab::{CreateStudy, OwnerToken, ScorePoint, StudyItem, StudyReport};
use super::lobby::{
    CreateSeek, PlayingGame, SeekAccepted, SeekCreated, SeekItem, SeekStatus, SeekToken, TurnItem,
    TurnQuery, TurnsRequest,
};
use super::players::{LeaderboardRow, PlayerProfile, PlayerRating, ProfileGame, RatingPoint};
use super::snapshot::{Outcome, Snapshot};
use super::{VERSION, Versioned};
use crate::game::loaded::Loaded;
use crate::game::options::{ClockSpec, EngineSeat, GameOptions};
use crate::store::{GameRow, StoredGame};

type Fields = BTreeSet<String>;

fn keys(value: &Value) -> Fields {
    value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .cloned()
        .collect()
}

fn sample<T: Serialize>(message: &T) -> Value {
    serde_json::to_value(message).expect("a message serializes")
}

fn versioned<M: Serialize>(message: M) -> Value {
    sample(&Versioned {
        v: VERSION,
        message,
    })
}

/// A timed classic game against the engine after 1. e4, as the server snapshots it.
fn snapshot() -> Snapshot {
    let row = GameRow {
        id: "000000000000".to_owned(),
        variant: "classic".to_owned(),
        start: None,
        tokens: ["w".to_owned(), "b".to_owned()],
        options: GameOptions {
            clock: Some(ClockSpec {
                base_ms: 60_000,
                ..ClockSpec::default()
            }),
            casual: true,
            engine: Some(EngineSeat { seat: 1, level: 1 }),
            rematch_of: None,
            rated: false,
        },
        created_ms: 0,
        players: [None, None],
    };
    let events = vec![crate::store::Event {
        seq: 0,
        kind: "decision".to_owned(),
        player: Some(0),
        text: "e2e4".to_owned(),
        at_ms: 0,
    }];
    let loaded = Loaded::build(StoredGame { row, events }).expect("the game rebuilds");
    loaded.snapshot(1)
}

/// Every message of the protocol by its name in the documents, as a sample serializes it.
fn samples() -> BTreeMap<&'static str, Value> {
    let game = snapshot();
    let snapshot = sample(&game);
    let view = &snapshot["view"];
    let cell = Cell {
        board: 0,
        square: 0,
    };
    let reference = Some(Value::from("r1"));
    let variants = crate::lobby::variants::variants();
    let variant = variants[0].clone();
    let marked = variants
        .iter()
        .find(|v| !v.marks.is_empty())
        .expect("a variant whose guide styles its marks");
    let study = StudyReport {
        id: String::new(),
        kind: "balance".to_owned(),
        spec: omnichess_lab::study::StudySpec {
            variant: "dice".to_owned(),
            player: "greedy".to_owned(),
            games: 1,
            seed: 0,
            opening: 0,
            max_turns: 1,
            adjudication: omnichess_engine::adjudication::Adjudication::NONE,
            start: None,
            material_every: 0,
            // Present in the sample, as in a comparison's: absent from other studies'.
            versus: Some(omnichess_lab::study::Versus::Start(None)),
        },
        games_done: 0,
        games: 1,
        batches_done: 0,
        batches_open: 1,
        batches_claimed: Vec::new(),
        batches_skipped: 0,
        finished: false,
        balance: Value::Null,
        values: None,
        values_note: None,
        score: Vec::new(),
        comparison: None,
        sprt: None,
        owner_token: Some(String::new()),
    };
    BTreeMap::from([
        ("Credentials", sample(&Credentials::default())),
        ("AccountInfo", sample(&AccountInfo::default())),
        ("SessionInfo", sample(&SessionInfo::default())),
        ("CreateStudy", sample(&CreateStudy::default())),
        ("StudyItem", sample(&StudyItem::default())),
        ("StudySpec", sample(&study.spec)),
        ("StudyReport", sample(&study)),
        ("OwnerToken", sample(&OwnerToken::default())),
        ("PlayerProfile", sample(&PlayerProfile::default())),
        ("PlayerRating", sample(&PlayerRating::default())),
        ("RatingPoint", sample(&RatingPoint::default())),
        ("ProfileGame", sample(&ProfileGame::default())),
        ("LeaderboardRow", sample(&LeaderboardRow::default())),
        ("ScorePoint", sample(&ScorePoint::default())),
        ("CreateGame", sample(&CreateGame::default())),
        ("CreateSeek", sample(&CreateSeek::default())),
        ("SeekItem", sample(&SeekItem::default())),
        ("SeekCreated", sample(&SeekCreated::default())),
        ("SeekToken", sample(&SeekToken::default())),
        ("SeekStatus", sample(&SeekStatus::default())),
        ("SeekAccepted", sample(&SeekAccepted::default())),
        ("PlayingGame", sample(&PlayingGame::default())),
        ("TurnsRequest", sample(&TurnsRequest::default())),
        ("TurnQuery", sample(&TurnQuery::default())),
        ("TurnItem", sample(&TurnItem::default())),
        ("ClockSpec", sample(&ClockSpec::default())),
        ("EngineSeat", sample(&EngineSeat { seat: 0, level: 1 })),
        ("MakeDecision", sample(&MakeDecision::default())),
        ("MakeAction", sample(&MakeAction::default())),
        (
            "Created",
            sample(&Created {
                id: String::new(),
                tokens: Tokens::default(),
                game: serde_json::to_value(&game).unwrap_or_default(),
            }),
        ),
        ("Tokens", sample(&Tokens::default())),
        ("ErrorBody", sample(&ErrorBody::default())),
        ("ShowPosition", sample(&ShowPosition::default())),
        (
            "PositionShown",
            sample(&PositionShown {
                position: String::new(),
                to_act_index: None,
                turn_index: 0,
                outcome: None,
                moves: Vec::new(),
                view: game.view.clone(),
                start: None,
                after: Vec::new(),
                chance: Vec::new(),
                editable: false,
                palette: Vec::new(),
            }),
        ),
        ("ChanceOutcome", sample(&ChanceOutcome::default())),
        ("EditSquare", sample(&EditSquare::default())),
        (
            "EditPiece",
            sample(&EditPiece {
                player: 0,
                kind: 'Q',
            }),
        ),
        ("VariantInfo", sample(&variant)),
        ("TimeControl", sample(&variant.time_controls[0])),
        ("Start", sample(&variant.starts[0])),
        ("MarkStyle", sample(&marked.marks[0])),
        ("Snapshot", snapshot.clone()),
        ("Outcome", sample(&Outcome::default())),
        ("ClockState", snapshot["clock"].clone()),
        ("Offers", snapshot["offers"].clone()),
        ("GameView", view.clone()),
        ("BoardView", view["boards"][0].clone()),
        ("PieceView", view["boards"][0]["squares"][0].clone()),
        ("MoveView", view["moves"][0].clone()),
        ("Cell", sample(&cell)),
        (
            "SquareMark",
            sample(&SquareMark {
                square: 0,
                kind: "free",
                text: None,
                label: None,
            }),
        ),
        (
            "Arrow",
            sample(&Arrow {
                from: cell,
                to: cell,
            }),
        ),
        ("GameEvent", sample(&GameEvent::default())),
        (
            "ClientHello",
            versioned(ClientMessage::Hello {
                token: None,
                since: None,
                patches: false,
            }),
        ),
        (
            "ClientDecision",
            versioned(ClientMessage::Decision {
                decision: String::new(),
                version: None,
                reference: reference.clone(),
            }),
        ),
        (
            "ClientAction",
            versioned(ClientMessage::Action {
                action: String::new(),
                reference: reference.clone(),
            }),
        ),
        ("ClientPing", versioned(ClientMessage::Ping)),
        (
            "ServerWelcome",
            versioned(ServerMessage::Welcome {
                seat: None,
                missed: Vec::new(),
                game: game.clone(),
            }),
        ),
        (
            "ServerUpdate",
            versioned(ServerMessage::Update {
                events: Vec::new(),
                game,
            }),
        ),
        (
            "ServerPatch",
            versioned(ServerMessage::Patch {
                events: Vec::new(),
                from: 0,
                patch: Value::Null,
                version: 1,
            }),
        ),
        ("DecisionPatch", sample(&DecisionPatch::default())),
        (
            "ServerAck",
            versioned(ServerMessage::Ack {
                reference: Value::from("r1"),
            }),
        ),
        (
            "ServerError",
            versioned(ServerMessage::Error {
                status: 400,
                error: String::new(),
                reference,
            }),
        ),
        ("ServerPong", versioned(ServerMessage::Pong)),
        (
            "AnalysisAnalyse",
            versioned(AnalysisMessage::Analyse {
                variant: String::new(),
                position: None,
                after: Vec::new(),
                seconds: None,
            }),
        ),
        (
            "AnalysisReview",
            versioned(AnalysisMessage::Review {
                variant: String::new(),
                position: None,
                after: Vec::new(),
                seconds: None,
            }),
        ),
        ("AnalysisStop", versioned(AnalysisMessage::Stop)),
        ("AnalysisPing", versioned(AnalysisMessage::Ping)),
        (
            "AnalysisInfo",
            versioned(AnalysisReply::Info(Info::default())),
        ),
        (
            "AnalysisDone",
            versioned(AnalysisReply::Done {
                best: Vec::new(),
                shown: Vec::new(),
            }),
        ),
        (
            "AnalysisPlan",
            versioned(AnalysisReply::Plan { plies: Vec::new() }),
        ),
        (
            "AnalysisPoint",
            versioned(AnalysisReply::Point(ReviewPoint {
                judgement: Some(Judgement {
                    index: 0,
                    player: 0,
                    loss: 0.0,
                    kind: "mistake",
                }),
                arrow: vec![Cell {
                    board: 0,
                    square: 0,
                }],
                ..ReviewPoint::default()
            })),
        ),
        (
            "Judgement",
            sample(&Judgement {
                index: 0,
                player: 0,
                loss: 0.0,
                kind: "mistake",
            }),
        ),
        (
            "AnalysisReviewed",
            versioned(AnalysisReply::Reviewed { points: 0 }),
        ),
        (
            "AnalysisError",
            versioned(AnalysisReply::Error {
                status: 400,
                error: String::new(),
            }),
        ),
        ("AnalysisPong", versioned(AnalysisReply::Pong)),
    ])
}

fn read(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text between the first pair of backticks of `text`.
fn quoted(text: &str) -> Option<&str> {
    let (_, rest) = text.split_once('`')?;
    Some(rest.split_once('`')?.0)
}

/// The messages of docs/PROTOCOL.md: each `#### \`Name\`` heading and the fields of the
/// table under it.
fn documented() -> BTreeMap<String, Fields> {
    let text = read("../../docs/PROTOCOL.md");
    let mut messages: BTreeMap<String, Fields> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("#### ") {
            let name = quoted(heading).unwrap_or_else(|| panic!("a message heading: {line}"));
            assert!(
                messages.insert(name.to_owned(), Fields::new()).is_none(),
                "{name} twice"
            );
            current = Some(name.to_owned());
        } else if line.starts_with('#') {
            current = None;
        } else if let (Some(name), Some(cell)) = (&current, line.strip_prefix("| `")) {
            let field = cell.split('`').next().unwrap_or_default();
            let fields = messages.get_mut(name).expect("the message's entry");
            assert!(fields.insert(field.to_owned()), "{name}.{field} twice");
        }
    }
    messages
}

/// The typedefs of assets/protocol.js with their properties.
fn typedefs() -> BTreeMap<String, Fields> {
    let text = read("assets/protocol.js");
    let mut types: BTreeMap<String, Fields> = BTreeMap::new();
    let mut current: Option<String> = None;
    for raw in text.lines() {
        let raw = raw.trim();
        let line = raw.trim_start_matches('*').trim();
        let name_after = |tag: &str| {
            let rest = line.strip_prefix(tag)?.trim_start();
            let (_, after_type) = rest.strip_prefix('{')?.split_once('}')?;
            after_type.split_whitespace().next()
        };
        if let Some(name) = name_after("@typedef") {
            current = Some(name.to_owned());
            types.entry(name.to_owned()).or_default();
        } else if let Some(property) = name_after("@property") {
            let name = current.as_ref().expect("a @property inside a @typedef");
            let field = property.trim_matches(|c| c == '[' || c == ']');
            let field = field.split('=').next().unwrap_or_default();
            let fields = types.get_mut(name).expect("the typedef's entry");
            assert!(fields.insert(field.to_owned()), "{name}.{field} twice");
        } else if raw.starts_with("*/") {
            current = None;
        }
    }
    types.retain(|_, fields| !fields.is_empty());
    types
}

fn compare(what: &str, listed: &BTreeMap<String, Fields>, samples: &BTreeMap<&str, Value>) {
    let names: BTreeSet<&str> = samples.keys().copied().collect();
    let listed_names: BTreeSet<&str> = listed.keys().map(String::as_str).collect();
    assert_eq!(
        listed_names, names,
        "the messages of {what} and of the protocol's types"
    );
    for (name, value) in samples {
        assert_eq!(listed[*name], keys(value), "the fields of {name} in {what}");
    }
}

#[test]
fn the_protocol_document_lists_every_field_of_every_message() {
    compare("docs/PROTOCOL.md", &documented(), &samples());
}

#[test]
fn the_ui_typedefs_list_every_field_of_every_message() {
    compare("assets/protocol.js", &typedefs(), &samples());
}

#[test]
fn messages_go_out_with_sorted_keys() {
    let text = Versioned::text(ServerMessage::Error {
        status: 409,
        error: "moved on".to_owned(),
        reference: None,
    });
    assert_eq!(
        text,
        r#"{"error":"moved on","ref":null,"status":409,"type":"error","v":1}"#
    );
}
