//! `omnichess lab`: the studies' reports, their JSON, their refusals.

use crate::common::{assert_user_error, omnichess, stdout, temp_file};

#[test]
fn balance_reports_every_game_once_and_writes_the_same_figures_as_json() {
    let json = temp_file("lab-balance.json", "");
    let path = json.display().to_string();
    let args = [
        "lab", "balance", "dice", "--games", "12", "--player", "greedy", "--seed", "5", "--jobs",
        "2", "--json", &path,
    ];
    let o = omnichess(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with("games: 12  (white won "), "{text}");
    let figures: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON file"))
            .expect("JSON");
    let f = &figures["figures"];
    let results = &f["results"];
    let sum = ["first", "second", "drawn"]
        .iter()
        .map(|k| results[k].as_u64().expect("a count"))
        .sum::<u64>();
    assert_eq!(sum, 12);
    let by_cause: u64 = f["causes"]
        .as_object()
        .expect("causes")
        .values()
        .map(|c| {
            ["first", "second", "drawn"]
                .iter()
                .map(|k| c[k].as_u64().unwrap_or(0))
                .sum::<u64>()
        })
        .sum();
    assert_eq!(by_cause, 12, "every game has one cause");
    assert_eq!(figures["spec"]["seed"], 5);
    // A verdict always, and the planner's line last.
    let side = f["first_player_verdict"]["side"].as_str().expect("a side");
    assert!(["above", "below", "within"].contains(&side), "{side}");
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.starts_with("planner: white's score varies ")),
        "{text}"
    );
    // Die Chess's events: the report's lines and the JSON's figures agree.
    let forfeits = &f["events"][0];
    assert_eq!(forfeits["name"], "forfeit");
    assert!(
        forfeits["description"]
            .as_str()
            .is_some_and(|d| d.starts_with("a turn lost")),
        "{forfeits}"
    );
    assert!(
        text.contains(&format!(
            "\nevents:\n  forfeit: {} in all, ",
            forfeits["total"]
        )),
        "{text}"
    );
    assert!(text.contains("\n    by turn: 1 "), "{text}");
    assert!(text.contains("\n  king without rolling: "), "{text}");
    let score = f["first_player_score"]["mean"].as_f64().expect("a score");
    assert!(
        text.contains(&format!("white's score: {score:.3}")),
        "{text}"
    );
    // The same seed, the same games, whatever the number of jobs.
    let again = omnichess(&[
        "lab", "balance", "dice", "--games", "12", "--player", "greedy", "--seed", "5", "--jobs",
        "1",
    ]);
    assert_eq!(stdout(&again), text);
}

#[test]
fn compare_refuses_one_start_twice_and_subtracts_a_from_b() {
    let o = omnichess(&["lab", "compare", "classic", "--games", "2"]);
    assert_user_error(&o, "two different starts");
    let o = omnichess(&[
        "lab",
        "compare",
        "classic",
        "--games",
        "4",
        "--player",
        "greedy",
        "--max-turns",
        "30",
        "--b-position",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("== A: the standard start"), "{text}");
    assert!(text.contains("minus A: the standard start"), "{text}");
    assert!(text.contains("white's score: +"), "{text}");
    assert!(text.contains(", 4 pairs): B "), "paired by seed: {text}");
    assert!(
        text.contains("\nplanner: the difference in white's score varies "),
        "{text}"
    );
}

/// Greedy against random, as clear a difference as there is: decided (H1) after 16 pairs.
pub const SPRT_GREEDY_AGAINST_RANDOM: [&str; 15] = [
    "lab",
    "sprt",
    "classic",
    "--a",
    "greedy",
    "--b",
    "random",
    "--elo1",
    "100",
    "--max-games",
    "60",
    "--max-turns",
    "60",
    "--jobs",
    "2",
];

#[test]
fn sprt_accepts_h1_for_a_much_stronger_player_within_its_games() {
    let o = omnichess(&SPRT_GREEDY_AGAINST_RANDOM);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    // Pairs scoring 1 (two draws, or a win and a loss), 1½ and 2 for A: 6, 8, 2; the ratio
    // 2.870 past the upper bound as the overshoot correction moved it (2.821).
    assert!(
        text.starts_with(
            "pairs: 16  (A scored 0, ½, 1, 1½, 2 in 0 0 6 8 2)\nA's score: 0.688  elo: +136.9 ± 66.7"
        ),
        "{text}"
    );
    assert!(
        text.contains("\nllr: 2.870  (bounds -2.944 and 2.944, moved in for overshoot to -2.870 and 2.821; elo0 0, elo1 100 normalized, alpha 0.05, beta 0.05)\n"),
        "{text}"
    );
    assert!(
        text.ends_with("result: +12 =20 -0\nsprt: H1 accepted after 16 pairs: A is about 100 normalized Elo or more stronger\n"),
        "{text}"
    );
}

#[test]
fn studies_that_cannot_run_are_refused_in_one_line() {
    assert_user_error(&omnichess(&["lab", "balance", "nosuch"]), "unknown variant");
    assert_user_error(
        &omnichess(&["lab", "balance", "classic", "--games", "0"]),
        "1 or more",
    );
    assert_user_error(
        &omnichess(&[
            "lab", "sprt", "classic", "--a", "random", "--b", "random", "--elo0", "5", "--elo1",
            "0",
        ]),
        "elo0 < elo1",
    );
    assert_user_error(
        &omnichess(&[
            "lab", "sprt", "classic", "--a", "random", "--b", "random", "--alpha", "0.7",
        ]),
        "alpha and beta",
    );
    assert_user_error(
        &omnichess(&[
            "lab", "balance", "classic", "--player", "nonsense", "--games", "1",
        ]),
        "nonsense",
    );
    for band in ["0", "-1", "x", "21"] {
        assert_user_error(
            &omnichess(&["lab", "values", "classic", "--band", band]),
            "is not a band: log-odds above 0 and at most 20, or off",
        );
    }
}

#[test]
fn values_fits_every_kind_that_was_ever_unequal_and_refuses_5d() {
    let o = omnichess(&[
        "lab",
        "values",
        "classic",
        "--games",
        "16",
        "--player",
        "greedy",
        "--opening",
        "4",
        "--max-turns",
        "400",
        "--every",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with("fitted from "), "{text}");
    // Greedy's games end by the rules within 400 turns (at 60 every one reached the cap, and
    // a fit without capped games is refused).
    assert!(
        text.contains("\nleft out: 0 games ended at a cap (turn cap, decision cap); "),
        "{text}"
    );
    assert!(
        text.contains("\n5 weights tested against 0 at once: Holm's correction"),
        "{text}"
    );
    assert!(text.ends_with(" games (these 16 give ±0.128)\n"), "{text}");
    for kind in ["pawn:", "knight:", "bishop:", "rook:"] {
        assert!(text.contains(kind), "{kind} in {text}");
    }
    assert!(!text.contains("king:"), "kings are always even: {text}");
    let o = omnichess(&[
        "lab",
        "values",
        "multiverse",
        "--games",
        "1",
        "--player",
        "random",
        "--max-turns",
        "3",
    ]);
    assert_user_error(&o, "do not count material");
}

#[test]
fn values_sets_the_rule_text_s_claims_beside_the_fit_and_writes_the_games_balance() {
    let json = temp_file("lab-values-realms.json", "");
    let path = json.display().to_string();
    let o = omnichess(&[
        "lab",
        "values",
        "realms",
        "--games",
        "6",
        "--player",
        "greedy",
        "--opening",
        "4",
        "--max-turns",
        "300",
        "--every",
        "2",
        "--json",
        &path,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(
        text.contains("claimed by the rule text (Notes, \"Relative piece values\""),
        "{text}"
    );
    assert!(text.contains("\n  queen: 8*  "), "{text}");
    assert!(text.contains("\n  honorable horse: 1⅓  "), "{text}");
    let figures: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON file"))
            .expect("JSON");
    let claims = figures["figures"]["claims"].as_array().expect("the claims");
    assert_eq!(claims.len(), 16, "every kind of the table but the king");
    assert_eq!(claims[2]["kind"], "honorable horse");
    assert!((claims[2]["claimed"].as_f64().expect("a value") - 4.0 / 3.0).abs() < 1e-12);
    assert_eq!(figures["balance"]["games"], 6, "the same games' balance");
    assert_eq!(figures["figures"]["capped_left_out"], 0, "{figures}");
}

/// A player limited by depth plays the same game from the same opening: with no random
/// opening every game of a study repeats the first, and the figures count it once.
#[test]
fn games_that_repeat_an_earlier_game_move_for_move_are_counted_once() {
    let json = temp_file("lab-repeats.json", "");
    let path = json.display().to_string();
    let study = |more: &[&str]| {
        let mut args = vec![
            "lab",
            "balance",
            "classic",
            "--player",
            "engine:depth=1",
            "--games",
            "4",
            "--max-turns",
            "30",
            "--jobs",
            "2",
        ];
        args.extend(more);
        let o = omnichess(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let text = study(&["--json", &path]);
    assert!(text.starts_with("games: 1  ("), "{text}");
    assert!(
        text.contains("repeats: 3 of the 4 games played repeat an earlier game move for move"),
        "{text}"
    );
    let figures: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON file"))
            .expect("JSON");
    assert_eq!(
        (&figures["figures"]["games"], &figures["figures"]["played"]),
        (&serde_json::json!(1), &serde_json::json!(4))
    );
    // Random openings of 4 decisions: different games, none counted twice.
    let text = study(&["--opening", "4"]);
    assert!(text.starts_with("games: 4  ("), "{text}");
    assert!(!text.contains("repeats:"), "{text}");
}

#[test]
fn plan_says_the_games_a_margin_needs_as_the_balance_report_does() {
    let settings = [
        "dice",
        "--player",
        "greedy",
        "--max-turns",
        "100",
        "--jobs",
        "2",
    ];
    let json = temp_file("lab-plan.json", "");
    let path = json.display().to_string();
    let mut args = vec!["lab", "plan"];
    args.extend(settings);
    args.extend(["--pilot", "60", "--json", &path]);
    let o = omnichess(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(
        text.starts_with("plan from a pilot of 60 games: dice (greedy), seed 1, "),
        "{text}"
    );
    let figures: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON file"))
            .expect("JSON");
    let variance = figures["figures"]["variance"].as_f64().expect("a variance");
    // n = (1.96 σ / 0.02)², rounded up.
    let z = 1.959_963_984_540_054_f64;
    let needed = (z * z * variance / 0.0004).ceil();
    assert_eq!(figures["figures"]["games"].as_f64(), Some(needed));
    assert!(
        text.contains(&format!("\ngames for ±0.02 (95%): {needed} ")),
        "{text}"
    );
    // A balance study of the same 60 games ends by saying the same.
    let mut args = vec!["lab", "balance"];
    args.extend(settings);
    args.extend(["--games", "60"]);
    let balance = stdout(&omnichess(&args));
    assert!(
        balance.contains(&format!(": ±0.02 needs {needed} games (these 60 give ±")),
        "{balance}"
    );
    // A wider margin needs fewer: ±0.04, a quarter (rounded up).
    let mut args = vec!["lab", "plan"];
    args.extend(settings);
    args.extend(["--pilot", "60", "--margin", "0.04"]);
    let wide = stdout(&omnichess(&args));
    let quarter = (z * z * variance / 0.0016).ceil();
    assert!(
        wide.contains(&format!("\ngames for ±0.04 (95%): {quarter} ")),
        "{wide}"
    );
    assert_user_error(
        &omnichess(&["lab", "plan", "dice", "--margin", "0.7"]),
        "--margin must be above 0 and below 0.5",
    );
    assert_user_error(
        &omnichess(&[
            "lab",
            "plan",
            "dice",
            "--database",
            "sqlite:///nonexistent/x.db",
        ]),
        "give --study ID",
    );
}

#[test]
fn plan_of_a_test_gives_fishtests_expected_length() {
    let o = omnichess(&[
        "lab",
        "plan",
        "classic",
        "--player",
        "greedy",
        "--b",
        "random",
        "--elo1",
        "100",
        "--pilot",
        "39",
        "--max-turns",
        "60",
        "--jobs",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(
        text.starts_with("plan from a pilot of 40 games: classic (greedy against random), "),
        "whole pairs: {text}"
    );
    assert!(
        text.contains("\npairs: 20  (A scored 0, ½, 1, 1½, 2 in "),
        "{text}"
    );
    // In normalized Elo the expected length at either hypothesis does not depend on the
    // variance: 2 (1 − 2 · 0.05) ln 19 / (100 / 347.436)² = 63.98 games (sprt.js).
    assert!(
        text.contains(
            "\n  if A is elo0 stronger (score 0.500): H1 accepted 5.0% of the time, after about 64 games\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("H1 accepted 95.0% of the time, after about 64 games\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  if A is as strong as the pilot says (score "),
        "{text}"
    );
}
