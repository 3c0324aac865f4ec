//! Check tests for the action search, incremental: a turn's moves never change an existing
//! board, they only add boards (each a successor with the opponent to move, or a new
//! timeline's first board). So the opponent's attacks after an action are those of the turn's
//! start (computed once), plus the attacks of pieces on the new boards, plus the rays and leaps
//! that stopped at the start on a square of a board that did not exist and that a new board now
//! provides.

use omnichess_core::geometry::Coord;

use super::board::Board;
use super::move_check::BoardThreats;
use super::movegen::{crosses_timelines, movement};
use super::piece::Piece;
use super::state::{Multiverse, Pos};

/// A square and what stands on it.
pub(super) type Cell = (Pos, Option<Piece>);

/// A ray or leap of an opponent piece that stopped at a board that did not exist.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stopped {
    /// The missing square it reached.
    pub(super) at: Pos,
    /// The piece.
    pub(super) piece: Piece,
    /// The direction of the line.
    pub(super) dir: Coord<4>,
    /// Whether the piece would go on along it (else it was a step or a leap).
    pub(super) slider: bool,
}

/// The opponent's attacks at the start of a turn.
pub(super) struct Attacks {
    /// Whether a royal piece of the mover can already be taken (then no action is legal).
    pub(super) at_start: bool,
    /// The stopped rays and leaps, sorted by the board (line, half-turn) they need.
    stopped: Vec<Stopped>,
}

impl Attacks {
    /// The stopped rays and leaps that need board (line, half-turn) `board`.
    pub(super) fn stopped_at(&self, board: (i32, i32)) -> &[Stopped] {
        let key = |s: &Stopped| (s.at.line, s.at.v);
        let start = self.stopped.partition_point(|s| key(s) < board);
        let end = self.stopped.partition_point(|s| key(s) <= board);
        &self.stopped[start..end]
    }
}

impl Multiverse {
    /// The opponent's attacks now (see the module docs).
    pub(super) fn opponent_attacks(&self) -> Attacks {
        let mut stopped = Vec::new();
        let at_start = self.scan_attacks(!self.white_to_move, Some(&mut stopped));
        // Stable: within a board the rays keep their scan order, which decides which check
        // the action search meets first (and so how much one cut removes).
        stopped.sort_by_key(|s| (s.at.line, s.at.v));
        Attacks { at_start, stopped }
    }

    /// Whether a piece of side `by_white`, on a last board where that side is to move, can
    /// take a royal piece of the other side.
    pub(super) fn royal_attacked(&self, by_white: bool) -> bool {
        self.scan_attacks(by_white, None)
    }

    /// Whether a turn starting now could add the board `at` is on: the successor of its
    /// line's last board, or any board of a timeline not yet made. (A turn adds at most one
    /// board to each existing line; rays into other missing boards never matter.)
    fn may_be_added(&self, at: Pos) -> bool {
        self.line(at.line).is_none_or(|t| at.v == t.end() + 1)
    }

    /// Follows the capture lines of side `by_white`'s pieces on the last boards where it is to
    /// move; returns whether one reaches a royal piece. With `holes`, every line that stops at
    /// a board that does not exist but that the turn could add is pushed there (and the scan
    /// goes on to the end).
    fn scan_attacks(&self, by_white: bool, mut holes: Option<&mut Vec<Stopped>>) -> bool {
        let mut royal = false;
        for (line, t) in self.timelines() {
            let v = t.end();
            if (v & 1 == 0) != by_white {
                continue;
            }
            let Some(board) = t.board(v) else { continue };
            for (x, y, piece) in board.pieces() {
                if piece.white != by_white {
                    continue;
                }
                if royal && holes.is_none() {
                    return true;
                }
                let from = Pos { line, v, x, y };
                self.attack_lines(from, piece, &mut |hit| match hit {
                    Reach::Royal => royal = true,
                    Reach::Hole(at, dir, slider) => {
                        if let Some(h) = holes.as_deref_mut().filter(|_| self.may_be_added(at)) {
                            h.push(Stopped {
                                at,
                                piece,
                                dir,
                                slider,
                            });
                        }
                    }
                });
            }
        }
        royal
    }

    /// Whether, after boards `new` (line, half-turn, axis) were added to the position
    /// `attacks` was taken from, an opponent piece can take a royal piece of the mover. If so,
    /// `cells` holds the squares of the new boards that make the attack (the attacker's when it
    /// stands on one, the empty squares it crosses, the royal piece's), each with its content:
    /// wherever the new boards give these squares the same contents, the same attack is there.
    /// `threats` holds the threats against the new board of each playable axis, by axis (the
    /// axes past them add new timelines): the search has cut every board exposed on its own.
    pub(super) fn royal_attack_on_new(
        &self,
        attacks: &Attacks,
        new: &[(i32, i32, usize)],
        threats: &[BoardThreats],
        cells: &mut Vec<Cell>,
    ) -> bool {
        let by_white = !self.white_to_move;
        for &(line, v, axis) in new {
            let Some(board) = self.board(line, v) else {
                continue;
            };
            // A playable board's successor: only the lines that stopped at a missing board
            // at the turn's start can meet another new board.
            let found = match threats.get(axis) {
                Some(t) => t.reaches_added(self, board, !by_white, cells),
                None => {
                    self.lines_to_added(board, line, v, by_white, cells)
                        || self.stopped_lines_reach_royal(attacks, (line, v), by_white, cells)
                }
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Whether a line of side `by_white` that stopped at the missing board `at` at the turn's
    /// start, now that it exists, takes a royal piece there or through it; if so, `cells`
    /// holds the line's squares from that board on as [`Multiverse::royal_attack_on_new`]
    /// says.
    fn stopped_lines_reach_royal(
        &self,
        attacks: &Attacks,
        at: (i32, i32),
        by_white: bool,
        cells: &mut Vec<Cell>,
    ) -> bool {
        attacks.stopped_at(at).iter().any(|s| {
            cells.clear();
            match self.at(s.at) {
                Some(p) => {
                    let royal = p.white != by_white && p.kind.royal();
                    if royal {
                        cells.push((s.at, Some(p)));
                    }
                    royal
                }
                None if s.slider && !s.piece.kind.pawnlike() => {
                    cells.push((s.at, None));
                    self.ray_reaches_royal(s.at, s.dir, by_white, true, cells)
                }
                None => false,
            }
        })
    }

    /// Whether a piece of side `by_white` on `board`, added at (`line`, `v`) on a new
    /// timeline, takes a royal piece along a line that leaves the timeline (the others cross
    /// no board: a new timeline has one, and the search has cut every board exposed within
    /// itself); if so, `cells` holds the line's squares as
    /// [`Multiverse::royal_attack_on_new`] says.
    fn lines_to_added(
        &self,
        board: &Board,
        line: i32,
        v: i32,
        by_white: bool,
        cells: &mut Vec<Cell>,
    ) -> bool {
        board.pieces().any(|(x, y, piece)| {
            if piece.white != by_white {
                return false;
            }
            let from = Pos { line, v, x, y };
            self.for_each_line(piece, true, &mut |dir, slider| {
                cells.clear();
                cells.push((from, Some(piece)));
                self.ray_reaches_royal(from, dir, piece.white, slider, cells)
            })
        })
    }

    /// Calls `each` with every capture direction of `piece` and whether it slides along it,
    /// until `each` returns true; returns whether it did. With `across`, only the directions
    /// that change timeline.
    /// Generic and inlined: the check test of the action search calls it for every piece of
    /// every new board, and through a `dyn` closure it cost half the counting time.
    #[inline]
    pub(super) fn for_each_line(
        &self,
        piece: Piece,
        across: bool,
        each: &mut impl FnMut(Coord<4>, bool) -> bool,
    ) -> bool {
        if piece.kind.pawnlike() {
            return self
                .pawn_captures(piece)
                .filter(|&d| !across || crosses_timelines(d))
                .any(|d| each(d, false));
        }
        let (sets, slider) = movement(piece.kind, across);
        sets.iter()
            .any(|set| set.as_slice().iter().any(|&d| each(d, slider)))
    }

    /// Follows a capture line of a piece of side `white` from `from` (not included) over
    /// existing squares, pushing each square crossed onto `cells`; returns whether it ends on
    /// a royal piece of the other side (pushed too).
    #[inline]
    pub(super) fn ray_reaches_royal(
        &self,
        from: Pos,
        dir: Coord<4>,
        white: bool,
        slider: bool,
        cells: &mut Vec<Cell>,
    ) -> bool {
        let mut at = from;
        while let Step::On(next) = self.step(at, dir) {
            let content = self.at(next);
            cells.push((next, content));
            match content {
                Some(p) => return p.white != white && p.kind.royal(),
                None if slider => at = next,
                None => return false,
            }
        }
        false
    }

    /// Every capture line of an opponent piece: calls `each` with `Royal` when it reaches a
    /// royal piece of the other side, and with `Hole` where it reaches a board that does not
    /// exist (a square of a timeline's future or of a timeline not yet made).
    fn attack_lines(&self, from: Pos, piece: Piece, each: &mut dyn FnMut(Reach)) {
        self.for_each_line(piece, false, &mut |d, slider| {
            let mut at = from;
            loop {
                match self.step(at, d) {
                    Step::On(next) => match self.at(next) {
                        Some(p) => {
                            if p.white != piece.white && p.kind.royal() {
                                each(Reach::Royal);
                            }
                            break;
                        }
                        None if slider => at = next,
                        None => break,
                    },
                    Step::Hole(next) => {
                        each(Reach::Hole(next, d, slider));
                        break;
                    }
                    Step::Off => break,
                }
            }
            false
        });
    }

    /// One step: onto an existing square, into a missing board, or off the board's edge.
    #[inline]
    pub(super) fn step(&self, from: Pos, d: Coord<4>) -> Step {
        let [dx, dy, dt, dl] = d.components();
        let to = Pos {
            x: from.x + dx,
            y: from.y + dy,
            v: from.v + 2 * dt,
            line: from.line + dl,
        };
        let s = &self.setup;
        if to.x < 0 || to.x >= s.width || to.y < 0 || to.y >= s.height {
            Step::Off
        } else if self.board(to.line, to.v).is_some() {
            Step::On(to)
        } else {
            Step::Hole(to)
        }
    }
}

/// Where a capture line ends.
enum Reach {
    Royal,
    Hole(Pos, Coord<4>, bool),
}

/// The result of one step.
pub(super) enum Step {
    /// A square of an existing board.
    On(Pos),
    /// A square of a board that does not exist.
    Hole(Pos),
    /// Off the edge of the board.
    Off,
}
