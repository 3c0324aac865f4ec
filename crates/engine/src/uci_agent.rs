//! An outside engine as a player, over UCI: for measuring strength against a known engine
//! (Debian's `stockfish` at fixed skill levels). It is sent the position text and answers with
//! a decision in the variant's notation — standard UCI for classic chess; for the other
//! variants, an engine speaking `omnichess uci VARIANT`'s protocol.
//!
//! 5D Chess engines speak 5DUCI (ftxi/5dchess_engine `docs/5duci.md`, version 0.3.3):
//! `uci:PATH,protocol=5duci`. The agent then sends the turn's start as `position size WxH
//! odd|even fen BLOCKS` (every board, as ftxi's own `autoplay.py` sends a game it did not
//! start), and reads `bestmove` as the engine's whole action — one or more moves, in long
//! (`(0T1)e2(0T1)e4`) or ftxi's short (`(0T1)e2e4`) form, `submit` written or left out — and
//! submits it. An engine that answers one move at a time (omnichess's own `uci multiverse`) is
//! asked again, with the moves so far, while the turn may not be submitted yet.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use omnichess_core::{DecisionError, ToAct, Variant};
use thiserror::Error;

use crate::agents::Agent;
use crate::error::EngineError;
use crate::search::Report;

/// How long the engine may take to answer a handshake or `isready`.
const HANDSHAKE_TIME: Duration = Duration::from_secs(60);

/// How long past its move time the engine may take before it is sent `stop`, and then again
/// before its answer is given up.
const GRACE: Duration = Duration::from_secs(10);

/// How long a search by nodes may take before it is sent `stop`.
const NODES_WAIT: Duration = Duration::from_secs(120);

/// The most `go`s one 5D turn may take (an engine answering one move at a time).
const MAX_ASKS_PER_TURN: usize = 64;

/// The protocol the outside engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (`uci`/`uciok`, `position fen TEXT`, one decision per `bestmove`).
    #[default]
    Uci,
    /// 5DUCI (`5duci`/`5duciok`, 5DFEN positions, an action per `bestmove`): the variants
    /// whose positions and decisions that protocol writes
    /// ([`omnichess_core::Notation::engine_position`]), 5D Chess.
    Duci,
}

/// How to run the outside engine:
/// `uci:PATH[,skill=N][,elo=N][,time=SECONDS|,nodes=N][,protocol=uci|5duci]`.
#[derive(Clone, Debug, PartialEq)]
pub struct UciSpec {
    /// The program.
    pub path: String,
    /// UCI option `Skill Level` (Stockfish: 0 to 20).
    pub skill: Option<u32>,
    /// UCI options `UCI_LimitStrength` and `UCI_Elo`.
    pub elo: Option<u32>,
    /// Time per move (`go movetime`); the caller's default time if `None`. Under 5DUCI, time
    /// per board the mover may play at the turn's start: a turn's `go movetime` is this times
    /// those boards, as `engine:time=S` searches each decision of its turn for S.
    pub time: Option<Duration>,
    /// Nodes per move (`go nodes N`) instead of a time: a load-independent, reproducible
    /// budget for comparing two builds of one engine (which must then search by nodes alone).
    pub nodes: Option<u64>,
    /// The protocol (UCI unless `protocol=5duci`).
    pub protocol: Protocol,
}

/// Why the part after `uci:` cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciSpecError {
    /// No program before the options.
    #[error("`uci:` needs a program")]
    NoProgram,
    /// An option that is not `KEY=VALUE`.
    #[error("`{0}`: expected KEY=VALUE (skill, elo, time, nodes, protocol)")]
    NotKeyValue(String),
    /// `skill` or `elo` that is not a number.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// `time` that is not a number of seconds.
    #[error("`{0}` is not seconds")]
    NotSeconds(String),
    /// `time` that is not positive.
    #[error("time must be a positive number of seconds")]
    Time,
    /// `nodes` that is not a number.
    #[error("`{0}` is not a number of nodes")]
    NotNodes(String),
    /// `nodes=0`.
    #[error("nodes must be 1 or more")]
    Nodes,
    /// A protocol other than `uci` and `5duci`.
    #[error("protocol `{0}`: `uci` or `5duci`")]
    Protocol(String),
    /// An option the spec does not have.
    #[error("unknown option `{0}` (skill, elo, time, nodes, protocol)")]
    UnknownOption(String),
    /// Both `time` and `nodes`.
    #[error("`time` and `nodes` exclude each other: give one")]
    TimeAndNodes,
}

/// Why an exchange with the outside engine failed.
#[derive(Debug, Error)]
pub enum ExchangeError {
    /// Its input cannot be written.
    #[error("cannot write to it: {0}")]
    Write(std::io::Error),
    /// No line starting with one of the expected words came in time.
    #[error("no `{}` within {wait:?}", expected.join("` or `"))]
    Timeout {
        /// The words expected.
        expected: Vec<String>,
        /// How long it was waited for.
        wait: Duration,
    },
    /// Its output ended before a line starting with one of the expected words.
    #[error("it ended before `{}`", expected.join("` or `"))]
    Ended {
        /// The words expected.
        expected: Vec<String>,
    },
    /// A `bestmove` line without a move.
    #[error("no bestmove")]
    EmptyAnswer,
    /// `nobestmove`, or a `bestmove` line without a move, at a turn's start.
    #[error("nobestmove")]
    NoBestMove,
    /// A `bestmove` whose move is not legal (or not readable) where it is played.
    #[error("bestmove {answer}: {source}")]
    Illegal {
        /// The answer's moves, as the engine wrote them.
        answer: String,
        /// Why the move does not play.
        source: DecisionError,
    },
    /// The state cannot be told in the variant's own protocol.
    #[error("{0}")]
    NoEnginePosition(String),
    /// The engine answered as many times as a turn may take (`MAX_ASKS_PER_TURN`) without
    /// completing the turn.
    #[error("no whole turn after {MAX_ASKS_PER_TURN} answers")]
    NoWholeTurn,
}

impl UciSpec {
    /// Reads the part after `uci:`.
    pub fn parse(text: &str) -> Result<UciSpec, UciSpecError> {
        let mut parts = text.split(',');
        let path = parts
            .next()
            .filter(|p| !p.is_empty())
            .ok_or(UciSpecError::NoProgram)?;
        let mut spec = UciSpec {
            path: path.to_owned(),
            skill: None,
            elo: None,
            time: None,
            nodes: None,
            protocol: Protocol::Uci,
        };
        for option in parts {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| UciSpecError::NotKeyValue(option.to_owned()))?;
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| UciSpecError::NotANumber(value.to_owned()))
            };
            match key {
                "skill" => spec.skill = Some(number()?),
                "elo" => spec.elo = Some(number()?),
                "time" => {
                    let seconds: f64 = value
                        .parse()
                        .map_err(|_| UciSpecError::NotSeconds(value.to_owned()))?;
                    spec.time = Duration::try_from_secs_f64(seconds)
                        .ok()
                        .filter(|t| !t.is_zero());
                    if spec.time.is_none() {
                        return Err(UciSpecError::Time);
                    }
                }
                "nodes" => {
                    let nodes: u64 = value
                        .parse()
                        .map_err(|_| UciSpecError::NotNodes(value.to_owned()))?;
                    if nodes == 0 {
                        return Err(UciSpecError::Nodes);
                    }
                    spec.nodes = Some(nodes);
                }
                "protocol" => {
                    spec.protocol = match value {
                        "uci" => Protocol::Uci,
                        "5duci" => Protocol::Duci,
                        _ => return Err(UciSpecError::Protocol(value.to_owned())),
                    }
                }
                other => return Err(UciSpecError::UnknownOption(other.to_owned())),
            }
        }
        if spec.time.is_some() && spec.nodes.is_some() {
            return Err(UciSpecError::TimeAndNodes);
        }
        Ok(spec)
    }
}

/// A running outside engine.
pub struct UciAgent {
    child: Child,
    input: ChildStdin,
    /// The engine's output lines, read on a thread of their own (so that a silent engine
    /// times out instead of hanging the match).
    lines: Receiver<String>,
    movetime: Duration,
    /// Nodes per move instead of `movetime`, where the spec says.
    nodes: Option<u64>,
    protocol: Protocol,
    path: String,
    /// The game before the next turn asked for ([`Agent::set_game`]): the start's position
    /// text and the decisions since, each as text. Used once.
    game: Option<(String, Vec<String>)>,
}

impl UciAgent {
    /// Starts the program and sets its options; `default_time` per move unless the spec says.
    pub fn start(spec: &UciSpec, default_time: Duration) -> Result<UciAgent, EngineError> {
        let failed = |reason: String| EngineError::Spec {
            spec: format!("uci:{}", spec.path),
            reason,
        };
        let mut child = Command::new(&spec.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| failed(format!("cannot start it: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(failed("no pipes to it".into()));
        };
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut agent = UciAgent {
            child,
            input,
            lines,
            movetime: spec.time.unwrap_or(default_time),
            nodes: spec.nodes,
            protocol: spec.protocol,
            path: spec.path.clone(),
            game: None,
        };
        let (hello, ok) = match spec.protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Duci => ("5duci", "5duciok"),
        };
        let exchange = |e: ExchangeError| failed(e.to_string());
        agent.send(hello).map_err(exchange)?;
        agent
            .read_until(ok, HANDSHAKE_TIME)
            .map_err(|e| match spec.protocol {
                Protocol::Uci => failed(format!("{e} (a 5D engine? add `,protocol=5duci`)")),
                Protocol::Duci => exchange(e),
            })?;
        if let Some(skill) = spec.skill {
            agent
                .send(&format!("setoption name Skill Level value {skill}"))
                .map_err(exchange)?;
        }
        if let Some(elo) = spec.elo {
            agent
                .send("setoption name UCI_LimitStrength value true")
                .map_err(exchange)?;
            agent
                .send(&format!("setoption name UCI_Elo value {elo}"))
                .map_err(exchange)?;
        }
        agent.sync().map_err(exchange)?;
        Ok(agent)
    }

    fn send(&mut self, line: &str) -> Result<(), ExchangeError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(ExchangeError::Write)
    }

    /// Reads lines until one starts with one of `prefixes`, for at most `wait`; returns
    /// that line.
    fn read_until_any(
        &mut self,
        prefixes: &[&str],
        wait: Duration,
    ) -> Result<String, ExchangeError> {
        let expected = || prefixes.iter().map(|p| (*p).to_owned()).collect();
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if prefixes.iter().any(|p| line.starts_with(p)) => {
                    return Ok(line.trim().to_owned());
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ExchangeError::Timeout {
                        expected: expected(),
                        wait,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ExchangeError::Ended {
                        expected: expected(),
                    });
                }
            }
        }
    }

    /// Reads lines until one starts with `prefix` (at most `wait`); returns that line.
    fn read_until(&mut self, prefix: &str, wait: Duration) -> Result<String, ExchangeError> {
        self.read_until_any(&[prefix], wait)
    }

    /// `isready` until `readyok`: the engine has finished what it was doing (ftxi's engine
    /// ignores commands while a task runs, and answers `readyok` only after it), and any late
    /// answer before it is dropped.
    fn sync(&mut self) -> Result<(), ExchangeError> {
        self.send("isready")?;
        self.read_until("readyok", HANDSHAKE_TIME).map(drop)
    }

    /// `go movetime` (or `go nodes`, where the spec says), for a turn of `boards` moves' worth,
    /// and the `bestmove` line's words after `bestmove` (empty for `nobestmove`). A search that
    /// overruns its time by [`GRACE`] (by [`NODES_WAIT`] when it searches by nodes) is sent
    /// `stop`.
    fn go(&mut self, boards: u32) -> Result<Vec<String>, ExchangeError> {
        let wait = match self.nodes {
            Some(nodes) => {
                let nodes = nodes.saturating_mul(u64::from(boards));
                self.send(&format!("go nodes {nodes}"))?;
                NODES_WAIT
            }
            None => {
                let movetime = self.movetime.saturating_mul(boards);
                self.send(&format!("go movetime {}", movetime.as_millis().max(1)))?;
                movetime + GRACE
            }
        };
        let answers = ["bestmove", "nobestmove"];
        let line = match self.read_until_any(&answers, wait) {
            Ok(line) => line,
            Err(_) => {
                self.send("stop")?;
                self.read_until_any(&answers, GRACE)?
            }
        };
        Ok(line.split_whitespace().skip(1).map(str::to_owned).collect())
    }

    /// Its move in `position` (the variant's position text, then `moves` and the decisions
    /// since it, if any), as text.
    fn best(&mut self, position: &str) -> Result<String, ExchangeError> {
        self.send(&format!("position fen {position}"))?;
        self.go(1)?
            .into_iter()
            .next()
            .ok_or(ExchangeError::EmptyAnswer)
    }

    /// A whole turn from `state` (at the start of a turn) over the variant's own protocol
    /// (5D Chess: 5DUCI; [`Notation::engine_position`]).
    fn duci_turn<V: Variant>(&mut self, state: &V) -> Result<Vec<V::Decision>, ExchangeError> {
        let start = state
            .engine_position()
            .map_err(|e| ExchangeError::NoEnginePosition(e.to_string()))?;
        let (base, mut decisions) = (start.text, start.decisions);
        let turn_index = state.turn_index();
        let mut game = state.clone();
        let mut moves: Vec<String> = Vec::new();
        let mut turn = Vec::new();
        for _ in 0..MAX_ASKS_PER_TURN {
            self.sync()?;
            if moves.is_empty() {
                self.send(&format!("position {base}"))?;
            } else {
                self.send(&format!("position {base} moves {}", moves.join(" ")))?;
            }
            let answer = self.go(decisions)?;
            if answer.is_empty() {
                return Err(ExchangeError::NoBestMove);
            }
            for word in &answer {
                let d =
                    game.parse_engine_decision(word)
                        .map_err(|source| ExchangeError::Illegal {
                            answer: answer.join(" "),
                            source,
                        })?;
                moves.push(game.engine_decision_text(d));
                game.apply(d);
                turn.push(d);
                if game.turn_index() != turn_index {
                    return Ok(turn);
                }
            }
            // ftxi's engine may leave the turn's end (5D: `submit`) out of its action.
            if let Some(end) = turn_end(&game) {
                turn.push(end);
                return Ok(turn);
            }
            // Asked again: the decisions still to make from here.
            decisions = game.engine_position().map_or(1, |p| p.decisions);
        }
        Err(ExchangeError::NoWholeTurn)
    }

    /// `state` as the arguments of `position fen`: the game told by [`Agent::set_game`] (its
    /// start and `moves …`), or `state`'s own position text when none was told.
    fn position_of<V: Variant>(&mut self, state: &V) -> String {
        match self.game.take() {
            Some((start, moves)) if moves.is_empty() => start,
            Some((start, moves)) => format!("{start} moves {}", moves.join(" ")),
            None => state.position_text(),
        }
    }

    /// Reports a failed exchange on standard error (the match only sees an empty turn, which
    /// it scores as a turn not found: a draw unless the referee proves there is none; a
    /// protocol failure must not pass unseen).
    fn report(&self, error: &ExchangeError) {
        eprintln!("uci:{}: {error}", self.path);
    }
}

/// The decision open in `state` that ends its turn of several decisions, if one is open
/// ([`omnichess_core::DecisionInfo::turn_end`]).
fn turn_end<V: Variant>(state: &V) -> Option<V::Decision> {
    let mut open = Vec::new();
    state.decisions(&mut open);
    open.into_iter().find(|&d| state.decision_info(d).turn_end)
}

impl Drop for UciAgent {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl<V: Variant> Agent<V> for UciAgent {
    /// One decision per call (an outside UCI engine answers one move), or under 5DUCI the
    /// whole turn; an answer that is not a legal decision gives an empty turn, which the match
    /// scores as the engine finding no turn (the failure is written to standard error).
    fn choose_turn_with(
        &mut self,
        state: &V,
        _progress: &mut dyn FnMut(&Report<'_, V::Decision>),
    ) -> Vec<V::Decision> {
        if !matches!(
            state.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT),
            ToAct::Player(_)
        ) {
            return Vec::new();
        }
        let answer = match self.protocol {
            Protocol::Uci => {
                let position = self.position_of(state);
                self.best(&position).and_then(|answer| {
                    state
                        .parse_decision(&answer)
                        .map(|d| vec![d])
                        .map_err(|source| ExchangeError::Illegal { answer, source })
                })
            }
            Protocol::Duci => self.duci_turn(state),
        };
        answer.unwrap_or_else(|e| {
            self.report(&e);
            Vec::new()
        })
    }

    /// Keeps the game so far for the next `position` command (UCI; 5DUCI's positions hold
    /// every board already).
    fn set_game(&mut self, start: &V, played: &[V::Decision]) {
        self.game = Some((start.position_text(), start.decision_texts(played)));
    }

    /// Tells the engine a new game begins (`ucinewgame`, `5ducinewgame`); the seed is not its
    /// concern.
    fn new_game(&mut self, _seed: u64) {
        let result = match self.protocol {
            Protocol::Uci => self.send("ucinewgame"),
            // ftxi's engine refuses `5ducinewgame` while a task runs, and runs it as a task.
            Protocol::Duci => self
                .sync()
                .and_then(|()| self.send("5ducinewgame"))
                .and_then(|()| self.sync()),
        };
        if let Err(e) = result {
            self.report(&e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omnichess_core::{Game, Notation};
    use omnichess_variants::classic::Classic;
    use omnichess_variants::multiverse::{Decision5, Multiverse};

    #[test]
    fn specs_read_the_protocol() {
        let spec = UciSpec::parse("/bin/engine,time=0.1,protocol=5duci").expect("spec");
        assert_eq!(spec.protocol, Protocol::Duci);
        assert_eq!(spec.time, Some(Duration::from_millis(100)));
        assert_eq!(
            UciSpec::parse("/bin/engine").map(|s| s.protocol),
            Ok(Protocol::Uci)
        );
        assert_eq!(
            UciSpec::parse("/bin/engine,protocol=xboard"),
            Err(UciSpecError::Protocol("xboard".into()))
        );
        assert!(UciSpec::parse("/bin/engine,protocol").is_err());
    }

    #[test]
    fn specs_read_nodes_instead_of_time() {
        let spec = UciSpec::parse("/bin/engine,nodes=5000").expect("spec");
        assert_eq!((spec.nodes, spec.time), (Some(5000), None));
        assert!(UciSpec::parse("/bin/engine,nodes=0").is_err());
        assert!(UciSpec::parse("/bin/engine,nodes=x").is_err());
        assert_eq!(
            UciSpec::parse("/bin/engine,nodes=10,time=0.1"),
            Err(UciSpecError::TimeAndNodes)
        );
        assert_eq!(
            UciSpec::parse(",nodes=10").map_err(|e| e.to_string()),
            Err("`uci:` needs a program".to_owned())
        );
    }

    /// A spec with `nodes=N` sends `go nodes N`: a stand-in UCI engine answers e2e4 to exactly
    /// that and d2d4 to anything else.
    #[cfg(unix)]
    #[test]
    fn a_nodes_spec_searches_by_nodes() {
        use std::os::unix::fs::PermissionsExt;
        let path = std::env::temp_dir().join(format!("omnichess-fake-uci-{}", std::process::id()));
        let script = "#!/bin/sh\nwhile read -r line; do case \"$line\" in\n\
             uci) echo uciok;;\n\
             isready) echo readyok;;\n\
             'go nodes 500') echo 'bestmove e2e4';;\n\
             go*) echo 'bestmove d2d4';;\n\
             quit) exit 0;;\n\
             esac; done\n";
        std::fs::write(&path, script).expect("write the fake engine");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let text = |spec: &str| {
            let spec = UciSpec::parse(&format!("{}{spec}", path.display())).expect("spec");
            let mut agent = start_script(&spec);
            let game = Classic::start();
            let turn = Agent::<Classic>::choose_turn(&mut agent, &game);
            turn.iter()
                .map(|&d| game.decision_text(d))
                .collect::<Vec<_>>()
        };
        assert_eq!(text(",nodes=500"), ["e2e4"]);
        assert_eq!(text(",time=0.01"), ["d2d4"]);
        let _ = std::fs::remove_file(path);
    }

    /// The game told before a turn reaches the engine as `position fen START moves …`, once:
    /// a stand-in engine answers g1f3 when the last `position` named the start and the moves
    /// e2e4 e7e5, and b1c3 to any other.
    #[cfg(unix)]
    #[test]
    fn the_game_so_far_is_sent_with_its_moves() {
        use std::os::unix::fs::PermissionsExt;
        let path =
            std::env::temp_dir().join(format!("omnichess-fake-uci-moves-{}", std::process::id()));
        let script = "#!/bin/sh\ntold=0\nwhile read -r line; do case \"$line\" in\n\
             uci) echo uciok;;\n\
             isready) echo readyok;;\n\
             'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5') told=1;;\n\
             position*) told=0;;\n\
             go*) if [ $told = 1 ]; then echo 'bestmove g1f3'; else echo 'bestmove b1c3'; fi;;\n\
             quit) exit 0;;\n\
             esac; done\n";
        std::fs::write(&path, script).expect("write the fake engine");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let spec = UciSpec::parse(&format!("{},nodes=10", path.display())).expect("spec");
        let mut agent = start_script(&spec);
        let start = Classic::start();
        let mut game = start.clone();
        let played: Vec<_> = ["e2e4", "e7e5"]
            .iter()
            .map(|t| {
                let d = game.parse_decision(t).expect("legal");
                game.apply(d);
                d
            })
            .collect();
        let answer = |agent: &mut UciAgent| {
            let turn = Agent::<Classic>::choose_turn(agent, &game);
            turn.iter()
                .map(|&d| game.decision_text(d))
                .collect::<Vec<_>>()
        };
        Agent::<Classic>::set_game(&mut agent, &start, &played);
        assert_eq!(answer(&mut agent), ["g1f3"]);
        // Told once: without a new `set_game`, the position alone.
        assert_eq!(answer(&mut agent), ["b1c3"]);
        let _ = std::fs::remove_file(path);
    }

    /// A stand-in 5DUCI engine (a shell script) that always answers `answer`.
    #[cfg(unix)]
    fn fake_engine(name: &str, answer: &str) -> std::path::PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = std::env::temp_dir().join(format!(
            "omnichess-fake-5duci-{name}-{}",
            std::process::id()
        ));
        let script = format!(
            "#!/bin/sh\nwhile read -r line; do case \"$line\" in\n\
             5duci) echo 'id name fake'; echo 5duciok;;\n\
             isready) echo readyok;;\n\
             go*) echo 'info thinking'; echo '{answer}';;\n\
             quit) echo bye; exit 0;;\n\
             esac; done\n"
        );
        std::fs::write(&path, script).expect("write the fake engine");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }

    #[cfg(unix)]
    fn play_one_turn(name: &str, answer: &str) -> (Multiverse, Vec<Decision5>) {
        let game = Multiverse::start();
        let turn = play_one_turn_of(name, answer, &game);
        (game, turn)
    }

    /// Starts a stand-in engine script. A script just written may be briefly "busy" to exec
    /// while another test thread forks (the write's file descriptor lives on in the child
    /// until its exec): try again.
    #[cfg(unix)]
    fn start_script(spec: &UciSpec) -> UciAgent {
        let mut started = UciAgent::start(spec, Duration::from_millis(10));
        for _ in 0..20 {
            if started.is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
            started = UciAgent::start(spec, Duration::from_millis(10));
        }
        started.expect("start")
    }

    /// The turn a stand-in 5DUCI engine answering `answer` plays from `game`.
    #[cfg(unix)]
    fn play_one_turn_of<V: Variant>(name: &str, answer: &str, game: &V) -> Vec<V::Decision> {
        let path = fake_engine(name, answer);
        let spec = UciSpec::parse(&format!("{},protocol=5duci", path.display())).expect("spec");
        let mut agent = start_script(&spec);
        Agent::<V>::new_game(&mut agent, 0);
        let turn = Agent::<V>::choose_turn(&mut agent, game);
        drop(agent);
        let _ = std::fs::remove_file(path);
        turn
    }

    #[cfg(unix)]
    #[test]
    fn a_5duci_action_is_played_and_submitted() {
        let (game, turn) = play_one_turn("short", "bestmove (0T1)g1f3");
        let texts: Vec<String> = turn.iter().map(|&d| game.duci_text(d)).collect();
        assert_eq!(texts, ["(0T1)g1(0T1)f3", "submit"]);
        let (_, turn) = play_one_turn("submitted", "bestmove (0T1)e2(0T1)e4 submit");
        assert_eq!(turn.len(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_wrong_5duci_answer_gives_no_turn() {
        assert!(play_one_turn("illegal", "bestmove (0T1)e2e5").1.is_empty());
        assert!(play_one_turn("none", "nobestmove").1.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_variant_without_a_protocol_of_its_own_gets_no_5duci_turn() {
        let turn = play_one_turn_of("classic", "bestmove e2e4", &Classic::start());
        assert!(turn.is_empty(), "classic has no 5DUCI position: {turn:?}");
    }
}
