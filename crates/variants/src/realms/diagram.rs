//! The three boards side by side for a terminal (rule R.1's placement): as White sees them,
//! the heavens left of the Earth and the underworld right; as Black sees them, every board
//! turned round and the heavens on the right. The diagram is drawn from the side to move.

use omnichess_core::Player;

use super::square::{self, Realm};
use super::state::Realms;

impl Realms {
    /// The boards from `viewer`'s side, with file letters and rank numbers, then whose move
    /// it is and what the fallen angels imitate.
    #[must_use]
    pub fn draw_for(&self, viewer: Player) -> String {
        let (realms, ranks, files): ([Realm; 3], Vec<usize>, Vec<usize>) = match viewer {
            Player::White => (
                [Realm::Heavens, Realm::Earth, Realm::Underworld],
                (0..8).rev().collect(),
                (0..8).collect(),
            ),
            Player::Black => (
                [Realm::Underworld, Realm::Earth, Realm::Heavens],
                (0..8).collect(),
                (0..8).rev().collect(),
            ),
        };
        let titles: Vec<String> = realms.iter().map(|r| format!("{:^19}", r.name())).collect();
        let letters: Vec<String> = realms
            .iter()
            .map(|r| {
                let l: Vec<String> = files
                    .iter()
                    .map(|&f| (r.files()[f] as char).to_string())
                    .collect();
                format!("  {}  ", l.join(" "))
            })
            .collect();
        let mut out = format!("{}\n{}\n", titles.join("  "), letters.join("  "));
        for &rank in &ranks {
            let rows: Vec<String> = realms
                .iter()
                .map(|&realm| {
                    let cells: Vec<String> = files
                        .iter()
                        .map(|&f| {
                            let sq = square::square(f, rank, realm);
                            match self.board.piece(sq) {
                                Some(p) => p.letter().to_string(),
                                None if square::is_light(sq) => "·".to_owned(),
                                None => ":".to_owned(),
                            }
                        })
                        .collect();
                    format!("{} {} {}", rank + 1, cells.join(" "), rank + 1)
                })
                .collect();
            out.push_str(&rows.join("  "));
            out.push('\n');
        }
        out.push_str(&letters.join("  "));
        out.push('\n');
        out.push_str(&format!(
            "{} to move{}; White's pieces upper case; `·` light, `:` dark squares\n",
            self.side,
            if self.in_check() { " (in check)" } else { "" }
        ));
        match self.last {
            Some(kind) => out.push_str(&format!(
                "{}'s fallen angels imitate the {} ({} moved one last)\n",
                self.side,
                kind.name(),
                self.side.opponent()
            )),
            None => out.push_str(&format!(
                "{}'s fallen angels cannot move (no kind moved yet)\n",
                self.side
            )),
        }
        out
    }
}
