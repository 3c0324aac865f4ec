//! Die Chess as the browser draws it: one 8×8 board; the pieces the turn must move marked
//! `rolled` (the rolled type, or the king after `[K!]`); a pawn waiting for its promotion roll
//! drawn as an arrow to its square, marked `promotion`; every king in check (after a forfeit in
//! check the king of the side not to move stays in check, §4); and notes with the roll, the
//! exact forfeit odds, and what the turn waits for.

use cozy_chess::{Color, Piece};
use omnichess_core::{
    Arrow, BoardView, Cell, Game, MoveView, Presentation, SquareMark, ToAct, View,
};

use super::board::DiceBoard;
use super::state::{Dice, DiceDecision, Phase};
use crate::common::view::{cell, piece_name, piece_view};

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The board with its pieces.
fn board_view(board: &DiceBoard) -> BoardView {
    let mut view = BoardView::empty("board", 8, 8, 'a');
    for square in board.occupied() {
        if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
            view.squares[square as usize] = Some(piece_view(color, piece));
        }
    }
    view
}

/// A probability of `hit` in `total` as a percentage and a reduced fraction: `45% (9/20)`.
fn odds_text(hit: u32, total: u32) -> String {
    let (mut a, mut b) = (hit, total);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let divisor = a.max(1);
    let percent = f64::from(hit) * 100.0 / f64::from(total.max(1));
    let percent = if (percent - percent.round()).abs() < 1e-9 {
        format!("{percent:.0}%")
    } else {
        format!("{percent:.1}%")
    };
    format!("{percent} ({}/{})", hit / divisor, total / divisor)
}

impl Dice {
    /// The view of the state (see [`omnichess_core::Presentation::view`]).
    pub(super) fn draw_view(&self) -> View {
        let b = &self.now.board;
        let mut decisions = Vec::new();
        if matches!(self.to_act(), ToAct::Player(_)) {
            self.decisions(&mut decisions);
        }
        let mut board = board_view(b);
        board.marks = self.marks();
        let checks = [b.side(), !b.side()]
            .into_iter()
            .filter(|&c| b.in_check(c))
            .filter_map(|c| b.king(c).map(cell))
            .collect();
        let arrows = match self.now.phase {
            Phase::Promotion(mv) => vec![Arrow {
                from: cell(mv.from),
                to: cell(mv.to),
            }],
            _ => Vec::new(),
        };
        View {
            boards: vec![board],
            moves: decisions.into_iter().map(|d| self.move_of(d)).collect(),
            checks,
            arrows,
            notes: self.notes(),
            counts_material: true,
            departed: Vec::new(),
            layout_turns: true,
        }
    }

    /// A player's decision as the UI offers it: a move with its squares (castling: the king's
    /// two-square step, as the board writes it); `[K!]`, `roll` and `--` without squares.
    fn move_of(&self, decision: DiceDecision) -> MoveView {
        let (from, to): (Option<Cell>, Option<Cell>) = match decision {
            DiceDecision::Move(mv) => (Some(cell(mv.from)), Some(cell(mv.to))),
            _ => (None, None),
        };
        MoveView {
            text: self.notation(decision),
            from,
            to,
            // §3: the promotion piece is rolled after the move, never chosen with it.
            promotion: None,
            info: self.decision_info(decision),
        }
    }

    /// `rolled` on the pieces the turn must move; `promotion` on a pawn's waiting square.
    fn marks(&self) -> Vec<SquareMark> {
        let b = &self.now.board;
        let (kind, text) = match self.now.phase {
            Phase::Rolled(face) => (face, format!("the die showed {}", piece_name(face).1)),
            Phase::KingOnly => (Piece::King, "moves without a roll ([K!])".to_owned()),
            Phase::Promotion(mv) => {
                return vec![SquareMark {
                    square: mv.to as u16,
                    kind: "promotion",
                    text: Some("the die picks the piece (N, B, R or Q)".into()),
                    label: None,
                }];
            }
            _ => return Vec::new(),
        };
        b.colored(b.side(), kind)
            .into_iter()
            .map(|square| SquareMark {
                square: square as u16,
                kind: "rolled",
                text: Some(text.clone()),
                label: None,
            })
            .collect()
    }

    /// The roll, the forfeit odds and what the turn waits for.
    fn notes(&self) -> Vec<String> {
        let b = &self.now.board;
        let side = side_name(b.side());
        let mut notes = Vec::new();
        let to_act = self.to_act();
        match self.now.phase {
            Phase::KingTaken(c) => {
                notes.push(format!("The {} king has been captured.", side_name(c)));
            }
            _ if matches!(to_act, ToAct::Nobody(_)) => {}
            Phase::Start if to_act == ToAct::Chance => {
                notes.push(format!("The die is to be rolled for {side}."));
            }
            Phase::Start => notes.push(format!(
                "{side} is in check: move the king without rolling ([K!]) or roll the die \
                 (roll) (§4)."
            )),
            Phase::Rolling => notes.push(format!("{side} chose to roll: the die is to be rolled.")),
            Phase::KingOnly => notes.push(format!("{side} moves the king without rolling.")),
            Phase::Rolled(face) => {
                notes.push(format!("Rolled: {}", piece_name(face).1));
                let mut open = Vec::new();
                self.decisions(&mut open);
                if open == [DiceDecision::Forfeit] {
                    notes.push(format!(
                        "No {} of {side}'s can make a legal move: the turn is forfeited (--).",
                        piece_name(face).1
                    ));
                }
            }
            Phase::Promotion(mv) => notes.push(format!(
                "{side}'s pawn reaches {}: the die is to be rolled for its piece (§3).",
                mv.to
            )),
        }
        if let Some((hit, total)) = self.forfeit_ratio() {
            let when = if to_act == ToAct::Chance {
                "Forfeit odds"
            } else {
                "Forfeit odds if rolling"
            };
            notes.push(format!(
                "{when}: {} (no piece of the rolled type could move).",
                odds_text(hit, total)
            ));
        }
        if b.in_check(!b.side()) && !matches!(to_act, ToAct::Nobody(_)) {
            notes.push(format!(
                "The {} king is in check: a rolled piece that attacks it takes it (§4).",
                side_name(!b.side())
            ));
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{DecisionInfo, DecisionKind, Hooks, Notation, Presentation, Variant};

    use super::*;

    fn at(square: u16) -> Cell {
        Cell { board: 0, square }
    }

    fn after(texts: &[&str]) -> Dice {
        let mut game = Dice::start();
        for t in texts {
            game.apply(game.parse_decision(t).unwrap());
        }
        game
    }

    fn legal(game: &Dice) -> usize {
        let mut open = Vec::new();
        game.decisions(&mut open);
        open.len()
    }

    #[test]
    fn the_start_waits_for_the_die_with_the_exact_forfeit_odds() {
        let game = Dice::start();
        let view = game.view();
        // Chance acts: nothing to offer.
        assert!(view.moves.is_empty());
        let board = &view.boards[0];
        assert_eq!(board.squares.iter().flatten().count(), 32);
        assert_eq!(
            board.squares[4].as_ref().map(|p| (p.player, p.kind)),
            Some((0, 'K'))
        );
        assert!(board.marks.is_empty());
        // §1: B, R, Q and K cannot move at the start: 45 % on the default die.
        assert_eq!(game.forfeit_probability(), Some(0.45));
        assert_eq!(
            view.notes,
            [
                "The die is to be rolled for White.",
                "Forfeit odds: 45% (9/20) (no piece of the rolled type could move)."
            ]
        );
    }

    #[test]
    fn after_a_knight_roll_the_knights_are_marked_and_their_moves_offered() {
        // §1: the roll obliges a move of the rolled type.
        let game = after(&["[N]"]);
        let view = game.view();
        assert_eq!(view.moves.len(), 4);
        assert_eq!(view.moves.len(), legal(&game));
        let nf3 = view.find_move(at(6), at(21), None).unwrap();
        assert_eq!(nf3.text, "Nf3");
        assert_eq!(nf3.info, DecisionInfo::MOVE);
        let rolled: Vec<u16> = view.boards[0]
            .marks
            .iter()
            .filter(|m| m.kind == "rolled")
            .map(|m| m.square)
            .collect();
        assert_eq!(rolled, vec![1, 6]);
        assert_eq!(view.notes, ["Rolled: knight"]);
        // Black's knights after Black's roll: b8 and g8.
        let black = after(&["[N]", "Nf3", "[N]"]).view();
        let rolled: Vec<u16> = black.boards[0].marks.iter().map(|m| m.square).collect();
        assert_eq!(rolled, vec![57, 62]);
    }

    #[test]
    fn a_roll_with_no_move_offers_the_forfeit_as_a_button() {
        let view = after(&["[B]"]).view();
        assert_eq!(view.moves.len(), 1);
        let forfeit = &view.moves[0];
        assert_eq!(forfeit.text, "--");
        assert_eq!((forfeit.from, forfeit.to), (None, None));
        // §1: the forfeit passes the turn; it does not merely close it (the record keeps it).
        assert_eq!(
            (forfeit.info.kind, forfeit.info.turn_end),
            (DecisionKind::Pass, false)
        );
        assert_eq!(forfeit.info.label, Some("Pass (forfeit the turn)"));
        assert!(view.notes[1].contains("forfeited"), "{:?}", view.notes);
    }

    #[test]
    fn a_checked_player_chooses_and_a_forfeit_in_check_leaves_the_king_marked() {
        // §4: White in check with a king that can move chooses between `[K!]` and `roll`.
        let game = Dice::from_position_text("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
        let view = game.view();
        assert_eq!(view.checks, vec![at(4)]);
        let texts: Vec<&str> = view.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["[K!]", "roll"]);
        let described: Vec<_> = view
            .moves
            .iter()
            .map(|m| (m.info.kind, m.info.turn_end, m.info.label))
            .collect();
        assert_eq!(
            described,
            [
                (
                    DecisionKind::Claim,
                    false,
                    Some("Move the king without rolling [K!]")
                ),
                (DecisionKind::Roll, false, Some("Roll the die")),
            ]
        );
        assert!(
            view.moves
                .iter()
                .all(|m| m.from.is_none() && m.to.is_none())
        );
        assert!(
            view.notes
                .iter()
                .any(|n| n.starts_with("Forfeit odds if rolling")),
            "{:?}",
            view.notes
        );
        // §4: a roll that cannot help forfeits, and the king stays in check into Black's turn.
        let mut game = game;
        for t in ["roll", "[N]", "--"] {
            game.apply(game.parse_decision(t).unwrap());
        }
        let view = game.view();
        assert_eq!(view.checks, vec![at(4)]);
        assert!(
            view.notes
                .iter()
                .any(|n| n.contains("White king is in check")),
            "{:?}",
            view.notes
        );
    }

    #[test]
    fn castling_goes_to_the_king_s_square_and_promotion_waits_for_the_die() {
        // §2: castling on a King roll.
        let castle =
            Dice::from_position_text("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 rolled:K").unwrap();
        let view = castle.view();
        let o_o = view.moves.iter().find(|m| m.text == "O-O").unwrap();
        assert_eq!((o_o.from, o_o.to), (Some(at(4)), Some(at(6))));
        let o_o_o = view.moves.iter().find(|m| m.text == "O-O-O").unwrap();
        assert_eq!(o_o_o.to, Some(at(2)));
        // §3: the pawn's move is written without a piece; the die then picks it.
        let mut pawn = Dice::from_position_text("7k/P7/8/8/8/8/8/K7 w - - 0 1 rolled:P").unwrap();
        let view = pawn.view();
        let a8 = view.find_move(at(48), at(56), None).unwrap();
        assert_eq!((a8.text.as_str(), a8.promotion), ("a8", None));
        pawn.apply(pawn.parse_decision("a8").unwrap());
        let view = pawn.view();
        assert!(view.moves.is_empty());
        assert_eq!(
            view.arrows,
            vec![Arrow {
                from: at(48),
                to: at(56)
            }]
        );
        assert_eq!(view.boards[0].marks[0].kind, "promotion");
        assert!(view.notes[0].contains("reaches a8"), "{:?}", view.notes);
    }

    #[test]
    fn pieces_carry_their_material_and_a_custom_start_its_move_number() {
        let view = Dice::start().view();
        let value = |square: usize| view.boards[0].squares[square].as_ref().map(|p| p.value);
        // a1 rook, b1 knight, c1 bishop, d1 queen, e1 king, a2 pawn.
        assert_eq!(
            [0, 1, 2, 3, 4, 8].map(value),
            [5.0, 3.2, 3.3, 9.0, 0.0, 1.0].map(Some)
        );
        let black = Dice::from_position_text("4k3/8/8/8/8/8/8/4K3 b - - 0 12").unwrap();
        assert_eq!(
            black.turn_number(),
            omnichess_core::TurnNumber {
                number: 12,
                player: omnichess_core::Player::Black
            }
        );
    }

    #[test]
    fn odds_read_as_percent_and_fraction() {
        assert_eq!(odds_text(45, 100), "45% (9/20)");
        assert_eq!(odds_text(1, 6), "16.7% (1/6)");
        assert_eq!(odds_text(0, 100), "0% (0/1)");
    }

    #[test]
    fn random_games_offer_exactly_the_legal_decisions() {
        crate::view_checks::views_offer_the_legal_decisions(&Dice::start(), 3, 12);
    }
}
