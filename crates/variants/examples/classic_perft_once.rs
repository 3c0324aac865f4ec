//! One classic perft by one program, for counting its instructions: a measure of the speed
//! ratio to raw cozy-chess that a noisy, shared machine cannot blur (valgrind counts the same
//! instructions whatever else runs). docs/PERFORMANCE.md, "Classic
//! perft".
//!
//! ```sh
//! cargo build --release -p omnichess-variants --features tools --example classic_perft_once
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/classic_perft_once omnichess startpos
//! ```
//!
//! Arguments: the program (`omnichess`, `before`, `cozy`, `shakmaty`) and the case
//! (`startpos` at depth 5, `kiwipete` at depth 4; the bench's positions). Prints the count.
//! Every run also pays the process's start: `… omnichess startpos 1` (depth 1) measures it.

#[path = "../benches/perft_peers/mod.rs"]
mod perft_peers;

use std::process::ExitCode;

use omnichess_core::Notation;
use omnichess_core::perft::perft;
use omnichess_variants::classic::Classic;
use perft_peers::{ApplyUndoAtLeafParents, CASES, cozy_perft};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(program), Some(case)) = (args.first(), args.get(1)) else {
        eprintln!(
            "usage: classic_perft_once omnichess|before|cozy|shakmaty startpos|kiwipete [DEPTH]"
        );
        return ExitCode::from(2);
    };
    let Some(&(_, fen, depth)) = CASES.iter().find(|(name, _, _)| name == case) else {
        eprintln!("unknown case `{case}`: startpos or kiwipete");
        return ExitCode::from(2);
    };
    let depth = match args.get(2).map(|d| d.parse::<u32>()) {
        None => depth,
        Some(Ok(d)) => d,
        Some(Err(_)) => {
            eprintln!("the depth is a whole number");
            return ExitCode::from(2);
        }
    };
    let classic = || Classic::from_position_text(fen).expect("the bench's FEN");
    let count = match program.as_str() {
        "omnichess" => perft(&mut classic(), depth),
        "before" => perft(&mut ApplyUndoAtLeafParents(classic()), depth),
        "cozy" => cozy_perft(&fen.parse().expect("the bench's FEN"), depth),
        "shakmaty" => {
            let position: Chess = fen
                .parse::<Fen>()
                .expect("the bench's FEN")
                .into_position(CastlingMode::Standard)
                .expect("the bench's position");
            shakmaty::perft(&position, depth)
        }
        other => {
            eprintln!("unknown program `{other}`: omnichess, before, cozy or shakmaty");
            return ExitCode::from(2);
        }
    };
    println!("{count}");
    ExitCode::SUCCESS
}
