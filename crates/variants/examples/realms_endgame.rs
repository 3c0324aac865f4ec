//! Rule R.5's retrograde analysis, one line per kind: a king and one piece against a bare
//! king held on Earth (docs/rules/realms.md, "Insufficient material").
//!
//! `cargo run --release -p omnichess-variants --features tools --example realms_endgame [LETTER...]` (all the
//! kinds that cannot promote by default; letters as in the position text, e.g. `R P X`).
//! `… --example realms_endgame -- --won P` prints every position White wins with a king and
//! a pegasus, one per line (`w`/`b` to move, the pegasus, White's king, Black's king): the
//! data of `crates/variants/src/realms/pegasus_wins.txt`.

use std::time::Instant;

use omnichess_variants::realms::Kind;
use omnichess_variants::realms::endgame::{ANALYSED, analyse, solve};
use omnichess_variants::realms::material::insufficient_alone;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, letter] = args.as_slice()
        && flag == "--won"
    {
        let Some(kind) = letter.chars().next().and_then(Kind::from_letter) else {
            eprintln!("`{letter}` is not a piece letter");
            std::process::exit(2);
        };
        for line in solve(kind).won_lines() {
            println!("{line}");
        }
        return;
    }
    let mut kinds = Vec::new();
    for arg in std::env::args().skip(1) {
        let kind = arg
            .chars()
            .next()
            .and_then(Kind::from_letter)
            .filter(|k| ANALYSED.contains(k));
        match kind {
            Some(k) if arg.chars().count() == 1 => kinds.push(k),
            _ => {
                eprintln!(
                    "`{arg}` is not the letter of a kind that cannot promote (R N B Q G S P A D C E X F)"
                );
                std::process::exit(2);
            }
        }
    }
    if kinds.is_empty() {
        kinds = ANALYSED.to_vec();
    }
    println!(
        "kind\tpositions\tX safe\tWhite wins\twins (X safe)\t% (X safe)\tlongest (White moves)\tverdict\ttable\tseconds"
    );
    for kind in kinds {
        eprint!("{} ...", kind.name());
        let start = Instant::now();
        let a = analyse(kind);
        let seconds = start.elapsed().as_secs_f64();
        eprintln!(" {seconds:.1} s");
        println!(
            "{}\t{}\t{}\t{}\t{}\t{:.1}\t{}\t{}\t{}\t{seconds:.1}",
            kind.name(),
            a.positions,
            a.safe,
            a.wins,
            a.safe_wins,
            a.safe_win_percent(),
            a.longest.saturating_sub(1),
            if a.sufficient() {
                "sufficient"
            } else {
                "insufficient"
            },
            if insufficient_alone(kind) {
                "insufficient"
            } else {
                "sufficient"
            },
        );
    }
}
