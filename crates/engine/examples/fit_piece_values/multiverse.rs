//! 5D Chess: games from the Standard position with random material odds, and each kind's
//! balance as the evaluation counts material.

use omnichess_variants::multiverse::{Board, Kind, Multiverse, Piece};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::{KINDS, Row, WEIGHTS};

/// The fairy kinds an officer may be replaced by.
const FAIRIES: [Kind; 4] = [
    Kind::Unicorn,
    Kind::Dragon,
    Kind::Princess,
    Kind::CommonKing,
];

/// The Standard start with a random imbalance on each side: with probability ½ an officer
/// (knight, bishop, rook or queen) removed, with probability ½ an officer replaced by a
/// fairy piece, 0–2 pawns removed, and with probability ¼ every pawn a brawn.
pub fn odds_start(rng: &mut StdRng) -> Multiverse {
    let standard = Multiverse::from_text("[Board \"Standard\"]").expect("the Standard start");
    let mut board = *standard
        .line(0)
        .and_then(|t| t.board(t.end()))
        .expect("the first board");
    for white in [true, false] {
        let mine = |board: &Board, pred: &dyn Fn(Kind) -> bool| -> Vec<(i32, i32)> {
            board
                .pieces()
                .filter(|(_, _, p)| p.white == white && pred(p.kind))
                .map(|(x, y, _)| (x, y))
                .collect()
        };
        let officer = |k: Kind| matches!(k, Kind::Knight | Kind::Bishop | Kind::Rook | Kind::Queen);
        if rng.gen_bool(0.5)
            && let Some(&(x, y)) = mine(&board, &officer).choose(rng)
        {
            board.set(x, y, None);
        }
        if rng.gen_bool(0.5)
            && let Some(&(x, y)) = mine(&board, &officer).choose(rng)
        {
            let kind = *FAIRIES.choose(rng).expect("fairy kinds");
            board.set(
                x,
                y,
                Some(Piece {
                    kind,
                    white,
                    unmoved: false,
                }),
            );
        }
        let mut pawns = mine(&board, &|k| k == Kind::Pawn);
        pawns.shuffle(rng);
        for &(x, y) in pawns.iter().take(rng.gen_range(0..=2)) {
            board.set(x, y, None);
        }
        if rng.gen_bool(0.25) {
            for (x, y) in mine(&board, &|k| k == Kind::Pawn) {
                board.set(
                    x,
                    y,
                    Some(Piece {
                        kind: Kind::Brawn,
                        white,
                        unmoved: true,
                    }),
                );
            }
        }
    }
    let text = format!("[Size \"8x8\"]\n[{}:0:1:w]", board.fen(8, 8));
    Multiverse::from_text(&text).expect("an odds start")
}

/// Each kind's balance (White's count minus Black's on each timeline's last board, averaged
/// with an active timeline weighing twice an inactive one), then 1 (the intercept) and ±1
/// (White or Black to move).
pub fn balances(game: &Multiverse) -> Row {
    let mut row = [0.0; WEIGHTS];
    let mut weights = 0.0;
    for (line, timeline) in game.timelines() {
        let Some(board) = timeline.board(timeline.end()) else {
            continue;
        };
        let weight = if game.active(line) { 2.0 } else { 1.0 };
        weights += weight;
        for (_, _, p) in board.pieces() {
            if let Some(i) = KINDS.iter().position(|&k| k == p.kind) {
                row[i] += if p.white { weight } else { -weight };
            }
        }
    }
    if weights > 0.0 {
        for b in &mut row[..KINDS.len()] {
            *b /= weights;
        }
    }
    row[super::SLOTS] = 1.0;
    row[super::SLOTS + 1] = if game.white_to_move() { 1.0 } else { -1.0 };
    row
}
