//! QEC as the browser draws it (§11 display): classic chess's board with both members of each
//! link tagged with the link's label (1–9, then A, B, …, as in the terminal diagram) and
//! marked `entangled`, the free pawns tagged `*` and marked `free`, the piece that owes a
//! forced reply marked `reply`, and notes saying who must do what when a turn is part-way
//! (forced reply, reactive check, draft).

use cozy_chess::{Board, Color, Piece, Square};
use omnichess_core::{BoardView, DecisionInfo, Game, MoveView, SquareMark, ToAct, View};

use super::diagram::label_char;
use super::state::{Phase, Qec, QecDecision};
use crate::common::view::{board_view, checks, move_view, piece_name};

/// The tag of a free pawn (§11), the terminal diagram's `*`.
const FREE_PAWN_TAG: &str = "*";

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The name of the piece on `square` (`piece` if the square is empty).
fn name_on(board: &Board, square: Square) -> &'static str {
    board.piece_on(square).map_or("piece", |p| piece_name(p).1)
}

impl Qec {
    /// The view of the state (see [`omnichess_core::Presentation::view`]).
    pub(super) fn draw_view(&self) -> View {
        let board = &self.now.board;
        let mut decisions = Vec::new();
        if matches!(self.to_act(), ToAct::Player(_)) {
            self.decisions(&mut decisions);
        }
        View {
            boards: vec![self.board_with_links()],
            moves: decisions.into_iter().map(|d| self.move_of(d)).collect(),
            checks: checks(board),
            notes: self.notes(),
            counts_material: true,
            layout_turns: true,
            ..View::default()
        }
    }

    /// A decision as the UI offers it: a move with its squares; a draft pick (which moves no
    /// piece) without squares, offered as a button.
    fn move_of(&self, decision: QecDecision) -> MoveView {
        let text = self.notation(decision);
        match decision {
            QecDecision::Move(mv) => move_view(&self.now.board, mv, text),
            QecDecision::Link { .. } => MoveView {
                text,
                from: None,
                to: None,
                promotion: None,
                info: DecisionInfo::MOVE,
            },
        }
    }

    /// The board with the links' labels on their pieces and the squares marked.
    fn board_with_links(&self) -> BoardView {
        let board = &self.now.board;
        let links = &self.now.links;
        let mut view = board_view(board);
        for square in board.occupied() {
            let index = square as usize;
            if let Some(partner) = links.partner(square) {
                let label = label_char(links.label(square).unwrap_or(0)).to_string();
                if let Some(piece) = view.squares[index].as_mut() {
                    piece.tag = Some(label.clone());
                }
                view.marks.push(SquareMark {
                    square: square as u16,
                    kind: "entangled",
                    text: Some(format!(
                        "link {label}: entangled with the {} on {partner}",
                        name_on(board, partner)
                    )),
                    label: None,
                });
            } else if self.marks_free_pawns() && board.piece_on(square) == Some(Piece::Pawn) {
                // §11, as in the terminal diagram: a free pawn carries `*`.
                if let Some(piece) = view.squares[index].as_mut() {
                    piece.tag = Some(FREE_PAWN_TAG.to_owned());
                }
                view.marks.push(SquareMark {
                    square: square as u16,
                    kind: "free",
                    text: Some("free pawn".into()),
                    label: None,
                });
            }
        }
        if let Phase::Reply(square) = self.now.phase {
            view.marks.push(SquareMark {
                square: square as u16,
                kind: "reply",
                text: Some("owes the forced reply".into()),
                label: None,
            });
        }
        view
    }

    /// What the players must know beyond the board: the phase of a turn part-way, and a game
    /// without entanglement.
    fn notes(&self) -> Vec<String> {
        let board = &self.now.board;
        let side = side_name(board.side_to_move());
        let mut notes = Vec::new();
        if !self.now.entangled {
            notes.push("No entanglement: classical chess (links `-`).".to_owned());
        }
        if matches!(self.to_act(), ToAct::Nobody(_)) {
            return notes;
        }
        match self.now.phase {
            Phase::Draft => {
                let picker = self.now.draft_picker().map_or(side, side_name);
                notes.push(format!(
                    "Draft (§3.1): {picker} links one of its pawns in no link to an enemy \
                     officer in no link (PAWN~PIECE)."
                ));
            }
            Phase::Reply(square) => notes.push(format!(
                "Forced reply (§3.2): {} moved a linked piece; {side} chooses the move of its \
                 partner, the {} on {square}.",
                side_name(self.now.mover),
                name_on(board, square)
            )),
            Phase::Reactive => notes.push(format!(
                "{side} is in check: the king must step out at once (§4)."
            )),
            Phase::Move => {}
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Cell, Notation, Presentation, Variant};

    use super::*;

    fn at(square: u16) -> Cell {
        Cell { board: 0, square }
    }

    fn legal(game: &Qec) -> usize {
        let mut open = Vec::new();
        game.decisions(&mut open);
        open.len()
    }

    fn marks<'a>(view: &'a View, kind: &str) -> Vec<&'a SquareMark> {
        view.boards[0]
            .marks
            .iter()
            .filter(|m| m.kind == kind)
            .collect()
    }

    #[test]
    fn the_start_offers_twenty_moves_and_tags_each_linked_pair_alike() {
        let game = Qec::start();
        let view = game.view();
        // docs/rules/qec.md, perft depth 1: White's 20 classical moves.
        assert_eq!(view.moves.len(), 20);
        assert_eq!(view.moves.len(), legal(&game));
        let board = &view.boards[0];
        assert_eq!(board.squares.iter().flatten().count(), 32);
        let piece = |sq: usize| board.squares[sq].as_ref().unwrap();
        assert_eq!((piece(4).player, piece(4).kind), (0, 'K'));
        // §3.1, the file mapping: b2 (9) is linked to the knight on b8 (57); the e-pawns are free.
        assert_eq!((piece(57).player, piece(57).kind), (1, 'N'));
        assert!(piece(9).tag.is_some());
        assert_eq!(piece(9).tag, piece(57).tag);
        assert_ne!(piece(9).tag, piece(8).tag);
        // §11: the free e-pawns carry `*`, as the diagram draws them.
        assert_eq!(piece(12).tag.as_deref(), Some("*"));
        assert_eq!(piece(52).tag.as_deref(), Some("*"));
        assert_eq!(piece(4).tag, None);
        let entangled: Vec<u16> = marks(&view, "entangled").iter().map(|m| m.square).collect();
        assert_eq!(entangled.len(), 28);
        assert!(entangled.contains(&9) && entangled.contains(&57));
        let free: Vec<u16> = marks(&view, "free").iter().map(|m| m.square).collect();
        assert_eq!(free, vec![12, 52]);
        let b4 = view.find_move(at(9), at(25), None).unwrap();
        assert_eq!(b4.text, "b2-b4");
        assert!(view.notes.is_empty());
    }

    #[test]
    fn a_forced_reply_offers_the_partner_s_moves_and_says_who_chooses() {
        // §3.2: b2-b4 wakes the knight on b8; Black chooses its reply.
        let mut game = Qec::start();
        game.apply(game.parse_decision("b2-b4").unwrap());
        let view = game.view();
        let mut texts: Vec<&str> = view.moves.iter().map(|m| m.text.as_str()).collect();
        texts.sort_unstable();
        assert_eq!(texts, ["b8-a6", "b8-c6"]);
        assert!(view.moves.iter().all(|m| m.from == Some(at(57))));
        assert_eq!(
            view.find_move(at(57), at(42), None)
                .map(|m| m.text.as_str()),
            Some("b8-c6")
        );
        assert_eq!(view.notes.len(), 1);
        let note = &view.notes[0];
        assert!(note.contains("Forced reply"), "{note}");
        assert!(
            note.contains("White moved") && note.contains("Black chooses"),
            "{note}"
        );
        assert!(note.contains("knight on b8"), "{note}");
        let reply: Vec<u16> = marks(&view, "reply").iter().map(|m| m.square).collect();
        assert_eq!(reply, vec![57]);
        // Black acts, in White's turn: the move list numbers the turn as White's.
        assert_eq!(game.to_act(), ToAct::Player(omnichess_core::Player::Black));
        assert_eq!(
            game.turn_number(),
            omnichess_core::TurnNumber {
                number: 1,
                player: omnichess_core::Player::White
            }
        );
        // The link moved with the pawn: b4 (25) and b8 share a tag.
        let board = &view.boards[0];
        assert_eq!(
            board.squares[25].as_ref().unwrap().tag,
            board.squares[57].as_ref().unwrap().tag
        );
    }

    #[test]
    fn a_reactive_check_is_marked_and_only_king_steps_are_offered() {
        // §4: an entangled game (links all broken) with Black in check starts with its king's
        // step; e7 stays attacked by the rook.
        let game = Qec::from_position_text("4k3/8/8/8/8/8/8/4R2K b - - 0 1 ~").unwrap();
        let view = game.view();
        assert_eq!(view.checks, vec![at(60)]);
        let mut texts: Vec<&str> = view.moves.iter().map(|m| m.text.as_str()).collect();
        texts.sort_unstable();
        assert_eq!(texts, ["e8-d7", "e8-d8", "e8-f7", "e8-f8"]);
        assert_eq!(view.moves.len(), legal(&game));
        assert!(
            view.notes[0].contains("Black is in check"),
            "{:?}",
            view.notes
        );
    }

    #[test]
    fn castling_lands_on_the_king_s_square_and_promotions_carry_their_kind() {
        let castle = Qec::from_position_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ~").unwrap();
        let view = castle.view();
        let o_o = view.moves.iter().find(|m| m.text == "e1-g1").unwrap();
        assert_eq!((o_o.from, o_o.to), (Some(at(4)), Some(at(6))));
        let promote = Qec::from_position_text("7k/P7/8/8/8/8/8/K7 w - - 0 1 ~").unwrap();
        let view = promote.view();
        let knight = view.find_move(at(48), at(56), Some('N')).unwrap();
        assert_eq!(knight.text, "a7-a8=N");
        assert_eq!(
            view.moves.iter().filter(|m| m.promotion.is_some()).count(),
            4
        );
    }

    #[test]
    fn draft_picks_are_buttons_and_a_finished_game_offers_nothing() {
        // §3.1 drafted: White picks first, 8 pawns × 7 black officers in no link.
        let draft = Qec::from_position_text(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 draft",
        )
        .unwrap();
        let view = draft.view();
        assert_eq!(view.moves.len(), 56);
        assert!(
            !view.moves.iter().any(|m| m.text == "e2~e7"),
            "never a pawn"
        );
        assert!(
            view.moves
                .iter()
                .all(|m| m.from.is_none() && m.to.is_none())
        );
        assert!(view.moves.iter().any(|m| m.text == "e2~b8"));
        // A pick is a setup choice: a move by kind, its button its own text.
        assert!(view.moves.iter().all(|m| m.info == DecisionInfo::MOVE));
        assert!(view.notes[0].contains("White links"), "{:?}", view.notes);
        // §5: bare kings, both lose: the game is over.
        let bare = Qec::from_position_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ~").unwrap();
        assert!(matches!(bare.to_act(), ToAct::Nobody(_)));
        assert!(bare.view().moves.is_empty());
    }

    #[test]
    fn a_game_without_links_says_so_and_marks_no_free_pawns() {
        // §1 ruling: links `-` is classical chess.
        let classic =
            Qec::from_position_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")
                .unwrap();
        let view = classic.view();
        assert!(view.boards[0].marks.is_empty());
        assert!(view.notes[0].contains("classical chess"));
    }

    #[test]
    fn random_games_offer_exactly_the_legal_decisions() {
        crate::view_checks::views_offer_the_legal_decisions(&Qec::start(), 1, 12);
        let draft = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 draft";
        crate::view_checks::views_offer_the_legal_decisions(
            &Qec::from_position_text(draft).unwrap(),
            2,
            4,
        );
    }
}
