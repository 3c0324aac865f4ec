//! An outside engine as a player, over UCI: for measuring strength against a known engine
//! (Debian's `stockfish` at fixed skill levels). It is sent the position text and answers with
//! a decision in the variant's notation — standard UCI for classic chess; for the other
//! variants, an engine speaking `omnichess uci VARIANT`'s protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use omnichess_core::{ToAct, Variant};

use crate::agents::Agent;
use crate::error::EngineError;
use crate::search::Report;

/// How to run the outside engine: `uci:PATH[,skill=N][,elo=N][,time=SECONDS]`.
#[derive(Clone, Debug, PartialEq)]
pub struct UciSpec {
    /// The program.
    pub path: String,
    /// UCI option `Skill Level` (Stockfish: 0 to 20).
    pub skill: Option<u32>,
    /// UCI options `UCI_LimitStrength` and `UCI_Elo`.
    pub elo: Option<u32>,
    /// Time per move (`go movetime`); the caller's default time if `None`.
    pub time: Option<Duration>,
}

impl UciSpec {
    /// Reads the part after `uci:`.
    pub fn parse(text: &str) -> Result<UciSpec, String> {
        let mut parts = text.split(',');
        let path = parts
            .next()
            .filter(|p| !p.is_empty())
            .ok_or("`uci:` needs a program")?;
        let mut spec = UciSpec {
            path: path.to_owned(),
            skill: None,
            elo: None,
            time: None,
        };
        for option in parts {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| format!("`{option}`: expected KEY=VALUE (skill, elo, time)"))?;
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| format!("`{value}` is not a number"))
            };
            match key {
                "skill" => spec.skill = Some(number()?),
                "elo" => spec.elo = Some(number()?),
                "time" => {
                    let seconds: f64 = value
                        .parse()
                        .map_err(|_| format!("`{value}` is not seconds"))?;
                    spec.time = Duration::try_from_secs_f64(seconds)
                        .ok()
                        .filter(|t| !t.is_zero());
                    if spec.time.is_none() {
                        return Err("time must be a positive number of seconds".into());
                    }
                }
                other => return Err(format!("unknown option `{other}` (skill, elo, time)")),
            }
        }
        Ok(spec)
    }
}

/// A running outside engine.
pub struct UciAgent {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    movetime: Duration,
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
        let mut agent = UciAgent {
            child,
            input,
            output: BufReader::new(output),
            movetime: spec.time.unwrap_or(default_time),
        };
        agent.send("uci").map_err(&failed)?;
        agent.read_until("uciok").map_err(&failed)?;
        if let Some(skill) = spec.skill {
            agent
                .send(&format!("setoption name Skill Level value {skill}"))
                .map_err(&failed)?;
        }
        if let Some(elo) = spec.elo {
            agent
                .send("setoption name UCI_LimitStrength value true")
                .map_err(&failed)?;
            agent
                .send(&format!("setoption name UCI_Elo value {elo}"))
                .map_err(&failed)?;
        }
        agent.send("isready").map_err(&failed)?;
        agent.read_until("readyok").map_err(&failed)?;
        Ok(agent)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to it: {e}"))
    }

    /// Reads lines until one starts with `prefix`; returns that line.
    fn read_until(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            match self.output.read_line(&mut line) {
                Ok(0) => return Err(format!("it ended before `{prefix}`")),
                Ok(_) if line.starts_with(prefix) => return Ok(line.trim().to_owned()),
                Ok(_) => {}
                Err(e) => return Err(format!("cannot read from it: {e}")),
            }
        }
    }

    /// Its move in `position` (the variant's position text), as text.
    fn best(&mut self, position: &str) -> Result<String, String> {
        self.send(&format!("position fen {position}"))?;
        self.send(&format!("go movetime {}", self.movetime.as_millis().max(1)))?;
        let line = self.read_until("bestmove")?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_owned)
            .ok_or_else(|| "an empty bestmove".to_owned())
    }
}

impl Drop for UciAgent {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl<V: Variant> Agent<V> for UciAgent {
    /// One decision per call (an outside UCI engine answers one move); an answer that is not
    /// a legal decision gives an empty turn, which the match reports as an error.
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
        self.best(&state.position_text())
            .ok()
            .and_then(|text| state.parse_decision(&text).ok())
            .into_iter()
            .collect()
    }

    /// Tells the engine a new game begins (`ucinewgame`); the seed is not its concern.
    fn new_game(&mut self, _seed: u64) {
        let _ = self.send("ucinewgame");
    }
}
