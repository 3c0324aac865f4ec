//! Checks whether the lab's resign rule can be trusted for a variant's engine: plays games to
//! their end by the rules, follows the rule ([`Adjudication::LAB`]) beside them without
//! ending anything, and counts the games where it would have resigned a player that went on
//! to win or draw (docs/LAB.md, "Adjudication"; the reason for an evaluator's
//! `Evaluator::ADJUDICATION`).
//!
//! Each game opens with two turns of the seeded `random` player (seed = the game's number),
//! then PLAYER (the lab's default player, `engine:nodes=2000`, unless given) plays both sides to
//! the end, or to 400 turns (left unjudged).
//!
//! `cargo run --release -p omnichess-engine --features tools --example adjudication_check
//! VARIANT [GAMES] [PLAYER]` (VARIANT: classic, qec, realms, dmchess or multiverse; 80 games
//! by default).

use std::process::ExitCode;
use std::time::Duration;

use omnichess_core::{Hooks, Player, ToAct, Variant, Verdict, play_checked};
use omnichess_engine::Evaluator;
use omnichess_engine::adjudication::{Adjudication, Ruling, Tracker};
use omnichess_engine::agents::{self, Agent, AgentSpec};
use omnichess_engine::eval::{ClassicEval, DmChessEval, MultiverseEval, QecEval, RealmsEval};
use omnichess_variants::{classic, dmchess, multiverse, qec, realms};

/// Turns of random play opening each game.
const OPENING_TURNS: u64 = 2;
/// The player of both sides unless one is given: the lab's default (`omnichess lab --player`).
const DEFAULT_PLAYER: &str = "engine:nodes=2000";
/// Turns after which a game is left unjudged.
const MAX_TURNS: u64 = 400;

/// What the rule did over the games.
#[derive(Default)]
struct Tally {
    games: u64,
    fired: u64,
    resigned_winner: u64,
    resigned_drawn: u64,
    unfinished: u64,
}

fn agent<G: Variant + Hooks, E: Evaluator<G> + Copy + 'static>(
    spec: &str,
    eval: E,
    seed: u64,
) -> Box<dyn Agent<G>> {
    let spec: AgentSpec = spec.parse().expect("a player setting checked by main");
    let mut agent = agents::build::<G, _>(spec, eval, seed, Duration::from_secs(1))
        .expect("an agent of this file");
    agent.new_game(seed);
    agent
}

/// Game `seed`: who the rule would have resigned first, and how the game ended (`None` at
/// the turn limit).
fn game<G: Variant + Hooks, E: Evaluator<G> + Copy + 'static>(
    player: &str,
    eval: E,
    seed: u64,
) -> (Option<Player>, Option<Verdict>) {
    let (mut white, mut black) = (
        agent::<G, E>(player, eval, 1),
        agent::<G, E>(player, eval, 1),
    );
    let mut random = agent::<G, E>("random", eval, seed);
    let mut state = G::start();
    let mut tracker = Tracker::new(Adjudication::LAB);
    let mut resigned = None;
    for turn in 1..=MAX_TURNS {
        let player = match state.to_act() {
            ToAct::Nobody(outcome) => return (resigned, Some(outcome.verdict)),
            ToAct::Player(player) => player,
            ToAct::Chance => panic!("a variant without chance is measured here"),
        };
        let (decisions, score) = if turn <= OPENING_TURNS {
            (random.choose_turn(&state), None)
        } else {
            let engine = if player == Player::White {
                &mut white
            } else {
                &mut black
            };
            let decisions = engine.choose_turn(&state);
            (decisions, engine.last_score())
        };
        play_checked(&mut state, &decisions).expect("the agents' turns are legal");
        if let Some(Ruling::Resigns(loser)) = tracker.turn(player, score, turn) {
            resigned.get_or_insert(loser);
        }
    }
    (resigned, None)
}

fn run<G: Variant + Hooks, E: Evaluator<G> + Copy + 'static>(
    player: &str,
    eval: E,
    games: u64,
) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..games {
        let (resigned, verdict) = game::<G, E>(player, eval, seed);
        tally.games += 1;
        let Some(loser) = resigned else { continue };
        tally.fired += 1;
        match verdict {
            None => tally.unfinished += 1,
            Some(Verdict::Win(winner)) if winner != loser => {}
            Some(Verdict::Win(_)) => {
                tally.resigned_winner += 1;
                println!("game {seed}: {loser:?} would have resigned, and won");
            }
            Some(_) => {
                tally.resigned_drawn += 1;
                println!("game {seed}: {loser:?} would have resigned, and drew (or both lost)");
            }
        }
    }
    tally
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_default();
    let games = match args.next().map(|g| g.parse::<u64>()) {
        None => 80,
        Some(Ok(games)) if games > 0 => games,
        Some(_) => {
            eprintln!("GAMES: a whole number, 1 or more");
            return ExitCode::FAILURE;
        }
    };
    let player = args.next().unwrap_or_else(|| DEFAULT_PLAYER.to_owned());
    if let Err(e) = player.parse::<AgentSpec>() {
        eprintln!("PLAYER: {e}");
        return ExitCode::FAILURE;
    }
    let player = player.as_str();
    let tally = match variant.as_str() {
        "classic" => run::<classic::Classic, _>(player, ClassicEval, games),
        "qec" => run::<qec::Qec, _>(player, QecEval, games),
        "realms" => run::<realms::Realms, _>(player, RealmsEval, games),
        "dmchess" => run::<dmchess::DmChess, _>(player, DmChessEval, games),
        "multiverse" => run::<multiverse::Multiverse, _>(player, MultiverseEval, games),
        _ => {
            eprintln!("VARIANT: classic, qec, realms, dmchess or multiverse");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{variant}, {player}: {} games; the resign rule fired in {}: {} resigned by the winner, {} by a \
         player that drew or both lost, {} games unfinished at {MAX_TURNS} turns",
        tally.games, tally.fired, tally.resigned_winner, tally.resigned_drawn, tally.unfinished
    );
    ExitCode::SUCCESS
}
