//! Counting legal actions (complete turns) the way the reference implementations do: an
//! action is a set of moves, at most one from each playable board, with the order in which
//! its branching jumps create timelines (docs/rules/multiverse.md).
//!
//! The search runs over the turn's action space (action_space.rs): take a point; if it is a
//! legal action, count it and cut it out; else find why it fails and cut out every point that
//! fails for the same reason — a check is made by a few squares of a few new boards, so one
//! test removes every combination that builds those squares alike. The space is searched by
//! the number of timelines the action creates, the fewest first (ftxi's split of the space):
//! an action that branches less is found first, and no region of many branches is entered
//! before the ones of few are done.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use omnichess_core::work_limit;

use super::action_space::{ActionSpace, Loc, NEW_PASS, What};
use super::attacks::{Attacks, Cell};
use super::hypercuboid::{AxisSet, Cuboid, Pending};
use super::jump_matching::{Choice, JumpLinks};
use super::move_check::{BoardThreats, exposed_within, rescue_squares};
use super::state::{Move5, Multiverse};

impl Multiverse {
    /// The number of legal actions from the start of the current turn, stopping at `cap`.
    pub fn count_actions(&mut self, cap: u64) -> u64 {
        self.count_actions_where(cap, false)
    }

    /// Whether the mover has a legal action, or `None` when the search tested `budget`
    /// candidate points without knowing (no action found, the space not exhausted), or when
    /// the regions still to search would need more than [`STACK_BYTES_PER_POINT`] bytes per
    /// point of the budget.
    pub(super) fn has_action_within(&mut self, budget: u64) -> Option<bool> {
        self.search_actions(1, false, budget, None).map(|n| n > 0)
    }

    /// A legal action, as moves in an order that plays it (moves within a board and jumps
    /// that do not branch first, then the branching jumps in the order they create
    /// timelines), or `None` when there is none or the search gave up after `budget` points.
    pub fn any_action_within(&mut self, budget: u64) -> Option<Vec<Move5>> {
        let mut moves = Vec::new();
        let found = self.search_actions(1, false, budget, Some(&mut moves))?;
        (found > 0).then_some(moves)
    }

    /// Whether the mover is in softmate: in check, with legal actions, every one of which
    /// moves the present back to where it is or earlier (the only escapes travel in time).
    #[must_use]
    pub fn softmate(&self) -> bool {
        let mut probe = self.scratch();
        self.in_check() && probe.count_actions(1) > 0 && probe.count_actions_where(1, true) == 0
    }

    /// [`Multiverse::softmate`], each of its two action searches given up after `budget`
    /// candidate points: `None` when either could not tell.
    #[must_use]
    pub fn softmate_within(&self, budget: u64) -> Option<bool> {
        if !self.in_check() {
            return Some(false);
        }
        let mut probe = self.scratch();
        if !probe.has_action_within(budget)? {
            return Some(false);
        }
        let advancing = probe.search_actions(1, true, budget, None)?;
        Some(advancing == 0)
    }

    /// `count_actions`, counting with `advancing` only the actions after which the present is
    /// later than now.
    fn count_actions_where(&mut self, cap: u64, advancing: bool) -> u64 {
        self.search_actions(cap, advancing, u64::MAX, None)
            .unwrap_or(cap)
    }

    /// `count_actions_where`, giving up (`None`) after testing `budget` candidate points,
    /// when the regions still to search outgrow the budget's memory, or when the work this
    /// search is part of runs past its time limit (`omnichess_core::work_limit`). With `first`, the moves
    /// of the first action found are put there (see `any_action_within`).
    fn search_actions(
        &mut self,
        cap: u64,
        advancing: bool,
        budget: u64,
        mut first: Option<&mut Vec<Move5>>,
    ) -> Option<u64> {
        let attacks = self.opponent_attacks();
        if attacks.at_start || cap == 0 {
            return Some(0); // an attack no action can change: nothing is legal
        }
        let space = ActionSpace::new(self);
        let (white, black) = self.created();
        let (mine, theirs) = if self.white_to_move {
            (white, black)
        } else {
            (black, white)
        };
        let mut search = Search {
            space: &space,
            attacks,
            advancing,
            present: self.present(),
            mine,
            theirs,
            cells: Vec::new(),
            new_boards: Vec::new(),
            threats: Vec::new(),
            pushed: Vec::new(),
            sets: FxHashMap::default(),
        };
        let shape = &space.shape;
        let mut links = JumpLinks::new(&space);
        let mut full = shape.full();
        search.prune_lone_checks(self, &mut full);
        // By the number of timelines the action creates, the fewest first (ftxi's split):
        // the new-timeline axes of each layer either all create or all pass in order.
        let mut stack = vec![Pending::layers(full, space.playable.len(), NEW_PASS)];
        let mut point = vec![0; shape.axes()];
        let (mut count, mut tested) = (0, 0);
        let stack_cap = stack_bytes(budget) / shape.cuboid_bytes().max(1);
        // The last sections found to fail, of more than one axis: a piece taken from the stack
        // is cut by each where that keeps it one piece (most lie inside them on all axes but
        // one), without a candidate test.
        let mut learned: VecDeque<Vec<AxisSet>> = VecDeque::with_capacity(LEARNED);
        while let Some(mut c) = shape.pop(&mut stack) {
            for section in &learned {
                if shape.is_empty(&c) {
                    break;
                }
                shape.cut_if_one_axis(&mut c, section);
            }
            if shape.is_empty(&c) {
                continue;
            }
            if tested == budget || stack.len() > stack_cap || work_limit::expired() {
                return None;
            }
            tested += 1;
            if let Choice::Nothing = links.choose(&space, &mut c, &mut point) {
                continue;
            }
            match search.problem(self, &point) {
                None => {
                    if count == 0
                        && let Some(moves) = first.as_deref_mut()
                    {
                        space.moves_of(&point, moves);
                    }
                    count += 1;
                    if count >= cap {
                        break;
                    }
                    let section: Vec<AxisSet> = point
                        .iter()
                        .enumerate()
                        .map(|(axis, &v)| shape.set_where(axis, |i| i == v))
                        .collect();
                    shape.push(&mut stack, Pending::cut(c, section));
                }
                Some(Problem::Section(section)) if section.len() == 1 => {
                    // A fact about one board: cut it from every piece still to search.
                    shape.remove_everywhere(&mut stack, &section[0]);
                    shape.restrict(&mut c, &section[0], false);
                    stack.push(Pending::Whole(c));
                }
                Some(Problem::Section(section)) => {
                    if learned.len() == LEARNED {
                        learned.pop_back();
                    }
                    learned.push_front(section.clone());
                    shape.push(&mut stack, Pending::cut(c, section));
                }
                Some(Problem::ExactlyOne(subsets)) => {
                    shape.push(&mut stack, Pending::exactly_one(c, subsets));
                }
            }
        }
        Some(count)
    }
}

/// How many failing sections an action search keeps to cut the pieces it takes from its
/// stack with.
const LEARNED: usize = 16;

/// The memory a bounded action search may hold in regions still to search, per candidate
/// point of its budget: the engine's 2 000-point test stays within 2 MiB, the referee's
/// 100 000-point one within 100 MiB (docs/ENGINE.md).
const STACK_BYTES_PER_POINT: usize = 1024;

/// The memory an action search with `budget` candidate points may hold in regions still to
/// search: [`STACK_BYTES_PER_POINT`] per point, at most the process's cap
/// ([`omnichess_core::search_memory`]); no limit for an unbounded (exact) search.
fn stack_bytes(budget: u64) -> usize {
    if budget == u64::MAX {
        return usize::MAX;
    }
    usize::try_from(budget)
        .unwrap_or(usize::MAX)
        .saturating_mul(STACK_BYTES_PER_POINT)
        .min(omnichess_core::search_memory())
}

/// Why a point is not a legal action, as the region of points that fail for that reason.
enum Problem {
    /// Every point in this section fails.
    Section(Vec<AxisSet>),
    /// Every point in none or in several of these subsets fails (a leaving piece lands exactly
    /// once, and a landing piece has left).
    ExactlyOne(Vec<AxisSet>),
}

/// The state of one action search.
struct Search<'a> {
    space: &'a ActionSpace,
    /// The opponent's attacks at the start of the turn.
    attacks: Attacks,
    /// Count only the actions after which the present is later than now.
    advancing: bool,
    /// The present at the start of the turn.
    present: i32,
    /// Timelines the mover and the opponent have created before this turn.
    mine: i32,
    theirs: i32,
    /// Buffers: the squares of a check, the boards a point appends (line, half-turn, axis),
    /// and how to take them back.
    cells: Vec<Cell>,
    new_boards: Vec<(i32, i32, usize)>,
    /// The threats against each playable axis's new board (move_check.rs), by axis.
    threats: Vec<BoardThreats>,
    pushed: Vec<(i32, bool)>,
    /// Sets of values the search asks for again and again, by axis and what defines them;
    /// the new-timeline axes share one entry per key ([`ON_NEW`]): their values are the same.
    sets: FxHashMap<(usize, SetKey), Vec<u64>>,
}

/// The axis key of the new-timeline axes in [`Search::sets`].
const ON_NEW: usize = usize::MAX;

/// A set of an axis's values, by what defines it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum SetKey {
    /// The values that land a piece from this line.
    ArrivalsFrom(i32),
    /// The values that land the piece from (line, x, y).
    LandingOf(i32, i32, i32),
    /// The values in which the piece on (x, y) does not leave.
    NotLeaving(i32, i32),
    /// The values in which no piece leaves.
    NoneLeaving,
}

impl SetKey {
    /// Whether `loc` is in the set.
    fn holds(self, loc: &Loc) -> bool {
        match (self, loc.what) {
            (SetKey::ArrivalsFrom(line), What::Arrive(t)) => t.from.line == line,
            (SetKey::LandingOf(line, x, y), What::Arrive(t)) => {
                (t.from.line, t.from.x, t.from.y) == (line, x, y)
            }
            (SetKey::NotLeaving(x, y), what) => what != What::Leave { x, y },
            (SetKey::NoneLeaving, what) => !matches!(what, What::Leave { .. }),
            _ => false,
        }
    }
}

impl Search<'_> {
    /// Cuts from `full` the boards that expose a royal piece by themselves, whatever else the
    /// action does: on a playable axis, any such board (by the threats computed once per board,
    /// move_check.rs); on the new-timeline axes, a board attacked within itself, cut from all
    /// of them (where the board is added does not matter). An attack on a new timeline's board
    /// along a line that leaves or enters it depends on its line: the search's check test
    /// finds it (computing threats for every branch's target board cost more than it saved).
    fn prune_lone_checks(&mut self, game: &Multiverse, full: &mut Cuboid) {
        let space = self.space;
        let shape = &space.shape;
        let first_new = space.playable.len();
        let (width, height, mover) = (game.setup.width, game.setup.height, game.white_to_move());
        for (axis, &(line, _)) in space.playable.iter().enumerate() {
            let mut threats = game.board_threats(line, &self.attacks);
            for (i, loc) in space.values(axis).iter().enumerate() {
                if loc.what != What::Pass && threats.exposed(&loc.board, mover, width, height) {
                    shape.remove_value(full, axis, i);
                }
            }
            threats.keep_holes(|hole| space.could_add(hole.line, hole.v));
            self.threats.push(threats);
        }
        if first_new == shape.axes() {
            return;
        }
        // A landing adds one of the mover's pieces to a board as it stands: unless that piece
        // is royal, it can only block or take an attacker, so the landing is safe where its
        // square blocks or takes every attack the board holds (asked once per board).
        let mut rescue: FxHashMap<(i32, i32), u64> = FxHashMap::default();
        for (i, loc) in space.values(first_new).iter().enumerate() {
            let exposed = match loc.what {
                What::Pass => false,
                What::Arrive(m)
                    if !loc
                        .board
                        .get(m.to.x, m.to.y)
                        .is_some_and(|p| p.kind.royal()) =>
                {
                    let squares = *rescue.entry((m.to.line, m.to.v)).or_insert_with(|| {
                        game.board(m.to.line, m.to.v)
                            .map_or(!0, |b| rescue_squares(b, mover, width, height))
                    });
                    squares & 1 << (m.to.y * 8 + m.to.x) == 0
                }
                _ => exposed_within(&loc.board, mover, width, height),
            };
            if exposed {
                for axis in first_new..shape.axes() {
                    shape.remove_value(full, axis, i);
                }
            }
        }
    }

    /// Why `point` is not a legal action, or `None` when it is one.
    fn problem(&mut self, game: &mut Multiverse, point: &[usize]) -> Option<Problem> {
        if let Some(p) = self
            .stray_landing(point)
            .or_else(|| self.out_of_order(point))
        {
            return Some(p);
        }
        self.new_boards.clear();
        self.pushed.clear();
        for (axis, &i) in point.iter().enumerate() {
            let loc = self.space.loc(axis, i);
            if loc.what == What::Pass {
                continue;
            }
            let line = match self.space.playable.get(axis) {
                Some(&(line, _)) => line,
                None => self.space.new_line(axis - self.space.playable.len()),
            };
            self.pushed.push(game.push_board(line, loc.v, loc.board));
            self.new_boards.push((line, loc.v, axis));
        }
        let problem = self
            .present_held(game, point)
            .or_else(|| self.check(game))
            .or_else(|| self.lost_piece(point))
            .or_else(|| self.not_advancing(game));
        for &(line, created) in self.pushed.iter().rev() {
            game.pop_board(line, created);
        }
        problem
    }

    /// The values of `axis` in the set `key`, read once per axis and key (a wide multiverse
    /// asks for the same sets at many points, and each scan reads every board of the axis).
    fn set(&mut self, axis: usize, key: SetKey) -> AxisSet {
        let space = self.space;
        let shared = if axis < space.playable.len() {
            axis
        } else {
            ON_NEW
        };
        let words = self
            .sets
            .entry((shared, key))
            .or_insert_with(|| space.set_where(axis, |l| key.holds(l)).1);
        (axis, words.clone())
    }

    /// A jump's piece lands without leaving its board, or lands twice (cheap to find: no
    /// board is built).
    fn stray_landing(&mut self, point: &[usize]) -> Option<Problem> {
        let space = self.space;
        let at = |axis: usize| space.loc(axis, point[axis]).what;
        for axis in 0..point.len() {
            let What::Arrive(m) = at(axis) else { continue };
            let (line, x, y) = (m.from.line, m.from.x, m.from.y);
            let source = space.axis_of_line(line)?;
            let section = match at(source) {
                What::Leave { x: lx, y: ly } if (lx, ly) == (x, y) => {
                    let again = (axis + 1..point.len()).find(|&b| {
                        matches!(at(b), What::Arrive(t) if (t.from.line, t.from.x, t.from.y) == (line, x, y))
                    });
                    match again {
                        Some(b) => vec![
                            self.set(axis, SetKey::LandingOf(line, x, y)),
                            self.set(b, SetKey::LandingOf(line, x, y)),
                        ],
                        None => continue,
                    }
                }
                // Another piece leaves: this one cannot land.
                What::Leave { .. } => vec![
                    self.set(source, SetKey::NotLeaving(x, y)),
                    self.set(axis, SetKey::LandingOf(line, x, y)),
                ],
                // Nothing leaves that board: no piece from it can land.
                _ => vec![
                    self.set(source, SetKey::NoneLeaving),
                    self.set(axis, SetKey::ArrivalsFrom(line)),
                ],
            };
            return Some(Problem::Section(section));
        }
        None
    }

    /// A piece leaves its board but lands nowhere.
    fn lost_piece(&self, point: &[usize]) -> Option<Problem> {
        let space = self.space;
        let at = |axis: usize| space.loc(axis, point[axis]).what;
        (0..space.playable.len()).find_map(|axis| {
            let What::Leave { x, y } = at(axis) else {
                return None;
            };
            let line = space.playable[axis].0;
            let lands = (0..point.len()).any(|b| {
                matches!(at(b), What::Arrive(m) if (m.from.line, m.from.x, m.from.y) == (line, x, y))
            });
            (!lands).then(|| self.land_exactly_once(line, x, y))
        })
    }

    /// The region where the piece on (x, y) of `line`'s playable board does not leave, or
    /// leaves and lands exactly once: "exactly one of" not leaving and each landing.
    fn land_exactly_once(&self, line: i32, x: i32, y: i32) -> Problem {
        let space = self.space;
        let source = space.axis_of_line(line).unwrap_or(0);
        let mut subsets = vec![space.set_where(source, |l| l.what != What::Leave { x, y })];
        for axis in (0..space.shape.axes()).filter(|&a| a != source) {
            let set = space.set_where(axis, |l| {
                matches!(l.what, What::Arrive(m) if (m.from.line, m.from.x, m.from.y) == (line, x, y))
            });
            if set.1.iter().any(|&w| w != 0) {
                subsets.push(set);
            }
        }
        Problem::ExactlyOne(subsets)
    }

    /// A branch lands on a playable board that is still the last of its timeline when the
    /// branch is made (the board passes, or its piece leaves by a later branch): that jump
    /// would not branch, so no action matches the point.
    fn out_of_order(&mut self, point: &[usize]) -> Option<Problem> {
        let space = self.space;
        let first_new = space.playable.len();
        let at = |axis: usize| space.loc(axis, point[axis]).what;
        for k in first_new..point.len() {
            let What::Arrive(m) = at(k) else { continue };
            let target = (m.to.line, m.to.v);
            let Some(a) = space.playable.iter().position(|&p| p == target) else {
                continue;
            };
            let onto_target = space.set_where(
                k,
                |l| matches!(l.what, What::Arrive(t) if (t.to.line, t.to.v) == target),
            );
            match at(a) {
                What::Pass => {
                    let passes = space.set_where(a, |l| l.what == What::Pass);
                    return Some(Problem::Section(vec![passes, onto_target]));
                }
                What::Leave { .. } => {
                    let later = (k + 1..point.len())
                        .find(|&j| matches!(at(j), What::Arrive(t) if t.from.line == m.to.line));
                    if let Some(j) = later {
                        let from_target = self.set(j, SetKey::ArrivalsFrom(m.to.line));
                        return Some(Problem::Section(vec![onto_target, from_target]));
                    }
                }
                What::Physical(_) | What::Arrive(_) => {}
            }
        }
        None
    }

    /// How many timelines the turn must create for `line` to be active: `Some(r)` for an
    /// opponent's timeline that is inactive now and woken by the mover's r-th new one.
    fn woken_by(&self, game: &Multiverse, line: i32) -> Option<usize> {
        let s = game.setup();
        let index = if game.white_to_move() {
            s.initial_min - line
        } else {
            line - s.initial_max
        };
        usize::try_from(index - 1 - self.mine)
            .ok()
            .filter(|&r| index > 0 && r > 0)
    }

    /// The non-pass values of the `r`-th new-timeline axis (1-based).
    fn creates(&self, r: usize) -> AxisSet {
        let axis = self.space.playable.len() + r - 1;
        self.space.set_where(axis, |l| l.what != What::Pass)
    }

    /// The present stays with the mover: an active timeline's playable board passes and is
    /// the earliest. Every point fails alike that passes that board, keeps it active, creates
    /// no active timeline before it and wakes no further opponent timeline.
    fn present_held(&self, game: &Multiverse, point: &[usize]) -> Option<Problem> {
        if game.present_passed() {
            return None;
        }
        let space = self.space;
        let present = game.present();
        let (first_new, n) = (space.playable.len(), point.len());
        let held = (0..first_new).find(|&a| {
            let (line, v) = space.playable[a];
            point[a] == space.pass_of(a) && v == present && game.active(line)
        })?;
        let mut section = vec![space.set_where(held, |l| l.what == What::Pass)];
        if let Some(r) = self.woken_by(game, space.playable[held].0) {
            section.push(self.creates(r));
        }
        let active_new = usize::try_from(self.theirs + 1 - self.mine).unwrap_or(0);
        for axis in first_new..n.min(first_new + active_new) {
            section.push(space.set_where(axis, |l| l.what == What::Pass || l.v > present));
        }
        let created = (first_new..n).filter(|&a| point[a] != NEW_PASS).count();
        if self.theirs > self.mine + created as i32 + 1 && first_new + created < n {
            let axis = first_new + created;
            section.push(space.set_where(axis, |l| l.what == What::Pass));
        }
        Some(Problem::Section(section))
    }

    /// Counting advancing actions only: the present is not later than at the turn's start.
    fn not_advancing(&self, game: &Multiverse) -> Option<Problem> {
        let after = game.present();
        if !self.advancing || after > self.present {
            return None;
        }
        let space = self.space;
        let (line, _) = game
            .timelines()
            .find(|&(l, t)| game.active(l) && t.end() == after)?;
        let mut section = Vec::new();
        if let Some(axis) = space.axis_creating(line) {
            section.push(space.set_where(axis, |l| l.what != What::Pass && l.v <= self.present));
        } else {
            if let Some(axis) = space.axis_of_line(line) {
                section.push(space.set_where(axis, |l| l.what != What::Pass));
            }
            if let Some(r) = self.woken_by(game, line) {
                section.push(self.creates(r));
            }
        }
        Some(Problem::Section(section))
    }

    /// An opponent piece can take a royal piece: every point fails that builds the squares of
    /// that attack alike.
    fn check(&mut self, game: &Multiverse) -> Option<Problem> {
        if !game.royal_attack_on_new(
            &self.attacks,
            &self.new_boards,
            &self.threats,
            &mut self.cells,
        ) {
            return None;
        }
        let space = self.space;
        let mut section: Vec<AxisSet> = Vec::new();
        for &(pos, content) in &self.cells {
            let axis = space
                .axis_of_line(pos.line)
                .filter(|&a| space.playable[a].1 + 1 == pos.v)
                .or_else(|| space.axis_creating(pos.line));
            let Some(axis) = axis else { continue };
            let set = space.set_where(axis, |l| {
                l.what != What::Pass && l.v == pos.v && l.board.get(pos.x, pos.y) == content
            });
            match section.iter_mut().find(|s| s.0 == axis) {
                Some(existing) => existing.1.iter_mut().zip(&set.1).for_each(|(w, m)| *w &= m),
                None => section.push(set),
            }
        }
        Some(Problem::Section(section))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_search_holds_a_kib_a_point_up_to_the_cap_and_an_exact_one_has_no_limit() {
        // The cap is the default here: no test in this binary changes it.
        assert_eq!(
            omnichess_core::search_memory(),
            omnichess_core::DEFAULT_SEARCH_MEMORY
        );
        assert_eq!(stack_bytes(2_000), 2_000 * 1024);
        assert_eq!(stack_bytes(100_000), 100_000 * 1024);
        assert_eq!(stack_bytes(1_000_000), 256 << 20);
        assert_eq!(stack_bytes(u64::MAX), usize::MAX);
    }
}
