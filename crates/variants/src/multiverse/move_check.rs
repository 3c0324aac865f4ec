//! The exposed-royal test of the boards one move adds, without playing it into the
//! multiverse: `decisions()` uses it for every move, the action search for every value of a
//! playable axis (a move's board, a departure's, an arrival's), and then, for each candidate
//! action, only the lines that stopped at a missing board the action adds
//! ([`BoardThreats::reaches_added`]). A new board holds a subset of the opponent's pieces of
//! the board it copies, on the same squares.
//!
//! A new board B′ at (line, half-turn) Q changes nothing that exists. An opponent piece can
//! then take a royal piece in one of these ways:
//! - from B′ along a line that leaves the board (through time or timelines): such a line
//!   never comes back to B′, so whether it reaches a royal piece over existing boards depends
//!   only on the square it starts from. Computed once per board: [`BoardThreats::leaving`].
//! - from another board along a line that stopped, at the turn's start, at B′'s missing
//!   square: it now meets B′'s content there, and beyond B′ it crosses existing boards.
//!   Computed once per board: [`BoardThreats::entering`].
//! - inside B′: an ordinary attack on the board, looked for from each royal piece.
//! - a jump adds two boards, its departure and its arrival: a line can also cross from one to
//!   the other (from a piece on one, or through an empty square of one), which the lines that
//!   stopped at a missing board tell ([`BoardThreats::crosses`]).

use std::collections::HashMap;
use std::time::Instant;

use omnichess_core::geometry::Coord;

use super::attacks::{Attacks, Cell, Step};
use super::board::Board;
use super::piece::{Kind, Piece};
use super::state::{Decision5, Move5, Multiverse, Pos};

impl Multiverse {
    /// The legal moves that capture or promote: what the engine searches past its horizon.
    /// The same moves as among [`omnichess_core::Game::decisions`], the others left out
    /// before their legality is tested (and the opponent's attacks are not scanned at all
    /// when no move captures or promotes).
    pub fn tactical_decisions(&self, out: &mut Vec<Decision5>) {
        self.legal_moves(out, |mv| self.is_tactical(mv));
    }

    /// Whether `mv` (a move of the side to move) captures or promotes.
    #[must_use]
    pub fn is_tactical(&self, mv: Move5) -> bool {
        mv.promotion.is_some()
            || self
                .at(mv.to)
                .is_some_and(|p| p.white != self.white_to_move)
    }

    /// [`omnichess_core::Game::decisions`] until `deadline`: the listing stops at the first
    /// playable board it reaches at or past `deadline` once it holds a move, and `submit` is
    /// added when the turn may end, as in the full listing. So `out` holds the first moves of
    /// the full listing, in its order (board by board, lowest line first), each one legal,
    /// and is empty only when the full listing is. True when nothing was left out. For a
    /// search that must answer in time where a listing takes longer than its time (tens of
    /// milliseconds at hundreds of timelines).
    pub fn decisions_until(&self, out: &mut Vec<Decision5>, deadline: Instant) -> bool {
        let complete = self.listed_until(out, |_| true, &mut || Instant::now() >= deadline);
        if self.may_submit() {
            out.push(Decision5::Submit);
        }
        complete
    }

    /// Replaces `out` with the moves `keep` accepts that leave no royal piece of the mover
    /// open to capture (docs/rules/multiverse.md, R9): the boards a turn adds never change one
    /// that exists, so no later move of the turn could lift such an attack.
    pub(super) fn legal_moves(&self, out: &mut Vec<Decision5>, keep: impl Fn(Move5) -> bool) {
        self.listed_until(out, keep, &mut || false);
    }

    /// [`Multiverse::legal_moves`], asking `stop` before each playable board once `out` holds
    /// a move and leaving the rest out when it says so; true when nothing was left out.
    fn listed_until(
        &self,
        out: &mut Vec<Decision5>,
        keep: impl Fn(Move5) -> bool,
        stop: &mut dyn FnMut() -> bool,
    ) -> bool {
        out.clear();
        // Scanned at the first move kept.
        let mut attacks: Option<Attacks> = None;
        // Threats against each board a move could add: the departure board of the current
        // source line, and every arrival board met so far.
        let mut departure: Option<BoardThreats> = None;
        let mut arrivals: HashMap<(i32, i32), BoardThreats> = HashMap::new();
        let (width, height, mover) = (self.setup.width, self.setup.height, self.white_to_move);
        for line in self.playable_lines().collect::<Vec<_>>() {
            if !out.is_empty() && stop() {
                return false;
            }
            self.moves_from_board(line, &mut |mv| {
                if !keep(mv) {
                    return;
                }
                let attacks = attacks.get_or_insert_with(|| self.opponent_attacks());
                if attacks.at_start {
                    return;
                }
                let line = mv.from.line;
                let from = match &departure {
                    Some(t) if t.at.0 == line => t,
                    _ => departure.insert(self.board_threats(line, attacks)),
                };
                let Some(after) = self.departure(mv) else {
                    return;
                };
                if from.exposed(&after, mover, width, height) {
                    return;
                }
                if (mv.from.line, mv.from.v) != (mv.to.line, mv.to.v) {
                    let (Some(landed), Some(target)) =
                        (self.arrival(mv), self.board(mv.to.line, mv.to.v))
                    else {
                        return;
                    };
                    // Keyed by the target board: every branch lands on the same new line.
                    let to = arrivals
                        .entry((mv.to.line, mv.to.v))
                        .or_insert_with(|| self.threats_at(self.arrival_at(mv), target, attacks));
                    let illegal = to.exposed(&landed, mover, width, height)
                        || from.crosses(self, &after, to, &landed, mover)
                        || to.crosses(self, &landed, from, &after, mover);
                    if illegal {
                        return;
                    }
                }
                out.push(Decision5::Move(mv));
            });
        }
        true
    }
}

/// What an opponent piece could reach from a board a move adds.
pub(super) struct BoardThreats {
    /// Where the board is added: (line, half-turn).
    pub(super) at: (i32, i32),
    /// Squares (bit y·8 + x) where an opponent piece of the board, standing on it, has a line
    /// leaving the board that ends on a royal piece.
    leaving: u64,
    /// Lines from other boards that enter the board: the square they enter and whether,
    /// that square being empty, they go on to a royal piece.
    entering: Vec<(i32, i32, bool)>,
    /// Lines leaving the board that stopped at another missing board: the square (bit) of the
    /// piece, the missing square reached, the direction, and whether the piece slides on.
    leaving_holes: Vec<(u8, Pos, Coord<4>, bool)>,
    /// Lines from other boards that, through the board's empty square (x, y), stopped at
    /// another missing board: (x, y), the missing square reached, the direction.
    entering_holes: Vec<(i32, i32, Pos, Coord<4>)>,
}

impl BoardThreats {
    /// Whether, with `after` added (alone), an opponent piece can take a royal piece of the
    /// mover (who is `mover_white`).
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
        entered || exposed_within(after, mover_white, width, height)
    }

    /// Whether, with `after` added here and `other_after` at `other`'s place (a jump's two
    /// boards), a line from this board, or through an empty square of it, crosses into the
    /// other board and reaches a royal piece of the mover.
    pub(super) fn crosses(
        &self,
        game: &Multiverse,
        after: &Board,
        other: &BoardThreats,
        other_after: &Board,
        mover_white: bool,
    ) -> bool {
        let lands = |hole: Pos, dir: Coord<4>, slider: bool| match other_after.get(hole.x, hole.y) {
            Some(p) => p.white == mover_white && p.kind.royal(),
            None => slider && game.walk(hole, dir, !mover_white, true) == Walk::Royal,
        };
        let from_piece = self
            .leaving_holes
            .iter()
            .any(|&(square, hole, dir, slider)| {
                (hole.line, hole.v) == other.at
                    && after
                        .get(i32::from(square % 8), i32::from(square / 8))
                        .is_some_and(|p| p.white != mover_white)
                    && lands(hole, dir, slider)
            });
        from_piece
            || self.entering_holes.iter().any(|&(x, y, hole, dir)| {
                (hole.line, hole.v) == other.at
                    && after.get(x, y).is_none()
                    && lands(hole, dir, true)
            })
    }

    /// Keeps only the lines that stopped at a missing board `could_add` accepts (a board the
    /// turn could add); the others stay stopped whatever the turn does.
    pub(super) fn keep_holes(&mut self, could_add: impl Fn(Pos) -> bool) {
        self.leaving_holes
            .retain(|&(_, hole, _, _)| could_add(hole));
        self.entering_holes
            .retain(|&(_, _, hole, _)| could_add(hole));
    }

    /// With `after` added here and the turn's other boards added to `game`: whether a line
    /// that, at the turn's start, stopped at a missing board the turn has added now reaches a
    /// royal piece of the mover (`mover_white`) — a line from a piece of `after`, or one from
    /// another board through an empty square of `after`. The other lines from or through
    /// this board cross existing boards only, and [`BoardThreats::exposed`] tells them. If
    /// so, `cells` holds the line's squares on `after` and from the added board on, with
    /// their contents (the boards between exist and do not change).
    pub(super) fn reaches_added(
        &self,
        game: &Multiverse,
        after: &Board,
        mover_white: bool,
        cells: &mut Vec<Cell>,
    ) -> bool {
        let (line, v) = self.at;
        let on_added = |hole: Pos, dir: Coord<4>, slider: bool, cells: &mut Vec<Cell>| {
            let Some(added) = game.board(hole.line, hole.v) else {
                return false;
            };
            let content = added.get(hole.x, hole.y);
            cells.push((hole, content));
            match content {
                Some(p) => p.white == mover_white && p.kind.royal(),
                None => slider && game.ray_reaches_royal(hole, dir, !mover_white, true, cells),
            }
        };
        let from_piece = self
            .leaving_holes
            .iter()
            .any(|&(square, hole, dir, slider)| {
                let (x, y) = (i32::from(square % 8), i32::from(square / 8));
                let Some(piece) = after.get(x, y).filter(|p| p.white != mover_white) else {
                    return false;
                };
                cells.clear();
                cells.push((Pos { line, v, x, y }, Some(piece)));
                on_added(hole, dir, slider, cells)
            });
        from_piece
            || self.entering_holes.iter().any(|&(x, y, hole, dir)| {
                if after.get(x, y).is_some() {
                    return false;
                }
                cells.clear();
                cells.push((Pos { line, v, x, y }, None));
                on_added(hole, dir, true, cells)
            })
    }
}

/// Where a line from a square ends, over existing boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Walk {
    /// On a royal piece of the other side.
    Royal,
    /// On another piece, off the board's edge, or after one step of a piece that does not
    /// slide.
    Blocked,
    /// At a square of a board that does not exist.
    Hole(Pos),
}

impl Multiverse {
    /// The threats against the successor of the playable board of `line`, given the
    /// opponent's attacks at the turn's start (for the lines that stopped at missing boards).
    pub(super) fn board_threats(&self, line: i32, attacks: &Attacks) -> BoardThreats {
        let v = self.line(line).map_or(0, super::timeline::Timeline::end);
        let source = self.board(line, v).copied().unwrap_or_default();
        self.threats_at((line, v + 1), &source, attacks)
    }

    /// The threats against a board added at `at` (line, half-turn) holding the opponent's
    /// pieces of `source`.
    pub(super) fn threats_at(
        &self,
        at: (i32, i32),
        source: &Board,
        attacks: &Attacks,
    ) -> BoardThreats {
        let by_white = !self.white_to_move;
        let (line, v) = at;
        let mut threats = BoardThreats {
            at,
            leaving: 0,
            entering: Vec::new(),
            leaving_holes: Vec::new(),
            entering_holes: Vec::new(),
        };
        for (x, y, piece) in source.pieces() {
            if piece.white != by_white {
                continue;
            }
            let from = Pos { line, v, x, y };
            let square = (y * 8 + x) as u8;
            self.for_each_line(piece, false, &mut |dir, slider| {
                let [_, _, dt, dl] = dir.components();
                if dt != 0 || dl != 0 {
                    match self.walk(from, dir, by_white, slider) {
                        Walk::Royal => threats.leaving |= 1 << square,
                        Walk::Hole(hole) => threats.leaving_holes.push((square, hole, dir, slider)),
                        Walk::Blocked => {}
                    }
                }
                false
            });
        }
        for s in attacks.stopped_at(at) {
            let slides = s.slider && !s.piece.kind.pawnlike();
            let walk = if slides {
                self.walk(s.at, s.dir, by_white, true)
            } else {
                Walk::Blocked
            };
            if let Walk::Hole(hole) = walk {
                threats.entering_holes.push((s.at.x, s.at.y, hole, s.dir));
            }
            threats.entering.push((s.at.x, s.at.y, walk == Walk::Royal));
        }
        threats
    }

    /// Follows a line of a piece of side `by_white` from `from` (not included) over existing
    /// squares.
    pub(super) fn walk(&self, from: Pos, dir: Coord<4>, by_white: bool, slider: bool) -> Walk {
        let mut at = from;
        loop {
            match self.step(at, dir) {
                Step::On(next) => match self.at(next) {
                    Some(p) if p.white != by_white && p.kind.royal() => return Walk::Royal,
                    Some(_) => return Walk::Blocked,
                    None if slider => at = next,
                    None => return Walk::Blocked,
                },
                Step::Hole(hole) => return Walk::Hole(hole),
                Step::Off => return Walk::Blocked,
            }
        }
    }
}

/// Whether an opponent piece of `after` can take a royal piece of the mover (`mover_white`)
/// with a move inside the board: wherever the board is added, the same attack is there.
pub(super) fn exposed_within(after: &Board, mover_white: bool, width: i32, height: i32) -> bool {
    after.pieces().any(|(x, y, p)| {
        p.white == mover_white
            && p.kind.royal()
            && attacked_on_board(after, x, y, !mover_white, width, height)
    })
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
    attacks_on_board(board, x, y, by_white, (width, height), &mut |_| true)
}

/// The squares (bit y·8 + x) where one more piece of the mover (`mover_white`), not a royal
/// one, leaves no royal piece of the mover open to a move inside `board`: every square when
/// none is open, else those that block or take every such attack. (A piece added never opens
/// a line: its square stays occupied.)
pub(super) fn rescue_squares(board: &Board, mover_white: bool, width: i32, height: i32) -> u64 {
    let mut rescue = !0;
    for (x, y, p) in board.pieces() {
        if p.white == mover_white && p.kind.royal() {
            attacks_on_board(board, x, y, !mover_white, (width, height), &mut |path| {
                rescue &= path;
                rescue == 0
            });
        }
    }
    rescue
}

/// Calls `each` with every move of a piece of side `by_white` inside `board` that takes on
/// (x, y), as the squares (bits y·8 + x) from the attacker's to the one before (x, y), until
/// `each` returns true; returns whether it did.
fn attacks_on_board(
    board: &Board,
    x: i32,
    y: i32,
    by_white: bool,
    (width, height): (i32, i32),
    each: &mut dyn FnMut(u64) -> bool,
) -> bool {
    let inside = |cx: i32, cy: i32| cx >= 0 && cy >= 0 && cx < width && cy < height;
    let enemy = |p: Piece| p.white == by_white;
    // A pawn or brawn of `by_white` takes diagonally forward, so it stands one rank behind.
    let pawn_rank = if by_white { -1 } else { 1 };
    for (dx, dy) in LINES {
        let diagonal = dx != 0 && dy != 0;
        let (mut cx, mut cy, mut distance, mut path) = (x + dx, y + dy, 1, 0u64);
        while inside(cx, cy) {
            path |= 1 << (cy * 8 + cx);
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
                    if (slides || steps) && each(path) {
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
        let (cx, cy) = (x + dx, y + dy);
        inside(cx, cy)
            && board
                .get(cx, cy)
                .is_some_and(|p| enemy(p) && p.kind == Kind::Knight)
            && each(1 << (cy * 8 + cx))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(list: &[(i32, i32)]) -> u64 {
        list.iter().fold(0, |m, &(x, y)| m | 1 << (y * 8 + x))
    }

    #[test]
    fn rescue_squares_block_or_take_every_attack_on_a_royal_piece() {
        let board = |fen: &str| Board::from_fen(fen, 8, 8).expect("a board");
        // No attack: anywhere.
        assert_eq!(
            rescue_squares(&board("4k3/8/8/8/8/8/8/4K3"), true, 8, 8),
            !0
        );
        // A rook on e8 gives check along the file: e2 to e8 block or take it.
        let file = squares(&[(4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6), (4, 7)]);
        assert_eq!(
            rescue_squares(&board("k3r3/8/8/8/8/8/8/4K3"), true, 8, 8),
            file
        );
        // A knight on d3 as well: only taking it answers both, and it is not on the file.
        assert_eq!(
            rescue_squares(&board("k3r3/8/8/8/8/3n4/8/4K3"), true, 8, 8),
            0
        );
        // A knight alone: its square.
        assert_eq!(
            rescue_squares(&board("k7/8/8/8/8/3n4/8/4K3"), true, 8, 8),
            squares(&[(3, 2)])
        );
    }
}
