//! Adjudication by the players' own scores, as cutechess-cli's `-resign` and `-draw` rules
//! do it: a game whose loser's engine has seen itself lost for a few turns is resigned, and
//! a game both engines have scored level for many turns is drawn, long before a turn cap.
//!
//! * **Resign** (`movecount=C,score=S[,twosided]`): the player on turn has scored the
//!   position at least `S` centipawns below zero (its own view) on each of its last `C`
//!   turns; with `twosided`, its opponent's last score also gives the opponent at least `S`.
//!   The player resigns: its opponent wins.
//! * **Draw** (`movenumber=N,movecount=C,score=S`): at least `N` full moves (2N turns) have
//!   been played and each player's scores of its last `C` turns were all within `S`
//!   centipawns of zero: drawn.
//!
//! Scores come from [`crate::agents::Agent::last_score`]; a turn whose agent gave none (an
//! agent that does not search) breaks both runs, so such agents are never adjudicated.
//! fishtest plays Stockfish's tests with `-resign movecount=3 score=400 -draw movenumber=34
//! movecount=8 score=20`; [`Adjudication::LAB`] is the lab's default, docs/LAB.md says why.

use std::fmt;
use std::str::FromStr;

use omnichess_core::Player;

use crate::score::{Score, for_player};

/// cutechess-cli's resign rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ResignRule {
    /// The loser's consecutive turns at or below `-score`.
    pub movecount: u32,
    /// The threshold in centipawns.
    pub score: u32,
    /// Whether the winner's own last score must agree (at or above `score`).
    #[serde(default)]
    pub twosided: bool,
}

/// cutechess-cli's draw rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DrawRule {
    /// Full moves (two turns each) played before a game may be drawn.
    pub movenumber: u32,
    /// Each player's consecutive turns within `score` of zero.
    pub movecount: u32,
    /// The threshold in centipawns.
    pub score: u32,
}

/// The rules a match's referee adjudicates by (none: the rules of the game and the caps
/// alone end games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Adjudication {
    /// The resign rule, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<ResignRule>,
    /// The draw rule, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRule>,
}

/// What the referee rules after a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// This player resigns: the other wins.
    Resigns(Player),
    /// The game is drawn.
    Drawn,
}

impl Adjudication {
    /// No adjudication.
    pub const NONE: Adjudication = Adjudication {
        resign: None,
        draw: None,
    };

    /// The lab's default: resign after 4 turns at −600 centipawns, both players agreeing;
    /// draw after 40 full moves when each player's last 8 scores are within ±20.
    pub const LAB: Adjudication = Adjudication {
        resign: Some(ResignRule {
            movecount: 4,
            score: 600,
            twosided: true,
        }),
        draw: Some(DrawRule {
            movenumber: 40,
            movecount: 8,
            score: 20,
        }),
    };
}

/// Why a rule's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(String);

/// Reads `key=value` pairs separated by commas, each key once, `flags` standing alone.
fn pairs<'a>(
    text: &'a str,
    keys: &[&str],
    flags: &[&str],
) -> Result<Vec<(&'a str, Option<u32>)>, RuleError> {
    let mut seen: Vec<(&str, Option<u32>)> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = match part.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (part, None),
        };
        let value = match value {
            Some(v) if keys.contains(&key) => Some(v.parse::<u32>().map_err(|_| {
                RuleError(format!(
                    "{key}={v}: a whole number from 0 to 4294967295 is needed"
                ))
            })?),
            None if flags.contains(&key) => None,
            _ => {
                let known: Vec<String> = keys
                    .iter()
                    .map(|k| format!("{k}=N"))
                    .chain(flags.iter().map(|f| (*f).to_owned()))
                    .collect();
                return Err(RuleError(format!(
                    "{part:?} is not one of {}",
                    known.join(", ")
                )));
            }
        };
        if seen.iter().any(|(k, _)| *k == key) {
            return Err(RuleError(format!("{key} is given twice")));
        }
        seen.push((key, value));
    }
    Ok(seen)
}

fn needed(pairs: &[(&str, Option<u32>)], key: &str, rule: &str) -> Result<u32, RuleError> {
    pairs
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| *v)
        .ok_or_else(|| RuleError(format!("the {rule} rule needs {key}=N")))
}

impl FromStr for ResignRule {
    type Err = RuleError;

    /// `movecount=C,score=S[,twosided]`.
    fn from_str(text: &str) -> Result<ResignRule, RuleError> {
        let p = pairs(text, &["movecount", "score"], &["twosided"])?;
        let rule = ResignRule {
            movecount: needed(&p, "movecount", "resign")?,
            score: needed(&p, "score", "resign")?,
            twosided: p.iter().any(|(k, _)| *k == "twosided"),
        };
        if rule.movecount == 0 {
            return Err(RuleError(
                "the resign rule needs movecount of 1 or more".into(),
            ));
        }
        Ok(rule)
    }
}

impl FromStr for DrawRule {
    type Err = RuleError;

    /// `movenumber=N,movecount=C,score=S`.
    fn from_str(text: &str) -> Result<DrawRule, RuleError> {
        let p = pairs(text, &["movenumber", "movecount", "score"], &[])?;
        let rule = DrawRule {
            movenumber: needed(&p, "movenumber", "draw")?,
            movecount: needed(&p, "movecount", "draw")?,
            score: needed(&p, "score", "draw")?,
        };
        if rule.movecount == 0 {
            return Err(RuleError(
                "the draw rule needs movecount of 1 or more".into(),
            ));
        }
        Ok(rule)
    }
}

impl fmt::Display for ResignRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "movecount={},score={}", self.movecount, self.score)?;
        if self.twosided {
            write!(f, ",twosided")?;
        }
        Ok(())
    }
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "movenumber={},movecount={},score={}",
            self.movenumber, self.movecount, self.score
        )
    }
}

/// The referee's memory of the players' scores over one game.
#[derive(Clone, Debug)]
pub struct Tracker {
    rules: Adjudication,
    /// Each player's consecutive turns at or below the resign threshold (its own view).
    losing: [u32; 2],
    /// Each player's consecutive turns within the draw threshold.
    level: [u32; 2],
    /// Each player's last score, its own view.
    last: [Option<Score>; 2],
}

impl Tracker {
    /// A new game's tracker.
    #[must_use]
    pub fn new(rules: Adjudication) -> Tracker {
        Tracker {
            rules,
            losing: [0; 2],
            level: [0; 2],
            last: [None; 2],
        }
    }

    /// `player` has played a turn, scoring the position `score` (White's view, centipawns;
    /// `None`: no score); `turns` turns have been played in all since the game's start. The
    /// ruling, if the game is adjudicated now.
    pub fn turn(&mut self, player: Player, score: Option<Score>, turns: u64) -> Option<Ruling> {
        let side = usize::from(player == Player::Black);
        let own = score.map(|s| for_player(s, player));
        self.last[side] = own;
        if let Some(rule) = self.rules.resign {
            let lost = own.is_some_and(|s| s <= -f64::from(rule.score));
            self.losing[side] = if lost { self.losing[side] + 1 } else { 0 };
            let agreed =
                !rule.twosided || self.last[1 - side].is_some_and(|s| s >= f64::from(rule.score));
            if self.losing[side] >= rule.movecount && agreed {
                return Some(Ruling::Resigns(player));
            }
        }
        if let Some(rule) = self.rules.draw {
            let even = own.is_some_and(|s| s.abs() <= f64::from(rule.score));
            self.level[side] = if even { self.level[side] + 1 } else { 0 };
            if turns >= 2 * u64::from(rule.movenumber)
                && self.level.iter().all(|&n| n >= rule.movecount)
            {
                return Some(Ruling::Drawn);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_cutechess_words_and_refuse_others() {
        let r: ResignRule = "movecount=3,score=400".parse().expect("resign");
        assert_eq!((r.movecount, r.score, r.twosided), (3, 400, false));
        let r: ResignRule = "movecount=3, score=400, twosided".parse().expect("resign");
        assert!(r.twosided);
        assert_eq!(r.to_string(), "movecount=3,score=400,twosided");
        let d: DrawRule = "movenumber=34,movecount=8,score=20".parse().expect("draw");
        assert_eq!(d.to_string(), "movenumber=34,movecount=8,score=20");
        for (bad, said) in [
            ("movecount=3", "the resign rule needs score=N"),
            (
                "movecount=0,score=4",
                "the resign rule needs movecount of 1 or more",
            ),
            (
                "movecount=3,score=-4",
                "score=-4: a whole number from 0 to 4294967295 is needed",
            ),
            (
                "moves=3,score=4",
                "\"moves=3\" is not one of movecount=N, score=N, twosided",
            ),
            (
                "movecount=3,movecount=4,score=1",
                "movecount is given twice",
            ),
        ] {
            assert_eq!(bad.parse::<ResignRule>().expect_err(bad).to_string(), said);
        }
        assert!("movenumber=34,movecount=8".parse::<DrawRule>().is_err());
    }

    #[test]
    fn a_player_resigns_after_its_own_losing_turns_in_a_row() {
        let rules = Adjudication {
            resign: Some(ResignRule {
                movecount: 3,
                score: 400,
                twosided: false,
            }),
            draw: None,
        };
        let mut t = Tracker::new(rules);
        // Black sees itself lost (White's view +500) three turns running; White's turns
        // between do not break Black's run.
        assert_eq!(t.turn(Player::White, Some(450.0), 1), None);
        assert_eq!(t.turn(Player::Black, Some(500.0), 2), None);
        assert_eq!(t.turn(Player::White, Some(450.0), 3), None);
        assert_eq!(t.turn(Player::Black, Some(500.0), 4), None);
        assert_eq!(t.turn(Player::White, None, 5), None);
        assert_eq!(
            t.turn(Player::Black, Some(401.0), 6),
            Some(Ruling::Resigns(Player::Black))
        );
        // A turn above the threshold starts the run again.
        let mut t = Tracker::new(rules);
        t.turn(Player::Black, Some(500.0), 2);
        t.turn(Player::Black, Some(399.0), 4);
        t.turn(Player::Black, Some(500.0), 6);
        assert_eq!(t.turn(Player::Black, Some(500.0), 8), None);
        assert_eq!(
            t.turn(Player::Black, Some(500.0), 10),
            Some(Ruling::Resigns(Player::Black))
        );
    }

    #[test]
    fn a_two_sided_resignation_needs_the_winners_agreement() {
        let mut t = Tracker::new(Adjudication {
            resign: Some(ResignRule {
                movecount: 1,
                score: 400,
                twosided: true,
            }),
            draw: None,
        });
        assert_eq!(t.turn(Player::White, Some(300.0), 1), None);
        assert_eq!(
            t.turn(Player::Black, Some(500.0), 2),
            None,
            "White disagrees"
        );
        assert_eq!(t.turn(Player::White, Some(420.0), 3), None);
        assert_eq!(
            t.turn(Player::Black, Some(500.0), 4),
            Some(Ruling::Resigns(Player::Black))
        );
    }

    #[test]
    fn a_level_game_is_drawn_after_both_players_scores_stay_level() {
        let mut t = Tracker::new(Adjudication {
            resign: None,
            draw: Some(DrawRule {
                movenumber: 3,
                movecount: 2,
                score: 20,
            }),
        });
        // Level from the first turn, but not before 3 full moves (6 turns).
        for turn in 1..=5 {
            let player = if turn % 2 == 1 {
                Player::White
            } else {
                Player::Black
            };
            assert_eq!(t.turn(player, Some(-10.0), turn), None, "turn {turn}");
        }
        assert_eq!(t.turn(Player::Black, Some(20.0), 6), Some(Ruling::Drawn));
        // Turns outside the band break the runs: both start again after turn 95.
        let mut t = Tracker::new(Adjudication::LAB);
        let mut ruled = None;
        for turn in 1..=200_u64 {
            let player = if turn % 2 == 1 {
                Player::White
            } else {
                Player::Black
            };
            let score = if turn <= 95 { 30.0 } else { 0.0 };
            ruled = t.turn(player, Some(score), turn);
            if ruled.is_some() {
                assert_eq!(turn, 95 + 16, "White's eight level turns are 97 to 111");
                break;
            }
        }
        assert_eq!(ruled, Some(Ruling::Drawn));
    }
}
