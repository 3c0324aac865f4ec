//! The toy's position text: the ranks from the sixth down, `/` between them, a digit for a
//! run of empty squares, white upper case and black lower case, then `w` or `b` for the player
//! to move: `rnqknr/pppppp/6/6/PPPPPP/RNQKNR w`.

use omnichess_core::{Player, PositionError, PositionErrorKind};

use super::state::{Board, Kind, Piece, SIZE, SQUARES, Toy};

/// The standard start.
pub const START: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w";

/// Reads a position; each side must have one king, and no pawn may stand on a first or last
/// rank.
pub fn read(text: &str) -> Result<Toy, PositionError> {
    let mut words = text.split_whitespace();
    let (Some(ranks), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(PositionError::syntax(
            "a toy position is the ranks and `w` or `b`, like `rnqknr/pppppp/6/6/PPPPPP/RNQKNR w`",
        ));
    };
    let mover = match side {
        "w" => Player::White,
        "b" => Player::Black,
        other => {
            return Err(PositionError::syntax(format!(
                "the player to move is `w` or `b`, not `{other}`"
            )));
        }
    };
    let rows: Vec<&str> = ranks.split('/').collect();
    if rows.len() != SIZE {
        return Err(PositionError::new(
            PositionErrorKind::Board,
            format!("{} ranks, not {SIZE}", rows.len()),
        ));
    }
    let mut board: Board = [None; SQUARES];
    for (i, row) in rows.iter().enumerate() {
        let rank = SIZE - 1 - i;
        let mut file = 0;
        for c in row.chars() {
            if let Some(run) = c.to_digit(10) {
                file += run as usize;
                continue;
            }
            let kind = Kind::of_letter(c.to_ascii_uppercase()).ok_or_else(|| {
                PositionError::syntax(format!("`{c}` is not a piece (K Q R N P)"))
            })?;
            if file >= SIZE {
                return Err(PositionError::new(
                    PositionErrorKind::Board,
                    format!("rank `{row}` does not describe {SIZE} squares"),
                ));
            }
            if kind == Kind::Pawn && (rank == 0 || rank == SIZE - 1) {
                return Err(PositionError::new(
                    PositionErrorKind::PawnOnBackRank,
                    format!("a pawn stands on rank {}", rank + 1),
                ));
            }
            let player = if c.is_ascii_uppercase() {
                Player::White
            } else {
                Player::Black
            };
            board[rank * SIZE + file] = Some(Piece { player, kind });
            file += 1;
        }
        if file != SIZE {
            return Err(PositionError::new(
                PositionErrorKind::Board,
                format!("rank `{row}` does not describe {SIZE} squares"),
            ));
        }
    }
    for player in Player::BOTH {
        let kings = board
            .iter()
            .filter(|&&p| {
                p == Some(Piece {
                    player,
                    kind: Kind::King,
                })
            })
            .count();
        if kings != 1 {
            let kind = if kings == 0 {
                PositionErrorKind::MissingKing
            } else {
                PositionErrorKind::TooManyKings
            };
            return Err(PositionError::new(
                kind,
                format!("{kings} kings of one side, not 1"),
            ));
        }
    }
    Ok(Toy::new(board, mover))
}

/// Writes a position.
pub fn write(game: &Toy) -> String {
    let mut ranks = Vec::new();
    for rank in (0..SIZE).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..SIZE {
            match game.piece(rank * SIZE + file) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = p.kind.letter();
                    row.push(if p.player == Player::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    let side = if game.mover() == Player::White {
        "w"
    } else {
        "b"
    };
    format!("{} {side}", ranks.join("/"))
}
