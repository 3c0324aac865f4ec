//! A study's games as a reproducible job: everything needed to play any part of them again —
//! on this machine, or by `omnichess worker` processes that each claim a batch.

use serde::{Deserialize, Serialize};

use super::sprt::SprtBounds;
use super::summary::GameSummary;
use omnichess_engine::EngineError;
use omnichess_engine::adjudication::Adjudication;
use omnichess_engine::registry::MatchRequest;

/// A study's turn cap unless it sets one: long enough that, with the adjudication of
/// [`omnichess_engine::adjudication::Adjudication::LAB`], few games in any variant reach it
/// (docs/BALANCE.md gives each variant's share).
pub const DEFAULT_MAX_TURNS: u64 = 600;

/// What a study plays: one player setting against itself from one start, and, for a
/// comparison or a test, the other side of it ([`Versus`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Turns after which a game is adjudicated a draw (the cause `turn cap`).
    pub max_turns: u64,
    /// The rules that end a game earlier by the players' own scores (cutechess-cli's resign
    /// and draw rules); none in a study stored before they were.
    #[serde(default)]
    pub adjudication: Adjudication,
    /// The start position text (`None`: the standard start).
    pub start: Option<String>,
    /// The material noted every this many turns (0: never).
    pub material_every: u64,
    /// What the games are set against (`None`: a balance or values study).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versus: Option<Versus>,
}

/// The other side of a `compare` or `sprt` study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Versus {
    /// `compare`: the study's games played again from this start (`None`: the standard
    /// start): games `games` to `2 games - 1`, game `games + n` seeded as game `n`.
    Start(Option<String>),
    /// `sprt`: the study's player (A) against this one (B), colours swapped in pairs; the
    /// study stops as soon as the test decides.
    Player {
        /// B's agent SPEC.
        player: String,
        /// The test's hypotheses and error rates.
        bounds: SprtBounds,
    },
}

/// One run of the match function: who plays, from where, which games.
struct Part<'a> {
    a: &'a str,
    b: &'a str,
    start: Option<&'a str>,
    paired: bool,
    first: u32,
    count: u32,
    /// Added to each game's number (a comparison's second start).
    offset: u32,
}

impl StudySpec {
    /// The games of the whole study: twice [`StudySpec::games`] for a comparison (once from
    /// each start), [`StudySpec::games`] otherwise (a test's most).
    #[must_use]
    pub fn total_games(&self) -> u32 {
        match self.versus {
            Some(Versus::Start(_)) => self.games.saturating_mul(2),
            _ => self.games,
        }
    }

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
        let end = first.saturating_add(count).min(self.total_games());
        let own = Part {
            a: &self.player,
            b: &self.player,
            start: self.start.as_deref(),
            paired: false,
            first,
            count: end.saturating_sub(first),
            offset: 0,
        };
        let mut games = Vec::with_capacity(own.count as usize);
        match &self.versus {
            None => self.play_part(&own, jobs, each, &mut games)?,
            Some(Versus::Player { player, .. }) => {
                let part = Part {
                    b: player,
                    paired: true,
                    ..own
                };
                self.play_part(&part, jobs, each, &mut games)?;
            }
            Some(Versus::Start(b_start)) => {
                let split = end.min(self.games).max(first);
                let a = Part {
                    count: split - first,
                    ..own
                };
                let from = first.max(self.games);
                let b = Part {
                    start: b_start.as_deref(),
                    first: from - self.games,
                    count: end.saturating_sub(from),
                    offset: self.games,
                    ..own
                };
                self.play_part(&a, jobs, each, &mut games)?;
                self.play_part(&b, jobs, each, &mut games)?;
            }
        }
        Ok(games)
    }

    /// Plays `part` on `jobs` threads into `games`, telling `each` of every game.
    fn play_part(
        &self,
        part: &Part<'_>,
        jobs: usize,
        each: &mut dyn FnMut(&GameSummary),
        games: &mut Vec<GameSummary>,
    ) -> Result<(), EngineError> {
        if part.count == 0 {
            return Ok(());
        }
        let entry = omnichess_engine::find(&self.variant)?;
        let request = MatchRequest {
            adjudication: self.adjudication,
            a: part.a,
            b: part.b,
            games: part.count,
            time: None,
            seed: self.seed,
            max_turns: self.max_turns,
            max_decisions: u64::MAX,
            records: false,
            position: part.start,
            jobs,
            opening: self.opening,
            paired: part.paired,
            material_every: self.material_every,
            events: true,
            first_game: part.first,
        };
        (entry.play_match)(&request, &mut |_, game| {
            let mut summary = GameSummary::from(game);
            summary.number += part.offset;
            each(&summary);
            games.push(summary);
        })?;
        Ok(())
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
            adjudication: Adjudication::NONE,
            start: None,
            material_every: 5,
            versus: None,
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

    #[test]
    fn a_comparison_plays_its_second_start_with_the_first_starts_seeds() {
        // Start B the same as A: the second half repeats the first game for game.
        let mut same = spec(3);
        same.versus = Some(Versus::Start(None));
        assert_eq!(same.total_games(), 6);
        let mut whole = same.play(0, 6, 2, &mut |_| {}).expect("the whole");
        whole.sort_by_key(|g| g.number);
        for n in 0..3 {
            let mut again = whole[n + 3].clone();
            again.number -= 3;
            assert_eq!(again, whole[n], "game {n} and its repeat");
        }
        // A batch across the two starts plays the games of the whole.
        let mut parts = same.play(0, 2, 1, &mut |_| {}).expect("a part");
        parts.extend(same.play(2, 3, 1, &mut |_| {}).expect("across"));
        parts.extend(same.play(5, 9, 1, &mut |_| {}).expect("past the end"));
        parts.sort_by_key(|g| g.number);
        assert_eq!(parts, whole);
    }

    #[test]
    fn a_test_plays_a_against_b_in_colour_swapped_pairs() {
        let mut test = spec(4);
        test.versus = Some(Versus::Player {
            player: "random".to_owned(),
            bounds: SprtBounds::new(0.0, 10.0, 0.05, 0.05).expect("sane"),
        });
        let mut games = test.play(0, 4, 1, &mut |_| {}).expect("games");
        games.sort_by_key(|g| g.number);
        assert_eq!(
            games.iter().map(|g| g.a_first).collect::<Vec<_>>(),
            [true, false, true, false]
        );
        let text = serde_json::to_string(&test).expect("JSON");
        assert_eq!(
            serde_json::from_str::<StudySpec>(&text).expect("back"),
            test
        );
    }
}
