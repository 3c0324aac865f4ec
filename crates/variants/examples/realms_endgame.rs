//! Rule R.5's retrograde analysis, one line per kind: a king and one piece against a bare
//! king held on Earth (docs/rules/realms.md, "Insufficient material").
//!
//! `cargo run --release -p omnichess-variants --features tools --example realms_endgame [LETTER...]` (all the
//! kinds that cannot promote by default; letters as in the position text, e.g. `R P X`).
//! `… --example realms_endgame -- --won P` prints every position White wins with a king and
//! a pegasus, one per line (`w`/`b` to move, the pegasus, White's king, Black's king).
//! `… --example realms_endgame -- --dead [LETTER...]` solves the kinds for any series of
//! legal moves instead (ruling R.5.4) and compares the draw rule's search (the seed's table
//! left out) with it in every position with both kings on Earth.

use std::time::Instant;

use omnichess_variants::realms::Kind;
use omnichess_variants::realms::endgame::{ANALYSED, Series, analyse, solve, solve_series};

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
    let dead = args.first().is_some_and(|a| a == "--dead");
    let mut kinds = Vec::new();
    for arg in args.iter().skip(usize::from(dead)) {
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
    if dead {
        compare_dead_rule(&kinds);
        return;
    }
    println!(
        "kind\tpositions\tX safe\tWhite wins\twins (X safe)\t% (X safe)\tlongest (White moves)\tverdict\tseconds"
    );
    for kind in kinds {
        eprint!("{} ...", kind.name());
        let start = Instant::now();
        let a = analyse(kind);
        let seconds = start.elapsed().as_secs_f64();
        eprintln!(" {seconds:.1} s");
        println!(
            "{}\t{}\t{}\t{}\t{}\t{:.1}\t{}\t{}\t{seconds:.1}",
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
        );
    }
}

/// The `Any` analysis of each kind against the draw rule's search: positions where a series wins, the
/// positions compared and those where the rule disagrees (printed on stderr).
fn compare_dead_rule(kinds: &[Kind]) {
    println!(
        "kind\tBlack-to-move positions\tseries wins\tpositions compared\tdisagreements\tseconds"
    );
    for &kind in kinds {
        eprint!("{} ...", kind.name());
        let start = Instant::now();
        let solution = solve_series(kind, Series::Any);
        let (compared, disagree) = solution.dead_rule_disagreements();
        let seconds = start.elapsed().as_secs_f64();
        eprintln!(" {seconds:.1} s");
        for text in &disagree {
            eprintln!("  disagrees: {text}");
        }
        println!(
            "{}\t{}\t{}\t{compared}\t{}\t{seconds:.1}",
            kind.name(),
            solution.summary.positions,
            solution.summary.wins,
            disagree.len()
        );
    }
}
