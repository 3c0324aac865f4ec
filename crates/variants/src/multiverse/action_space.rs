//! The space of candidate actions of a turn, as a hypercuboid (the construction of penteract's
//! cwmtt, `FastCheckmate.lhs`, written anew here): one axis per playable board and one per
//! timeline the turn could create. A value of an axis is one board that could be appended
//! there — by a physical move, by a piece leaving (a jump's departure), by a piece arriving
//! (a jump's landing) — or a pass. A point (one value per axis) is a candidate action: which
//! jumps branch and in what order is read from which axis holds their landing.

use super::board::Board;
use super::hypercuboid::{AxisSet, Shape};
use super::state::{Move5, Multiverse};

/// What a value of an axis stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum What {
    /// No board is appended on this axis.
    Pass,
    /// A move within the board.
    Physical(Move5),
    /// The piece on (x, y) leaves the board (by some jump; which one is told by its landing).
    Leave {
        /// File of the leaving piece.
        x: i32,
        /// Rank of the leaving piece.
        y: i32,
    },
    /// A jump's piece lands here.
    Arrive(Move5),
}

/// One value of an axis: what it stands for and the board it appends at half-turn `v`.
#[derive(Clone, Debug)]
pub(super) struct Loc {
    pub(super) what: What,
    pub(super) board: Board,
    pub(super) v: i32,
}

/// The axes of a turn's action space: the playable boards first (lowest line first), then the
/// timelines the turn could create in the order it would create them.
pub(super) struct ActionSpace {
    pub(super) shape: Shape,
    /// For each playable axis: its line and the half-turn of its last board.
    pub(super) playable: Vec<(i32, i32)>,
    /// The values of each playable axis (the pass last).
    values: Vec<Vec<Loc>>,
    /// The values shared by every new-timeline axis (the pass first, at index [`NEW_PASS`]).
    new_values: Vec<Loc>,
    /// The first new timeline's line, and the step to the next (+1 White, −1 Black).
    first_new_line: i32,
    new_line_step: i32,
}

/// Where the pass lies on a new-timeline axis.
pub(super) const NEW_PASS: usize = 0;

impl ActionSpace {
    /// The action space of the mover's turn in `game`.
    pub(super) fn new(game: &Multiverse) -> ActionSpace {
        let playable: Vec<(i32, i32)> = game
            .playable_lines()
            .map(|l| (l, game.line(l).map_or(0, |t| t.end())))
            .collect();
        // Room for a board's usual moves at once (each value holds a board: growing the
        // lists copied them again and again).
        let mut values: Vec<Vec<Loc>> = (0..playable.len())
            .map(|_| Vec::with_capacity(64))
            .collect();
        let mut jumps = Vec::with_capacity(64 * playable.len());
        for (axis, &(line, _)) in playable.iter().enumerate() {
            // The squares (y * 8 + x) whose piece leaves by some jump, as bits.
            let mut leaving = 0u64;
            game.moves_from_board(line, &mut |mv| {
                let v = mv.from.v + 1;
                if (mv.from.line, mv.from.v) == (mv.to.line, mv.to.v) {
                    if let Some(board) = game.departure(mv) {
                        values[axis].push(Loc {
                            what: What::Physical(mv),
                            board,
                            v,
                        });
                    }
                    return;
                }
                // A jump's departure depends only on the square it leaves: built once.
                let bit = 1 << (mv.from.y * 8 + mv.from.x);
                if leaving & bit == 0 {
                    let Some(board) = game.departure(mv) else {
                        return;
                    };
                    leaving |= bit;
                    let what = What::Leave {
                        x: mv.from.x,
                        y: mv.from.y,
                    };
                    values[axis].push(Loc { what, board, v });
                }
                jumps.push(mv);
            });
        }
        let mut new_values = Vec::with_capacity(jumps.len() + 1);
        new_values.push(pass());
        for &mv in &jumps {
            let Some(board) = game.arrival(mv) else {
                continue;
            };
            let arrive = Loc {
                what: What::Arrive(mv),
                board,
                v: mv.to.v + 1,
            };
            if let Some(axis) = playable.iter().position(|&p| p == (mv.to.line, mv.to.v)) {
                values[axis].push(arrive.clone());
            }
            new_values.push(arrive);
        }
        let branches = values
            .iter()
            .filter(|v| v.iter().any(|l| matches!(l.what, What::Leave { .. })))
            .count();
        for list in &mut values {
            list.push(pass());
        }
        let sizes = values
            .iter()
            .map(Vec::len)
            .chain(std::iter::repeat_n(new_values.len(), branches))
            .collect();
        let (first_new_line, new_line_step) = if game.white_to_move() {
            (game.max_line() + 1, 1)
        } else {
            (game.min_line - 1, -1)
        };
        ActionSpace {
            shape: Shape::new(sizes),
            playable,
            values,
            new_values,
            first_new_line,
            new_line_step,
        }
    }

    /// The number of new-timeline axes.
    pub(super) fn new_axes(&self) -> usize {
        self.shape.axes() - self.playable.len()
    }

    /// The values of `axis`.
    pub(super) fn values(&self, axis: usize) -> &[Loc] {
        self.values.get(axis).unwrap_or(&self.new_values)
    }

    /// The value `i` of `axis`.
    pub(super) fn loc(&self, axis: usize, i: usize) -> &Loc {
        &self.values(axis)[i]
    }

    /// The pass of `axis`.
    pub(super) fn pass_of(&self, axis: usize) -> usize {
        match self.values.get(axis) {
            Some(list) => list.len() - 1,
            None => NEW_PASS,
        }
    }

    /// The playable axis of `line`.
    pub(super) fn axis_of_line(&self, line: i32) -> Option<usize> {
        self.playable.iter().position(|&(l, _)| l == line)
    }

    /// The line that new-timeline axis `k` (counted from 0) creates.
    pub(super) fn new_line(&self, k: usize) -> i32 {
        self.first_new_line + self.new_line_step * k as i32
    }

    /// The axis that creates `line`, if the turn could create it.
    pub(super) fn axis_creating(&self, line: i32) -> Option<usize> {
        let k = usize::try_from((line - self.first_new_line) * self.new_line_step).ok()?;
        (k < self.new_axes()).then_some(self.playable.len() + k)
    }

    /// Whether the turn could add a board at (`line`, half-turn `v`): a playable board's
    /// successor, or any board of a timeline the turn could create.
    pub(super) fn could_add(&self, line: i32, v: i32) -> bool {
        match self.axis_of_line(line) {
            Some(a) => self.playable[a].1 + 1 == v,
            None => self.axis_creating(line).is_some(),
        }
    }

    /// The moves of the action at `point`, in an order that plays it: within-board moves and
    /// jumps that land on a playable board first, then the branching jumps axis by axis.
    pub(super) fn moves_of(&self, point: &[usize], out: &mut Vec<Move5>) {
        out.clear();
        let first_new = self.playable.len();
        let (old, new) = point.split_at(first_new.min(point.len()));
        for (axis, &i) in old.iter().enumerate() {
            if let What::Physical(m) | What::Arrive(m) = self.loc(axis, i).what {
                out.push(m);
            }
        }
        for (k, &i) in new.iter().enumerate() {
            if let What::Arrive(m) = self.loc(first_new + k, i).what {
                out.push(m);
            }
        }
    }

    /// The value of each departure (`What::Leave`) on each playable axis, by the square the
    /// piece leaves (y * 8 + x; `usize::MAX` where no piece leaves).
    pub(super) fn departures(&self) -> Vec<[usize; 64]> {
        self.values
            .iter()
            .map(|list| {
                let mut at = [usize::MAX; 64];
                for (i, loc) in list.iter().enumerate() {
                    if let What::Leave { x, y } = loc.what {
                        at[(y * 8 + x) as usize] = i;
                    }
                }
                at
            })
            .collect()
    }

    /// The values of `axis` for which `keep` holds.
    pub(super) fn set_where(&self, axis: usize, mut keep: impl FnMut(&Loc) -> bool) -> AxisSet {
        let values = self.values(axis);
        self.shape.set_where(axis, |i| keep(&values[i]))
    }
}

fn pass() -> Loc {
    Loc {
        what: What::Pass,
        board: Board::default(),
        v: 0,
    }
}
