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

/// The adjudication of a study's games (by default the variant engine's: docs/LAB.md,
/// "Adjudication").
#[derive(Clone, Debug, Args)]
pub struct AdjudicationArgs {
    /// A player resigns once it scored itself at least SCORE centipawns behind on each of
    /// its last COUNT turns (with `twosided`, its opponent's last score agreeing), as
    /// cutechess-cli's -resign: `movecount=COUNT,score=SCORE[,twosided]`, or `off`. Counted
    /// as the cause `resign adjudication`. By default `movecount=4,score=600,twosided`, or
    /// off for a variant whose engine's scores do not foretell results (docs/LAB.md,
    /// "Adjudication").
    #[arg(long, value_name = "RULE")]
    pub resign: Option<Rule<ResignRule>>,
    /// A game is drawn once NUMBER full moves are played and each player's last COUNT
    /// scores were within SCORE centipawns of zero, as cutechess-cli's -draw:
    /// `movenumber=NUMBER,movecount=COUNT,score=SCORE`, or `off`. Counted as the cause
    /// `draw adjudication`. By default `movenumber=40,movecount=8,score=20`, or off as
    /// --resign is.
    #[arg(long, value_name = "RULE")]
    pub draw: Option<Rule<DrawRule>>,
}

impl AdjudicationArgs {
    /// The rules these arguments set, each rule not given taken from `default` (the
    /// variant engine's, [`omnichess_engine::EngineEntry::adjudication`]).
    #[must_use]
    pub fn rules(&self, default: Adjudication) -> Adjudication {
        Adjudication {
            resign: self.resign.map_or(default.resign, |rule| rule.0),
            draw: self.draw.map_or(default.draw, |rule| rule.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_not_given_is_the_engines_and_off_turns_a_rule_off() {
        #[derive(Debug, clap::Parser)]
        struct Cli {
            #[command(flatten)]
            rules: AdjudicationArgs,
        }
        use clap::Parser;
        let cli = Cli::try_parse_from(["lab"]).expect("defaults");
        assert_eq!(cli.rules.rules(Adjudication::LAB), Adjudication::LAB);
        assert_eq!(cli.rules.rules(Adjudication::NONE), Adjudication::NONE);
        let cli = Cli::try_parse_from(["lab", "--resign", "off", "--draw", "off"]).expect("off");
        assert_eq!(cli.rules.rules(Adjudication::LAB), Adjudication::NONE);
        let cli = Cli::try_parse_from(["lab", "--resign", "movecount=3,score=400"]).expect("on");
        let rules = cli.rules.rules(Adjudication::NONE);
        assert_eq!(rules.resign.map(|r| (r.movecount, r.score)), Some((3, 400)));
        assert_eq!(rules.draw, None, "the rule not given is the default's");
        let error = Cli::try_parse_from(["lab", "--resign", "movecount=3"])
            .expect_err("no score")
            .to_string();
        assert!(error.contains("the resign rule needs score=N"), "{error}");
    }
}
