//! The arguments of `omnichess lab`: one subcommand per study.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use omnichess_lab::sprt::{EloModel, SprtBounds, SprtError};

use crate::adjudication_args::AdjudicationArgs;
use crate::args::{count, positive};

/// A study of the balance lab (docs/LAB.md).
#[derive(Debug, Subcommand)]
pub enum Study {
    /// Who the variant favours, from self-play of one player setting against itself: the
    /// first player's score with its 95% interval, decisive games and draws by cause, game
    /// lengths, opening diversity (entropy of the first decisions). A report on stdout, the
    /// figures as JSON with --json, progress on stderr.
    ///
    /// Example: omnichess lab balance dice --games 200 --json dice.json
    Balance(StudyArgs),

    /// Two starts of one variant played alike (the same player, games and seed) and the
    /// differences of their figures with 95% intervals: two rule profiles, such as DMChess's
    /// conservation band, or two positions.
    ///
    /// Example: omnichess lab compare dmchess --b-profile band12.txt --games 100
    Compare(CompareArgs),

    /// Player A against player B until a sequential probability ratio test decides between
    /// "A is ELO0 stronger" (H0) and "A is ELO1 stronger" (H1), as fishtest does: games in
    /// colour-swapped pairs counted as pairs (pentanomial), the log-likelihood ratio after
    /// every pair in normalized Elo (or --elo-model logistic), a stop as soon as it crosses a
    /// bound (or at --max-games, undecided). With --database the test is stored and its
    /// batches shared by workers, which skip the rest once it decides.
    ///
    /// Example: omnichess lab sprt classic --a engine:depth=3 --b engine:depth=2 --elo1 50
    Sprt(SprtArgs),

    /// Piece values fitted from self-play: the material balance every --every turns of
    /// every game beside the game's result, a logistic regression of the first player's
    /// points on it; each kind's weight in log-odds per piece and, where the variant has
    /// pawns, in pawns (its interval by the delta method), with 95% intervals clustered by
    /// game. Games that reached a cap and positions mid-exchange (--quiet) are left out.
    ///
    /// Example: omnichess lab values classic --games 200 --opening 4
    Values(ValuesArgs),

    /// How many games a study needs: from a pilot's games (--pilot N, 100 by default, or a
    /// stored study's with --database URL --study ID), the per-game variance of the first
    /// player's score, draws included, and n = (1.96 σ / M)² games for a 95% interval of
    /// ±M (--margin, 0.02). With --b SPEC the pilot is the player against B in colour-swapped
    /// pairs, and the plan an SPRT's: its expected games and its chance of passing if A is
    /// ELO0 or ELO1 stronger, or as strong as the pilot says (fishtest's SPRT calculator).
    ///
    /// Example: omnichess lab plan dice --player greedy --pilot 200 --margin 0.03
    Plan(PlanArgs),

    /// The report of a study kept in a database (`--database` of any study), from the games
    /// stored so far, with how far it is.
    ///
    /// Example: omnichess lab show 3f2a9c01d4e5 --database sqlite://omnichess.db
    Show(ShowArgs),
}

/// `lab plan`: the pilot's settings (those of every study), or a stored study, and the
/// precision asked for.
#[derive(Debug, Args)]
pub struct PlanArgs {
    /// The pilot (--games is the same as --pilot), or with --database and --study the
    /// database of a stored study.
    #[command(flatten)]
    pub study: StudyArgs,
    /// The pilot's games (rounded up to whole pairs with --b).
    #[arg(long, value_name = "N", conflicts_with = "games", allow_negative_numbers = true, value_parser = positive::<u32>)]
    pub pilot: Option<u32>,
    /// The half-width of the 95% interval the study is planned for.
    #[arg(long, default_value_t = omnichess_lab::plan::MARGIN, value_name = "M", allow_negative_numbers = true)]
    pub margin: f64,
    /// Plan from this stored study's games instead of a pilot (with --database).
    #[arg(long = "study", value_name = "ID", requires = "database")]
    pub stored: Option<String>,
    /// Plan an SPRT of --player (A) against this player (B): a pilot in colour-swapped pairs.
    #[arg(long, value_name = "SPEC")]
    pub b: Option<String>,
    /// The SPRT's hypotheses, as `lab sprt` takes them.
    #[command(flatten)]
    pub bounds: BoundsArgs,
}

/// An SPRT's hypotheses and error rates.
#[derive(Debug, Args)]
pub struct BoundsArgs {
    /// A's Elo advantage under H0.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// A's Elo advantage under H1.
    #[arg(long, default_value_t = 10.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds (0 to 0.5).
    #[arg(long, default_value_t = 0.05, allow_negative_numbers = true)]
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds (0 to 0.5).
    #[arg(long, default_value_t = 0.05, allow_negative_numbers = true)]
    pub beta: f64,
    /// The Elo of ELO0 and ELO1: `normalized` (fishtest's default: by the t-value of a pair's
    /// score, whatever the draw rate) or `logistic` (by the expected score).
    #[arg(long, default_value = "normalized", value_name = "MODEL", value_parser = elo_model)]
    pub elo_model: EloModel,
}

impl BoundsArgs {
    /// The test these describe.
    ///
    /// # Errors
    /// Bounds that make no sense.
    pub fn bounds(&self) -> Result<SprtBounds, SprtError> {
        Ok(SprtBounds::new(self.elo0, self.elo1, self.alpha, self.beta)?.in_model(self.elo_model))
    }
}

/// `lab values`: the study's settings and how often the material is noted.
#[derive(Debug, Args)]
pub struct ValuesArgs {
    /// The games (every study's settings).
    #[command(flatten)]
    pub study: StudyArgs,
    /// Note the material at the start of every N-th turn.
    #[arg(long, default_value_t = 4, value_name = "N", allow_negative_numbers = true, value_parser = positive::<u64>)]
    pub every: u64,
    /// Fit a position only if its material balance is that of Q turns before (not in the
    /// middle of an exchange); 0 fits every position. Where the material was not noted Q
    /// turns before, the position is fitted as it is. Games that reached a cap are left out.
    #[arg(long, default_value_t = omnichess_lab::material_samples::QUIET_TURNS, value_name = "Q", allow_negative_numbers = true, value_parser = count::<u64>)]
    pub quiet: u64,
    /// Fit only the positions whose material, valued by the fit itself, gives the first
    /// player log-odds within ±L (1.5: a result between 18 % and 82 % from the material
    /// alone), fitted again until the positions kept no longer change: where the material
    /// already decides the game a linear fit saturates and overvalues the strongest pieces
    /// (docs/LAB.md, "The material band"). `off` fits every position.
    #[arg(long, default_value = "1.5", value_name = "L", allow_negative_numbers = true, value_parser = band)]
    pub band: Band,
}

/// `--band`: the material band of a values fit, in log-odds; `None` for `off`.
#[derive(Clone, Copy, Debug)]
pub struct Band(pub Option<f64>);

/// The largest band taken: beyond it every position of a real game is inside.
const BAND_MAX: f64 = 20.0;

fn band(text: &str) -> Result<Band, String> {
    if text == "off" {
        return Ok(Band(None));
    }
    match text.parse::<f64>() {
        Ok(l) if l.is_finite() && l > 0.0 && l <= BAND_MAX => Ok(Band(Some(l))),
        _ => Err(format!(
            "`{text}` is not a band: log-odds above 0 and at most {BAND_MAX}, or off"
        )),
    }
}

/// What every study is played with.
#[derive(Debug, Args)]
pub struct StudyArgs {
    /// The variant's name.
    pub variant: String,
    /// The player setting of both sides (a SPEC as `omnichess match` takes). Limited by
    /// depth or nodes it plays the same game for the same seed: reproducible.
    #[arg(long, default_value = "engine:nodes=2000", value_name = "SPEC")]
    pub player: String,
    /// The number of games (1 or more).
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = positive::<u32>)]
    pub games: u32,
    /// Open every game with N decisions chosen at random (from the game's seed), for varied
    /// games between players that would play the same game every time.
    #[arg(long, default_value_t = 0, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
    pub opening: u32,
    /// The seed, the caps, the cores and the storage.
    #[command(flatten)]
    pub run: RunArgs,
    /// The start position (position text, or @PATH); the standard start if left out.
    #[arg(long)]
    pub position: Option<String>,
    /// A profile file (DMChess: portals, energy squares, shift table) that replaces the
    /// position's.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<PathBuf>,
    /// Also write the study and its figures to FILE as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// How every study and test is run: its seed, its caps and adjudication, the cores it is
/// played on here and where it is kept.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The seed of chance and of the players' random choices: the same seed, the same games.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = count::<u64>)]
    pub seed: u64,
    /// Turns after which a game is adjudicated a draw (counted as the cause `turn cap`).
    #[arg(long, default_value_t = omnichess_lab::study::DEFAULT_MAX_TURNS, allow_negative_numbers = true, value_parser = positive::<u64>)]
    pub max_turns: u64,
    /// The adjudication by the players' scores.
    #[command(flatten)]
    pub adjudication: AdjudicationArgs,
    /// Games played at once (one core each); the figures do not depend on it.
    #[arg(long, default_value_t = default_jobs(), allow_negative_numbers = true, value_parser = positive::<usize>)]
    pub jobs: usize,
    /// Where the study is kept and who plays it (with --database: workers, which stop a test
    /// as soon as it decides).
    #[command(flatten)]
    pub storage: Storage,
}

/// Where a study is kept: here (by default), or in a database for workers.
#[derive(Debug, Args)]
pub struct Storage {
    /// Keep the study and its games in this database (sqlite://PATH, the file `serve` uses,
    /// or postgres://…), cut into batches that `omnichess worker` processes on any machine
    /// can claim; its id is printed first. This command plays it too, unless --submit.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Games per batch of a stored study.
    #[arg(long, default_value_t = 10, value_name = "N", allow_negative_numbers = true, value_parser = positive::<u32>)]
    pub batch: u32,
    /// With --database: store the study and leave its games to workers; print its id.
    #[arg(long, requires = "database")]
    pub submit: bool,
}

/// `lab show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The study's id (printed when it was stored).
    pub id: String,
    /// The database the study is in.
    #[arg(long, value_name = "URL")]
    pub database: String,
    /// A values study's material band, as `lab values --band` takes it (log-odds, or `off`).
    #[arg(long, default_value = "1.5", value_name = "L", allow_negative_numbers = true, value_parser = band)]
    pub band: Band,
    /// Also write the study and its figures to FILE as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// `omnichess worker`.
#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// The database whose studies to play (postgres://… for workers on several machines).
    #[arg(long, value_name = "URL")]
    pub database: String,
    /// This worker's name in the database (default: host and process id).
    #[arg(long)]
    pub name: Option<String>,
    /// Games played at once.
    #[arg(long, default_value_t = default_jobs(), allow_negative_numbers = true, value_parser = positive::<usize>)]
    pub jobs: usize,
    /// Seconds a claimed batch stays this worker's; past it (a worker killed or too slow)
    /// another may play it again. No game is counted twice.
    #[arg(long, default_value_t = 600, value_name = "SECONDS", allow_negative_numbers = true, value_parser = positive::<u64>)]
    pub lease: u64,
    /// Stop when no batch is left (otherwise wait for new studies).
    #[arg(long)]
    pub exit_when_idle: bool,
    /// Play only the batches of the study with this id (the id `lab --submit` printed):
    /// to give one study the cores while others wait.
    #[arg(long, value_name = "ID")]
    pub study: Option<String>,
}

/// `lab compare`: the study's settings, with start B beside start A.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Start A (the settings of every study; --position and --profile give A's start).
    #[command(flatten)]
    pub study: StudyArgs,
    /// Start B's position (position text, or @PATH); A's if left out.
    #[arg(long, value_name = "POSITION")]
    pub b_position: Option<String>,
    /// Start B's profile file.
    #[arg(long, value_name = "FILE")]
    pub b_profile: Option<PathBuf>,
}

/// `lab sprt`.
#[derive(Debug, Args)]
pub struct SprtArgs {
    /// The variant's name.
    pub variant: String,
    /// Player A, the one tested (a SPEC as `omnichess match` takes).
    #[arg(long, value_name = "SPEC")]
    pub a: String,
    /// Player B, the reference.
    #[arg(long, value_name = "SPEC")]
    pub b: String,
    /// The test's hypotheses and error rates.
    #[command(flatten)]
    pub bounds: BoundsArgs,
    /// Stop undecided after this many games.
    #[arg(long, default_value_t = 2000, allow_negative_numbers = true, value_parser = positive::<u32>)]
    pub max_games: u32,
    /// Random decisions opening every pair of games.
    #[arg(long, default_value_t = 2, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
    pub opening: u32,
    /// The seed, the caps, the cores and the storage.
    #[command(flatten)]
    pub run: RunArgs,
    /// Also write the test and its result to FILE as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// `normalized` or `logistic`.
fn elo_model(text: &str) -> Result<EloModel, String> {
    match text {
        "normalized" => Ok(EloModel::Normalized),
        "logistic" => Ok(EloModel::Logistic),
        _ => Err("`normalized` or `logistic`".to_owned()),
    }
}

/// One game per core.
fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}
