//! 5DUCI's lines read into values (ftxi/5dchess_engine `docs/5duci.md`, version 0.3.3), so that
//! omnichess and other 5D engines can play each other. Any variant that declares the protocol
//! ([`omnichess_core::EngineProtocol::Duci`]) speaks it with its own texts
//! ([`omnichess_core::Notation::from_engine_position`], `engine_decision_text`,
//! `parse_engine_decision`); [`DuciEngine`] is the search behind `go`.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use omnichess_core::{DecisionError, PositionError, Variant};
use thiserror::Error;

use crate::eval::Evaluator;
use crate::{Limits, Search};

/// The longest a bare `go` searches when no `stop` comes.
pub const BARE_GO: Duration = Duration::from_secs(10);

/// Why a `position` line is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DuciError {
    /// Neither `startpos` nor `fen`.
    #[error("position needs `startpos` or `fen 5DFEN`")]
    NoPosition,
    /// `size` is not followed by `MxN`.
    #[error("size `{0}` is not MxN")]
    SizeForm(String),
    /// `size MxN` whose M or N is not a number.
    #[error("size `{0}`")]
    SizeNumber(String),
    /// The position the variant cannot read.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move after `moves` that is not legal where it is played.
    #[error(transparent)]
    Decision(#[from] DecisionError),
}

/// The position before any `position` line: the protocol's `startpos` (5D Chess: the Standard
/// variant from turn zero), else the variant's standard start.
#[must_use]
pub fn start_position<V: Variant>() -> V {
    V::from_engine_position("startpos").unwrap_or_else(|_| V::start())
}

/// `position [[size MxN] [odd|even] fen BLOCKS | startpos] [moves M …]`, every move played.
pub fn read_position<V: Variant>(words: &[&str]) -> Result<V, DuciError> {
    let moves_at = super::moves_at(words);
    let head = words.get(1..moves_at).unwrap_or_default();
    let mut game = if head.contains(&"fen") {
        check_size(head)?;
        V::from_engine_position(&head.join(" "))?
    } else if head.first() == Some(&"startpos") {
        start_position()
    } else {
        return Err(DuciError::NoPosition);
    };
    for text in words.iter().skip(moves_at + 1) {
        let d = game.parse_engine_decision(text)?;
        game.apply(d);
    }
    Ok(game)
}

/// The protocol's `size MxN`, where the words have `size`: M and N numbers.
fn check_size(head: &[&str]) -> Result<(), DuciError> {
    let Some(size) = head
        .iter()
        .position(|w| *w == "size")
        .and_then(|i| head.get(i + 1))
    else {
        return Ok(());
    };
    let (w, h) = size
        .split_once('x')
        .ok_or_else(|| DuciError::SizeForm((*size).to_owned()))?;
    for n in [w, h] {
        n.parse::<i32>()
            .map_err(|_| DuciError::SizeNumber((*size).to_owned()))?;
    }
    Ok(())
}

/// The search limits of `go [movetime MS] [depth N] [nodes N]`, without a stop flag; a bare
/// `go` searches [`BARE_GO`] at most. Invalid numbers are ignored, each with an `info` line.
pub fn go_limits(words: &[&str], info: &mut dyn FnMut(String)) -> Limits {
    let mut number = |key: &str| super::uci::go_number(words, key, info);
    let mut limits = Limits {
        depth: number("depth").and_then(|d| u32::try_from(d).ok()),
        nodes: number("nodes"),
        time: number("movetime").map(Duration::from_millis),
        stop: None,
        each_decision: false,
        // `go` asks for one decision: `movetime` is all its time.
        whole_time: true,
        analysis: false,
    };
    if !limits.is_bounded() {
        limits.time = Some(BARE_GO);
    }
    limits
}

/// The search `go` starts, to run on a thread of its own: its answer is `bestmove`'s decision
/// in the protocol's notation, or `None` (`nobestmove`) when no player is to move.
pub type DuciGo = Box<dyn FnOnce() -> Option<String> + Send>;

/// A 5DUCI engine for one variant: the position the GUI set, and the search that a game's `go`
/// commands share (its table and history carry over). `omnichess uci` runs the conversation.
pub trait DuciEngine: Send {
    /// `position …` ([`read_position`]): kept only when it reads and every move plays.
    fn set_position(&mut self, words: &[&str]) -> Result<(), DuciError>;

    /// `5ducinewgame`: a fresh search, its table and history empty.
    fn new_game(&mut self);

    /// `go` within `limits`: the search of the position set, for one decision of the turn.
    fn go(&self, limits: Limits) -> DuciGo;
}

/// Builds the [`DuciEngine`] of a variant (see [`crate::registry::EngineProtocol`]).
pub type DuciEngineFn = fn() -> Box<dyn DuciEngine>;

/// The [`DuciEngine`] of variant `V` evaluated by `E`.
pub fn engine<V, E>() -> Box<dyn DuciEngine>
where
    V: Variant + Send,
    V::Decision: Send,
    E: Evaluator<V> + Default + Send + 'static,
{
    Box::new(Session::<V, E> {
        game: start_position(),
        search: fresh_search(),
    })
}

/// The search a game's `go` commands share.
type KeptSearch<V, E> = Arc<Mutex<Search<V, E>>>;

fn new_search<V: Variant, E: Evaluator<V> + Default>() -> Search<V, E> {
    Search::new(E::default(), crate::tt::DEFAULT_MIB)
}

fn fresh_search<V: Variant, E: Evaluator<V> + Default>() -> KeptSearch<V, E> {
    Arc::new(Mutex::new(new_search()))
}

/// [`DuciEngine`] for variant `V` evaluated by `E`.
struct Session<V: Variant, E> {
    game: V,
    search: KeptSearch<V, E>,
}

impl<V, E> DuciEngine for Session<V, E>
where
    V: Variant + Send,
    V::Decision: Send,
    E: Evaluator<V> + Default + Send + 'static,
{
    fn set_position(&mut self, words: &[&str]) -> Result<(), DuciError> {
        self.game = read_position(words)?;
        Ok(())
    }

    fn new_game(&mut self) {
        self.search = fresh_search();
    }

    fn go(&self, limits: Limits) -> DuciGo {
        let (game, kept) = (self.game.clone(), Arc::clone(&self.search));
        Box::new(move || {
            let mut search = super::lock_kept(&kept, new_search);
            search
                .search(&game, &limits, &mut |_| {})
                .ok()
                .map(|result| game.engine_decision_text(result.best))
        })
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::Notation;

    use super::*;
    use crate::eval::MultiverseEval;
    use omnichess_variants::classic::Classic;
    use omnichess_variants::multiverse::Multiverse;

    #[test]
    fn startpos_with_moves_plays_them_and_junk_is_refused() {
        let game: Multiverse = read_position(&["position", "startpos"]).expect("startpos");
        assert_eq!(
            game.position_text(),
            start_position::<Multiverse>().position_text()
        );
        let refused = |words: &[&str]| read_position::<Multiverse>(words).map(|_| ());
        assert_eq!(refused(&["position"]), Err(DuciError::NoPosition));
        assert_eq!(
            refused(&["position", "size", "8", "fen", "x"]),
            Err(DuciError::SizeForm("8".into()))
        );
        assert_eq!(
            refused(&["position", "size", "8xy", "fen", "x"]),
            Err(DuciError::SizeNumber("8xy".into()))
        );
        assert!(matches!(
            refused(&["position", "startpos", "moves", "(0T1)e2(0T1)e5"]),
            Err(DuciError::Decision(_))
        ));
        assert!(matches!(
            read_position::<Classic>(&["position", "fen", "x"]),
            Err(DuciError::Position(_))
        ));
    }

    #[test]
    fn a_bare_go_is_bounded() {
        let limits = go_limits(&["go"], &mut |_| {});
        assert_eq!(limits.time, Some(BARE_GO));
        let limits = go_limits(&["go", "nodes", "100"], &mut |_| {});
        assert_eq!((limits.nodes, limits.time), (Some(100), None));
    }

    #[test]
    fn the_engine_answers_from_the_position_set() {
        let mut engine = engine::<Multiverse, MultiverseEval>();
        let answer = (engine.go(Limits::depth(1)))().expect("White moves");
        assert!(answer.starts_with("(0T1)"), "{answer}");
        engine
            .set_position(&["position", "startpos", "moves", answer.as_str(), "submit"])
            .expect("the answer plays");
        let reply = (engine.go(Limits::depth(1)))().expect("Black moves");
        assert!(reply.starts_with("(0T1)") && reply != answer, "{reply}");
        assert!(engine.set_position(&["position", "nonsense"]).is_err());
        engine.new_game();
        assert!((engine.go(Limits::depth(1)))().is_some());
    }
}
