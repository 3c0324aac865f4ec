//! Counting legal actions (complete turns) the way the reference implementations do: an
//! action is one choice per playable board (pass, or one move from it) together with the
//! order in which its branching jumps create timelines; moves that do not branch commute, so
//! their orders are one action (docs/rules/multiverse.md).

use std::collections::HashSet;

use super::state::{Move5, Multiverse};

impl Multiverse {
    /// The number of legal actions from the start of the current turn, stopping at `cap`.
    pub fn count_actions(&mut self, cap: u64) -> u64 {
        let boards: Vec<i32> = self.playable_lines().collect();
        let options: Vec<Vec<Move5>> = boards
            .iter()
            .map(|&l| {
                let mut list = Vec::new();
                self.moves_from_board(l, &mut |m| list.push(m));
                list
            })
            .collect();
        let mut chosen = Vec::new();
        let mut count = 0;
        self.choose(&options, 0, &mut chosen, cap, &mut count);
        count
    }

    fn choose(
        &mut self,
        options: &[Vec<Move5>],
        board: usize,
        chosen: &mut Vec<Move5>,
        cap: u64,
        count: &mut u64,
    ) {
        if *count >= cap {
            return;
        }
        let Some(here) = options.get(board) else {
            if !chosen.is_empty() {
                *count += self.orders(chosen, cap - *count);
            }
            return;
        };
        self.choose(options, board + 1, chosen, cap, count);
        for &mv in here {
            chosen.push(mv);
            self.choose(options, board + 1, chosen, cap, count);
            chosen.pop();
        }
    }

    /// The distinct legal actions of `moves` played in every order: the moves that stay on
    /// their board first (they commute), then the jumps in each order. A jump onto a board
    /// still last of its timeline does not branch; the others branch, and the order in which
    /// branches create timelines tells actions apart (it decides their numbers), while the
    /// order of the jumps that do not branch does not.
    fn orders(&mut self, moves: &[Move5], cap: u64) -> u64 {
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
            if valid && self.may_submit() {
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
