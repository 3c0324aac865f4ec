//! Three Realms as the browser draws it (rule R.1a's placement): three 8×8 boards in one row,
//! the heavens (`a`–`h`) in column 0 on White's left, the Earth (`j`–`q`) in column 1, the
//! underworld (`s`–`z`) in column 2; a move between realms goes from a square of one board to
//! a square of another. Pieces carry the seed's letters (`W` pawn, `H` honorable horse, …).
//! Every light square is marked `light` (ruling C.1: the heavens' and underworld's colours
//! are inverted, `a1` and `s1` light, so a client cannot colour them as a chessboard); the
//! mover's fallen angels are tagged with the letter of the kind they imitate (X.1), and notes
//! say what the fallen angels do.

use omnichess_core::{
    BoardView, Cell, DecisionInfo, Game, MoveView, PieceView, Player, SquareMark, ToAct, View,
};

use super::movement::profile;
use super::piece::Kind;
use super::square::{self, Realm};
use super::state::{Move, Realms};

/// The realms left to right as White sees them, with the view's board labels.
const LAYOUT: [(Realm, &str); 3] = [
    (Realm::Heavens, "heavens"),
    (Realm::Earth, "Earth"),
    (Realm::Underworld, "underworld"),
];

/// The view's cell of a square: the board of its realm (heavens 0, Earth 1, underworld 2)
/// and its place on that board (`rank * 8 + file`).
fn cell(sq: u8) -> Cell {
    Cell {
        board: 2 - square::level(sq) as u16,
        square: u16::from(sq & 63),
    }
}

/// The player's name as a sentence starts it.
fn title(player: Player) -> &'static str {
    match player {
        Player::White => "White",
        Player::Black => "Black",
    }
}

impl Realms {
    /// The view of the state (see [`omnichess_core::Presentation::view`]).
    pub(super) fn draw_view(&self) -> View {
        let mut moves = Vec::new();
        let over = matches!(self.to_act(), ToAct::Nobody(_));
        if !over {
            self.decisions(&mut moves);
        }
        let checks = match self.board.king(self.side) {
            Some(king) if self.in_check() => vec![cell(king)],
            _ => Vec::new(),
        };
        View {
            boards: self.boards(),
            moves: moves.into_iter().map(|mv| self.move_of(mv)).collect(),
            checks,
            notes: if over { Vec::new() } else { self.notes() },
            counts_material: true,
            layout_turns: true,
            ..View::default()
        }
    }

    /// A move with its squares (castling: the king's); `promotion` is the kind a promoting
    /// piece becomes (automatic, P.1, P.8, P.12, X.6; an angel's fall is no promotion).
    fn move_of(&self, mv: Move) -> MoveView {
        MoveView {
            text: self.long_algebraic(mv),
            from: Some(cell(mv.from)),
            to: Some(cell(mv.to)),
            promotion: self
                .promoted_kind(mv)
                .filter(|&k| k != Kind::Fallen)
                .map(Kind::letter),
            info: DecisionInfo::MOVE,
        }
    }

    /// The letter the mover's fallen angels imitate, if they can move (X.1, X.3, X.4).
    fn imitated(&self) -> Option<Kind> {
        self.last.filter(|&k| k != Kind::Fallen)
    }

    /// Whether the mover's fallen angels in `realm`, imitating `kind`, have no movement there
    /// (ruling X.9: an angel in the underworld, an imp in the heavens).
    fn stuck_in(&self, kind: Kind, realm: Realm) -> bool {
        let p = profile(kind, self.side, realm);
        p.leaps.is_empty() && p.rides.is_empty()
    }

    /// The three boards with their pieces and light squares.
    fn boards(&self) -> Vec<BoardView> {
        let imitated = self.imitated();
        LAYOUT
            .iter()
            .enumerate()
            .map(|(column, &(realm, label))| {
                let first_file = char::from(realm.files()[0]);
                let mut view = BoardView::empty(label, 8, 8, first_file);
                view.column = column as i32;
                for rank in 0..8 {
                    for file in 0..8 {
                        let sq = square::square(file, rank, realm);
                        let at = view.square(file, rank);
                        if let Some(p) = self.board.piece(sq) {
                            let tag = (p.kind == Kind::Fallen && p.player == self.side)
                                .then_some(imitated)
                                .flatten()
                                .filter(|&k| !self.stuck_in(k, realm))
                                .map(|k| k.letter().to_string());
                            view.squares[usize::from(at)] = Some(PieceView {
                                player: u8::from(p.player == Player::Black),
                                kind: p.kind.letter(),
                                name: p.kind.name(),
                                tag,
                                value: p.kind.seed_value_sixths() as f32 / 6.0,
                            });
                        }
                        if square::is_light(sq) {
                            view.marks.push(SquareMark {
                                square: at,
                                kind: "light",
                                text: None,
                                label: None,
                            });
                        }
                    }
                }
                view
            })
            .collect()
    }

    /// What the fallen angels on the board do now (X.1, X.3, X.4, X.8).
    fn notes(&self) -> Vec<String> {
        let (us, them) = (title(self.side), title(self.side.opponent()));
        let mut notes = Vec::new();
        if !self.board.of(self.side, Kind::Fallen).is_empty() {
            notes.push(match (self.imitated(), self.last) {
                (Some(kind), _) => {
                    let mut note = format!(
                        "{us}'s fallen angels move as the {} ({them}'s last move, X.1).",
                        kind.name()
                    );
                    for (realm, _) in LAYOUT {
                        let here = (self.board.of(self.side, Kind::Fallen).squares())
                            .any(|sq| square::realm(sq) == realm);
                        if here && self.stuck_in(kind, realm) {
                            note.push_str(&format!(
                                " Those in the {} cannot move: the {} has no movement there \
                                 (X.9).",
                                realm.name(),
                                kind.name()
                            ));
                        }
                    }
                    note
                }
                (None, Some(_)) => format!(
                    "{us}'s fallen angels cannot move: {them}'s last move was an angel falling \
                     (X.3)."
                ),
                (None, None) => {
                    format!("{us}'s fallen angels cannot move: nothing has moved yet (X.4).")
                }
            });
        }
        if !self.board.of(self.side.opponent(), Kind::Fallen).is_empty() {
            notes.push(format!(
                "{them}'s fallen angels will move as the kind {us}'s move leaves: no move may let \
                 them attack {us}'s king (X.8)."
            ));
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Notation, Presentation, Variant};

    use super::*;

    fn at(board: u16, square: u16) -> Cell {
        Cell { board, square }
    }

    fn kind_on(view: &View, board: usize, square: usize) -> Option<(u8, char, &'static str)> {
        view.boards[board].squares[square]
            .as_ref()
            .map(|p| (p.player, p.kind, p.name))
    }

    #[test]
    fn the_start_lays_out_three_boards_and_offers_every_legal_move() {
        let game = Realms::start();
        let view = game.view();
        // docs/rules/realms.md, perft depth 1.
        assert_eq!(view.moves.len(), 82);
        let mut legal = Vec::new();
        game.decisions(&mut legal);
        assert_eq!(view.moves.len(), legal.len());
        let layout: Vec<(&str, i32, i32, &str, &str)> = view
            .boards
            .iter()
            .map(|b| {
                let first = b.files[0].as_str();
                let last = b.files[7].as_str();
                (b.label.as_str(), b.column, b.row, first, last)
            })
            .collect();
        assert_eq!(
            layout,
            [
                ("heavens", 0, 0, "a", "h"),
                ("Earth", 1, 0, "j", "q"),
                ("underworld", 2, 0, "s", "z")
            ]
        );
        // S.3–S.5: a1 a silver general, d1 a pegasus, n1 the king, n2 a pawn (`W`), s1 a
        // warmachine, v7 a black imp.
        assert_eq!(kind_on(&view, 0, 0), Some((0, 'S', "silver general")));
        assert_eq!(kind_on(&view, 0, 3), Some((0, 'P', "pegasus")));
        assert_eq!(kind_on(&view, 1, 4), Some((0, 'K', "king")));
        assert_eq!(kind_on(&view, 1, 12), Some((0, 'W', "pawn")));
        assert_eq!(kind_on(&view, 2, 0), Some((0, 'D', "warmachine")));
        assert_eq!(kind_on(&view, 2, 51), Some((1, 'I', "imp")));
        // The seed's relative values (ruling N.3): the pegasus 6, the warmachine 3, the king
        // none.
        let value = |board: usize, square: usize| {
            view.boards[board].squares[square].as_ref().map(|p| p.value)
        };
        assert_eq!(
            [value(0, 3), value(2, 0), value(1, 4)],
            [Some(6.0), Some(3.0), Some(0.0)]
        );
        let n4 = view.find_move(at(1, 12), at(1, 28), None).unwrap();
        assert_eq!(n4.text, "n2n4");
        assert!(view.checks.is_empty() && view.notes.is_empty());
    }

    #[test]
    fn a_move_between_realms_has_its_cells_on_two_boards() {
        // P.10: the pegasus on d1 (heavens) leaps one level down and two ranks up to m3.
        let view = Realms::start().view();
        let leap = view.moves.iter().find(|m| m.text == "d1m3").unwrap();
        assert_eq!((leap.from, leap.to), (Some(at(0, 3)), Some(at(1, 19))));
        // S.2: a file keeps its index across realms: the pawn on n4 captures on e5 and w5.
        let text = "8/8/8/4q3/8/8/8/K7|8/8/8/3r1b2/4W3/8/8/8|7k/8/8/4n3/8/8/8/8 w - - 0 1";
        let view = Realms::from_position_text(text).unwrap().view();
        let up = view.find_move(at(1, 28), at(0, 36), None).unwrap();
        assert_eq!(up.text, "n4e5");
        let down = view.find_move(at(1, 28), at(2, 36), None).unwrap();
        assert_eq!(down.text, "n4w5");
    }

    #[test]
    fn check_castling_and_promotion_are_drawn() {
        // P.2: a rook checks along the heavens' first rank.
        let text = "8/8/8/8/8/8/8/K6r|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1";
        let view = Realms::from_position_text(text).unwrap().view();
        assert_eq!(view.checks, vec![at(0, 0)]);
        // R.2: castling on Earth, the king's move n1p1 lands on p1.
        let text = "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1";
        let view = Realms::from_position_text(text).unwrap().view();
        let castle = view.moves.iter().find(|m| m.text == "n1p1").unwrap();
        assert_eq!((castle.from, castle.to), (Some(at(1, 4)), Some(at(1, 6))));
        // P.1: a pawn on the back rank becomes a grandmaster, automatically.
        let text = "8/8/8/8/8/8/8/8|k7/7W/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1";
        let view = Realms::from_position_text(text).unwrap().view();
        let promote = view.find_move(at(1, 55), at(1, 63), None).unwrap();
        assert_eq!(
            (promote.text.as_str(), promote.promotion),
            ("q7q8", Some('G'))
        );
    }

    #[test]
    fn light_squares_follow_ruling_c1() {
        let view = Realms::start().view();
        let light = |board: usize, square: u16| {
            view.boards[board]
                .marks
                .iter()
                .any(|m| m.kind == "light" && m.square == square)
        };
        // a1 and s1 light (inverted), j1 dark as in FIDE; each board has 32 light squares.
        assert!(light(0, 0) && light(2, 0) && !light(1, 0));
        assert!(light(1, 1) && !light(0, 1));
        assert!(view.boards.iter().all(|b| b.marks.len() == 32));
    }

    #[test]
    fn fallen_angels_show_what_they_imitate() {
        // X.1: White's fallen angel on s1 imitates the knight Black moved last.
        let text = "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/X7 w - - 0 5 n";
        let view = Realms::from_position_text(text).unwrap().view();
        let angel = view.boards[2].squares[0].as_ref().unwrap();
        assert_eq!((angel.kind, angel.name), ('X', "fallen angel"));
        assert_eq!(angel.tag.as_deref(), Some("N"));
        assert_eq!(
            view.notes,
            ["White's fallen angels move as the knight (Black's last move, X.1)."]
        );
        // X.4: before any move a fallen angel cannot move and carries no tag.
        let text = "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/X7 w - - 0 1";
        let view = Realms::from_position_text(text).unwrap().view();
        assert_eq!(view.boards[2].squares[0].as_ref().unwrap().tag, None);
        assert!(view.notes[0].contains("cannot move"), "{:?}", view.notes);
    }

    #[test]
    fn x9_a_fallen_angel_in_the_underworld_imitating_an_angel_cannot_move() {
        // Black moved an angel last: White's fallen angel on s1 (underworld) has no move and
        // no tag, the one on j4 (Earth) rides diagonally as an angel there.
        let text = "8/8/8/8/8/8/8/K7|8/8/8/8/X7/8/8/8|7k/8/8/8/8/8/8/X7 w - - 0 5 a";
        let game = Realms::from_position_text(text).unwrap();
        let view = game.view();
        assert_eq!(view.boards[2].squares[0].as_ref().unwrap().tag, None);
        assert_eq!(
            view.boards[1].squares[24].as_ref().unwrap().tag.as_deref(),
            Some("A")
        );
        assert_eq!(
            view.notes,
            [
                "White's fallen angels move as the angel (Black's last move, X.1). Those in the \
                 underworld cannot move: the angel has no movement there (X.9)."
            ]
        );
        let mut moves = Vec::new();
        game.decisions(&mut moves);
        let texts: Vec<String> = moves.iter().map(|&m| game.decision_text(m)).collect();
        assert!(texts.iter().all(|t| !t.starts_with("s1")), "{texts:?}");
        assert!(texts.iter().any(|t| t == "j4k5"), "{texts:?}");
    }

    #[test]
    fn the_display_text_is_san_and_reads_back() {
        let game = Realms::start();
        let mut legal = Vec::new();
        game.decisions(&mut legal);
        for &mv in &legal {
            assert_eq!(game.parse_decision(&game.display_text(mv)), Ok(mv));
        }
        let knight = legal
            .iter()
            .find(|&&mv| game.decision_text(mv) == "k1l3")
            .unwrap();
        assert_eq!(game.display_text(*knight), "Nl3");
    }

    #[test]
    fn random_games_offer_exactly_the_legal_decisions() {
        crate::view_checks::views_offer_the_legal_decisions(&Realms::start(), 4, 8);
    }
}
