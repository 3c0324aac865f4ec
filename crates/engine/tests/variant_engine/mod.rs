//! Engine checks shared by the variants' engine tests: the best decision of a position at a
//! depth, and a short match against the random player through the registry that plays to the
//! end, the engine not losing and every record replaying to where the referee ended the game.

use omnichess_core::{ToAct, Variant};
use omnichess_engine::registry::{MatchRequest, find};
use omnichess_engine::{Evaluator, Limits, Search, score};

/// The position `text` of variant `V`, the engine's best decision there at `depth` (in the
/// variant's notation), and the distance to mate its score claims, if any.
pub fn best<V: Variant, E: Evaluator<V>>(
    text: &str,
    depth: u32,
    eval: E,
) -> (V, String, Option<i32>) {
    let game = V::from_position_text(text).expect("position reads");
    let mut search = Search::new(eval, 16);
    let result = search
        .search(&game, &Limits::depth(depth), &mut |_| {})
        .expect("a player acts");
    let text = game.decision_text(result.best);
    (game, text, score::mate_distance(result.score))
}

/// Two games of the engine at `level` (`engine:depth=1`) against `random` in variant `V`,
/// 40-turn cap.
pub fn plays_to_the_end<V: Variant>(level: &str) {
    let request = MatchRequest {
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        opening: 0,
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        a: level,
        b: "random",
        games: 2,
        time: None,
        seed: 3,
        max_turns: 40,
        max_decisions: u64::MAX,
        records: true,
        position: None,
        jobs: 1,
    };
    let mut records = Vec::new();
    let entry = find(V::NAME).expect("the variant has an engine");
    let report = (entry.play_match)(&request, &mut |_, game| {
        records.push((game.ending.clone(), game.record.clone()));
    })
    .expect("the match plays");
    assert_eq!(report.games(), 2);
    assert_eq!(report.losses, 0, "{report:?}");
    assert_eq!(records.len(), 2);
    for (ending, record) in records {
        let record = record.expect("records were asked for");
        let parsed = V::parse_record(&record).expect("the record reads");
        assert!(!parsed.decisions.is_empty(), "{record}");
        let end = V::after_record(&parsed).expect("the record replays");
        match end.to_act() {
            ToAct::Nobody(outcome) => assert!(ending.contains(outcome.reason), "{ending}"),
            _ => assert!(ending.contains("cap"), "{ending}"),
        }
    }
}
