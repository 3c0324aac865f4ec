//! The DMChess profile measurements (docs/rules/dmchess.md, "The default profile"):
//! reads the game records of a match (`omnichess match dmchess … --records DIR`) and prints
//! how the games went — decisive rate, endings, length — and what the profile did in them:
//! the share of dimensional moves, energy gains, shifts, and how often the conservation law
//! refused a move.
//!
//! `cargo run --release -p omnichess-variants --features tools --example dmchess_report -- DIR`

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;

use omnichess_core::{DecisionError, Game, Notation, PositionError, RecordError, Records, Variant};
use omnichess_variants::dmchess::{DmChess, square};
use thiserror::Error;

/// Why a record cannot be added to the report.
#[derive(Debug, Error)]
enum ReportError {
    /// The file cannot be read.
    #[error(transparent)]
    Read(#[from] std::io::Error),
    /// The text is not a record.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The record's start is not a position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A decision of the record cannot be played.
    #[error(transparent)]
    Decision(#[from] DecisionError),
}

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: dmchess_report DIR   (a directory of match --records)");
        std::process::exit(2);
    };
    let mut paths: Vec<_> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect(),
        Err(e) => {
            eprintln!("error: {dir}: {e}");
            std::process::exit(2);
        }
    };
    paths.sort();
    let mut report = Report::default();
    for path in &paths {
        if let Err(e) = report.add(path) {
            eprintln!("error: {}: {e}", path.display());
            std::process::exit(2);
        }
    }
    report.print();
}

#[derive(Default)]
struct Report {
    games: usize,
    decisive: usize,
    endings: BTreeMap<String, usize>,
    lengths: Vec<usize>,
    moves: usize,
    dimensional: usize,
    energy_gains: usize,
    positions: usize,
    legal: usize,
    refused: usize,
    positions_with_refusals: usize,
}

impl Report {
    fn add(&mut self, path: &Path) -> Result<(), ReportError> {
        let text = std::fs::read_to_string(path)?;
        let record = DmChess::parse_record(&text)?;
        let mut game = match record.start.as_deref() {
            Some(t) => DmChess::from_position_text(t)?,
            None => DmChess::start(),
        };
        let mut legal = Vec::new();
        for d in &record.decisions {
            game.decisions(&mut legal);
            let refused = game.refused_by_conservation();
            self.positions += 1;
            self.legal += legal.len();
            self.refused += refused;
            self.positions_with_refusals += usize::from(refused > 0);
            let mv = game.parse_decision(&d.text)?;
            let before = game.position().piece(mv.from).map(|p| p.del());
            self.moves += 1;
            self.dimensional += usize::from(square::dim(mv.from) != square::dim(mv.to));
            let captured = game.position().piece(mv.to).is_some();
            game.apply(mv);
            let after = game.position().piece(mv.to).map(|p| p.del());
            if let (Some(b), Some(a)) = (before, after)
                && a > b + u8::from(captured)
            {
                self.energy_gains += 1;
            }
        }
        self.games += 1;
        let ending = record
            .tag("Reason")
            .unwrap_or("unfinished (a cap)")
            .to_owned();
        if record
            .result
            .as_deref()
            .is_some_and(|r| r == "1-0" || r == "0-1")
        {
            self.decisive += 1;
        }
        *self.endings.entry(ending).or_default() += 1;
        self.lengths.push(record.decisions.len());
        Ok(())
    }

    /// Writes the report; a closed standard output (`| head`) ends it quietly.
    fn print(&mut self) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", self.text());
    }

    fn text(&mut self) -> String {
        let mut lines = Vec::new();
        self.lengths.sort_unstable();
        let n = self.games.max(1);
        let median = self
            .lengths
            .get(self.lengths.len() / 2)
            .copied()
            .unwrap_or(0);
        let mean = self.lengths.iter().sum::<usize>() as f64 / n as f64;
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        lines.push(format!("games: {}", self.games));
        lines.push(format!(
            "decisive: {} ({:.1} %)",
            self.decisive,
            pct(self.decisive, n)
        ));
        for (ending, count) in &self.endings {
            lines.push(format!("  {ending}: {count}"));
        }
        lines.push(format!(
            "length in moves (plies): mean {mean:.1}, median {median}"
        ));
        lines.push(format!(
            "dimensional moves: {} of {} ({:.1} %)",
            self.dimensional,
            self.moves,
            pct(self.dimensional, self.moves)
        ));
        lines.push(format!(
            "energy-square gains: {} ({:.2} per game)",
            self.energy_gains,
            self.energy_gains as f64 / n as f64
        ));
        lines.push(format!(
            "conservation law: refused {} moves against {} legal ({:.1} %); in {} of {} positions ({:.1} %)",
            self.refused,
            self.legal,
            pct(self.refused, self.legal + self.refused),
            self.positions_with_refusals,
            self.positions,
            pct(self.positions_with_refusals, self.positions)
        ));
        lines.join("\n")
    }
}
