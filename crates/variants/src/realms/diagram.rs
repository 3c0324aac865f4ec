//! The three boards side by side for a terminal (rule R.1's placement): as White sees them,
//! the heavens left of the Earth and the underworld right; as Black sees them, every board
//! turned round and the heavens on the right. The diagram is drawn from the side to move.

use omnichess_core::Player;

use super::piece::Kind;
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
        if !self.board.of(self.side, Kind::Fallen).is_empty() {
            out.push_str(&self.fallen_angel_line());
        }
        out
    }

    /// What the side to move's fallen angels imitate (X.1), or why they cannot move (X.3,
    /// X.4): a line under the boards when that side has one.
    fn fallen_angel_line(&self) -> String {
        let (us, them) = (self.side, self.side.opponent());
        match self.last {
            Some(Kind::Fallen) => format!(
                "{us}'s fallen angels cannot move: {them}'s last move was an angel falling (X.3)\n"
            ),
            Some(kind) => format!(
                "{us}'s fallen angels move as the {} ({them}'s last move, X.1)\n",
                kind.name()
            ),
            None => format!("{us}'s fallen angels cannot move: nothing has moved yet (X.4)\n"),
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::Notation;

    use crate::realms::Realms;

    fn last_line(text: &str) -> String {
        let diagram = Realms::from_position_text(text)
            .unwrap()
            .draw_for(omnichess_core::Player::White);
        diagram.lines().last().unwrap_or_default().to_owned()
    }

    /// X.1, X.3, X.4: the line on the fallen angels is drawn only for a side that has one.
    #[test]
    fn the_fallen_angel_line_appears_only_with_a_fallen_angel() {
        let bare = "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1";
        assert!(
            last_line(bare).starts_with("white to move"),
            "{}",
            last_line(bare)
        );
        let fallen = "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/X7 w - - 0 5";
        assert_eq!(
            last_line(&format!("{fallen} r")),
            "white's fallen angels move as the rook (black's last move, X.1)"
        );
        assert_eq!(
            last_line(&format!("{fallen} x")),
            "white's fallen angels cannot move: black's last move was an angel falling (X.3)"
        );
        assert_eq!(
            last_line(fallen),
            "white's fallen angels cannot move: nothing has moved yet (X.4)"
        );
    }
}
