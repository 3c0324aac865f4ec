//! The toy's moves, with core's geometry: rays for the queen and the rook, leaps for the king
//! and the knight, and the pawns' steps; a move is legal when it leaves the mover's king
//! unattacked.

use omnichess_core::Player;
use omnichess_core::geometry::{Bounds, Coord, DirectionSet, leaps, ray};

use super::state::{Board, Kind, Move, Piece, SIZE};

const BOUNDS: Bounds<2> = Bounds::from_size([SIZE as i32, SIZE as i32]);
const ORTHOGONAL: DirectionSet<2> = DirectionSet::orthogonal();
const ALL: DirectionSet<2> = DirectionSet::all();
const KNIGHT: DirectionSet<2> = DirectionSet::knight();
const PROMOTIONS: [Kind; 3] = [Kind::Queen, Kind::Rook, Kind::Knight];

fn coord(square: usize) -> Coord<2> {
    Coord::new([(square % SIZE) as i32, (square / SIZE) as i32])
}

fn square(c: Coord<2>) -> usize {
    c[1] as usize * SIZE + c[0] as usize
}

/// The rank a player's pawns move towards, as a step.
fn forward(player: Player) -> i32 {
    if player == Player::White { 1 } else { -1 }
}

/// The squares a piece on `from` attacks (for a pawn: its two diagonals forward).
fn attacks(board: &Board, from: usize, piece: Piece, out: &mut Vec<usize>) {
    let at = coord(from);
    let riders = match piece.kind {
        Kind::Queen => &ALL,
        Kind::Rook => &ORTHOGONAL,
        Kind::King => {
            out.extend(leaps(&BOUNDS, at, &ALL).map(square));
            return;
        }
        Kind::Knight => {
            out.extend(leaps(&BOUNDS, at, &KNIGHT).map(square));
            return;
        }
        Kind::Pawn => {
            let ahead = forward(piece.player);
            for side in [-1, 1] {
                let to = at + Coord::new([side, ahead]);
                if BOUNDS.contains(to) {
                    out.push(square(to));
                }
            }
            return;
        }
    };
    for &direction in riders {
        for to in ray(&BOUNDS, at, direction) {
            out.push(square(to));
            if board[square(to)].is_some() {
                break;
            }
        }
    }
}

/// Whether `player`'s king stands attacked (a board without that king is never in check).
pub fn in_check(board: &Board, player: Player) -> bool {
    let king = Some(Piece {
        player,
        kind: Kind::King,
    });
    let Some(target) = board.iter().position(|&p| p == king) else {
        return false;
    };
    let mut targets = Vec::new();
    board.iter().enumerate().any(|(from, &piece)| {
        piece.is_some_and(|p| {
            p.player != player && {
                targets.clear();
                attacks(board, from, p, &mut targets);
                targets.contains(&target)
            }
        })
    })
}

/// The moves of `player`'s pieces by their movement alone, square by square from a1.
fn pseudo_moves(board: &Board, player: Player, out: &mut Vec<Move>) {
    let mut targets = Vec::new();
    for (from, &piece) in board.iter().enumerate() {
        let Some(piece) = piece.filter(|p| p.player == player) else {
            continue;
        };
        targets.clear();
        if piece.kind == Kind::Pawn {
            let ahead = coord(from) + Coord::new([0, forward(player)]);
            if BOUNDS.contains(ahead) && board[square(ahead)].is_none() {
                targets.push(square(ahead));
            }
            let mut takes = Vec::new();
            attacks(board, from, piece, &mut takes);
            targets.extend(
                takes
                    .into_iter()
                    .filter(|&to| board[to].is_some_and(|p| p.player != player)),
            );
        } else {
            attacks(board, from, piece, &mut targets);
            targets.retain(|&to| board[to].is_none_or(|p| p.player != player));
        }
        for &to in &targets {
            let last_rank = to / SIZE == if player == Player::White { SIZE - 1 } else { 0 };
            let m = |promotion| Move {
                from: from as u8,
                to: to as u8,
                promotion,
            };
            if piece.kind == Kind::Pawn && last_rank {
                out.extend(PROMOTIONS.map(|k| m(Some(k))));
            } else {
                out.push(m(None));
            }
        }
    }
}

/// The legal moves of `player`: those after which their king is not attacked.
pub fn legal_moves(board: &Board, player: Player, out: &mut Vec<Move>) {
    pseudo_moves(board, player, out);
    out.retain(|m| {
        let mut after = *board;
        let moving = after[usize::from(m.from)].take();
        after[usize::from(m.to)] = moving.map(|p| Piece {
            kind: m.promotion.unwrap_or(p.kind),
            ..p
        });
        !in_check(&after, player)
    });
}
