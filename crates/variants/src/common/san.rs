//! The pieces of SAN and UCI move text that classic chess, QEC and Die Chess share: SAN taken
//! apart before it is matched against the legal moves, UCI squares read, the disambiguation
//! and target SAN writes, and the square a castling move lands on.

use cozy_chess::{File, Move, Piece, Square};

/// A SAN move taken apart, before it is matched against the legal moves.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum SanShape {
    /// `O-O` (`long: false`) or `O-O-O`.
    Castle { long: bool },
    /// Any other move: the moving piece, the disambiguation given, the target, the promotion.
    Normal {
        piece: Piece,
        from_file: Option<File>,
        from_rank: Option<cozy_chess::Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// The end of a SAN move: `x` for a capture, the target square, `=Q` for a promotion.
pub(crate) fn push_target(text: &mut String, capture: bool, mv: Move) {
    if capture {
        text.push('x');
    }
    text.push_str(&mv.to.to_string());
    if let Some(p) = mv.promotion {
        text.push('=');
        text.push(char::from(p).to_ascii_uppercase());
    }
}

/// The square a cozy-chess move lands on as written: for castling (the king taking its own
/// rook) the king's two-square step, the move's target otherwise.
pub(crate) fn landing(board: &cozy_chess::Board, mv: Move) -> Square {
    if board.colors(board.side_to_move()).has(mv.to) {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        Square::new(file, mv.from.rank())
    } else {
        mv.to
    }
}

/// The disambiguation SAN writes for a move from `from` when `rivals` (the other squares a
/// piece of the same kind could come from to the same target) exist: nothing, the file, the
/// rank, or the whole square (also Die Chess's SAN).
pub(crate) fn disambiguation(from: Square, rivals: impl IntoIterator<Item = Square>) -> String {
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for r in rivals {
        any = true;
        same_file |= r.file() == from.file();
        same_rank |= r.rank() == from.rank();
    }
    match (any, same_file, same_rank) {
        (false, _, _) => String::new(),
        (true, false, _) => char::from(from.file()).to_string(),
        (true, true, false) => char::from(from.rank()).to_string(),
        (true, true, true) => from.to_string(),
    }
}

/// `e2e4` / `e7e8q` (promotion letter in either case).
pub(crate) fn parse_uci(text: &str) -> Option<(Square, Square, Option<Piece>)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from = text[0..2].parse().ok()?;
    let to = text[2..4].parse().ok()?;
    let promotion = match text.get(4..5) {
        Some(p) => Some(promotion_piece(p.chars().next()?.to_ascii_lowercase())?),
        None => None,
    };
    Some((from, to, promotion))
}

fn promotion_piece(c: char) -> Option<Piece> {
    match c {
        'n' => Some(Piece::Knight),
        'b' => Some(Piece::Bishop),
        'r' => Some(Piece::Rook),
        'q' => Some(Piece::Queen),
        _ => None,
    }
}

/// Takes SAN apart, ignoring check marks and annotation glyphs (`+`, `#`, `!`, `?`).
pub(crate) fn parse_san(text: &str) -> Option<SanShape> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    match core {
        "O-O" | "0-0" => return Some(SanShape::Castle { long: false }),
        "O-O-O" | "0-0-0" => return Some(SanShape::Castle { long: true }),
        _ => {}
    }
    if !core.is_ascii() || core.len() < 2 {
        return None;
    }
    let (piece, rest) = match core.as_bytes()[0] {
        b'N' => (Piece::Knight, &core[1..]),
        b'B' => (Piece::Bishop, &core[1..]),
        b'R' => (Piece::Rook, &core[1..]),
        b'Q' => (Piece::Queen, &core[1..]),
        b'K' => (Piece::King, &core[1..]),
        _ => (Piece::Pawn, core),
    };
    let (rest, promotion) = match rest.rsplit_once('=') {
        Some((body, p)) if p.len() == 1 => (
            body,
            Some(promotion_piece(p.chars().next()?.to_ascii_lowercase())?),
        ),
        Some(_) => return None,
        None => match rest.chars().last() {
            Some(c @ ('N' | 'B' | 'R' | 'Q')) if piece == Piece::Pawn => (
                &rest[..rest.len() - 1],
                promotion_piece(c.to_ascii_lowercase()),
            ),
            _ => (rest, None),
        },
    };
    if rest.len() < 2 {
        return None;
    }
    let to: Square = rest[rest.len() - 2..].parse().ok()?;
    let mut prefix = &rest[..rest.len() - 2];
    prefix = prefix.strip_suffix('x').unwrap_or(prefix);
    let mut from_file = None;
    let mut from_rank = None;
    for c in prefix.chars() {
        if let Ok(f) = File::try_from(c) {
            if from_file.replace(f).is_some() {
                return None;
            }
        } else if let Ok(r) = cozy_chess::Rank::try_from(c) {
            if from_rank.replace(r).is_some() {
                return None;
            }
        } else {
            return None;
        }
    }
    Some(SanShape::Normal {
        piece,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_shapes_are_taken_apart() {
        assert_eq!(parse_san("O-O-O+"), Some(SanShape::Castle { long: true }));
        assert_eq!(
            parse_san("Nbd2"),
            Some(SanShape::Normal {
                piece: Piece::Knight,
                from_file: Some(File::B),
                from_rank: None,
                to: Square::D2,
                promotion: None
            })
        );
        assert_eq!(
            parse_san("exd8=Q#"),
            Some(SanShape::Normal {
                piece: Piece::Pawn,
                from_file: Some(File::E),
                from_rank: None,
                to: Square::D8,
                promotion: Some(Piece::Queen)
            })
        );
        for bad in ["", "x", "Nz9", "e9", "Ke1e2e3", "e8=K", "Pe4"] {
            assert_eq!(parse_san(bad), None, "{bad}");
        }
    }
}
