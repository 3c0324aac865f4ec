//! QEC game records: PGN-like, with the start's links in a `[Links "…"]` tag and §12's
//! movetext: `1. b2-b4 [↔ b8N:b8-c6] e7-e5 2. …`, a capture that breaks a link marked `✖`, a
//! partner with no legal move written `[↔ h8R]`, and a reactive king step (§4) written
//! `[+ e8-e7]` (read by `record_reader.rs`). Draft picks (`e2~b8`) stand before the first move. A mapping drawn from a
//! seed also records the seed (`[LinkSeed "7"]`).

use cozy_chess::{Color, Move};
use omnichess_core::{Game, Outcome};

use super::state::{Phase, Qec, QecDecision};
use crate::common::fen::STANDARD_START;
use crate::common::pgn;

/// Writes a QEC game record.
pub(super) fn write(start: &Qec, decisions: &[QecDecision], outcome: Option<Outcome>) -> String {
    let result = outcome.map_or("*", |o| o.score_text());
    let position = start.text();
    let fields: Vec<&str> = position.split(' ').collect();
    let fen = fields[..6.min(fields.len())].join(" ");
    let mut extra = vec![("Variant", "Quantum Entanglement Chess".to_owned())];
    if fen != STANDARD_START {
        extra.push(("FEN", fen));
    }
    extra.push(("Links", (*fields.get(6).unwrap_or(&"-")).to_owned()));
    if let Some(seed) = start.seed() {
        extra.push(("LinkSeed", seed.to_string()));
    }
    if let Some(phase) = fields.get(7) {
        extra.push(("Phase", (*phase).to_owned()));
    }
    if let Some(o) = outcome {
        extra.extend(pgn::ending_tags(o));
    }
    let mut out = pgn::tags("omnichess QEC game", result, &extra);
    out.push('\n');
    let mut tokens = Vec::new();
    let mut game = start.clone();
    for &d in decisions {
        tokens.push(token(&mut game, d));
    }
    tokens.push(result.to_owned());
    out.push_str(&pgn::movetext(&tokens));
    out
}

/// Plays `d` and returns how the record writes it.
fn token(game: &mut Qec, d: QecDecision) -> String {
    let phase = game.phase();
    let (number, mover) = (game.now.fullmoves, game.now.mover);
    let text = game.notation(d);
    let links_before = *game.links();
    let board_before = game.board().clone();
    let mover_partner = match d {
        QecDecision::Move(mv) if phase == Phase::Move => moving_partner(game, mv),
        _ => None,
    };
    game.apply(d);
    // §12: `✖` when the piece taken was linked (a promotion's own freeing is not marked).
    let broke = match victim(&board_before, d) {
        Some(square) if links_before.partner(square).is_some() => "✖",
        _ => "",
    };
    let mark = format!("{text}{broke}");
    match phase {
        Phase::Draft => mark,
        Phase::Reply(square) => {
            let letter = piece_letter(&board_before, square);
            format!("[↔ {square}{letter}:{mark}]")
        }
        Phase::Reactive => format!("[+ {mark}]"),
        Phase::Move => {
            let prefix = match mover {
                Color::White => format!("{number}. "),
                Color::Black => format!("{number}... "),
            };
            // A linked piece moved but its partner had no legal move: §12's `[↔ h8R]`.
            let stayed = match (mover_partner, game.phase()) {
                (Some(p), ph) if ph != Phase::Reply(p) && game.links().partner(p).is_some() => {
                    format!(" [↔ {p}{}]", piece_letter(game.board(), p))
                }
                _ => String::new(),
            };
            format!("{prefix}{mark}{stayed}")
        }
    }
}

/// The partner of the piece a turn's move moves (the rook for castling), if linked.
fn moving_partner(game: &Qec, mv: Move) -> Option<cozy_chess::Square> {
    let b = game.board();
    let trigger = if b.colors(b.side_to_move()).has(mv.to) {
        mv.to
    } else {
        mv.from
    };
    game.links().partner(trigger).filter(|_| game.entangled())
}

/// The square of the piece `d` takes, if it takes one (en passant included).
fn victim(board: &cozy_chess::Board, d: QecDecision) -> Option<cozy_chess::Square> {
    let QecDecision::Move(mv) = d else {
        return None;
    };
    if board.colors(!board.side_to_move()).has(mv.to) {
        return Some(mv.to);
    }
    let pawn = board.piece_on(mv.from) == Some(cozy_chess::Piece::Pawn);
    (pawn && mv.from.file() != mv.to.file())
        .then(|| cozy_chess::Square::new(mv.to.file(), mv.from.rank()))
}

fn piece_letter(board: &cozy_chess::Board, square: cozy_chess::Square) -> char {
    board
        .piece_on(square)
        .map_or('?', |p| char::from(p).to_ascii_uppercase())
}
