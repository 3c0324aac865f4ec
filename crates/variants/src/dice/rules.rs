//! The end of a Die Chess game (checkmate, king capture, stalemate, the draws), the draws a
//! player may claim, and the exact forfeit odds. Rulings: docs/rules/dice.md.

use cozy_chess::{Color, Piece};
use omnichess_core::{Outcome, Player, ToAct};

use super::die::FACES;
use super::movegen::frozen;
use super::state::{Dice, Phase};

fn player(c: Color) -> Player {
    match c {
        Color::White => Player::White,
        Color::Black => Player::Black,
    }
}

impl Dice {
    pub(super) fn rules_to_act(&self) -> ToAct {
        let b = &self.now.board;
        let side = player(b.side());
        match self.now.phase {
            Phase::KingTaken(c) => ToAct::Nobody(Outcome::win(player(!c), "king capture")),
            Phase::Start => {
                if !self.any_move() {
                    return ToAct::Nobody(if b.in_check(b.side()) {
                        Outcome::win(side.opponent(), "checkmate")
                    } else {
                        Outcome::draw("stalemate")
                    });
                }
                if b.occupied() == b.pieces(Piece::King) {
                    return ToAct::Nobody(Outcome::draw("insufficient material"));
                }
                if frozen(b, self.now.die) {
                    return ToAct::Nobody(Outcome::draw("dead position"));
                }
                if self.now.halfmoves >= 150 {
                    return ToAct::Nobody(Outcome::draw("seventy-five-move rule"));
                }
                if self.repetitions() >= 5 {
                    return ToAct::Nobody(Outcome::draw("fivefold repetition"));
                }
                if self.chooses_first() {
                    ToAct::Player(side)
                } else {
                    ToAct::Chance
                }
            }
            Phase::Rolling | Phase::Promotion(_) => ToAct::Chance,
            Phase::KingOnly | Phase::Rolled(_) => ToAct::Player(side),
        }
    }

    /// The draw the player on turn may claim (threefold repetition, fifty moves), open for
    /// the whole turn until its move is chosen: at its start, after `[K!]` or `roll`, and after
    /// the roll (docs/rules/dice.md, §6). A roll is no move: the position and its count are
    /// those the turn began with.
    pub(super) fn rules_claimable_draw(&self) -> Option<&'static str> {
        let open = match self.now.phase {
            Phase::Start => !matches!(self.rules_to_act(), ToAct::Nobody(_)),
            Phase::Rolling | Phase::KingOnly | Phase::Rolled(_) => true,
            Phase::Promotion(_) | Phase::KingTaken(_) => false,
        };
        crate::common::fide_end::claimable(
            open,
            || usize::from(self.now.repeats),
            self.now.halfmoves,
        )
    }

    /// How often the current position (board, side to move, rights) has occurred: the game's
    /// first position and every position a move made count, the position after a forfeit
    /// does not (a forfeit moves no piece; §6's draws are "independent of the dice"). After
    /// a forfeit this is how often the position occurred before, which may be 0.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        if self.now.phase == Phase::Start {
            usize::from(self.now.repeats)
        } else {
            1
        }
    }

    /// [`Dice::repetitions`] counted from the history, once at the start of each turn.
    pub(super) fn count_repetitions(&self) -> u8 {
        let now = &self.now;
        // Since the last capture or pawn move, each moved turn made one occurrence, and the
        // position that move made is among them unless the turn now was begun by a move.
        let window = usize::from(now.halfmoves) + usize::from(!now.occurrence);
        let earlier = self
            .starts
            .iter()
            .rev()
            .take(window)
            .filter(|&&(key, at)| {
                key == now.key
                    && self
                        .earlier
                        .get(at as usize)
                        .is_some_and(|c| c.board == now.board)
            })
            .count();
        u8::try_from(usize::from(now.occurrence) + earlier).unwrap_or(u8::MAX)
    }

    /// The exact probability that a roll now leaves the player without a move of the rolled
    /// type (so the turn is forfeited): the sum of the die's probabilities of those faces. Due
    /// at the start of a turn (for a player in check: if they choose to roll) and after
    /// choosing to roll.
    pub(super) fn rules_forfeit_probability(&self) -> Option<f64> {
        self.forfeit_ratio()
            .map(|(hit, total)| f64::from(hit) / f64::from(total))
    }

    /// The forfeit odds of [`Dice::rules_forfeit_probability`] as the exact ratio of the die's
    /// weights (hit, total), not reduced; due when those odds are.
    pub(super) fn forfeit_ratio(&self) -> Option<(u32, u32)> {
        match self.now.phase {
            Phase::Start | Phase::Rolling if !matches!(self.rules_to_act(), ToAct::Nobody(_)) => {
                let mut moveless = [false; 6];
                for face in FACES {
                    let mut any = false;
                    self.moves_of(face, |_| any = true);
                    moveless[face as usize] = !any;
                }
                Some(self.now.die.ratio_of(|f| moveless[f as usize]))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Game, Notation};

    use super::*;
    use crate::dice::DiceDecision;

    /// The repetitions of the position now, counted by reading every snapshot of the history.
    fn counted_from_snapshots(game: &Dice) -> u8 {
        let now = &game.now;
        let earlier = game
            .earlier
            .iter()
            .rev()
            .filter(|c| c.phase == Phase::Start && c.occurrence)
            .take(usize::from(now.halfmoves) + usize::from(!now.occurrence))
            .filter(|c| c.key == now.key && c.board == now.board)
            .count();
        u8::try_from(usize::from(now.occurrence) + earlier).unwrap_or(u8::MAX)
    }

    #[test]
    fn repetitions_read_from_the_turn_starts_are_those_of_every_snapshot() {
        // A walk among few pieces (so positions come back), with decisions taken back now and
        // then as a search does: the turn starts kept beside the snapshots give every count
        // that reading all the snapshots gives, and some positions stood three times or more.
        let mut game =
            Dice::from_position_text("4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1").expect("legal");
        let mut decisions: Vec<DiceDecision> = Vec::new();
        let (mut most, mut checked) = (0, 0);
        for step in 0..4_000_usize {
            if step % 7 == 3 && game.earlier.len() > 2 {
                game.undo();
                game.undo();
            }
            if game.to_act().outcome().is_some() {
                while game.earlier.len() > 1 {
                    game.undo();
                }
            }
            if game.phase() == Phase::Start {
                assert_eq!(
                    game.count_repetitions(),
                    counted_from_snapshots(&game),
                    "step {step}"
                );
                assert_eq!(
                    game.starts.len(),
                    game.earlier
                        .iter()
                        .filter(|c| c.phase == Phase::Start && c.occurrence)
                        .count()
                );
                most = most.max(game.count_repetitions());
                checked += 1;
            }
            game.decisions(&mut decisions);
            // Forfeits are common here: the rook and the king rarely match the roll.
            game.apply(decisions[(step * 13 + step / 5) % decisions.len()]);
        }
        assert!(checked > 1_000, "{checked}");
        assert!(most >= 3, "positions came back: at most {most}");
    }
}
