//! A study's games as a reproducible job: everything needed to play any part of them again —
//! on this machine, or by `omnichess worker` processes that each claim a batch.

use serde::{Deserialize, Serialize};

use super::summary::GameSummary;
use crate::EngineError;
use crate::registry::MatchRequest;

/// What a study plays: one player setting against itself from one start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudySpec {
    /// The variant's name.
    pub variant: String,
    /// The player setting of both sides (an agent SPEC).
    pub player: String,
    /// Games in all.
    pub games: u32,
    /// The seed: game `n` is seeded from it and `n`.
    pub seed: u64,
    /// Random decisions opening every game.
    pub opening: u32,
    /// Turns after which a game is adjudicated a draw.
    pub max_turns: u64,
    /// The start position text (`None`: the standard start).
    pub start: Option<String>,
    /// The material noted every this many turns (0: never).
    pub material_every: u64,
}

impl StudySpec {
    /// Plays games `first` to `first + count - 1` of the study on `jobs` threads, calling
    /// `each` as each ends: their summaries, in the order they ended. The same games whatever
    /// the batch or the machine (for players limited by depth or nodes).
    ///
    /// # Errors
    /// An unknown variant or player, a refused start.
    pub fn play(
        &self,
        first: u32,
        count: u32,
        jobs: usize,
        each: &mut dyn FnMut(&GameSummary),
    ) -> Result<Vec<GameSummary>, EngineError> {
        let entry = crate::find(&self.variant)?;
        let request = MatchRequest {
            a: &self.player,
            b: &self.player,
            games: count,
            time: None,
            seed: self.seed,
            max_turns: self.max_turns,
            max_decisions: u64::MAX,
            records: false,
            position: self.start.as_deref(),
            jobs,
            opening: self.opening,
            paired: false,
            material_every: self.material_every,
            events: true,
            first_game: first,
        };
        let mut games = Vec::with_capacity(count as usize);
        (entry.play_match)(&request, &mut |_, game| {
            let summary = GameSummary::from(game);
            each(&summary);
            games.push(summary);
        })?;
        Ok(games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(games: u32) -> StudySpec {
        StudySpec {
            variant: "dice".to_owned(),
            player: "greedy".to_owned(),
            games,
            seed: 11,
            opening: 0,
            max_turns: 60,
            start: None,
            material_every: 5,
        }
    }

    #[test]
    fn a_study_played_in_batches_plays_the_games_of_the_whole() {
        let mut whole = spec(6).play(0, 6, 1, &mut |_| {}).expect("the whole");
        let mut parts = spec(6).play(0, 4, 2, &mut |_| {}).expect("a part");
        parts.extend(spec(6).play(4, 2, 1, &mut |_| {}).expect("the rest"));
        whole.sort_by_key(|g| g.number);
        parts.sort_by_key(|g| g.number);
        assert_eq!(whole, parts);
        assert_eq!(
            whole.iter().map(|g| g.number).collect::<Vec<_>>(),
            vec![0, 1, 2, 3, 4, 5]
        );
        assert!(
            whole.iter().any(|g| !g.material.is_empty()),
            "material noted"
        );
        assert!(
            whole.iter().all(|g| g
                .events
                .iter()
                .map(|c| c.name.as_str())
                .eq(["forfeit", "king without rolling"])),
            "every game counts Die Chess's events"
        );
        let forfeits: usize = whole
            .iter()
            .flat_map(|g| &g.events[0].turns)
            .map(Vec::len)
            .sum();
        assert_eq!(
            forfeits as u64,
            whole.iter().map(|g| g.events[0].count).sum::<u64>(),
            "a forfeit's turn for every forfeit"
        );
    }
}
