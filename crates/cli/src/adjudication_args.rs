//! The arguments that set a match's or a study's adjudication by the players' scores
//! (cutechess-cli's `-resign` and `-draw`, [`omnichess_engine::adjudication`]).

use std::str::FromStr;

use clap::Args;
use omnichess_engine::adjudication::{Adjudication, DrawRule, ResignRule};

/// A rule, or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule<T>(pub Option<T>);

impl<T: FromStr> FromStr for Rule<T> {
    type Err = T::Err;

    fn from_str(text: &str) -> Result<Rule<T>, T::Err> {
        if text.trim() == "off" {
            Ok(Rule(None))
        } else {
            text.parse().map(|rule| Rule(Some(rule)))
        }
    }
}

/// The adjudication of a study's games (on by default: docs/LAB.md, "Adjudication").
#[derive(Clone, Debug, Args)]
pub struct AdjudicationArgs {
    /// A player resigns once it scored itself at least SCORE centipawns behind on each of
    /// its last COUNT turns (with `twosided`, its opponent's last score agreeing), as
    /// cutechess-cli's -resign: `movecount=COUNT,score=SCORE[,twosided]`, or `off`. Counted
    /// as the cause `resign adjudication`.
    #[arg(
        long,
        value_name = "RULE",
        default_value = "movecount=4,score=600,twosided"
    )]
    pub resign: Rule<ResignRule>,
    /// A game is drawn once NUMBER full moves are played and each player's last COUNT
    /// scores were within SCORE centipawns of zero, as cutechess-cli's -draw:
    /// `movenumber=NUMBER,movecount=COUNT,score=SCORE`, or `off`. Counted as the cause
    /// `draw adjudication`.
    #[arg(
        long,
        value_name = "RULE",
        default_value = "movenumber=40,movecount=8,score=20"
    )]
    pub draw: Rule<DrawRule>,
}

impl AdjudicationArgs {
    /// The rules these arguments set.
    #[must_use]
    pub fn rules(&self) -> Adjudication {
        Adjudication {
            resign: self.resign.0,
            draw: self.draw.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_labs_and_off_turns_a_rule_off() {
        #[derive(Debug, clap::Parser)]
        struct Cli {
            #[command(flatten)]
            rules: AdjudicationArgs,
        }
        use clap::Parser;
        let cli = Cli::try_parse_from(["lab"]).expect("defaults");
        assert_eq!(cli.rules.rules(), Adjudication::LAB);
        let cli = Cli::try_parse_from(["lab", "--resign", "off", "--draw", "off"]).expect("off");
        assert_eq!(cli.rules.rules(), Adjudication::NONE);
        let error = Cli::try_parse_from(["lab", "--resign", "movecount=3"])
            .expect_err("no score")
            .to_string();
        assert!(error.contains("the resign rule needs score=N"), "{error}");
    }
}
