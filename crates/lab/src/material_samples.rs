//! Which material samples `lab values` fits. Games that ended at a cap (`turn cap`,
//! `decision cap`) are left out: their draw says when the cap came, not what the material was
//! worth. Of the other games, a sample is used every `every` turns, and only where it is
//! quiet: its balance the same as that of the sample noted `quiet` turns earlier (two by
//! default), so that a position in the middle of an exchange — a piece taken, its recapture
//! still to come — does not count the exchange as won. Where no sample was noted that many
//! turns earlier (material noted every N turns, N > `quiet`), the sample is used as it is.

use crate::summary::{GameSummary, Material};

pub use omnichess_engine::match_play::CAP_CAUSES;

/// The turns back the quiet check looks by default.
pub const QUIET_TURNS: u64 = 2;

/// How samples are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleRule {
    /// Use a sample every this many turns (turns that are multiples of it; 1: every one noted).
    pub every: u64,
    /// Use a sample only if its balance equals that noted this many turns earlier (0: all).
    pub quiet: u64,
}

impl Default for SampleRule {
    /// Every sample noted, quiet over [`QUIET_TURNS`].
    fn default() -> SampleRule {
        SampleRule {
            every: 1,
            quiet: QUIET_TURNS,
        }
    }
}

/// Whether `game` ended at a cap.
#[must_use]
pub fn capped(game: &GameSummary) -> bool {
    CAP_CAUSES.contains(&game.cause.as_str())
}

impl SampleRule {
    /// The samples of `game` the rule uses, and how many on its turns it left out as not
    /// quiet.
    #[must_use]
    pub fn samples<'g>(&self, game: &'g GameSummary) -> (Vec<&'g Material>, u32) {
        let every = self.every.max(1);
        let mut used = Vec::new();
        let mut unquiet = 0;
        for sample in game.material.iter().filter(|m| m.turn % every == 0) {
            let before = (self.quiet > 0)
                .then(|| sample.turn.checked_sub(self.quiet))
                .flatten()
                .and_then(|turn| game.material.iter().find(|m| m.turn == turn));
            match before {
                Some(b) if !same_balance(b, sample) => unquiet += 1,
                _ => used.push(sample),
            }
        }
        (used, unquiet)
    }
}

/// Whether two samples have the same balance of every kind (a kind missing counts as 0).
fn same_balance(a: &Material, b: &Material) -> bool {
    let count = |m: &Material, kind: &str| {
        m.balance
            .iter()
            .find(|(k, _)| k == kind)
            .map_or(0, |(_, n)| *n)
    };
    a.balance
        .iter()
        .chain(&b.balance)
        .all(|(kind, _)| count(a, kind) == count(b, kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    fn noted(turn: u64, pawns: i32) -> Material {
        Material {
            turn,
            balance: vec![("pawn".to_owned(), pawns), ("king".to_owned(), 0)],
        }
    }

    #[test]
    fn a_sample_mid_exchange_is_left_out_and_an_unchecked_one_kept() {
        let mut g = game(None, "checkmate", 9, &[]);
        // A pawn taken on turn 3 and retaken on turn 4: turns 3 (changed since 1) and 5
        // (changed since 3) are mid-exchange; 2 (no sample at turn 0) is kept as it is.
        g.material = (1..=6)
            .map(|t| noted(t, [0, 0, 1, 0, 0, 0][t as usize - 1]))
            .collect();
        let turns = |g: &GameSummary, rule: SampleRule| -> (Vec<u64>, u32) {
            let (used, unquiet) = rule.samples(g);
            (used.iter().map(|m| m.turn).collect(), unquiet)
        };
        assert_eq!(turns(&g, SampleRule::default()), (vec![1, 2, 4, 6], 2));
        assert_eq!(
            turns(&g, SampleRule { every: 2, quiet: 2 }),
            (vec![2, 4, 6], 0),
            "even turns: 4 and 6 are each as two turns before"
        );
        assert_eq!(turns(&g, SampleRule { every: 1, quiet: 0 }).0.len(), 6);
        // Noted every 4 turns: nothing two turns back, every sample used.
        g.material = vec![noted(4, 0), noted(8, 1)];
        assert_eq!(
            turns(&g, SampleRule { every: 4, quiet: 2 }),
            (vec![4, 8], 0)
        );
        let mut missing = noted(2, 0);
        missing.balance.pop();
        assert!(same_balance(&missing, &noted(2, 0)), "a missing kind is 0");
    }

    #[test]
    fn games_at_a_cap_are_capped_and_adjudicated_ones_are_not() {
        assert!(capped(&game(None, "turn cap", 200, &[])));
        assert!(capped(&game(None, "decision cap", 200, &[])));
        assert!(!capped(&game(None, "draw adjudication", 80, &[])));
        assert!(!capped(&game(Some(0), "resign adjudication", 80, &[])));
    }
}
