//! 5DUCI's lines read into values (ftxi/5dchess_engine `docs/5duci.md`, version 0.3.3), so that
//! omnichess and other 5D engines can play each other.

use std::time::Duration;

use omnichess_core::{Game, Notation, Variant};
use omnichess_variants::multiverse::Multiverse;

use crate::Limits;

/// The longest a bare `go` searches when no `stop` comes.
pub const BARE_GO: Duration = Duration::from_secs(10);

/// The position before any `position` line: the Standard variant from turn zero.
#[must_use]
pub fn start_position() -> Multiverse {
    Multiverse::from_position_text("[Board \"Standard - Turn Zero\"]")
        .unwrap_or_else(|_| Multiverse::start())
}

/// `position [[size MxN] [odd|even] fen BLOCKS | startpos] [moves M …]`, every move played.
pub fn read_position(words: &[&str]) -> Result<Multiverse, String> {
    let moves_at = super::moves_at(words);
    let head = words.get(1..moves_at).unwrap_or_default();
    let mut game = match head.iter().position(|w| *w == "fen") {
        None if head.first() == Some(&"startpos") => start_position(),
        None => return Err("position needs `startpos` or `fen 5DFEN`".into()),
        Some(fen) => {
            let size = head
                .iter()
                .position(|w| *w == "size")
                .and_then(|i| head.get(i + 1))
                .map(|s| {
                    let (w, h) = s.split_once('x').ok_or(format!("size `{s}` is not MxN"))?;
                    let number = |n: &str| n.parse::<i32>().map_err(|_| format!("size `{s}`"));
                    Ok::<_, String>((number(w)?, number(h)?))
                })
                .transpose()?;
            let even = head.contains(&"even");
            Multiverse::from_duci(size, even, &head[fen + 1..].join(" "))
                .map_err(|e| e.to_string())?
        }
    };
    for text in words.iter().skip(moves_at + 1) {
        let d = game.parse_duci(text).map_err(|e| e.to_string())?;
        game.apply(d);
    }
    Ok(game)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_with_moves_plays_them_and_junk_is_refused() {
        let game = read_position(&["position", "startpos"]).expect("startpos");
        assert_eq!(game.position_text(), start_position().position_text());
        assert!(read_position(&["position"]).is_err());
        assert!(read_position(&["position", "size", "8", "fen", "x"]).is_err());
    }

    #[test]
    fn a_bare_go_is_bounded() {
        let limits = go_limits(&["go"], &mut |_| {});
        assert_eq!(limits.time, Some(BARE_GO));
        let limits = go_limits(&["go", "nodes", "100"], &mut |_| {});
        assert_eq!((limits.nodes, limits.time), (Some(100), None));
    }
}
