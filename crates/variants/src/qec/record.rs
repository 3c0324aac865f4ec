//! QEC game records: PGN-like, with the start's links in a `[Links "…"]` tag and §12's
//! movetext: `1. b2-b4 [↔ b8N:b8-c6] e7-e5 2. …`, a capture that breaks a link marked `✖`, a
//! partner with no legal move written `[↔ h8R]`, and a reactive king step (§4) written
//! `[+ e8-e7]`. Draft picks (`e2~b8`) stand before the first move. A mapping drawn from a
//! seed also records the seed (`[LinkSeed "7"]`).

use cozy_chess::{Color, Move};
use omnichess_core::{Game, GameRecord, Outcome, RecordError, RecordedDecision};

use super::state::{Phase, Qec, QecDecision};
use crate::common::fen::STANDARD_START;
use crate::common::pgn;

/// Reads the first game of a QEC record.
pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let mut record = GameRecord::default();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let fail = |line, message: String| RecordError { line, message };
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '{' => loop {
                match chars.next() {
                    Some('}') => break,
                    Some('\n') => line += 1,
                    Some(_) => {}
                    None => return Err(fail(line, "comment `{` is never closed".into())),
                }
            },
            ';' => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '[' => {
                let mut inside = String::new();
                loop {
                    match chars.next() {
                        Some(']') => break,
                        Some('\n') | None => {
                            return Err(fail(line, "`[` is not closed on its line".into()));
                        }
                        Some(c) => inside.push(c),
                    }
                }
                let inside = inside.trim();
                if let Some(rest) = inside.strip_prefix('↔') {
                    // [↔ h8R:h8-h7] — the forced reply; [↔ h8R] — none was possible.
                    if let Some((_, mv)) = rest.split_once(':') {
                        record.decisions.push(RecordedDecision {
                            text: mv.trim().into(),
                            line,
                        });
                    }
                } else if let Some(step) = inside.strip_prefix('+') {
                    record.decisions.push(RecordedDecision {
                        text: step.trim().into(),
                        line,
                    });
                } else if let Some((name, value)) = inside.split_once(' ') {
                    if !record.decisions.is_empty() {
                        break; // the next game's tags
                    }
                    record
                        .tags
                        .push((name.into(), value.trim().trim_matches('"').into()));
                } else {
                    return Err(fail(
                        line,
                        format!("`[{inside}]` is neither a tag nor a reply"),
                    ));
                }
            }
            _ => {
                let mut token = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "{};[".contains(n) {
                        break;
                    }
                    token.push(n);
                    chars.next();
                }
                if ["1-0", "0-1", "1/2-1/2", "0-0", "*"].contains(&token.as_str()) {
                    record.result = Some(token);
                    break;
                }
                let mv = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if !mv.is_empty() {
                    record.decisions.push(RecordedDecision {
                        text: mv.to_owned(),
                        line,
                    });
                }
            }
        }
    }
    let fen = record.tag("FEN").unwrap_or(STANDARD_START).to_owned();
    let links = record.tag("Links").unwrap_or("files").to_owned();
    let phase = record
        .tag("Phase")
        .map(|p| format!(" {p}"))
        .unwrap_or_default();
    record.start = Some(format!("{fen} {links}{phase}"));
    Ok(record)
}

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
        extra.push(("Termination", o.reason.to_owned()));
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
    let links_before = game.links().len();
    let board_before = game.board().clone();
    let mover_partner = match d {
        QecDecision::Move(mv) if phase == Phase::Move => moving_partner(game, mv),
        _ => None,
    };
    game.apply(d);
    let broke = if links_before > game.links().len() && is_capture(&board_before, d) {
        "✖"
    } else {
        ""
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

fn is_capture(board: &cozy_chess::Board, d: QecDecision) -> bool {
    match d {
        QecDecision::Move(mv) => {
            let theirs = board.colors(!board.side_to_move());
            theirs.has(mv.to)
                || (board.piece_on(mv.from) == Some(cozy_chess::Piece::Pawn)
                    && mv.from.file() != mv.to.file())
        }
        QecDecision::Link { .. } => false,
    }
}

fn piece_letter(board: &cozy_chess::Board, square: cozy_chess::Square) -> char {
    board
        .piece_on(square)
        .map_or('?', |p| char::from(p).to_ascii_uppercase())
}
