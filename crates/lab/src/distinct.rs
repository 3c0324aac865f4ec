//! Repeated games. A player limited by nodes or depth is deterministic: from the same opening
//! (and, where chance acts, the same rolls) it plays the same game again. A study whose random
//! openings repeat — two random decisions of classic chess give at most 400 — holds copies of
//! one game, and counting each copy as a game of its own makes every interval too narrow (a
//! copy adds no information: its result is the first's). The figures count each game once:
//! the first of equal fingerprints ([`GameSummary::fingerprint`]) stands for the others.
//! A comparison's games are paired (game k from start A, game n + k from start B, one seed):
//! a pair is kept or dropped whole, by the fingerprints of both its games.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use super::summary::GameSummary;

/// The games of `games` that repeat none before them (by game number), in that order;
/// `games` itself, uncopied and in its own order, where none repeats. Games without a fingerprint (0: stored
/// before it was kept) are each their own.
#[must_use]
pub fn distinct(games: &[GameSummary]) -> Cow<'_, [GameSummary]> {
    let mut seen = HashSet::new();
    let sorted = by_number(games);
    let repeated: HashSet<u32> = sorted
        .iter()
        .filter(|g| g.fingerprint != 0 && !seen.insert(g.fingerprint))
        .map(|g| g.number)
        .collect();
    keep(games, sorted, |g| !repeated.contains(&g.number))
}

/// The games of a comparison of `n` pairs (game k and game n + k a pair) whose pair repeats
/// no pair before it; a game whose partner is missing is kept (the comparison leaves it out).
#[must_use]
pub fn distinct_pairs(games: &[GameSummary], n: u32) -> Cow<'_, [GameSummary]> {
    let fingerprints: HashMap<u32, u64> = games.iter().map(|g| (g.number, g.fingerprint)).collect();
    let fingerprint_of = |number: u32| fingerprints.get(&number).copied();
    let sorted = by_number(games);
    let mut seen = HashSet::new();
    let mut repeated = HashSet::new();
    for game in sorted.iter().filter(|g| g.number < n) {
        let Some(partner) = n.checked_add(game.number).and_then(fingerprint_of) else {
            continue;
        };
        let pair = (game.fingerprint, partner);
        if game.fingerprint != 0 && partner != 0 && !seen.insert(pair) {
            repeated.insert(game.number);
        }
    }
    keep(games, sorted, |g| {
        let k = if g.number < n { g.number } else { g.number - n };
        !repeated.contains(&k)
    })
}

/// The games of `sorted` (all of `games`, by number) that `kept` keeps; `games` itself where
/// it keeps every one.
fn keep<'g>(
    games: &'g [GameSummary],
    sorted: Vec<&'g GameSummary>,
    kept: impl Fn(&GameSummary) -> bool,
) -> Cow<'g, [GameSummary]> {
    if sorted.iter().all(|g| kept(g)) {
        return Cow::Borrowed(games);
    }
    Cow::Owned(sorted.into_iter().filter(|g| kept(g)).cloned().collect())
}

/// `games` in the order of their numbers.
fn by_number(games: &[GameSummary]) -> Vec<&GameSummary> {
    let mut sorted: Vec<&GameSummary> = games.iter().collect();
    sorted.sort_by_key(|g| g.number);
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    fn numbered(number: u32, fingerprint: u64) -> GameSummary {
        let mut g = game(Some(0), "checkmate", 10, &[]);
        g.number = number;
        g.fingerprint = fingerprint;
        g
    }

    #[test]
    fn a_repeated_game_counts_once_and_the_first_stands_for_it() {
        let games = [
            numbered(3, 7),
            numbered(0, 7),
            numbered(1, 8),
            numbered(2, 0),
            numbered(4, 0),
        ];
        let numbers: Vec<u32> = distinct(&games).iter().map(|g| g.number).collect();
        assert_eq!(numbers, [0, 1, 2, 4]);
    }

    #[test]
    fn a_pair_is_dropped_only_when_both_its_games_repeat_a_pair() {
        // Pairs (0, 3), (1, 4), (2, 5): pair 1 repeats pair 0 in both games; pair 2 repeats
        // it from start A only, so it is a different pair and stays.
        let games = [
            numbered(0, 10),
            numbered(1, 10),
            numbered(2, 10),
            numbered(3, 20),
            numbered(4, 20),
            numbered(5, 21),
        ];
        let numbers: Vec<u32> = distinct_pairs(&games, 3).iter().map(|g| g.number).collect();
        assert_eq!(numbers, [0, 2, 3, 5]);
    }
}
