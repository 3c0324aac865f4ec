//! The text interface the CLI uses: analysis, matches and agents by variant name.

use omnichess_core::Notation;
use omnichess_engine::registry::{AnalysisRequest, MatchRequest};
use omnichess_engine::{EngineError, Limits, find};
use std::time::Duration;

fn analyze(
    variant: &str,
    position: Option<&str>,
    after: &[&str],
    depth: u32,
) -> Result<(Vec<String>, Vec<String>), EngineError> {
    let after: Vec<String> = after.iter().map(|s| s.to_string()).collect();
    let request = AnalysisRequest {
        position,
        after: &after,
        limits: Limits::depth(depth),
        hash_mib: Some(1),
    };
    let mut lines = Vec::new();
    let best = (find(variant)?.analyze)(&request, &mut |line| lines.push(line.to_owned()))?;
    Ok((lines, best))
}

#[test]
fn analysis_reports_each_iteration_and_the_best_turn() {
    let (lines, best) = analyze(
        "classic",
        Some("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
        &[],
        3,
    )
    .expect("analysis");
    assert_eq!(best, ["h5f7"]);
    assert!(
        lines[0].starts_with("info depth 1 score mate 1 nodes "),
        "{lines:?}"
    );
    assert!(lines[0].ends_with(" pv h5f7"), "{lines:?}");
}

#[test]
fn a_turn_is_the_acting_player_s_decisions_only() {
    // QEC: after b2-b4 the b8 knight must reply, chosen by Black: Black's turn is that reply.
    let (_, best) = analyze("qec", None, &["b2-b4"], 2).expect("analysis");
    assert_eq!(best.len(), 1, "{best:?}");
    assert!(best[0].starts_with("b8-"), "{best:?}");
    // Die Chess: after the roll, one move of the rolled type.
    let (_, best) = analyze("dice", None, &["[N]"], 2).expect("analysis");
    assert_eq!(best.len(), 1);
    assert!(best[0].starts_with('N'), "{best:?}");
}

#[test]
fn errors_say_what_is_wrong() {
    let message =
        |r: Result<(Vec<String>, Vec<String>), EngineError>| r.expect_err("an error").to_string();
    assert!(message(analyze("chess960", None, &[], 1)).contains("classic, qec, dice"));
    assert!(message(analyze("classic", Some("not a fen"), &[], 1)).contains("invalid position"));
    assert!(
        message(analyze("classic", None, &["e2e4", "e2e4"], 1)).starts_with("decision 2 (`e2e4`)")
    );
    assert!(message(analyze("dice", None, &[], 1)).contains("chance acts next"));
    assert!(
        message(analyze("classic", None, &["f3", "e5", "g4", "Qh4#"], 1)).contains("game is over")
    );
    let request = MatchRequest {
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        opening: 0,
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        a: "engine:depth=1",
        b: "alphazero",
        games: 2,
        time: None,
        seed: 1,
        max_turns: 10,
        max_decisions: u64::MAX,
        records: false,
        position: None,
        jobs: 1,
    };
    let err = (find("classic").expect("classic").play_match)(&request, &mut |_, _| {})
        .expect_err("bad spec");
    assert!(
        err.to_string().starts_with("bad agent `alphazero`"),
        "{err}"
    );
}

#[test]
fn matches_and_agents_run_by_name() {
    let request = MatchRequest {
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        opening: 0,
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        a: "engine",
        b: "random",
        games: 2,
        time: Some(Duration::from_millis(5)),
        seed: 3,
        max_turns: 20,
        max_decisions: u64::MAX,
        records: false,
        position: None,
        jobs: 2,
    };
    let mut progress = 0;
    let report = (find("dice").expect("dice").play_match)(&request, &mut |_, _| progress += 1)
        .expect("match");
    assert_eq!((report.games(), progress), (2, 2));
    let mut agent =
        (find("qec").expect("qec").agent)("greedy", 5, Duration::from_millis(5)).expect("agent");
    let turn = agent.choose(None, &[], &mut |_| {}).expect("a turn");
    assert_eq!(turn.len(), 1);
    let mut engine = (find("classic").expect("classic").agent)("engine:depth=2", 5, Duration::ZERO)
        .expect("agent");
    let mut thinking = Vec::new();
    let turn = engine
        .choose(None, &["e2e4".to_owned()], &mut |line| {
            thinking.push(line.to_owned())
        })
        .expect("a turn");
    assert_eq!(turn.len(), 1);
    assert_eq!(thinking.len(), 2, "{thinking:?}");
}

#[test]
fn a_match_on_two_threads_plays_the_same_games_as_on_one() {
    // Players limited by depth, and chance from the seed: each game depends on the seed and
    // its number only, so the result cannot depend on how many games run at once.
    let report = |jobs| {
        let request = MatchRequest {
            adjudication: omnichess_engine::adjudication::Adjudication::NONE,
            opening: 0,
            paired: false,
            material_every: 0,
            events: false,
            first_game: 0,
            a: "engine:depth=2",
            b: "greedy",
            games: 8,
            time: None,
            seed: 11,
            max_turns: 60,
            max_decisions: u64::MAX,
            records: false,
            position: None,
            jobs,
        };
        let mut seen = 0;
        let report = (find("dice").expect("dice").play_match)(&request, &mut |_, _| seen += 1)
            .expect("match");
        assert_eq!(seen, 8, "progress after every game");
        report
    };
    let one = report(1);
    assert_eq!(one.games(), 8);
    assert!(one.wins > 0 && one.wins < 8, "a mixed result: {one:?}");
    assert_eq!(report(2), one);
    assert_eq!(report(3), one);
}

/// 73 playable boards, Black in check: the search's line ended in a dead end (moves after
/// which the turn could neither go on nor be submitted) and `analyze` answered "the game is
/// over"; it now falls back on the variant's own search for a whole turn, as the match agent
/// does.
#[test]
fn analysis_of_a_wide_5d_position_gives_a_whole_legal_turn() {
    use omnichess_core::Game;
    use omnichess_variants::multiverse::Multiverse;
    let text = include_str!("../../variants/tests/data/multiverse/many-boards.txt");
    let request = AnalysisRequest {
        position: Some(text),
        after: &[],
        limits: Limits::time(Duration::from_millis(100)),
        hash_mib: Some(1),
    };
    let turn =
        (find("multiverse").expect("5D").analyze)(&request, &mut |_| {}).expect("a whole turn");
    let start = Multiverse::from_position_text(text).expect("a position");
    let mut game = start.clone();
    for text in &turn {
        let decision = game.parse_decision(text).expect("a legal decision");
        game.apply(decision);
    }
    assert_eq!(game.turn_index(), start.turn_index() + 1, "{turn:?}");
}

#[test]
fn an_analyzer_keeps_its_search_from_one_request_to_the_next() {
    // A UCI session's analyser: the second search of a position finds the first one's table
    // and history, so it reaches the same depth in fewer nodes; a fresh analyser does not.
    let nodes = |analyzer: &mut dyn omnichess_engine::registry::Analyzer| {
        let request = AnalysisRequest {
            position: None,
            after: &["e2e4".to_owned(), "e7e5".to_owned()],
            limits: Limits::depth(6),
            hash_mib: Some(4),
        };
        let mut last = String::new();
        let best = analyzer
            .analyze(&request, &mut |line| last = line.to_owned())
            .expect("analysis");
        assert_eq!(best.len(), 1);
        let count = last.split_whitespace().skip_while(|w| *w != "nodes").nth(1);
        count
            .and_then(|n| n.parse::<u64>().ok())
            .expect("a node count")
    };
    let entry = find("classic").expect("classic");
    let mut kept = (entry.analyzer)(4);
    let first = nodes(kept.as_mut());
    let again = nodes(kept.as_mut());
    let fresh = nodes((entry.analyzer)(4).as_mut());
    assert_eq!(fresh, first, "a fresh analyser searches as the first did");
    assert!(again < first / 2, "{again} nodes again against {first}");
}

#[test]
fn each_engine_names_the_adjudication_its_scores_allow() {
    use omnichess_engine::adjudication::Adjudication;
    // 5D Chess's, DMChess's and Three Realms' scores do not foretell results
    // (examples/adjudication_check.rs: the resign rule would resign a player that goes on to
    // win); every other engine's do.
    for entry in omnichess_engine::ENGINES {
        let expected = if ["multiverse", "dmchess", "realms"].contains(&entry.name) {
            Adjudication::NONE
        } else {
            Adjudication::LAB
        };
        assert_eq!(entry.adjudication, expected, "{}", entry.name);
    }
}
