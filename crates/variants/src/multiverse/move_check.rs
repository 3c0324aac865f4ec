//! The exposed-royal test of one board added after a playable board, without playing it into
//! the multiverse: `decisions()` uses it for moves that stay on their board, the action search
//! for every value of a playable axis (a move's board, a departure's, an arrival's). Each such
//! board holds a subset of the opponent's pieces of the board before it, on the same squares.
//!
//! A physical move on board B (line, half-turn v) appends B′ at (line, v + 1) and changes
//! nothing else. An opponent piece can then take a royal piece in one of three ways:
//! - from B′ along a line that leaves the board (through time or timelines): such a line
//!   never comes back to B′, so whether it reaches a royal piece depends only on the square it
//!   starts from, the same for every move from B (the opponent's pieces on B′ are B's, less
//!   a captured one). Computed once per board: [`BoardThreats::leaving`].
//! - from another board along a line that stopped, at the turn's start, at B′'s missing
//!   square: it now meets B′'s content there, and beyond B′ it crosses existing boards only.
//!   Computed once per board: [`BoardThreats::entering`].
//! - inside B′: an ordinary attack on the board, looked for from each royal piece.

use super::board::Board;
use super::piece::{Kind, Piece};
use super::state::{Multiverse, Pos};

/// What an opponent piece could reach from the successor of one playable board.
pub(super) struct BoardThreats {
    /// The timeline of the board.
    pub(super) line: i32,
    /// Squares (bit y·8 + x) where an opponent piece of the board, standing on the successor,
    /// has a line leaving the board that ends on a royal piece.
    leaving: u64,
    /// Lines from other boards that enter the successor: the square they enter and whether,
    /// that square being empty, they go on to a royal piece.
    entering: Vec<(i32, i32, bool)>,
}

impl BoardThreats {
    /// Whether, with `after` added as the board's successor (alone), an opponent piece can
    /// take a royal piece of the mover (who is `mover_white`).
    pub(super) fn exposed(
        &self,
        after: &Board,
        mover_white: bool,
        width: i32,
        height: i32,
    ) -> bool {
        let mut leaving = self.leaving;
        while leaving != 0 {
            let i = leaving.trailing_zeros() as i32;
            leaving &= leaving - 1;
            if after
                .get(i % 8, i / 8)
                .is_some_and(|p| p.white != mover_white)
            {
                return true;
            }
        }
        let entered = self
            .entering
            .iter()
            .any(|&(x, y, goes_on)| match after.get(x, y) {
                Some(p) => p.white == mover_white && p.kind.royal(),
                None => goes_on,
            });
        entered
            || after.pieces().any(|(x, y, p)| {
                p.white == mover_white
                    && p.kind.royal()
                    && attacked_on_board(after, x, y, !mover_white, width, height)
            })
    }
}

impl Multiverse {
    /// The threats against the successor of the playable board of `line`, given the
    /// opponent's attacks at the turn's start (for the lines that stopped at missing boards).
    pub(super) fn board_threats(
        &self,
        line: i32,
        attacks: &super::attacks::Attacks,
    ) -> BoardThreats {
        let by_white = !self.white_to_move;
        let v = self.line(line).map_or(0, super::state::Timeline::end);
        let mut leaving = 0u64;
        let mut scratch = Vec::new();
        if let Some(board) = self.board(line, v) {
            for (x, y, piece) in board.pieces() {
                if piece.white != by_white {
                    continue;
                }
                let from = Pos {
                    line,
                    v: v + 1,
                    x,
                    y,
                };
                let reaches = self.for_each_line(piece, &mut |dir, slider| {
                    let [_, _, dt, dl] = dir.components();
                    (dt != 0 || dl != 0) && {
                        scratch.clear();
                        self.ray_reaches_royal(from, dir, by_white, slider, &mut scratch)
                    }
                });
                if reaches {
                    leaving |= 1 << (y * 8 + x);
                }
            }
        }
        let entering = attacks
            .stopped_at((line, v + 1))
            .iter()
            .map(|s| {
                let goes_on = s.slider && !s.piece.kind.pawnlike() && {
                    scratch.clear();
                    self.ray_reaches_royal(s.at, s.dir, by_white, true, &mut scratch)
                };
                (s.at.x, s.at.y, goes_on)
            })
            .collect();
        BoardThreats {
            line,
            leaving,
            entering,
        }
    }
}

/// Whether a piece of side `by_white` can take on (x, y) of `board` with a move inside the
/// board (looked for outward from the square: along the eight lines, then the knight's leaps).
pub(super) fn attacked_on_board(
    board: &Board,
    x: i32,
    y: i32,
    by_white: bool,
    width: i32,
    height: i32,
) -> bool {
    let inside = |cx: i32, cy: i32| cx >= 0 && cy >= 0 && cx < width && cy < height;
    let enemy = |p: Piece| p.white == by_white;
    // A pawn or brawn of `by_white` takes diagonally forward, so it stands one rank behind.
    let pawn_rank = if by_white { -1 } else { 1 };
    for (dx, dy) in LINES {
        let diagonal = dx != 0 && dy != 0;
        let (mut cx, mut cy, mut distance) = (x + dx, y + dy, 1);
        while inside(cx, cy) {
            if let Some(p) = board.get(cx, cy) {
                if enemy(p) {
                    let slides = match p.kind {
                        Kind::Queen | Kind::RoyalQueen | Kind::Princess => true,
                        Kind::Rook => !diagonal,
                        Kind::Bishop => diagonal,
                        _ => false,
                    };
                    let steps = distance == 1
                        && match p.kind {
                            Kind::King | Kind::CommonKing => true,
                            Kind::Pawn | Kind::Brawn => diagonal && dy == pawn_rank,
                            _ => false,
                        };
                    if slides || steps {
                        return true;
                    }
                }
                break;
            }
            cx += dx;
            cy += dy;
            distance += 1;
        }
    }
    KNIGHT_LEAPS.iter().any(|&(dx, dy)| {
        inside(x + dx, y + dy)
            && board
                .get(x + dx, y + dy)
                .is_some_and(|p| enemy(p) && p.kind == Kind::Knight)
    })
}

/// The eight lines on a board.
const LINES: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The knight's leaps on a board.
const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
