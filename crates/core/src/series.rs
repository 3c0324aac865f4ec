//! A best-of-three series with a sudden-death game after two opening mutual losses or level
//! wins: QEC's match
//! format (§5 of its rules; rulings in docs/rules/qec.md), usable with any variant.

use crate::{Outcome, Player, Verdict};

/// One of the two contestants of a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contestant {
    /// Plays White in the first game.
    A,
    /// Plays Black in the first game.
    B,
}

/// How a series ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesResult {
    /// The contestant won the series.
    Winner(Contestant),
    /// No one won: the prize rolls over (§5).
    Rollover,
}

/// The state of a series: the outcomes of its games so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Series {
    games: Vec<Verdict>,
}

impl Series {
    /// A series before its first game.
    #[must_use]
    pub fn new() -> Series {
        Series::default()
    }

    /// Who plays White in game `index` (0-based): A, B, A, B, …
    #[must_use]
    pub fn white_in(index: usize) -> Contestant {
        if index.is_multiple_of(2) {
            Contestant::A
        } else {
            Contestant::B
        }
    }

    /// The number of games played.
    #[must_use]
    pub fn played(&self) -> usize {
        self.games.len()
    }

    /// Records the outcome of the next game.
    pub fn record(&mut self, outcome: Outcome) {
        self.games.push(outcome.verdict);
    }

    /// The winner of game `index`, by contestant.
    fn winner_of(&self, index: usize) -> Option<Contestant> {
        match self.games.get(index) {
            Some(Verdict::Win(Player::White)) => Some(Series::white_in(index)),
            Some(Verdict::Win(Player::Black)) => Some(match Series::white_in(index) {
                Contestant::A => Contestant::B,
                Contestant::B => Contestant::A,
            }),
            _ => None,
        }
    }

    fn wins(&self, who: Contestant, upto: usize) -> usize {
        (0..upto)
            .filter(|&i| self.winner_of(i) == Some(who))
            .count()
    }

    /// Whether game `index` had no winner: a draw or a mutual loss (§5 names the bare-kings
    /// mutual loss its draw).
    fn drawn(&self, index: usize) -> bool {
        self.games
            .get(index)
            .is_some_and(|v| !matches!(v, Verdict::Win(_)))
    }

    /// The index of the first sudden-death game, once the series has one: game 3 when games 1
    /// and 2 were both mutual losses, or the fourth game when three regular games left the
    /// wins level (and were not all drawn). A second mutual loss in game 3 makes none: the
    /// three games are played and the player with more wins takes the series (QEC §5).
    #[must_use]
    pub fn sudden_death_index(&self) -> Option<usize> {
        if self.games.len() >= 2 && self.games[..2].iter().all(|v| *v == Verdict::BothLose) {
            return Some(2);
        }
        let regular = self.games.len().min(3);
        (regular == 3
            && self.wins(Contestant::A, 3) == self.wins(Contestant::B, 3)
            && !(0..3).all(|i| self.drawn(i)))
        .then_some(3)
    }

    /// Whether the next game is a sudden-death game: the first, or one after a sudden-death
    /// game without a winner in a series that has had a won game.
    #[must_use]
    pub fn next_is_sudden_death(&self) -> bool {
        self.sudden_death_index()
            .is_some_and(|sd| self.games.len() >= sd)
    }

    /// The series result, once decided; `None` while another game is due. The prize rolls
    /// over only when every game was drawn (§5); so a sudden-death game without a winner in
    /// a series with a won game is followed by another, until one is won.
    #[must_use]
    pub fn result(&self) -> Option<SeriesResult> {
        let all_drawn = (0..self.games.len()).all(|i| self.drawn(i));
        if let Some(sd) = self.sudden_death_index() {
            let last = self.games.len().checked_sub(1).filter(|&i| i >= sd)?;
            return match self.winner_of(last) {
                Some(w) => Some(SeriesResult::Winner(w)),
                None => all_drawn.then_some(SeriesResult::Rollover),
            };
        }
        for who in [Contestant::A, Contestant::B] {
            if self.wins(who, self.games.len()) >= 2 {
                return Some(SeriesResult::Winner(who));
            }
        }
        if self.games.len() >= 3 {
            let (a, b) = (self.wins(Contestant::A, 3), self.wins(Contestant::B, 3));
            return Some(match a.cmp(&b) {
                std::cmp::Ordering::Greater => SeriesResult::Winner(Contestant::A),
                std::cmp::Ordering::Less => SeriesResult::Winner(Contestant::B),
                std::cmp::Ordering::Equal => SeriesResult::Rollover, // all three drawn
            });
        }
        None
    }

    /// The games' results from A's side, e.g. `["1-0", "0-0", "1/2-1/2"]` (A's score first).
    #[must_use]
    pub fn scores(&self) -> Vec<&'static str> {
        (0..self.games.len())
            .map(|i| match (self.games[i], self.winner_of(i)) {
                (_, Some(Contestant::A)) => "1-0",
                (_, Some(Contestant::B)) => "0-1",
                (Verdict::BothLose, _) => "0-0",
                _ => "1/2-1/2",
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(games: &[Verdict]) -> Series {
        let mut s = Series::new();
        for &v in games {
            s.record(Outcome {
                verdict: v,
                reason: "test",
            });
        }
        s
    }

    const W: Verdict = Verdict::Win(Player::White);
    const B: Verdict = Verdict::Win(Player::Black);
    const D: Verdict = Verdict::Draw;
    const L: Verdict = Verdict::BothLose;

    #[test]
    fn two_wins_decide_the_series_with_colours_alternating() {
        // A is White in games 1 and 3: A wins game 1; B (White) wins game 2; A wins game 3.
        assert_eq!(series(&[W, W]).result(), None, "1-1 after two games");
        assert_eq!(
            series(&[W, W, W]).result(),
            Some(SeriesResult::Winner(Contestant::A))
        );
        assert_eq!(
            series(&[W, B]).result(),
            Some(SeriesResult::Winner(Contestant::A))
        );
        assert_eq!(series(&[W, W, W]).scores(), ["1-0", "0-1", "1-0"]);
    }

    #[test]
    fn two_mutual_losses_make_the_next_game_sudden_death() {
        let s = series(&[L, L]);
        assert!(s.next_is_sudden_death());
        assert_eq!(s.result(), None);
        assert_eq!(
            series(&[L, L, B]).result(),
            Some(SeriesResult::Winner(Contestant::B))
        );
        assert_eq!(series(&[L, L, D]).result(), Some(SeriesResult::Rollover));
    }

    // QEC §5: "best-of-three" governs over "two mutual losses ⇒ next round becomes single
    // sudden-death game" when the second mutual loss is game 3: there is no next round.
    #[test]
    fn s5_a_second_mutual_loss_in_game_3_leaves_the_more_wins_rule() {
        // Game 2: B has White, so White's win is B's; Black's is A's.
        let s = series(&[L, B, L]);
        assert_eq!(s.sudden_death_index(), None);
        assert!(!s.next_is_sudden_death());
        assert_eq!(s.result(), Some(SeriesResult::Winner(Contestant::A)));
        assert_eq!(
            series(&[W, L, L]).result(),
            Some(SeriesResult::Winner(Contestant::A))
        );
        assert_eq!(
            series(&[L, W, L]).result(),
            Some(SeriesResult::Winner(Contestant::B))
        );
    }

    // QEC §5: "Prize rollover applies if all games drawn" — and only then.
    #[test]
    fn s5_a_series_with_a_won_game_never_rolls_over() {
        // Level wins after three games, then a drawn sudden-death game: another one.
        assert_eq!(series(&[W, D, B, D]).result(), None);
        assert_eq!(
            series(&[W, D, B, D, W]).result(),
            Some(SeriesResult::Winner(Contestant::A))
        );
        assert_eq!(
            series(&[W, D, B, L, D, W]).result(),
            Some(SeriesResult::Winner(Contestant::B)),
            "game 6: B has White"
        );
        // Every game without a winner (the mutual losses are §5's draw): the prize rolls over.
        assert_eq!(series(&[L, L, L]).result(), Some(SeriesResult::Rollover));
        assert_eq!(series(&[D, L, D]).result(), Some(SeriesResult::Rollover));
        assert_eq!(series(&[D, L, D]).sudden_death_index(), None);
    }

    #[test]
    fn all_draws_roll_the_prize_over_and_level_series_go_to_sudden_death() {
        assert_eq!(series(&[D, D, D]).result(), Some(SeriesResult::Rollover));
        let level = series(&[W, D, B]); // A wins as White, a draw, B wins as Black in game 3
        assert_eq!(level.result(), None);
        assert!(level.next_is_sudden_death());
        // Game 4 (sudden death): B has White, so Black's win is A's.
        assert_eq!(
            series(&[W, D, B, B]).result(),
            Some(SeriesResult::Winner(Contestant::A))
        );
        assert_eq!(
            series(&[W, D, D]).result(),
            Some(SeriesResult::Winner(Contestant::A))
        );
    }
}
