//! Measures 5D Chess piece values from mobility (docs/ENGINE.md, "Evaluation").
//!
//! Positions: every turn start from the 9th to the 40th of seeded games between the engine
//! (depth 1 per decision) and a random player, in the official 8×8 variants that hold the
//! pieces no text values (Standard, Princess, Reversed Royalty, Brawns, Double Royalty),
//! while the multiverse has at most eight timelines. In each, every piece of the side to
//! move on its playable boards is counted with its moves (time travel included). The
//! classical values of the knight, bishop, rook and queen (eval/material.rs) are fitted to
//! their mean mobility by least squares (value = a·m + b), and the fit values every kind.
//!
//! `cargo run --release -p omnichess-engine --features tools --example measure_5d_values [GAMES]`
//! (GAMES per variant, 12 by default).

use std::time::Duration;

use omnichess_core::{Game, Hooks, Notation};
use omnichess_engine::agents::{self, Agent, AgentSpec, RandomAgent};
use omnichess_engine::eval::MultiverseEval;
use omnichess_variants::multiverse::{Kind, Multiverse};

/// The variants measured: every official 8×8 start that holds a piece of its own.
const VARIANTS: [&str; 5] = [
    "Standard",
    "Standard - Princess",
    "Standard - Reversed Royalty",
    "Standard - Brawns",
    "Standard - Double Royalty",
];

/// Turn starts measured: from the first turn after the opening to the last.
const TURNS: std::ops::Range<u64> = 8..40;

/// Past this many timelines a random game says little of real play.
const MAX_TIMELINES: usize = 8;

/// The classical values the fit is anchored to.
const ANCHORS: [(Kind, f64); 4] = [
    (Kind::Knight, 320.0),
    (Kind::Bishop, 330.0),
    (Kind::Rook, 500.0),
    (Kind::Queen, 900.0),
];

/// Pieces and moves counted for one kind.
#[derive(Clone, Copy, Default)]
struct Tally {
    pieces: u64,
    moves: u64,
}

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12u64);
    let mut tally = [Tally::default(); Kind::ALL.len()];
    let mut positions = 0;
    let spec: AgentSpec = "engine:depth=1".parse().expect("a spec");
    for name in VARIANTS {
        let start = Multiverse::from_position_text(&format!("[Board \"{name}\"]"))
            .expect("an official variant");
        for seed in 0..games {
            let mut engine =
                agents::build::<Multiverse, _>(spec.clone(), MultiverseEval, seed, Duration::ZERO)
                    .expect("the engine");
            let mut random = RandomAgent::new(seed);
            let mut game = start.clone();
            while game.turn_index() < TURNS.end
                && game.timelines().count() <= MAX_TIMELINES
                && game.to_act_bounded(100_000).outcome().is_none()
            {
                if TURNS.contains(&game.turn_index()) {
                    count(&game, &mut tally);
                    positions += 1;
                }
                let engine_moves = (game.turn_index() + seed) % 2 == 0;
                let turn = if engine_moves {
                    engine.choose_turn(&game)
                } else {
                    random.choose_turn(&game)
                };
                if turn.is_empty() {
                    break;
                }
                for d in turn {
                    game.apply(d);
                }
            }
        }
    }
    report(&tally, positions);
}

/// Adds the pieces of the side to move on its playable boards, and their moves.
fn count(game: &Multiverse, tally: &mut [Tally]) {
    for line in game.playable_lines() {
        let Some(board) = game.line(line).and_then(|t| t.board(t.end())) else {
            continue;
        };
        for (_, _, piece) in board.pieces() {
            if piece.white == game.white_to_move() {
                tally[index(piece.kind)].pieces += 1;
            }
        }
    }
    game.moves(|mv| {
        if let Some(piece) = game
            .board(mv.from.line, mv.from.v)
            .and_then(|b| b.get(mv.from.x, mv.from.y))
        {
            tally[index(piece.kind)].moves += 1;
        }
    });
}

fn index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

/// Prints each kind's mean mobility and fitted value.
fn report(tally: &[Tally], positions: u64) {
    let mobility = |kind: Kind| {
        let t = tally[index(kind)];
        (t.pieces > 0).then(|| t.moves as f64 / t.pieces as f64)
    };
    let points: Vec<(f64, f64)> = ANCHORS
        .iter()
        .filter_map(|&(kind, value)| mobility(kind).map(|m| (m, value)))
        .collect();
    let n = points.len() as f64;
    let mean_m = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_v = points.iter().map(|p| p.1).sum::<f64>() / n;
    let covariance: f64 = points.iter().map(|p| (p.0 - mean_m) * (p.1 - mean_v)).sum();
    let variance: f64 = points.iter().map(|p| (p.0 - mean_m).powi(2)).sum();
    let a = covariance / variance;
    let b = mean_v - a * mean_m;
    println!("positions: {positions}; fit: value = {a:.1} x mobility + {b:.1}");
    println!("kind\tpieces\tmoves per piece\tfitted value");
    for kind in Kind::ALL {
        if let Some(m) = mobility(kind) {
            let t = tally[index(kind)];
            println!("{kind:?}\t{}\t{m:.2}\t{:.0}", t.pieces, a * m + b);
        }
    }
}
