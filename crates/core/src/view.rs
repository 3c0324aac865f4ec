//! What a graphical client draws of a state: boards laid out on a grid, pieces, square marks,
//! and every legal decision with the squares it goes from and to, so that a click on a piece
//! can highlight where it may go. The browser UI of `omnichess serve` draws nothing else; the
//! server is still the only judge of legality (a client sends a decision's text).
//!
//! Squares are numbered within their board rank by rank from the first player's side:
//! `rank * files + file`, file 0 on the first player's left.

use serde::Serialize;

use crate::DecisionInfo;

/// The picture of one state.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct View {
    /// The boards, each with its place in the layout grid. Where the layout does not turn
    /// (`layout_turns` false), a decision only adds boards after those listed, so each board
    /// keeps its index from one state to the next.
    pub boards: Vec<BoardView>,
    /// Every legal decision of the state (none when the game is over or chance acts).
    pub moves: Vec<MoveView>,
    /// Squares to mark as in check (a king attacked).
    pub checks: Vec<Cell>,
    /// Arrows to draw, each from one square to another (5D: the time travels played).
    pub arrows: Vec<Arrow>,
    /// Lines of text to show beside the boards (Die Chess: the roll and the forfeit odds).
    pub notes: Vec<String>,
    /// True when comparing the pieces on the boards with those of the start gives the captured
    /// pieces (false for 5D, whose boards repeat the same pieces through time).
    pub counts_material: bool,
    /// Pieces that have left the game since its start without being captured, one entry each
    /// (DMChess: the kings a fork cost their owner, ruling K.6): a material count that
    /// compares the boards with the start must not list them as taken. Left out of the JSON
    /// when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub departed: Vec<PieceView>,
    /// True when turning the board for the second player turns the whole layout (columns and
    /// rows reversed, each board rotated); false when only each board rotates (5D, whose
    /// timelines and turns keep their places).
    pub layout_turns: bool,
}

/// One board.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BoardView {
    /// Its name (`heavens`, `D3`, `L0 T4 white`).
    pub label: String,
    /// Its column in the layout grid, from the first player's left, from 0.
    pub column: i32,
    /// Its row in the layout grid, from the top as the first player sees it, from 0.
    pub row: i32,
    /// The file names, left to right from the first player's side (`a` … `h`).
    pub files: Vec<String>,
    /// The rank names, from the first player's side outwards (`1` … `8`).
    pub ranks: Vec<String>,
    /// The pieces, square by square (`rank * files + file`).
    pub squares: Vec<Option<PieceView>>,
    /// Marked squares (portals, energy squares, entangled pieces, DEL).
    pub marks: Vec<SquareMark>,
    /// True when a move may start on this board (5D: the playable boards).
    pub active: bool,
}

/// A piece on a square.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    /// Its owner: 0 the first player, 1 the second.
    pub player: u8,
    /// Its letter in the variant's notation, upper case (`K`, `N`, `U` for 5D's unicorn).
    pub kind: char,
    /// Its name in words (`knight`, `pegasus`).
    pub name: &'static str,
    /// A short label drawn on it, if any (QEC: the entangled pair's letter).
    pub tag: Option<String>,
    /// Its material value in pawns as the variant counts it (a pawn 1, a queen 9; a king,
    /// never traded, 0 where the rules make it so): a client orders captured pieces by it.
    pub value: f32,
}

/// A marked square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SquareMark {
    /// The square on its board.
    pub square: u16,
    /// What kind of mark (`portal`, `energy`, `entangled`, `del`, …): the variant's guide says
    /// how a client draws each kind ([`crate::MarkStyle`]).
    pub kind: &'static str,
    /// A short text to show on the square or as its tooltip (the portal's destination).
    pub text: Option<String>,
    /// The text drawn on the square where it is shorter than `text` (a portal's board number,
    /// `5`, for `D5`); `None`: `text` itself.
    pub label: Option<String>,
}

/// A square of one board of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The board's index in [`View::boards`].
    pub board: u16,
    /// The square on it.
    pub square: u16,
}

/// One change of the analysis board's editor: a square emptied (`piece` `None`), or given a
/// piece of a player's kind (its letter in the variant's notation, upper case).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareEdit {
    /// The square.
    pub cell: Cell,
    /// What it holds after the edit.
    pub piece: Option<(crate::Player, char)>,
}

/// An arrow between two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Arrow {
    /// Where it starts.
    pub from: Cell,
    /// Where it ends.
    pub to: Cell,
}

/// A legal decision as the UI offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The decision in the variant's canonical notation: what the client sends.
    pub text: String,
    /// The square a piece leaves, if the decision moves one.
    pub from: Option<Cell>,
    /// The square it arrives on (for castling, the king's square).
    pub to: Option<Cell>,
    /// The kind a pawn promotes to, if it does: the UI asks which when several share a path.
    pub promotion: Option<char>,
    /// What the decision is: its kind, whether it ends the turn, its button's words
    /// ([`crate::Presentation::decision_info`]), serialised as `kind`, `turn_end` and `label`.
    #[serde(flatten)]
    pub info: DecisionInfo,
}

impl View {
    /// The legal decision going from `from` to `to`, with `promotion` if given.
    #[must_use]
    pub fn find_move(&self, from: Cell, to: Cell, promotion: Option<char>) -> Option<&MoveView> {
        self.moves.iter().find(|m| {
            m.from == Some(from)
                && m.to == Some(to)
                && (promotion.is_none() || m.promotion == promotion)
        })
    }
}

impl BoardView {
    /// An empty board of `files` × `ranks` named with the usual letters and numbers starting
    /// at `first_file` (`a`; Three Realms' Earth starts at `j`).
    #[must_use]
    pub fn empty(label: impl Into<String>, files: u8, ranks: u8, first_file: char) -> BoardView {
        let files_named = (0..files)
            .map(|f| {
                char::from_u32(first_file as u32 + u32::from(f))
                    .map_or_else(String::new, String::from)
            })
            .collect();
        BoardView {
            label: label.into(),
            column: 0,
            row: 0,
            files: files_named,
            ranks: (1..=ranks).map(|r| r.to_string()).collect(),
            squares: vec![None; usize::from(files) * usize::from(ranks)],
            marks: Vec::new(),
            active: true,
        }
    }

    /// The square of `file` and `rank` (both from 0).
    #[must_use]
    pub fn square(&self, file: usize, rank: usize) -> u16 {
        u16::try_from(rank * self.files.len() + file).unwrap_or(u16::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_board_names_its_files_and_ranks() {
        let earth = BoardView::empty("earth", 8, 8, 'j');
        assert_eq!(earth.files.first().map(String::as_str), Some("j"));
        assert_eq!(earth.files.last().map(String::as_str), Some("q"));
        assert_eq!(earth.ranks.last().map(String::as_str), Some("8"));
        assert_eq!(earth.squares.len(), 64);
        assert_eq!(earth.square(4, 1), 12);
    }

    #[test]
    fn find_move_matches_squares_and_promotion() {
        let cell = |square| Cell { board: 0, square };
        let view = View {
            moves: vec![
                MoveView {
                    text: "a8=Q".into(),
                    from: Some(cell(48)),
                    to: Some(cell(56)),
                    promotion: Some('Q'),
                    info: DecisionInfo::MOVE,
                },
                MoveView {
                    text: "a8=N".into(),
                    from: Some(cell(48)),
                    to: Some(cell(56)),
                    promotion: Some('N'),
                    info: DecisionInfo::MOVE,
                },
            ],
            ..View::default()
        };
        assert_eq!(
            view.find_move(cell(48), cell(56), Some('N'))
                .map(|m| m.text.as_str()),
            Some("a8=N")
        );
        assert_eq!(
            view.find_move(cell(48), cell(56), None)
                .map(|m| m.text.as_str()),
            Some("a8=Q")
        );
        assert_eq!(view.find_move(cell(48), cell(57), None), None);
    }

    #[test]
    fn a_move_view_serialises_its_description_beside_its_squares() {
        let submit = MoveView {
            text: "submit".into(),
            from: None,
            to: None,
            promotion: None,
            info: DecisionInfo::turn_end("Submit turn"),
        };
        let json = serde_json::to_value(&submit).expect("serialises");
        assert_eq!(json["kind"], "submit");
        assert_eq!(json["turn_end"], true);
        assert_eq!(json["label"], "Submit turn");
        assert!(json.get("info").is_none(), "flattened");
        let piece = PieceView {
            player: 1,
            kind: 'Q',
            name: "queen",
            tag: None,
            value: 9.0,
        };
        assert_eq!(
            serde_json::to_value(&piece).expect("serialises")["value"],
            9.0
        );
    }
}
