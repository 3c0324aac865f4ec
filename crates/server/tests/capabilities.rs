//! What the server tells a client about a variant comes from the variant's registry entry,
//! never from its name: the lobby's players, layout, starts and time controls, how its marks
//! are drawn, the turn each decision belongs to and what each decision is, by which any client
//! groups a move list into turns and offers the decisions that move no piece as buttons.

use crate::common::{act, app, call, create, create_with, database, decide, show};
use axum::http::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn the_variants_list_their_players_layout_starts_and_controls() {
    let app = app(&database("capabilities-list")).await;
    let (status, list) = call(&app, "GET", "/api/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let of = |name: &str| -> Value {
        list.as_array()
            .and_then(|l| l.iter().find(|v| v["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("{name} listed"))
    };
    assert_eq!(of("classic")["layout"], "grid");
    assert_eq!(of("multiverse")["layout"], "timelines");
    assert_eq!(of("dmchess")["players"], json!(["light", "dark"]));
    assert_eq!(
        of("classic")["starts"],
        json!([{"name": "Standard", "position": null}])
    );
    let starts = of("multiverse")["starts"].as_array().map_or(0, Vec::len);
    assert!(starts > 1, "5D's official variants: {starts}");
    let controls: Vec<Value> = of("dmchess")["time_controls"]
        .as_array()
        .map(|c| c.iter().map(|c| c["name"].clone()).collect())
        .unwrap_or_default();
    assert_eq!(
        controls[..4],
        [
            json!("DMChess standard (8.1)"),
            json!("DMChess rapid (8.1)"),
            json!("DMChess blitz (8.1)"),
            json!("bullet 1+0")
        ]
    );
    assert_eq!(
        of("dmchess")["time_controls"][0]["period"],
        json!([40, 1_800_000])
    );
}

#[tokio::test]
async fn a_five_d_turn_is_its_moves_and_its_submit() {
    let app = app(&database("capabilities-turns")).await;
    let (id, white, black) = create(&app, "multiverse").await;
    let (status, game) = decide(&app, &id, &white, "(0T1)Nb1c3", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["turns"], json!([0]));
    assert_eq!(game["turn"], 0, "the turn is not finished before submit");
    assert_eq!(game["undo_by"], 0);
    let (_, game) = decide(&app, &id, &white, "submit", None).await;
    assert_eq!(game["turns"], json!([0, 0]));
    assert_eq!(game["turn"], 1);
    assert_eq!(game["undo_by"], Value::Null);
    let (_, game) = decide(&app, &id, &black, "(0T1)Nb8c6", None).await;
    assert_eq!(game["turns"], json!([0, 0, 1]));
    // Undo takes the open turn's move back, and the turns with it.
    let (status, game) = act(&app, &id, &black, "undo").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["turns"], json!([0, 0]));
    assert_eq!(game["undo_by"], Value::Null);
}

#[tokio::test]
async fn a_classic_turn_is_one_move() {
    let app = app(&database("capabilities-classic")).await;
    let (id, white, black) = create(&app, "classic").await;
    decide(&app, &id, &white, "e4", None).await;
    let (_, game) = decide(&app, &id, &black, "e5", None).await;
    assert_eq!(game["turns"], json!([0, 1]));
    assert_eq!(game["turn"], 2);
    assert_eq!(game["undo_by"], Value::Null);
}

/// Each variant's rules summary and legend come from its registry entry, and the legend
/// explains every kind of mark its start's boards carry.
#[tokio::test]
async fn the_variants_send_their_rules_summary_and_a_legend_of_their_marks() {
    let app = app(&database("capabilities-guide")).await;
    let (_, list) = call(&app, "GET", "/api/variants", None).await;
    for entry in omnichess_variants::REGISTRY {
        let info = list
            .as_array()
            .and_then(|l| l.iter().find(|v| v["name"] == entry.name))
            .unwrap_or_else(|| panic!("{} listed", entry.name));
        assert_eq!(info["rules_summary"], entry.guide.rules, "{}", entry.name);
        let signs: Vec<&str> = entry.guide.legend.iter().map(|(s, _)| *s).collect();
        let sent: Vec<&str> = info["legend"]
            .as_array()
            .map(|l| l.iter().filter_map(|pair| pair[0].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(sent, signs, "{}", entry.name);
        let styled: Vec<&str> = info["marks"]
            .as_array()
            .map(|l| {
                l.iter()
                    .filter_map(|style| style["kind"].as_str())
                    .collect()
            })
            .unwrap_or_default();
        let (id, _, _) = create(&app, entry.name).await;
        let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        for board in game["view"]["boards"].as_array().into_iter().flatten() {
            for mark in board["marks"].as_array().into_iter().flatten() {
                let kind = mark["kind"].as_str().unwrap_or_default();
                assert!(
                    signs.contains(&kind),
                    "{}: the mark `{kind}` is in its legend {signs:?}",
                    entry.name
                );
                assert!(
                    styled.contains(&kind),
                    "{}: the mark `{kind}` has a style {styled:?}",
                    entry.name
                );
            }
        }
    }
    let (_, list) = call(&app, "GET", "/api/variants", None).await;
    let dmchess = list
        .as_array()
        .and_then(|l| l.iter().find(|v| v["name"] == "dmchess"))
        .cloned()
        .unwrap_or_default();
    assert!(
        dmchess["rules_summary"]
            .as_str()
            .is_some_and(|t| t.contains("portal") && t.contains("DEL")),
        "{dmchess}"
    );
    assert_eq!(
        dmchess["marks"],
        json!([
            {"kind": "portal", "draw": "tab", "colour": "#14a3a3", "ink": "#fff"},
            {"kind": "energy", "draw": "tab", "colour": "#e0a800", "ink": "#2b2100"},
            {"kind": "del", "draw": "gauge", "colour": "#d35400", "ink": "#fff"},
        ])
    );
}

/// The decision of `game`'s view whose text is `text`: `[kind, turn_end, label]`.
fn described(game: &Value, text: &str) -> Value {
    let moves = game["view"]["moves"].as_array();
    let m = moves
        .and_then(|l| l.iter().find(|m| m["text"] == text))
        .unwrap_or_else(|| panic!("{text} among {moves:?}"));
    json!([m["kind"], m["turn_end"], m["label"]])
}

#[tokio::test]
async fn the_snapshot_says_what_each_decision_is_and_which_ends_a_turn() {
    let app = app(&database("capabilities-decisions")).await;
    let (id, white, _) = create(&app, "multiverse").await;
    let game = show(&app, &id).await;
    assert_eq!(described(&game, "(0T1)Nb1c3"), json!(["move", false, null]));
    let (_, game) = decide(&app, &id, &white, "(0T1)Nb1c3", None).await;
    assert_eq!(
        described(&game, "submit"),
        json!(["submit", true, "Submit turn"])
    );
    let (_, game) = decide(&app, &id, &white, "submit", None).await;
    assert_eq!(game["turn_ends"], json!([false, true]));
    // Die Chess §4: a checked player claims the king's move without a roll, or rolls.
    let (id, _, _) = create_with(
        &app,
        json!({"variant": "dice", "position": "4k3/8/8/8/8/8/8/4K2r w - - 0 1"}),
    )
    .await;
    let game = show(&app, &id).await;
    assert_eq!(
        described(&game, "[K!]"),
        json!(["claim", false, "Move the king without rolling [K!]"])
    );
    assert_eq!(
        described(&game, "roll"),
        json!(["roll", false, "Roll the die"])
    );
    // DMChess 5.1.3: the setup ends with `done`.
    let (id, _, _) = create_with(
        &app,
        json!({"variant": "dmchess", "position": "start setup=ld"}),
    )
    .await;
    let game = show(&app, &id).await;
    assert_eq!(described(&game, "done"), json!(["done", false, "Done"]));
}

#[tokio::test]
async fn captured_pieces_carry_their_value_and_a_custom_start_its_move_number() {
    let app = app(&database("capabilities-values")).await;
    let (id, white, black) = create(&app, "classic").await;
    for (token, mv) in [(&white, "e4"), (&black, "d5")] {
        decide(&app, &id, token, mv, None).await;
    }
    let (_, game) = decide(&app, &id, &white, "exd5", None).await;
    assert_eq!(
        game["captured"][1],
        json!([{"player": 1, "kind": "P", "name": "pawn", "tag": null, "value": 1.0}])
    );
    assert_eq!(
        game["view"]["boards"][0]["squares"][3]["value"], 9.0,
        "d1's queen"
    );
    assert_eq!(
        (
            game["first_move_number"].clone(),
            game["first_mover"].clone()
        ),
        (json!(1), json!(0))
    );
    assert_eq!(game["turn_ends"], json!([false, false, false]));
    let (id, _, _) = create_with(
        &app,
        json!({"variant": "classic", "position": "4k3/8/8/8/8/8/8/R3K3 b - - 3 12"}),
    )
    .await;
    let game = show(&app, &id).await;
    assert_eq!(game["first_move_number"], 12);
    assert_eq!(game["first_mover"], 1);
}
