//! The terminal diagram: the eight boards in a 2 × 4 grid (D1–D4 above, D5–D8 below), each
//! square three characters wide (about 120 columns), with portals, energy squares and every
//! piece's DEL, then the counters a player needs. Each board is drawn from the viewer's side:
//! Light's first rank at the bottom for Light, Dark's for Dark (files turned too).

use omnichess_core::{Game, Player, ToAct};

use super::position::Position;
use super::position_text::player_name;
use super::square::{self, DIMENSIONS};
use super::state::{DOMINANCE, DmChess};

const GAP: &str = "   ";

impl DmChess {
    /// The diagram as `viewer` sees it (see the module documentation).
    pub(super) fn draw(&self, viewer: Player) -> String {
        let (ranks, files): ([u8; 8], [u8; 8]) = match viewer {
            Player::White => ([7, 6, 5, 4, 3, 2, 1, 0], [0, 1, 2, 3, 4, 5, 6, 7]),
            Player::Black => ([0, 1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1, 0]),
        };
        let labels: String = files
            .iter()
            .map(|&f| format!("  {}", char::from(b'a' + f)))
            .collect();
        let mut out = String::new();
        for row in [0..4, 4..8] {
            let header: Vec<String> = row
                .clone()
                .map(|d| format!("{:<26}", format!("   D{}", d + 1)))
                .collect();
            out.push_str(header.join(GAP).trim_end());
            out.push('\n');
            for &rank in &ranks {
                let line: Vec<String> = row
                    .clone()
                    .map(|d| {
                        let mut s = format!("{} ", rank + 1);
                        for &file in &files {
                            s.push_str(&self.cell(d, rank * 8 + file));
                        }
                        s
                    })
                    .collect();
                out.push_str(line.join(GAP).trim_end());
                out.push('\n');
            }
            let under: Vec<String> = row.map(|_| format!("{labels} ")).collect();
            out.push_str(under.join(GAP).trim_end());
            out.push_str("\n\n");
        }
        out.push_str(&self.status());
        out
    }

    /// One square: a piece with its DEL (`Q3`, `p1`), a portal with the board it leads to
    /// (`@5`), a charged energy square (`E`), one recharging with its turns left (`e2`), or
    /// `.`.
    fn cell(&self, d: usize, l: u8) -> String {
        let phase = &self.compiled.phases[self.pos.phase as usize];
        if let Some(p) = self.pos.piece(square::at(d, l)) {
            return format!(" {}{}", p.letter(), p.del());
        }
        if phase.portals[d] >> l & 1 == 1 {
            return format!(" @{}", phase.link[d][l as usize] + 1);
        }
        match self.compiled.energy_index[d][l as usize] {
            255 => " . ".to_owned(),
            e => match self.pos.wait[e as usize] {
                0 => " E ".to_owned(),
                w => format!(" e{w}"),
            },
        }
    }

    /// `del SQUARE`: the piece there, its DEL, the boards within its reach (4.2.2) and the
    /// energy square it last drew from; or what the square is.
    pub(super) fn describe(&self, argument: &str) -> String {
        let Some(sq) = square::parse(argument) else {
            return format!(
                "usage: del SQUARE, a dimension and a square like d2e4 (not `{}`)",
                super::profile::short(argument)
            );
        };
        let name = square::name(sq);
        let (d, l) = (square::dim(sq), square::local(sq));
        let Some(p) = self.pos.piece(sq) else {
            let phase = &self.compiled.phases[self.pos.phase as usize];
            return if phase.portals[d] >> l & 1 == 1 {
                format!("{name}: a portal to D{}", phase.link[d][l as usize] + 1)
            } else {
                format!("{name}: empty")
            };
        };
        let del = usize::from(p.del());
        let reach = format!(
            "D{}-D{}",
            d.saturating_sub(del) + 1,
            (d + del).min(DIMENSIONS - 1) + 1
        );
        let last = p
            .last_energy()
            .and_then(|e| self.compiled.energy_square(e))
            .map_or(String::new(), |e| {
                format!("; last drew energy from {}", square::name(e))
            });
        format!(
            "{name}: {} {}, DEL {del}: may cross to {reach} (4.2.2){last}",
            player_name(p.player()),
            p.kind().name()
        )
    }

    fn status(&self) -> String {
        let pos = &self.pos;
        let mut lines = Vec::new();
        let to_act = match self.to_act() {
            ToAct::Nobody(o) => format!("Game over: {o}"),
            _ => format!("{} to move", capitalised(player_name(pos.side))),
        };
        lines.push(format!("{to_act} (move {}).", pos.fullmoves));
        if pos.distributing(pos.side) {
            let example = match pos.side {
                Player::White => "Kd1e1-d3d1",
                Player::Black => "Kd1e8-d3d8",
            };
            lines.push(format!(
                "{} distributes its kings before play (5.1.3): move a king from its e-square to another board ({example}), then `done`.",
                capitalised(player_name(pos.side))
            ));
        }
        if let Some(lost) = self.kings_lost() {
            lines.push(lost);
        }
        for player in Player::BOTH {
            let kings = pos.kings(player).count();
            let checked = self.kings_in_check(player);
            let check = if checked > 0 {
                format!(", {checked} in check")
            } else {
                String::new()
            };
            lines.push(format!(
                "{}: {kings} king{}{check}; controls {} of {DIMENSIONS} dimensions ({DOMINANCE} win, 7.2).",
                capitalised(player_name(player)),
                if kings == 1 { "" } else { "s" },
                pos.controlled(player),
            ));
        }
        lines.push(shift_line(pos));
        lines.push("Q3: a queen with DEL 3 (Light upper case). @5: a portal to D5. E: an energy square (+1 DEL); e2: recharging, 2 turns.".to_owned());
        lines.join("\n") + "\n"
    }
}

impl DmChess {
    /// The line that says which kings the last move lost (rulings K.4 and K.6), if any.
    pub(super) fn kings_lost(&self) -> Option<String> {
        let (mover, n) = self.kings_lost_last_move()?;
        Some(format!(
            "{} lost {} to {}: left in check by its own move, {} the game (7.1.2-7.1.3, rulings K.4, K.6).",
            capitalised(player_name(mover)),
            omnichess_core::counted(n as u64, "king", "kings"),
            player_name(mover.opponent()),
            if n == 1 { "it leaves" } else { "they leave" },
        ))
    }
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The shift count-down, or the notice of 6.1.2 when the move to be played now triggers the
/// shift (one turn before it: Dark's move that ends the eighth full turn).
pub(super) fn shift_line(pos: &Position) -> String {
    if pos.shift_follows_this_move() {
        return "NOTICE (6.1.2): the portals shift after this move; pieces on the new portal \
                squares move to the nearest free square."
            .to_owned();
    }
    match pos.turns_to_shift() {
        1 => "Portals shift in 1 full turn (6.1): after Dark's reply to this move.".to_owned(),
        n if pos.side_to_move() == omnichess_core::Player::Black => {
            format!("Portals shift in {n} full turns (6.1), this one included.")
        }
        n => format!("Portals shift in {n} full turns (6.1)."),
    }
}
