//! The command line, as clap reads it. The command forms are a contract: scripts and tests
//! outside the project call them exactly as written here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// The deepest `perft` accepted, in plies. Counts grow about 30-fold per ply in classic chess
/// and faster in the other variants: classic perft 15 (2.2e21 sequences) took a cluster of
/// computers months; a deeper count would not finish in anyone's lifetime.
pub const MAX_PERFT_DEPTH: u32 = 15;

/// The deepest `analyze --depth`: the engine's own limit
/// ([`omnichess_engine::limits::MAX_DEPTH`]).
pub const MAX_SEARCH_DEPTH: u32 = omnichess_engine::limits::MAX_DEPTH;

/// An option's value refused: what it must be (clap prints it after the value).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// Not a whole number of at least `low`.
    #[error("{what}, {low} or more")]
    AtLeast {
        /// What the number counts.
        what: &'static str,
        /// The least accepted.
        low: u64,
    },
    /// Not a whole number from `low` to `high`.
    #[error("{what} from {low} to {high}")]
    Range {
        /// What the number counts.
        what: &'static str,
        /// The least accepted.
        low: u64,
        /// The most accepted.
        high: u64,
    },
    /// `perft --depth` beyond [`MAX_PERFT_DEPTH`].
    #[error(
        "at most {MAX_PERFT_DEPTH} plies: each ply multiplies the count (classic: about 30 \
         times) and classic perft {MAX_PERFT_DEPTH} already took a cluster of computers months, \
         so a deeper count would never finish"
    )]
    PerftTooDeep,
    /// `--time` that is not a positive number of seconds up to a year.
    #[error("a positive number of seconds such as 0.5 or 10, at most a year")]
    Seconds,
    /// `--work-limit` that is not a number of seconds up to a day.
    #[error("a number of seconds, more than 0 and at most 86400")]
    WorkSeconds,
}

/// Reads a whole number from `low` to `high`, saying the range when it is not one.
fn whole<T: TryFrom<u64>>(
    text: &str,
    low: u64,
    high: u64,
    what: &'static str,
) -> Result<T, ValueError> {
    let range = if high == u64::MAX {
        ValueError::AtLeast { what, low }
    } else {
        ValueError::Range { what, low, high }
    };
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or(range)
}

/// `perft --depth`: 0 to [`MAX_PERFT_DEPTH`].
fn perft_depth(text: &str) -> Result<u32, ValueError> {
    let n: Option<u64> = text.trim().parse().ok();
    if n.is_some_and(|n| n > u64::from(MAX_PERFT_DEPTH)) {
        return Err(ValueError::PerftTooDeep);
    }
    whole(
        text,
        0,
        u64::from(MAX_PERFT_DEPTH),
        "a whole number of plies",
    )
}

/// `analyze --depth`: 1 to [`MAX_SEARCH_DEPTH`] player decisions.
fn search_depth(text: &str) -> Result<u32, ValueError> {
    whole(
        text,
        1,
        u64::from(MAX_SEARCH_DEPTH),
        "a whole number of player decisions",
    )
}

/// A count of 1 or more (`--nodes`, `--cap`, `--games`, `--jobs`, `--max-turns`, …).
pub(crate) fn positive<T: TryFrom<u64>>(text: &str) -> Result<T, ValueError> {
    whole(text, 1, u64::MAX, "a whole number")
}

/// A count of 0 or more (`--seed`, `--opening`, `--engine-workers`).
pub(crate) fn count<T: TryFrom<u64>>(text: &str) -> Result<T, ValueError> {
    let high = if std::mem::size_of::<T>() < 8 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    };
    whole(text, 0, high, "a whole number")
}

/// Whole seconds per decision (`--move-time`): 0 (no limit) to a day.
fn move_seconds(text: &str) -> Result<u64, ValueError> {
    whole(text, 0, 86_400, "a whole number of seconds (0: no limit)")
}

/// `--hash`: 1 to [`omnichess_engine::tt::MAX_MIB`] MiB.
fn hash_mib(text: &str) -> Result<usize, ValueError> {
    whole(
        text,
        1,
        omnichess_engine::tt::MAX_MIB as u64,
        "a whole number of MiB",
    )
}

/// Seconds with decimals (`--time`): more than 0, at most a year.
fn seconds(text: &str) -> Result<f64, ValueError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && *s <= 31_536_000.0)
        .ok_or(ValueError::Seconds)
}

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

    /// 5D Chess: the most memory, in MiB, that a bounded search for a legal action may hold
    /// (the engine's and the referee's "is the game over?", an agent's last-resort search for
    /// any turn), 1 to 65536. A search that reaches it gives up as when its time runs out.
    #[arg(long, global = true, value_name = "MIB", default_value_t = DEFAULT_SEARCH_MEMORY_MIB, allow_negative_numbers = true, value_parser = search_memory_mib)]
    pub search_memory: usize,
}

impl Command {
    /// The `--work-limit` of the commands that judge positions for an answer (`moves`,
    /// `actions`, `replay`, `analyze`): `Some` of the option; `None` for the others.
    #[must_use]
    pub fn work_limit(&self) -> Option<Option<std::time::Duration>> {
        match self {
            Command::Moves { work_limit, .. }
            | Command::Actions { work_limit, .. }
            | Command::Replay { work_limit, .. }
            | Command::Analyze { work_limit, .. } => Some(*work_limit),
            _ => None,
        }
    }
}

/// `--work-limit`'s default for a command.
pub const DEFAULT_COMMAND_WORK_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// `--work-limit`: seconds, more than 0 and at most a day.
fn work_seconds(text: &str) -> Result<std::time::Duration, ValueError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && *s <= 86_400.0)
        .map(std::time::Duration::from_secs_f64)
        .ok_or(ValueError::WorkSeconds)
}

/// `--search-memory`'s default, in MiB.
pub const DEFAULT_SEARCH_MEMORY_MIB: usize = omnichess_core::DEFAULT_SEARCH_MEMORY >> 20;

/// `--search-memory`: 1 to 65 536 MiB.
fn search_memory_mib(text: &str) -> Result<usize, ValueError> {
    whole(text, 1, 65_536, "a whole number of MiB")
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the variants: one line each, name and description. With a variant's name, that
    /// line and then its named starting positions, one a line with the `--position` text that
    /// plays it (5D Chess: the official variants, such as `[Board "Standard - Turn Zero"]`).
    ///
    /// Example: omnichess variants multiverse
    Variants {
        /// A variant's name, to list its named starts.
        variant: Option<String>,
    },

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
        /// A profile file (DMChess: portals, energy squares, shift table) that replaces the
        /// position's; `--position` may then be left out for the standard start.
        #[arg(long, value_name = "FILE")]
        profile: Option<std::path::PathBuf>,
        /// How many plies deep to count (0 to 15). Counts that take long show their progress
        /// on stderr.
        #[arg(long, allow_negative_numbers = true, value_parser = perft_depth)]
        depth: u32,
        /// First print `DECISION: COUNT` for every first decision.
        #[arg(long)]
        divide: bool,
    },

    /// Show who acts and the legal decisions, after playing some decisions.
    ///
    /// The first line is `to-act: PLAYER|chance|none` (the player `white` or `black`; in
    /// DMChess `light` or `dark`); then one decision per line (classic in UCI form),
    /// `OUTCOME PROBABILITY` lines at a chance node, or `outcome: RESULT` when the game is
    /// over.
    ///
    /// Example: omnichess moves classic --after "e4 e5 Nf3"
    Moves {
        /// The variant's name.
        variant: String,
        /// The start position (position text, or @PATH); the standard start if left out.
        #[arg(long)]
        position: Option<String>,
        /// A profile file (DMChess: portals, energy squares, shift table) that replaces the
        /// position's; `--position` may then be left out for the standard start.
        #[arg(long, value_name = "FILE")]
        profile: Option<std::path::PathBuf>,
        /// Decisions to play first, separated by spaces.
        #[arg(long, allow_hyphen_values = true)]
        after: Option<String>,
        /// The longest, in seconds (0.5 is fine), this command may spend judging positions:
        /// past it, one line and exit status 2, nothing printed that a cut search computed.
        /// Only 5D positions with many timelines come near it. Default: 60.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = work_seconds)]
        work_limit: Option<std::time::Duration>,
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
        /// The game record's file (classic: PGN; only the first game of the file is read);
        /// `@PATH` is read as PATH, as for --position.
        gamefile: PathBuf,
        /// Stop counting each position at N turns (1 or more). Without it every turn is
        /// counted, one by one: in a wide 5D multiverse that can take hours (the 5D test data
        /// is counted with --cap 1000).
        #[arg(long, allow_negative_numbers = true, value_parser = positive::<u64>)]
        cap: Option<u64>,
        /// The longest, in seconds (0.5 is fine), this command may spend judging positions:
        /// past it, one line and exit status 2, nothing printed that a cut search computed.
        /// Only 5D positions with many timelines come near it. Default: 60.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = work_seconds)]
        work_limit: Option<std::time::Duration>,
    },

    /// Check a game record decision by decision. On the first illegal decision, name it and
    /// its position and exit with status 2.
    Replay {
        /// The variant's name.
        variant: String,
        /// The game record's file (classic: PGN; only the first game of the file is read);
        /// `@PATH` is read as PATH, as for --position.
        gamefile: PathBuf,
        /// The longest, in seconds (0.5 is fine), this command may spend judging positions:
        /// past it, one line and exit status 2, nothing printed that a cut search computed.
        /// Only 5D positions with many timelines come near it. Default: 60.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = work_seconds)]
        work_limit: Option<std::time::Duration>,
    },

    /// Play a game in the terminal: two people at one keyboard, or one against the computer
    /// (`--vs engine`). Type `help` at the prompt.
    ///
    /// Variants with a time per decision (QEC: 3 minutes) show a countdown; running out
    /// loses the game.
    Play(PlayArgs),

    /// Search a position with the engine. Prints a progress line per completed depth
    /// (`info depth D score cp N|mate N nodes N nps N time S pv …`, the score from the acting
    /// player's side), then as the last line `bestmove` followed by the decisions of the
    /// acting player's whole turn (one decision in most variants; in 5D Chess every move of
    /// the turn and `submit`). At least one of --depth, --time and --nodes is needed.
    ///
    /// Example: omnichess analyze classic --after "e4 e5" --depth 6
    #[command(group(clap::ArgGroup::new("limit").required(true).multiple(true).args(["depth", "time", "nodes"])))]
    Analyze {
        /// The variant's name.
        variant: String,
        /// The position (position text, or @PATH); the standard start if left out.
        #[arg(long)]
        position: Option<String>,
        /// A profile file (DMChess: portals, energy squares, shift table) that replaces the
        /// position's; `--position` may then be left out for the standard start.
        #[arg(long, value_name = "FILE")]
        profile: Option<std::path::PathBuf>,
        /// Decisions to play first, separated by spaces.
        #[arg(long, allow_hyphen_values = true)]
        after: Option<String>,
        /// Search this many player decisions deep, 1 to 64 (chance outcomes do not count).
        #[arg(long, allow_negative_numbers = true, value_parser = search_depth)]
        depth: Option<u32>,
        /// Search for this many seconds (decimals allowed).
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
        time: Option<f64>,
        /// Search at most this many nodes (1 or more).
        #[arg(long, allow_negative_numbers = true, value_parser = positive::<u64>)]
        nodes: Option<u64>,
        /// The transposition table's size in MiB, 1 to 4096 (and at most half the memory
        /// available).
        #[arg(long, value_name = "MIB", default_value_t = 16, allow_negative_numbers = true, value_parser = hash_mib)]
        hash: usize,
        /// The longest, in seconds (0.5 is fine), this command may spend judging positions:
        /// past it, one line and exit status 2, nothing printed that a cut search computed.
        /// Only 5D positions with many timelines come near it. Default: 60.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = work_seconds)]
        work_limit: Option<std::time::Duration>,
    },

    /// Play a match between two players: colours alternate game by game; a progress bar on
    /// stderr while it runs, then there the longest time each player took to choose one turn
    /// (`slowest turn: A S s, B S s`) and the turn that took longest per decision it held
    /// (`slowest per decision: A S s (S s for N decisions), B …`); on stdout the Elo difference of A over B with its 95%
    /// margin, and as the last line `result: +W =D -L` from A's side. A SPEC is `engine` (with --time per
    /// decision, 1 s if left out), `engine:depth=N`, `engine:time=SECONDS`, `engine:nodes=N`
    /// (limits for each decision of a turn: 5D's moves and submit are each searched anew),
    /// `engine:clock=BASE+INC` (a clock of BASE seconds per game, INC added per turn; the
    /// engine shares it out over the game), with `,hash=MIB` the engine's transposition table
    /// (1 to 4096 MiB, 16 if left out; `engine:time=0.1,hash=64`),
    /// `mcts[:time=S|nodes=N|clock=BASE+INC]`, `random`
    /// (uniform over the legal decisions), `greedy` (the best material gain in one
    /// decision; `greedy:time=SECONDS` the most a decision's comparison may take, 1 s if left
    /// out) or `uci:PATH[,skill=N][,elo=N][,time=SECONDS|,nodes=N][,protocol=5duci]` (an
    /// outside engine speaking UCI, such as `uci:/usr/games/stockfish,skill=5,time=0.1`;
    /// `nodes=N` sends `go nodes N`, for two builds compared at equal nodes whatever the load; with
    /// `protocol=5duci` a 5D engine speaking 5DUCI, such as ftxi's, tools/ftxi-5dchess/).
    /// Chance is rolled from --seed.
    ///
    /// Example: omnichess match classic --a engine:depth=3 --b random --games 20
    Match(MatchArgs),

    /// The balance lab: studies for a variant's designers, answered from self-play —
    /// `balance` (who the variant favours, how its games end), `compare` (two rule profiles
    /// side by side), `sprt` (engine A against engine B until a sequential test decides).
    /// Every study is reproducible from its settings and seed. See docs/LAB.md.
    ///
    /// Example: omnichess lab balance dice --games 200
    Lab {
        /// The study.
        #[command(subcommand)]
        study: crate::lab_args::Study,
    },

    /// Play the balance lab's stored studies: claim a batch of games from the database,
    /// play it on --jobs cores, store its games, claim the next. Start one on every machine
    /// that can reach the database (PostgreSQL); a worker killed mid-batch loses nothing but
    /// time, and no game is counted twice. See docs/LAB.md.
    ///
    /// Example: omnichess worker --database postgres://lab@db/omnichess
    Worker(crate::lab_args::WorkerArgs),

    /// Speak UCI on stdin/stdout, so chess GUIs and match runners can use the engine.
    /// For classic chess this is standard UCI. Other variants speak the same protocol with the
    /// variant's own texts: `position startpos|fen TEXT [moves D1 D2 …]` (TEXT: the variant's
    /// position text; decisions in its notation), and `bestmove` gives the first decision of
    /// the turn. A variant that declares a protocol of its own speaks that instead: 5D Chess
    /// (`uci multiverse`) speaks 5DUCI (ftxi/5dchess_engine's protocol: `5duci`, `position
    /// startpos|[size MxN] [odd|even] fen BLOCKS [moves …]`, `go`, moves as `(0T1)e2(0T1)e4`
    /// and `submit`). See docs/ENGINE.md.
    Uci {
        /// The variant's name; the first that `omnichess variants` lists if left out.
        variant: Option<String>,
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
        /// Seconds per decision, overriding the variant's own limit (0: no limit; at most
        /// 86400).
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = move_seconds)]
        move_time: Option<u64>,
        /// The seed of the dice the program rolls for chance (Die Chess); from the clock if
        /// left out. The same seed and the same moves give the same rolls.
        #[arg(long, allow_negative_numbers = true, value_parser = count::<u64>)]
        seed: Option<u64>,
    },

    /// Serve the web platform: open the printed address in a browser to play any variant
    /// against the engine or a friend by link, watch, analyse. Games are stored in SQLite (a
    /// file, created if missing) or PostgreSQL; a restarted server has every acknowledged move
    /// and running clock. Ctrl-C stops it within seconds (a lab batch cut short is played
    /// again once its lease runs out). The HTTP and WebSocket protocol: docs/PROTOCOL.md.
    ///
    /// Examples: omnichess serve
    ///           omnichess serve --listen 0.0.0.0:8080 --database postgres://omnichess@localhost/omnichess
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDRESS")]
        listen: String,
        /// The database: sqlite://PATH (created if missing) or postgres://USER@HOST/DB.
        #[arg(long, default_value = "sqlite://omnichess.db", value_name = "URL")]
        database: String,
        /// Engine searches run at once (0: one per core): as many for analyses, more waiting in a bounded queue (503 past it), and as many for the engine's turns in games, which always wait their turn.
        #[arg(long, default_value_t = 0, value_name = "N", allow_negative_numbers = true, value_parser = count::<usize>)]
        engine_workers: usize,
        /// Games created and analyses opened per client (its address) and minute, all at
        /// once if it has been quiet; past it the server answers 429 with Retry-After.
        /// 0: no limit.
        #[arg(long, default_value_t = omnichess_server::rate_limit::DEFAULT_PER_MINUTE, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
        games_per_minute: u32,
        /// The longest, in seconds (0.5 is fine), one request may spend rebuilding and judging
        /// a game: past it the request is answered 503 (an import, half of it: 422) and its
        /// thread is freed. Only 5D positions with many timelines come near it. Default: 10.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = work_seconds)]
        work_limit: Option<std::time::Duration>,
        /// The time, in seconds, a client has to send a request's headers, and a kept-alive
        /// connection to send its next request: past it the connection is closed (a slow or
        /// silent client holds no connection for long). WebSockets, once open, are not
        /// bound by it.
        #[arg(long, value_name = "SECONDS", default_value = "10", allow_negative_numbers = true, value_parser = work_seconds)]
        header_timeout: std::time::Duration,
        /// Connections (WebSockets among them) one client address may hold open at once; the
        /// next is answered 429 and closed.
        #[arg(long, value_name = "N", default_value_t = omnichess_server::listen::CONNECTIONS_PER_CLIENT, allow_negative_numbers = true, value_parser = positive::<usize>)]
        connections_per_client: usize,
    },
}

/// The arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The variant's name.
    pub variant: String,
    /// The start position (position text, or @PATH); the standard start if left out.
    #[arg(long)]
    pub position: Option<String>,
    /// A profile file (DMChess: portals, energy squares, shift table) that replaces the
    /// position's; `--position` may then be left out for the standard start.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<std::path::PathBuf>,
    /// Seconds per decision, overriding the variant's own limit (0: no limit; at most
    /// 86400).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = move_seconds)]
    pub move_time: Option<u64>,
    /// The seed of the dice the program rolls for chance (Die Chess); from the clock if
    /// left out. The same seed and the same moves give the same rolls.
    #[arg(long, allow_negative_numbers = true, value_parser = count::<u64>)]
    pub seed: Option<u64>,
    /// Play against the computer: `engine` (1 s per decision), `engine:depth=N`,
    /// `engine:time=SECONDS`, `engine:nodes=N` (each decision of its turn searched anew
    /// within them: a 5D turn of three moves and submit may take four times as long),
    /// `engine:clock=BASE+INC` (a clock of BASE seconds, INC added per turn), each with
    /// `,hash=MIB` for the transposition table (16 MiB if left out), `random`, `greedy`
    /// (`greedy:time=SECONDS`: the most a decision may take, 1 s if left out), or `uci:PATH[,skill=N][,elo=N][,time=SECONDS]` (an outside engine
    /// speaking UCI, such as Stockfish). It plays Black unless --engine-first.
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
    /// With --vs: the computer plays White (moves first).
    #[arg(long, requires = "vs")]
    pub engine_first: bool,
    /// With --vs: show the engine's thinking (depth, score, principal line) as it searches.
    /// `think` at the prompt turns it on and off.
    #[arg(long, requires = "vs")]
    pub thinking: bool,
    /// Play on a time control the variant's rules name (DMChess 8.1: `standard`, 90 minutes
    /// for 40 moves, then 30 more; `rapid`, 25 minutes + 10 s a move; `blitz`, 5 minutes +
    /// 3 s). Every engine without a limit of its own plays on that clock.
    #[arg(long, value_name = "NAME")]
    pub time_control: Option<String>,
    /// A game clock for both players: MINUTES+SECONDS added per turn (`5+3`; decimals
    /// allowed). Shown under the board; the player whose time runs out loses.
    #[arg(long, value_name = "MIN+INC", conflicts_with = "time_control")]
    pub clock: Option<String>,
    /// Resume a game saved by `play` (on leaving, or with `save FILE`), clocks included.
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    pub load: Option<std::path::PathBuf>,
    /// No colours (also when the NO_COLOR environment variable is set).
    #[arg(long)]
    pub no_color: bool,
    /// Plain ASCII pieces (K Q R B N P for White, lower case for Black).
    #[arg(long)]
    pub ascii: bool,
}

/// The arguments of `match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The variant's name.
    pub variant: String,
    /// Player A (White in the odd games).
    #[arg(long, value_name = "SPEC")]
    pub a: String,
    /// Player B.
    #[arg(long, value_name = "SPEC")]
    pub b: String,
    /// The number of games (1 or more).
    #[arg(long, allow_negative_numbers = true, value_parser = positive::<u32>)]
    pub games: u32,
    /// Seconds per decision for an `engine` whose SPEC sets no limit.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    pub time: Option<f64>,
    /// The seed of chance and of the players' random choices (the same seed, the same
    /// games, for players limited by depth or nodes).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = count::<u64>)]
    pub seed: u64,
    /// Turns after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = positive::<u64>)]
    pub max_turns: u64,
    /// Decisions (all players' and chance's, over the whole game) after which a game is
    /// adjudicated a draw, at the next turn's start. No cap if left out. For 5D Chess,
    /// whose turns hold a move on every board: a game whose multiverse explodes reaches
    /// it long before the turn cap.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = positive::<u64>)]
    pub max_decisions: Option<u64>,
    /// The start position of every game (position text, or @PATH).
    #[arg(long)]
    pub position: Option<String>,
    /// A profile file (DMChess: portals, energy squares, shift table) that replaces the
    /// position's; `--position` may then be left out for the standard start.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<std::path::PathBuf>,
    /// Games played at once, each on its own thread with its own players (one core
    /// each: more jobs than cores makes time-limited players weaker). The games and the
    /// result do not depend on it: every game is seeded from --seed and its number.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = positive::<usize>)]
    pub jobs: usize,
    /// Write every game to this folder (made if missing) as it ends: `game-001.pgn`
    /// (`.5dpgn` for 5D Chess) in the variant's record format, and `games.tsv` with
    /// each game's number, A's colour and how it ended.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Open every game with N decisions chosen at random (from the game's seed), for
    /// varied games between agents that would play the same game every time.
    #[arg(long, default_value_t = 0, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
    pub opening: u32,
    /// Play every game twice, colours swapped: games 1 and 2, 3 and 4 … share their seed
    /// (the same random opening, the same chance rolls while the two games agree, each
    /// player's seed going with its colour). Two identical players then score exactly
    /// even, and a comparison is not swayed by openings that favour one colour. With an
    /// odd --games the last game has no twin.
    #[arg(long)]
    pub paired: bool,
    /// Play on a time control the variant's rules name (DMChess 8.1: `standard`, 90 minutes
    /// for 40 moves, then 30 more; `rapid`, 25 minutes + 10 s a move; `blitz`, 5 minutes +
    /// 3 s). Every engine without a limit of its own plays on that clock.
    #[arg(long, value_name = "NAME")]
    pub time_control: Option<String>,
}
