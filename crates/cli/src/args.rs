//! The command line, as clap reads it. The command forms are a contract: scripts and tests
//! outside the project call them exactly as written here.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// omnichess: exotic chess variants played exactly by their rules.
///
/// Every command takes the variant's name first (see `omnichess variants`). Positions are
/// given in the variant's position text (FEN for classic) or as @PATH to read a file;
/// decisions in the variant's notation (classic: SAN such as Nf3 or UCI such as g1f3).
///
/// Errors print one line on stderr and exit with status 2.
#[derive(Debug, Parser)]
#[command(name = "omnichess", version)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the variants: one line each, name and description.
    Variants,

    /// Count the decision sequences DEPTH plies deep (a ply is one decision; chance outcomes
    /// count as plies). The last line is the total alone.
    ///
    /// Example: omnichess perft classic --depth 4   (prints 197281)
    Perft {
        /// The variant's name.
        variant: String,
        /// The start position (position text, or @PATH); the standard start if left out.
        #[arg(long)]
        position: Option<String>,
        /// How many plies deep to count.
        #[arg(long)]
        depth: u32,
        /// First print `DECISION: COUNT` for every first decision.
        #[arg(long)]
        divide: bool,
    },

    /// Show who acts and the legal decisions, after playing some decisions.
    ///
    /// The first line is `to-act: white|black|chance|none`; then one decision per line
    /// (classic in UCI form), `OUTCOME PROBABILITY` lines at a chance node, or
    /// `outcome: RESULT` when the game is over.
    ///
    /// Example: omnichess moves classic --after "e4 e5 Nf3"
    Moves {
        /// The variant's name.
        variant: String,
        /// The start position (position text, or @PATH); the standard start if left out.
        #[arg(long)]
        position: Option<String>,
        /// Decisions to play first, separated by spaces.
        #[arg(long, allow_hyphen_values = true)]
        after: Option<String>,
    },

    /// The exact probability that the player on turn must forfeit the turn if they roll now
    /// (Die Chess: the rolled piece type has no legal move, or cannot answer a check),
    /// computed by enumerating the die's faces, not by sampling. One line: the probability.
    ///
    /// Example: omnichess odds dice   (prints 0.45)
    Odds {
        /// The variant's name (a variant with dice).
        variant: String,
        /// The position (position text, or @PATH); the standard start if left out.
        #[arg(long)]
        position: Option<String>,
        /// Decisions to play first, separated by spaces.
        #[arg(long, allow_hyphen_values = true)]
        after: Option<String>,
    },

    /// For every position of a game record, print the number of legal complete turns of the
    /// player on turn, all on one line separated by spaces.
    Actions {
        /// The variant's name.
        variant: String,
        /// The game record (classic: PGN; only the first game of the file is read).
        gamefile: PathBuf,
        /// Stop counting each position at N turns.
        #[arg(long)]
        cap: Option<u64>,
    },

    /// Check a game record decision by decision. On the first illegal decision, name it and
    /// its position and exit with status 2.
    Replay {
        /// The variant's name.
        variant: String,
        /// The game record (classic: PGN; only the first game of the file is read).
        gamefile: PathBuf,
    },

    /// Play a game in the terminal, two people at one keyboard. Type `help` at the prompt.
    ///
    /// Variants with a time per decision (QEC: 3 minutes) show a countdown; running out
    /// loses the game.
    Play {
        /// The variant's name.
        variant: String,
        /// The start position (position text, or @PATH); the standard start if left out.
        #[arg(long)]
        position: Option<String>,
        /// Seconds per decision, overriding the variant's own limit (0: no limit).
        #[arg(long, value_name = "SECONDS")]
        move_time: Option<u64>,
        /// The seed of the dice the program rolls for chance (Die Chess); from the clock if
        /// left out. The same seed and the same moves give the same rolls.
        #[arg(long)]
        seed: Option<u64>,
    },

    /// Play a best-of-three series in the terminal (QEC's match format, §5): colours
    /// alternate; two mutual losses make the next game sudden death; the series result is
    /// printed last.
    ///
    /// Example: omnichess series qec --players "Ada,Max"
    Series {
        /// The variant's name.
        variant: String,
        /// The start position of every game (position text, or @PATH).
        #[arg(long)]
        position: Option<String>,
        /// The two players, A (White in game 1) and B, separated by a comma.
        #[arg(long, default_value = "A,B")]
        players: String,
        /// Seconds per decision, overriding the variant's own limit (0: no limit).
        #[arg(long, value_name = "SECONDS")]
        move_time: Option<u64>,
        /// The seed of the dice the program rolls for chance (Die Chess); from the clock if
        /// left out. The same seed and the same moves give the same rolls.
        #[arg(long)]
        seed: Option<u64>,
    },
}
