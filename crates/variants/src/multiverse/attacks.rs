//! Check tests for the action search, incremental: a turn's moves never change an existing
//! board, they only add boards (each a successor with the opponent to move, or a new
//! timeline's first board). So the opponent's attacks after an action are those of the turn's
//! start (computed once), plus the attacks of pieces on the new boards, plus the rays and leaps
//! that stopped at the start on a square of a board that did not exist and that a new board now
//! provides.

use std::collections::HashMap;

use omnichess_core::geometry::Coord;

use super::piece::Piece;
use super::state::{Multiverse, Pos};

/// A ray or leap of an opponent piece that stopped at a board that did not exist.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stopped {
    /// The missing square it reached.
    at: Pos,
    /// The piece and its direction; `slider` when it would go on.
    piece: Piece,
    dir: Coord<4>,
    slider: bool,
}

/// The opponent's attacks at the start of a turn.
pub(super) struct Attacks {
    /// Whether a royal piece of the mover can already be taken (then no action is legal).
    pub(super) at_start: bool,
    /// The stopped rays and leaps, by the board (line, half-turn) they need.
    stopped: HashMap<(i32, i32), Vec<Stopped>>,
}

impl Multiverse {
    /// The opponent's attacks now (see the module docs).
    pub(super) fn opponent_attacks(&self) -> Attacks {
        self.attacks_by(!self.white_to_move)
    }

    /// The attacks of side `by_white`'s pieces on the last boards where it is to move.
    pub(super) fn attacks_by(&self, by_white: bool) -> Attacks {
        let mut at_start = false;
        let mut stopped: HashMap<(i32, i32), Vec<Stopped>> = HashMap::new();
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
                let from = Pos { line, v, x, y };
                self.attack_lines(from, piece, &mut |hit| match hit {
                    Reach::Royal => at_start = true,
                    Reach::Hole(at, dir, slider) => {
                        stopped.entry((at.line, at.v)).or_default().push(Stopped {
                            at,
                            piece,
                            dir,
                            slider,
                        });
                    }
                });
            }
        }
        Attacks { at_start, stopped }
    }

    /// Whether, after boards `new` (line, half-turn) were added to the position `attacks` was
    /// taken from, an opponent piece can take a royal piece of the mover.
    pub(super) fn attacked_after(&self, attacks: &Attacks, new: &[(i32, i32)]) -> bool {
        if attacks.at_start {
            return true;
        }
        let by_white = !self.white_to_move;
        for &(line, v) in new {
            // Pieces on the new board.
            if let Some(board) = self.board(line, v) {
                for (x, y, piece) in board.pieces() {
                    if piece.white == by_white {
                        let mut hit = false;
                        self.attack_lines(Pos { line, v, x, y }, piece, &mut |r| {
                            hit |= matches!(r, Reach::Royal)
                        });
                        if hit {
                            return true;
                        }
                    }
                }
            }
            // Rays and leaps that the new board lets through.
            for s in attacks.stopped.get(&(line, v)).into_iter().flatten() {
                if self.continue_ray(s, by_white, &mut Vec::new()) {
                    return true;
                }
            }
        }
        false
    }

    /// The search's test when the board `new` (line, half-turn) is added: the attacks of its
    /// pieces, and the stopped rays (of the turn's start, and `pending` ones of boards added
    /// before) that it lets through. The rays of its pieces that stop at a missing board are
    /// added to `holes`, for the boards still to come.
    pub(super) fn attacked_when_added(
        &self,
        attacks: &Attacks,
        new: (i32, i32),
        pending: &[Stopped],
        holes: &mut Vec<Stopped>,
    ) -> bool {
        let by_white = !self.white_to_move;
        let mut hit = false;
        if let Some(board) = self.board(new.0, new.1) {
            for (x, y, piece) in board.pieces() {
                if piece.white == by_white {
                    self.attack_lines(
                        Pos {
                            line: new.0,
                            v: new.1,
                            x,
                            y,
                        },
                        piece,
                        &mut |r| match r {
                            Reach::Royal => hit = true,
                            Reach::Hole(at, dir, slider) => holes.push(Stopped {
                                at,
                                piece,
                                dir,
                                slider,
                            }),
                        },
                    );
                }
            }
        }
        hit || attacks
            .stopped
            .get(&new)
            .into_iter()
            .flatten()
            .chain(pending.iter().filter(|s| (s.at.line, s.at.v) == new))
            .any(|s| self.continue_ray(s, by_white, holes))
    }

    /// Follows a stopped ray from the square it reached, now that its board exists.
    /// A ray that stops again at a missing board is added to `holes`.
    fn continue_ray(&self, s: &Stopped, by_white: bool, holes: &mut Vec<Stopped>) -> bool {
        let mut at = s.at;
        loop {
            match self.at(at) {
                Some(p) => return p.white != by_white && p.kind.royal(),
                None if !s.slider || s.piece.kind.pawnlike() => return false,
                None => {}
            }
            match self.step(at, s.dir) {
                Step::On(next) => at = next,
                Step::Hole(next) => {
                    holes.push(Stopped { at: next, ..*s });
                    return false;
                }
                Step::Off => return false,
            }
        }
    }

    /// Every capture line of an opponent piece: calls `each` with `Royal` when it reaches a
    /// royal piece of the other side, and with `Hole` where it reaches a board that does not
    /// exist (a square of a timeline's future or of a timeline not yet made).
    fn attack_lines(&self, from: Pos, piece: Piece, each: &mut dyn FnMut(Reach)) {
        let ray = |dirs: &[Coord<4>], slider: bool, each: &mut dyn FnMut(Reach)| {
            for &d in dirs {
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
            }
        };
        if piece.kind.pawnlike() {
            return ray(&self.pawn_captures(piece), false, each);
        }
        let (sets, slider) = super::movegen::movement(piece.kind);
        for set in sets {
            ray(set.as_slice(), slider, each);
        }
    }

    /// One step: onto an existing square, into a missing board, or off the board's edge.
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
