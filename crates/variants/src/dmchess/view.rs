//! DMChess as the browser draws it: the eight boards D1–D8 in the terminal diagram's 2 × 4 grid
//! (D1–D4 above, D5–D8 below, from Light's side), every piece with its DEL as its tag, portals
//! marked with the board they lead to, energy squares with their charge, the kings in check,
//! and every legal move (a dimensional move from its board to the other; a king's transfer
//! before play likewise; `done` without squares). Notes: who moves, the setup prompt (5.1.3),
//! each player's kings, dominance and energy, the shift count-down or notice (6.1.2), the
//! flows of the conservation law (6.2).

use omnichess_core::{BoardView, Cell, Game, Player, SquareMark, ToAct, View};
use omnichess_core::{MoveView, PieceView, Presentation};

use super::piece::{Kind, Piece};
use super::position::{CONSERVATION_FREE_PLIES, Move, Special};
use super::position_text::player_name;
use super::square::{self, DIMENSIONS};
use super::state::{DOMINANCE, DmChess};

/// The view's cell of a square of the eight boards (board = dimension, `rank * 8 + file`).
fn cell(sq: u16) -> Cell {
    Cell {
        board: square::dim(sq) as u16,
        square: u16::from(square::local(sq)),
    }
}

/// A piece with its DEL as its tag.
fn piece_view(p: Piece) -> PieceView {
    PieceView {
        player: u8::from(p.player() == Player::Black),
        kind: p.kind().letter(),
        name: p.kind().name(),
        tag: Some(p.del().to_string()),
        value: p.kind().value(),
    }
}

/// `Light`, `Dark`.
fn capitalised(player: Player) -> String {
    let name = player_name(player);
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

impl DmChess {
    /// The view of the state (see [`omnichess_core::Presentation::view`]).
    pub(super) fn draw_view(&self) -> View {
        let to_act = self.to_act();
        let mut moves = Vec::new();
        if to_act.outcome().is_none() {
            self.decisions(&mut moves);
        }
        View {
            boards: (0..DIMENSIONS).map(|d| self.board_view(d)).collect(),
            moves: moves.into_iter().map(|mv| self.move_view(mv)).collect(),
            checks: self.checked_kings(),
            arrows: Vec::new(),
            notes: self.notes(to_act),
            counts_material: true,
            departed: self.departed_kings(),
            layout_turns: true,
        }
    }

    /// The kings that have left the game since the first position of the history: left in
    /// check by their owner's move (rulings K.4 and K.6), never captured — a king is never
    /// left where the opponent could take it, so every king missing is one of these.
    fn departed_kings(&self) -> Vec<PieceView> {
        let first = self.history.first().unwrap_or(&self.pos);
        Player::BOTH
            .into_iter()
            .flat_map(|player| {
                let gone = first
                    .kings(player)
                    .count()
                    .saturating_sub(self.pos.kings(player).count());
                std::iter::repeat_n(
                    PieceView {
                        player: u8::from(player == Player::Black),
                        kind: Kind::King.letter(),
                        name: Kind::King.name(),
                        tag: None,
                        value: Kind::King.value(),
                    },
                    gone,
                )
            })
            .collect()
    }

    /// Board `d`: its pieces (each with a `del` mark, its DEL, for a client that draws energy
    /// as such), portals and energy squares, at its place in the 2 × 4 grid.
    fn board_view(&self, d: usize) -> BoardView {
        let phase = &self.compiled.phases[self.pos.phase as usize];
        let mut view = BoardView::empty(format!("D{}", d + 1), 8, 8, 'a');
        view.column = (d % 4) as i32;
        view.row = (d / 4) as i32;
        for l in 0..64u8 {
            let sq = square::at(d, l);
            view.squares[usize::from(l)] = self.pos.piece(sq).map(piece_view);
            if let Some(p) = self.pos.piece(sq) {
                view.marks.push(SquareMark {
                    square: u16::from(l),
                    kind: "del",
                    text: Some(p.del().to_string()),
                    label: None,
                });
            }
            if phase.portals[d] >> l & 1 == 1 {
                view.marks.push(SquareMark {
                    square: u16::from(l),
                    kind: "portal",
                    text: Some(format!("D{}", phase.link[d][usize::from(l)] + 1)),
                    label: Some((phase.link[d][usize::from(l)] + 1).to_string()),
                });
            }
            let e = self.compiled.energy_index[d][usize::from(l)];
            if e != 255 {
                let text = match self.pos.wait[usize::from(e)] {
                    0 => "E".to_owned(),
                    w => format!("e{w}"),
                };
                view.marks.push(SquareMark {
                    square: u16::from(l),
                    kind: "energy",
                    text: Some(text),
                    label: None,
                });
            }
        }
        view
    }

    /// A move from its square to its target (perhaps on another board); `done` has none.
    fn move_view(&self, mv: Move) -> MoveView {
        let squares = (mv.special != Special::Done).then(|| (cell(mv.from), cell(mv.to)));
        MoveView {
            text: self.edan(mv),
            from: squares.map(|s| s.0),
            to: squares.map(|s| s.1),
            promotion: mv.promotion.map(|k| k.letter()),
            info: self.decision_info(mv),
        }
    }

    /// Every king standing in check (within its board or through a portal).
    fn checked_kings(&self) -> Vec<Cell> {
        Player::BOTH
            .into_iter()
            .flat_map(|player| {
                self.pos
                    .kings(player)
                    .filter(move |&k| self.attacked(k, player.opponent()))
            })
            .map(cell)
            .collect()
    }

    /// The lines beside the boards.
    fn notes(&self, to_act: ToAct) -> Vec<String> {
        let pos = &self.pos;
        let mut notes = vec![match to_act.outcome() {
            Some(o) => format!("Game over: {}.", o.text_with(["light", "dark"])),
            None => format!(
                "{} to move (move {}).",
                capitalised(pos.side),
                pos.fullmoves
            ),
        }];
        if pos.distributing(pos.side) {
            notes.push(format!(
                "{} distributes its kings before play (5.1.3): move a king from its e-square to another board, then `done`.",
                capitalised(pos.side)
            ));
        }
        if let Some(lost) = self.kings_lost() {
            notes.push(lost);
        }
        for player in Player::BOTH {
            let (mut pieces, mut del) = (0u32, 0u32);
            for (_, p) in pos.pieces().filter(|(_, p)| p.player() == player) {
                pieces += 1;
                del += u32::from(p.del());
            }
            let kings = pos.kings(player).count();
            let checked = self.kings_in_check(player);
            notes.push(format!(
                "{}: {kings} king{}{}; controls {} of {DIMENSIONS} dimensions ({DOMINANCE} win, 7.2); {}, total DEL {del}.",
                capitalised(player),
                if kings == 1 { "" } else { "s" },
                if checked > 0 {
                    format!(", {checked} in check")
                } else {
                    String::new()
                },
                pos.controlled(player),
                omnichess_core::counted(pieces, "piece", "pieces"),
            ));
        }
        notes.push(super::diagram::shift_line(pos));
        let flows: Vec<String> = pos
            .flow
            .iter()
            .enumerate()
            .filter(|&(_, &f)| f != 0)
            .map(|(d, f)| format!("D{} {f:+}", d + 1))
            .collect();
        let law = if pos.ply() < CONSERVATION_FREE_PLIES {
            format!(
                "the law applies from the game's move {} (Light's move {})",
                CONSERVATION_FREE_PLIES + 1,
                CONSERVATION_FREE_PLIES / 2 + 1
            )
        } else {
            "a dimensional move may not take a board outside ±8".to_owned()
        };
        notes.push(format!(
            "Energy flow (6.2; {law}): {}.",
            if flows.is_empty() {
                "0 on every board".to_owned()
            } else {
                flows.join(", ")
            }
        ));
        notes
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{DecisionInfo, DecisionKind, Game, Notation, Presentation, Variant};

    use super::*;

    fn at(board: u16, square: u16) -> Cell {
        Cell { board, square }
    }

    fn play(g: &mut DmChess, edan: &str) {
        let mv = g
            .parse_decision(edan)
            .unwrap_or_else(|e| panic!("{edan}: {e}"));
        g.apply(mv);
    }

    /// The piece on `square` of board `board`: (player, kind, tag).
    fn piece(view: &View, board: usize, square: usize) -> Option<(u8, char, Option<String>)> {
        view.boards[board].squares[square]
            .as_ref()
            .map(|p| (p.player, p.kind, p.tag.clone()))
    }

    fn mark(view: &View, board: usize, square: u16, kind: &str) -> Option<String> {
        view.boards[board]
            .marks
            .iter()
            .find(|m| m.square == square && m.kind == kind)
            .and_then(|m| m.text.clone())
    }

    #[test]
    fn every_piece_has_a_del_mark_saying_its_tag() {
        let view = DmChess::start().view();
        for (b, board) in view.boards.iter().enumerate() {
            for (sq, piece) in board.squares.iter().enumerate() {
                let square = u16::try_from(sq).unwrap_or(u16::MAX);
                let del = mark(&view, b, square, "del");
                assert_eq!(
                    del,
                    piece.as_ref().and_then(|p| p.tag.clone()),
                    "D{} {sq}",
                    b + 1
                );
            }
        }
        assert_eq!(
            mark(&view, 4, 0, "del").as_deref(),
            Some("5"),
            "D5's pieces: DEL 5"
        );
    }

    #[test]
    fn the_start_lists_every_move_and_places_the_boards_as_the_diagram() {
        let g = DmChess::start();
        let view = g.view();
        let mut legal = Vec::new();
        g.decisions(&mut legal);
        assert_eq!(view.moves.len(), legal.len());
        assert_eq!(view.moves.len(), 109, "perft 1 of the standard start");
        assert_eq!(view.boards.len(), 8);
        // D1–D4 on the first row, D5–D8 on the second (the terminal diagram's grid).
        let places: Vec<(&str, i32, i32)> = view
            .boards
            .iter()
            .map(|b| (b.label.as_str(), b.column, b.row))
            .collect();
        assert_eq!(places[0], ("D1", 0, 0));
        assert_eq!(places[3], ("D4", 3, 0));
        assert_eq!(places[5], ("D6", 1, 1));
        // 3.2.1 / 4.3.1: a piece's DEL is its starting board's number. Light's king on D1 e1,
        // Dark's on D8 e8.
        assert_eq!(piece(&view, 0, 4), Some((0, 'K', Some("1".into()))));
        assert_eq!(piece(&view, 7, 60), Some((1, 'K', Some("8".into()))));
        assert_eq!(view.boards[7].squares.iter().flatten().count(), 32);
        assert!(view.checks.is_empty());
        assert!(view.counts_material && view.layout_turns);
        assert!(view.notes[0].starts_with("Light to move"));
        // A king is one of several lives: worth more than a bishop, less than a rook.
        let value = |square: usize| view.boards[0].squares[square].as_ref().map(|p| p.value);
        assert_eq!([0, 2, 4].map(value), [5.0, 3.2, 4.0].map(Some));
    }

    #[test]
    fn c4_2_1_a_dimensional_move_goes_from_one_board_to_another_through_a_portal() {
        let view = DmChess::start().view();
        // Pd1d2-d2d5: the double step onto D1's d4 portal, then a step on D2.
        let cross = view.find_move(at(0, 11), at(1, 35), None);
        assert_eq!(cross.map(|m| m.text.as_str()), Some("Pd1d2-d2d5"));
        // 2.3.1: D1's d3 (square 19) is a portal to D2, and D2's d3 one back to D1.
        assert_eq!(mark(&view, 0, 19, "portal").as_deref(), Some("D2"));
        assert_eq!(mark(&view, 1, 19, "portal").as_deref(), Some("D1"));
        // The tab on the square says the board's number alone.
        let label = |square: u16| {
            view.boards[0]
                .marks
                .iter()
                .find(|m| m.square == square && m.kind == "portal")
                .and_then(|m| m.label.clone())
        };
        assert_eq!(label(19).as_deref(), Some("2"));
        // 5.3.1: a3 (square 16) is an energy square, charged.
        assert_eq!(mark(&view, 0, 16, "energy").as_deref(), Some("E"));
        // e3 (20) leads to D3; c3 (18) is no portal on D1.
        assert_eq!(mark(&view, 0, 20, "portal").as_deref(), Some("D3"));
        assert_eq!(mark(&view, 0, 18, "portal"), None);
    }

    #[test]
    fn c5_3_2_and_5_3_3_an_energy_square_raises_the_del_and_shows_its_recharge() {
        let mut g = DmChess::start();
        play(&mut g, "Nd1b1-d1a3");
        let view = g.view();
        assert_eq!(piece(&view, 0, 16), Some((0, 'N', Some("2".into()))));
        assert_eq!(mark(&view, 0, 16, "energy").as_deref(), Some("e3"));
        assert!(view.notes[0].starts_with("Dark to move"));
    }

    #[test]
    fn c5_1_3_a_transfer_has_its_squares_and_done_none() {
        let g = DmChess::from_position_text("start setup=ld").unwrap();
        let view = g.view();
        assert_eq!(
            view.moves.len(),
            57,
            "the setup's decisions (docs/rules/dmchess.md)"
        );
        let done = view.moves.iter().find(|m| m.text == "done").unwrap();
        assert_eq!((done.from, done.to), (None, None));
        // 5.1.3 (ruling K.5): `done` ends the distribution; it is listed, not left out as a
        // turn's end.
        assert_eq!(
            (done.info.kind, done.info.turn_end, done.info.label),
            (DecisionKind::Done, false, Some("Done"))
        );
        let transfer = view.find_move(at(0, 4), at(2, 3), None);
        assert_eq!(transfer.map(|m| m.text.as_str()), Some("Kd1e1-d3d1"));
        assert_eq!(transfer.map(|m| m.info), Some(DecisionInfo::MOVE));
        assert!(view.notes.iter().any(|n| n.contains("5.1.3")));
    }

    #[test]
    fn c7_1_kings_in_check_are_marked_and_a_finished_game_has_no_moves() {
        // Light's D1 king on a1 is mated by the queen b2; its D2 king is free: play goes on.
        let d1 = "8/8/8/8/8/2k15/1q16/K17";
        let two = format!(
            "{d1}|8/8/8/8/8/8/8/7K1|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 l - 0 1 0/8 - - -"
        );
        let g = DmChess::from_position_text(&two).unwrap();
        let view = g.view();
        assert_eq!(view.checks, vec![at(0, 0)]);
        assert!(!view.moves.is_empty());
        // With only that king it is checkmate (7.1.1): nothing to play.
        let one = two.replacen("8/8/8/8/8/8/8/7K1", "8/8/8/8/8/8/8/8", 1);
        let g = DmChess::from_position_text(&one).unwrap();
        let view = g.view();
        assert!(view.moves.is_empty());
        assert_eq!(view.checks, vec![at(0, 0)]);
        assert!(view.notes[0].contains("dark wins by checkmate"));
    }

    #[test]
    fn c6_5_promotions_carry_their_letter() {
        let text = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/P57/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|7k8/8/8/8/8/8/8/K87 l - 0 1 0/8 - - -";
        let view = DmChess::from_position_text(text).unwrap().view();
        let mut kinds: Vec<char> = view
            .moves
            .iter()
            .filter(|m| m.from == Some(at(2, 48)) && m.to == Some(at(2, 56)))
            .filter_map(|m| m.promotion)
            .collect();
        kinds.sort_unstable();
        assert_eq!(kinds, ['B', 'N', 'Q', 'R']);
        let knight = view.find_move(at(2, 48), at(2, 56), Some('N'));
        assert_eq!(knight.map(|m| m.text.as_str()), Some("Pd3a7-d3a8=N"));
    }
}
