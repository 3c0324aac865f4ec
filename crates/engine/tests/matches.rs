//! Agents in matches: the engine beats random play, every agent's decisions are legal in every
//! variant, and a match is reproducible from its seed.

use omnichess_core::{Game, Notation, Records, Variant};
use omnichess_engine::agents::{self, AgentSpec};
use omnichess_engine::eval::{ClassicEval, DiceEval, QecEval};
use omnichess_engine::match_play::{MatchConfig, MatchReport, play_match};
use omnichess_variants::{classic::Classic, dice::Dice, qec::Qec};
use std::time::Duration;

fn config(games: u32, max_turns: u64) -> MatchConfig {
    MatchConfig {
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        opening: 0,
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        games,
        seed: 7,
        max_turns,
        max_decisions: u64::MAX,
        records: true,
    }
}

/// A classic-chess agent from its spec.
fn classic_agent(spec: &str, seed: u64) -> Box<dyn omnichess_engine::agents::Agent<Classic>> {
    let spec = spec.parse::<AgentSpec>().expect("spec");
    agents::build::<Classic, _>(spec, ClassicEval, seed, Duration::ZERO).expect("an agent")
}

#[test]
fn the_engine_at_depth_2_does_not_lose_to_random_play() {
    let (mut a, mut b) = (
        classic_agent("engine:depth=2", 1),
        classic_agent("random", 2),
    );
    let mut seen = Vec::new();
    let report = play_match(
        &Classic::start(),
        a.as_mut(),
        b.as_mut(),
        &config(4, 200),
        &mut |r, g| seen.push((*r, g.clone())),
    )
    .expect("legal play");
    assert_eq!(report.games(), 4);
    assert_eq!(seen.len(), 4, "progress after every game");
    assert_eq!(report.losses, 0, "{report:?}");
    assert!(report.wins >= 3, "{report:?}");
    for (i, (_, game)) in seen.iter().enumerate() {
        assert_eq!(game.number, i as u32 + 1);
        assert_eq!(game.a_white, i % 2 == 0, "colours alternate, A White first");
        // The record replays to the position the game ended in, and states its result.
        let record = Classic::parse_record(game.record.as_deref().expect("records kept"))
            .expect("the record reads");
        let end = Classic::after_record(&record).expect("the record replays");
        match end.to_act().outcome() {
            Some(outcome) => {
                assert_eq!(game.ending, outcome.to_string());
                assert_eq!(record.result.as_deref(), Some(outcome.score_text()));
            }
            None => assert_eq!(game.ending, "1/2-1/2 drawn at the turn cap (200 turns)"),
        }
    }
}

/// A short match of `a` against `b` in variant `V` (errors if any decision is illegal).
/// A's wins, draws and losses, and the games where a side found no legal turn.
fn tally(report: &MatchReport) -> (u32, u32, u32, u32) {
    (
        report.wins,
        report.draws,
        report.losses,
        report.no_turn_found,
    )
}

fn short_match<V: Variant, E>(eval: E, a: &str, b: &str, seed: u64) -> MatchReport
where
    E: omnichess_engine::Evaluator<V> + Copy + 'static,
{
    let build = |spec: &str, seed| {
        agents::build::<V, E>(spec.parse().expect("spec"), eval, seed, Duration::ZERO)
            .expect("an agent")
    };
    let (mut a, mut b) = (build(a, seed), build(b, seed + 1));
    let config = MatchConfig {
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        opening: 0,
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        games: 2,
        seed,
        max_turns: 40,
        max_decisions: u64::MAX,
        records: false,
    };
    play_match(&V::start(), a.as_mut(), b.as_mut(), &config, &mut |_, _| {}).expect("legal play")
}

#[test]
fn every_agent_plays_legally_in_every_variant() {
    for (a, b) in [
        ("engine:nodes=3000", "random"),
        ("greedy", "engine:depth=1"),
        ("random", "greedy"),
    ] {
        assert_eq!(short_match::<Classic, _>(ClassicEval, a, b, 3).games(), 2);
        assert_eq!(short_match::<Qec, _>(QecEval, a, b, 4).games(), 2);
        assert_eq!(short_match::<Dice, _>(DiceEval, a, b, 5).games(), 2);
    }
}

#[test]
fn a_match_is_reproducible_from_its_seed() {
    let run = || short_match::<Dice, _>(DiceEval, "engine:nodes=2000", "greedy", 11);
    assert_eq!(run(), run());
}

/// An agent that never finds a turn.
struct NoTurn;

impl<G: Game> omnichess_engine::agents::Agent<G> for NoTurn {
    fn choose_turn_with(
        &mut self,
        _: &G,
        _: &mut dyn FnMut(&omnichess_engine::Report<'_, G::Decision>),
    ) -> Vec<G::Decision> {
        Vec::new()
    }
}

#[test]
fn a_side_that_finds_no_turn_where_one_exists_draws_and_never_loses() {
    let mut random = classic_agent("random", 2);
    let mut endings = Vec::new();
    let report = play_match(
        &Classic::start(),
        &mut NoTurn,
        random.as_mut(),
        &config(1, 10),
        &mut |_, g| endings.push((g.ending.clone(), g.record.clone())),
    )
    .expect("legal play");
    // A, White, finds nothing at the start: the referee finds a turn, so the game is drawn,
    // counted apart, and the record keeps no result.
    assert_eq!(tally(&report), (0, 1, 0, 1), "{report:?}");
    assert_eq!(
        endings[0].0,
        "1/2-1/2 white found no legal turn, though one exists"
    );
    let record = Classic::parse_record(endings[0].1.as_deref().expect("records kept"))
        .expect("the record reads");
    assert_eq!(record.result.as_deref(), Some("*"));
    assert_eq!(
        report.notes().as_deref(),
        Some(
            "adjudicated: 1 drawn where the side on turn found no legal turn (none proven absent)"
        )
    );
}

#[test]
fn a_side_that_finds_no_turn_among_many_timelines_draws_where_one_exists() {
    use omnichess_engine::eval::MultiverseEval;
    use omnichess_variants::multiverse::Multiverse;
    // Black in check among 18 timelines (crates/variants/tests/data/multiverse/wide-check.txt),
    // to move first: its agent finds nothing, the referee's search finds an action.
    let text = include_str!("../../variants/tests/data/multiverse/wide-check.txt");
    let start = Multiverse::from_position_text(text).expect("a position");
    let mut random =
        agents::build::<Multiverse, _>(AgentSpec::Random, MultiverseEval, 1, Duration::ZERO)
            .expect("an agent");
    let mut endings = Vec::new();
    let report = play_match(
        &start,
        random.as_mut(),
        &mut NoTurn,
        &config(1, 10),
        &mut |_, g| endings.push(g.ending.clone()),
    )
    .expect("legal play");
    assert_eq!(
        endings,
        ["1/2-1/2 black found no legal turn, though one exists"]
    );
    assert_eq!(tally(&report), (0, 1, 0, 1), "{report:?}");
}

#[test]
fn the_engine_finds_a_turn_among_many_boards() {
    use omnichess_core::Game;
    use omnichess_engine::eval::MultiverseEval;
    use omnichess_variants::multiverse::Multiverse;
    // 73 playable boards, Black (the engine, in the game this came from) in check: the
    // engine used to return no turn here and lose the game.
    let text = include_str!("../../variants/tests/data/multiverse/many-boards.txt");
    let start = Multiverse::from_position_text(text).expect("a position");
    let spec = "engine:time=0.02".parse().expect("spec");
    let mut engine =
        agents::build::<Multiverse, _>(spec, MultiverseEval, 1, Duration::ZERO).expect("agent");
    let turn = engine.choose_turn(&start);
    let mut g = start.clone();
    assert_eq!(
        omnichess_core::play_checked(&mut g, &turn),
        Ok(()),
        "a legal turn"
    );
    assert_eq!(g.turn_index(), start.turn_index() + 1, "a whole turn");
}

#[test]
fn a_game_reaching_the_decision_cap_is_adjudicated_a_draw_at_a_turn_start() {
    let build = |seed| {
        agents::build::<Classic, _>(AgentSpec::Random, ClassicEval, seed, Duration::ZERO)
            .expect("an agent")
    };
    let (mut a, mut b) = (build(1), build(2));
    let config = MatchConfig {
        opening: 0,
        max_decisions: 6,
        ..config(2, 300)
    };
    let mut endings = Vec::new();
    let report = play_match(
        &Classic::start(),
        a.as_mut(),
        b.as_mut(),
        &config,
        &mut |_, g| endings.push((g.ending.clone(), g.record.clone().expect("records kept"))),
    )
    .expect("legal play");
    assert_eq!((report.draws, report.adjudicated), (2, 2), "{report:?}");
    for (ending, record) in endings {
        assert_eq!(ending, "1/2-1/2 drawn at the decision cap (6 decisions)");
        let played = Classic::parse_record(&record).expect("the record reads");
        assert_eq!(played.decisions.len(), 6, "{record}");
    }
}

#[test]
fn a_refereed_game_returns_its_decisions_and_the_winner_the_rules_name() {
    use omnichess_core::{Player, Verdict};
    use omnichess_engine::match_play::play_refereed;
    let (mut white, mut black) = (
        classic_agent("random", 1),
        classic_agent("engine:depth=2", 2),
    );
    let mut play = |max_turns| {
        play_refereed(
            &Classic::start(),
            white.as_mut(),
            black.as_mut(),
            &config(1, max_turns),
            5,
        )
        .expect("legal play")
    };
    let (decisions, winner) = play(300);
    let mut end = Classic::start();
    for d in decisions {
        end.apply(d);
    }
    let outcome = end
        .to_act()
        .outcome()
        .expect("the engine mates random play");
    assert_eq!(outcome.verdict, Verdict::Win(Player::Black), "{outcome}");
    assert_eq!(winner, Some(Player::Black));
    // At a cap the game is a draw and stops there.
    let (decisions, winner) = play(3);
    assert_eq!((decisions.len(), winner), (3, None));
}

#[test]
fn a_random_opening_varies_the_games_of_a_deterministic_engine() {
    // The engine at a fixed node count plays itself: without an opening every game is the
    // same; with four random decisions first they differ, and each record still replays.
    let records = |opening| {
        let (mut a, mut b) = (
            classic_agent("engine:nodes=200", 1),
            classic_agent("engine:nodes=200", 2),
        );
        let mut games = Vec::new();
        let config = MatchConfig {
            opening,
            ..config(4, 12)
        };
        play_match(
            &Classic::start(),
            a.as_mut(),
            b.as_mut(),
            &config,
            &mut |_, g| {
                let record = g.record.clone().expect("records kept");
                let moves = Classic::parse_record(&record).expect("reads").decisions;
                games.push(moves.into_iter().map(|d| d.text).collect::<Vec<_>>());
            },
        )
        .expect("legal play");
        games
    };
    let same = records(0);
    assert!(same.windows(2).all(|w| w[0] == w[1]), "{same:?}");
    let varied = records(4);
    assert!(
        varied.windows(2).any(|w| w[0][..4] != w[1][..4]),
        "{varied:?}"
    );
    assert!(varied.iter().all(|g| g.len() >= 4));
}

/// The moves of each game of a Die Chess match between `a` and `b` (rolls included), in order.
fn dice_games(a: &str, b: &str, config: &MatchConfig) -> (MatchReport, Vec<Vec<String>>) {
    let build = |spec: &str, seed| {
        agents::build::<Dice, _>(spec.parse().expect("spec"), DiceEval, seed, Duration::ZERO)
            .expect("an agent")
    };
    let (mut a, mut b) = (build(a, 1), build(b, 2));
    let mut games = vec![Vec::new(); config.games as usize];
    let report = play_match(
        &Dice::start(),
        a.as_mut(),
        b.as_mut(),
        config,
        &mut |_, g| {
            let record = g.record.clone().expect("records kept");
            let moves = Dice::parse_record(&record).expect("reads").decisions;
            games[g.number as usize - 1] = moves.into_iter().map(|d| d.text).collect();
        },
    )
    .expect("legal play");
    (report, games)
}

#[test]
fn a_paired_match_plays_each_game_twice_with_colours_swapped() {
    // Two random players (their choices from their seeds) in Die Chess (the rolls from the
    // game's): paired, games 1 and 2 (3 and 4 …) are one game played twice, A White then
    // Black, so the two score exactly even; unpaired, neighbouring games share nothing.
    let paired = MatchConfig {
        paired: true,
        material_every: 0,
        events: false,
        first_game: 0,
        opening: 2,
        ..config(6, 300)
    };
    let (report, games) = dice_games("random", "random", &paired);
    for pair in games.chunks(2) {
        assert_eq!(pair[0], pair[1]);
        assert!(pair[0].len() > 10, "{pair:?}");
    }
    assert_ne!(games[0], games[2], "each pair its own game");
    assert_eq!(report.wins, report.losses, "{report:?}");
    assert!(
        report.wins > 0,
        "decisive games, each won once by each: {report:?}"
    );
    let unpaired = MatchConfig {
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        ..paired
    };
    let (_, games) = dice_games("random", "random", &unpaired);
    assert!(games.chunks(2).all(|pair| pair[0] != pair[1]), "{games:?}");
    // Different players: each pair still shares its opening and its first rolls.
    let (_, games) = dice_games("greedy", "random", &paired);
    for pair in games.chunks(2) {
        assert_eq!(pair[0][..4], pair[1][..4], "{pair:?}");
    }
}

/// Adjudication by the players' scores: the engine that sees itself far ahead wins by the
/// resign rule when its opponent's score agrees; an agent that gives no score is never
/// adjudicated.
#[test]
fn a_lost_game_is_resigned_by_the_scores_and_a_scoreless_one_plays_on() {
    use omnichess_engine::adjudication::{Adjudication, ResignRule};
    let one_sided = Adjudication {
        resign: Some(ResignRule {
            movecount: 2,
            score: 300,
            twosided: false,
        }),
        draw: None,
    };
    let rules = MatchConfig {
        adjudication: one_sided,
        ..config(2, 300)
    };
    // The engine at depth 2 against itself handicapped to one ply: the weaker side's own
    // score sinks below −300 long before a mate.
    let (mut a, mut b) = (
        classic_agent("engine:depth=3", 1),
        classic_agent("engine:depth=1", 2),
    );
    let mut games = Vec::new();
    let report = play_match(
        &Classic::start(),
        a.as_mut(),
        b.as_mut(),
        &rules,
        &mut |_, g| games.push(g.clone()),
    )
    .expect("legal play");
    assert!(report.resigned >= 1, "{report:?}");
    for game in games.iter().filter(|g| g.cause == "resign adjudication") {
        assert!(
            game.ending
                .contains("resigns (adjudicated by the players' scores)"),
            "{}",
            game.ending
        );
        assert!(game.winner.is_some(), "a resignation has a winner");
        assert_eq!(
            game.record.as_deref().map(|r| r.contains("\"*\"")),
            Some(true),
            "the referee, not the rules, ended it: the record's result is unknown"
        );
    }
    assert_eq!(
        report.notes().map(|n| n.contains("resigned by score")),
        Some(true)
    );
    // Random agents give no score: the same rules never end their games.
    let (mut a, mut b) = (classic_agent("random", 1), classic_agent("random", 2));
    let report = play_match(
        &Classic::start(),
        a.as_mut(),
        b.as_mut(),
        &MatchConfig {
            adjudication: Adjudication::LAB,
            ..config(2, 60)
        },
        &mut |_, _| {},
    )
    .expect("legal play");
    assert_eq!((report.resigned, report.drawn_by_score), (0, 0));
}

/// An agent that counts the turns it is asked for and plays none: a game it is asked to
/// play in would fail as an empty turn.
struct Untouched(std::rc::Rc<std::cell::Cell<u32>>);

impl<G: omnichess_core::Game> omnichess_engine::agents::Agent<G> for Untouched {
    fn choose_turn_with(
        &mut self,
        _state: &G,
        _progress: &mut dyn FnMut(&omnichess_engine::Report<'_, G::Decision>),
    ) -> Vec<G::Decision> {
        self.0.set(self.0.get() + 1);
        Vec::new()
    }
}

/// The random opening counts the players' decisions and rolls chance between them, so a
/// game that starts with a roll (Die Chess) opens with random moves too.
#[test]
fn a_random_opening_rolls_chance_between_its_players_decisions() {
    let asked = std::rc::Rc::new(std::cell::Cell::new(0));
    let (mut a, mut b) = (Untouched(asked.clone()), Untouched(asked.clone()));
    let mut games = Vec::new();
    play_match(
        &Dice::start(),
        &mut a,
        &mut b,
        &MatchConfig {
            opening: 2,
            ..config(3, 2)
        },
        &mut |_, g| games.push(g.clone()),
    )
    .expect("legal play");
    assert_eq!(
        asked.get(),
        0,
        "the opening played both turns before the cap"
    );
    for game in &games {
        assert_eq!(game.cause, "turn cap");
        assert_eq!(game.first_decisions.len(), 2, "{game:?}");
        assert_eq!(game.turns, 2, "{game:?}");
    }
}
