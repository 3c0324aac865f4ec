//! Counting legal actions (complete turns) the way the reference implementations do: an
//! action is one choice per playable board (pass, or one move from it) together with the
//! order in which its branching jumps create timelines; moves that do not branch commute, so
//! their orders are one action (docs/rules/multiverse.md).

use std::collections::HashSet;

use super::attacks::{Attacks, Stopped};
use super::state::{Move5, Multiverse};

impl Multiverse {
    /// The number of legal actions from the start of the current turn, stopping at `cap`.
    pub fn count_actions(&mut self, cap: u64) -> u64 {
        self.count_actions_where(cap, false)
    }

    /// Whether the mover is in softmate: in check, with legal actions, every one of which
    /// moves the present back to where it is or earlier (the only escapes travel in time).
    #[must_use]
    pub fn softmate(&self) -> bool {
        let mut probe = self.clone();
        self.in_check() && probe.count_actions(1) > 0 && probe.count_actions_where(1, true) == 0
    }

    /// `count_actions`, counting with `advancing` only the actions after which the present is
    /// later than now.
    fn count_actions_where(&mut self, cap: u64, advancing: bool) -> u64 {
        let attacks = self.opponent_attacks();
        if attacks.at_start {
            return 0; // an attack no action can change: nothing is legal
        }
        let present = self.present();
        // A branch moves the present back if its new timeline is active (the mover's next
        // timeline is active while the mover has made no more than the opponent) and starts
        // before the present; or, whatever its time, if it wakes an opponent timeline that
        // ends before the present with the opponent to move.
        let (white, black) = self.created();
        let (mine, theirs) = if self.white_to_move {
            (white, black)
        } else {
            (black, white)
        };
        let new_line_active = mine <= theirs;
        let woken = if self.white_to_move {
            self.setup.initial_min - (mine + 2)
        } else {
            self.setup.initial_max + (mine + 2)
        };
        let wakes_earlier = !self.active(woken)
            && self
                .line(woken)
                .is_some_and(|t| t.end() < present && (t.end() & 1 == 0) != self.white_to_move);
        let mut boards: Vec<Board5> = self
            .playable_lines()
            .collect::<Vec<_>>()
            .into_iter()
            .map(|line| {
                let mut list = Vec::new();
                self.moves_from_board(line, &mut |m| list.push(m));
                // A move whose own board change already leaves a royal piece open to capture
                // can be in no legal action (later moves never change an existing board).
                list.retain(|&m| match self.depart(m) {
                    Some((l, created)) => {
                        let end = self.line(l).map_or(0, |t| t.end());
                        let safe = !self.attacked_after(&attacks, &[(l, end)]);
                        self.pop_board(l, created);
                        safe
                    }
                    None => false,
                });
                let end = self.line(line).map_or(0, |t| t.end());
                let mandatory = self.active(line) && end == present;
                let rewinds = list
                    .iter()
                    .any(|m| rewinds_present(m, present, new_line_active, wakes_earlier));
                // Jumps onto a board that is the last of its timeline (a present board they can
                // play on instead of its own move).
                let hops: Vec<i32> = list
                    .iter()
                    .filter(|m| {
                        m.to.line != m.from.line
                            && self.line(m.to.line).is_some_and(|t| t.end() == m.to.v)
                    })
                    .map(|m| m.to.line)
                    .collect();
                Board5 {
                    line,
                    options: list,
                    mandatory,
                    rewinds,
                    hops,
                }
            })
            .collect();
        // The most constrained boards first: the search is cut earliest there.
        boards.sort_by_key(|b| (!b.mandatory, b.options.len()));
        let mut search = Search {
            advancing,
            attacks,
            boards,
            present,
            new_line_active,
            wakes_earlier,
            cap,
            count: 0,
            chosen: Vec::new(),
            passed: Vec::new(),
            pending: Vec::new(),
        };
        self.choose(&mut search, 0);
        search.count
    }

    /// Chooses, board by board, a pass or one move. Each chosen move's own board change
    /// (the whole physical move, or a jump's departure) is played at once, and a branch of the
    /// search is cut as soon as an opponent piece can take a royal piece (later choices only
    /// add boards and never change one that exists, so no completion could lift that check),
    /// or when a passed board of the present can no longer be played on (by a jump from a
    /// board still to choose) and no jump can move the present back.
    fn choose(&mut self, s: &mut Search, k: usize) {
        if s.count >= s.cap || !s.present_can_pass(k) {
            return;
        }
        let Some(board) = s.boards.get(k) else {
            if !s.chosen.is_empty() {
                // Take the board changes back, count the orders, play them again.
                for &(_, (line, created)) in s.chosen.iter().rev() {
                    self.pop_board(line, created);
                }
                let moves: Vec<Move5> = s.chosen.iter().map(|&(m, _)| m).collect();
                let advancing = s.advancing.then_some(s.present);
                s.count += self.orders(&moves, s.cap - s.count, &s.attacks, advancing);
                for entry in &mut s.chosen {
                    if let Some(pushed) = self.depart(entry.0) {
                        entry.1 = pushed;
                    }
                }
            }
            return;
        };
        let (line, mandatory) = (board.line, board.mandatory);
        if mandatory {
            s.passed.push(line);
        }
        self.choose(s, k + 1);
        if mandatory {
            s.passed.pop();
        }
        for i in 0..s.boards[k].options.len() {
            let mv = s.boards[k].options[i];
            let Some(pushed) = self.depart(mv) else {
                continue;
            };
            // The new board with what it lets through, including the rays of boards chosen
            // before that stopped where it now stands; the rays of its own pieces that stop at a
            // missing board wait for the boards still to come.
            let newest = (pushed.0, self.line(pushed.0).map_or(0, |t| t.end()));
            let before = s.pending.len();
            let mut holes = Vec::new();
            if !self.attacked_when_added(&s.attacks, newest, &s.pending, &mut holes) {
                s.pending.extend(holes);
                s.chosen.push((mv, pushed));
                self.choose(s, k + 1);
                s.chosen.pop();
            }
            s.pending.truncate(before);
            self.pop_board(pushed.0, pushed.1);
            if s.count >= s.cap {
                return;
            }
        }
    }

    /// The distinct legal actions of `moves` played in every order: the moves that stay on
    /// their board first (they commute), then the jumps in each order. A jump onto a board
    /// still last of its timeline does not branch; the others branch, and the order in which
    /// branches create timelines tells actions apart (it decides their numbers), while the
    /// order of the jumps that do not branch does not.
    fn orders(
        &mut self,
        moves: &[Move5],
        cap: u64,
        attacks: &Attacks,
        advancing_past: Option<i32>,
    ) -> u64 {
        let (physical, jumps): (Vec<Move5>, Vec<Move5>) = moves
            .iter()
            .partition(|m| (m.from.line, m.from.v) == (m.to.line, m.to.v));
        let mut seen = HashSet::new();
        let mut order: Vec<usize> = (0..jumps.len()).collect();
        loop {
            let mut undo = Vec::new();
            // For each jump in order: whether it branched (its creation rank) or not.
            let mut identity: Vec<(usize, Option<usize>)> = Vec::new();
            let mut branches = 0;
            let mut valid = true;
            for mv in &physical {
                match self.play(*mv) {
                    Some(appended) => undo.extend(appended),
                    None => valid = false,
                }
            }
            for &i in &order {
                if !valid {
                    break;
                }
                match self.play(jumps[i]) {
                    Some(appended) => {
                        let branched = appended.iter().any(|&(_, created)| created);
                        identity.push((i, branched.then_some(branches)));
                        branches += usize::from(branched);
                        undo.extend(appended);
                    }
                    None => valid = false,
                }
            }
            if valid
                && self.present_passed()
                && advancing_past.is_none_or(|p| self.present() > p)
                && {
                    let new: Vec<(i32, i32)> = undo
                        .iter()
                        .map(|&(l, _)| (l, self.line(l).map_or(0, |t| t.end())))
                        .collect();
                    !self.attacked_after(attacks, &new)
                }
            {
                identity.sort_unstable();
                seen.insert(identity);
            }
            for &(line, created) in undo.iter().rev() {
                self.pop_board(line, created);
            }
            if seen.len() as u64 >= cap || !next_permutation(&mut order) {
                break;
            }
        }
        seen.len() as u64
    }
}

/// One playable board in the action search.
struct Board5 {
    line: i32,
    /// Its moves that do not expose a royal piece by themselves.
    options: Vec<Move5>,
    /// Active and in the present: it must be played on (or the present moved back).
    mandatory: bool,
    /// Whether one of its moves jumps to a board a full turn or more before the present.
    rewinds: bool,
    /// The lines on whose last board its jumps land.
    hops: Vec<i32>,
}

/// The state of the action search.
struct Search {
    /// Count only actions after which the present is later than now.
    advancing: bool,
    /// The opponent's attacks at the start of the turn.
    attacks: Attacks,
    boards: Vec<Board5>,
    /// The present at the start of the turn.
    present: i32,
    /// Whether the mover's next timeline would be active.
    new_line_active: bool,
    /// Whether any branch would wake an opponent timeline that moves the present back.
    wakes_earlier: bool,
    cap: u64,
    count: u64,
    /// The moves chosen so far, with the board each one's departure appended.
    chosen: Vec<(Move5, (i32, bool))>,
    /// The mandatory boards passed so far.
    passed: Vec<i32>,
    /// Rays of the chosen boards' pieces that stopped at a board that does not exist (yet).
    pending: Vec<Stopped>,
}

impl Search {
    /// Whether the present can still pass, deciding boards from `k` on: every passed
    /// mandatory board must be landed on by some jump (chosen, or possible later), unless a
    /// jump moving the present back is chosen or still possible.
    fn present_can_pass(&self, k: usize) -> bool {
        if self.passed.is_empty() {
            return true;
        }
        let rewind_chosen = self.chosen.iter().any(|&(m, _)| {
            rewinds_present(&m, self.present, self.new_line_active, self.wakes_earlier)
        });
        if rewind_chosen || self.boards[k..].iter().any(|b| b.rewinds) {
            return true;
        }
        self.passed.iter().all(|&line| {
            self.chosen
                .iter()
                .any(|&(m, _)| m.to.line == line && m.to.v == self.present)
                || self.boards[k..].iter().any(|b| b.hops.contains(&line))
        })
    }
}

/// Whether a move may branch and so move the present back (see `count_actions`).
fn rewinds_present(m: &Move5, present: i32, new_line_active: bool, wakes_earlier: bool) -> bool {
    let jump = (m.from.line, m.from.v) != (m.to.line, m.to.v);
    jump && (wakes_earlier || (new_line_active && m.to.v + 1 < present))
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::next_permutation;

    #[test]
    fn permutations_are_all_visited_once() {
        let mut p = vec![0, 1, 2];
        let mut n = 1;
        while next_permutation(&mut p) {
            n += 1;
        }
        assert_eq!(n, 6);
        assert!(!next_permutation(&mut []));
    }
}
