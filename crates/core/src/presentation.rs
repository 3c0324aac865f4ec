//! How a variant shows itself to players: the terminal diagram, the view a graphical client
//! draws, and the help and commands of the terminal game.

use crate::{DecisionInfo, Game, Player, PositionError, SquareEdit, ToAct, View};

/// Where a move list starts numbering a game: the number of the turn a state is in, as its
/// players count turns (classic chess: FEN's fullmove number), and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnNumber {
    /// The number of the turn pair it is in (`12` for White's or Black's twelfth move), from 1.
    pub number: u64,
    /// The player whose turn it is.
    pub player: Player,
}

/// The state drawn for players, and the terminal game's help.
pub trait Presentation: Game {
    /// How a player types a decision, with examples: the first paragraph of `play`'s `help`.
    const NOTATION_HELP: &'static str = "Type a decision in the variant's notation.";

    /// Terminal commands of the variant's own, one line each for `play`'s help (DMChess:
    /// `del SQUARE`); empty where it has none.
    const COMMANDS_HELP: &'static str = "";

    /// Runs one of the variant's own terminal commands ([`Presentation::COMMANDS_HELP`]):
    /// `None` when `name` is not one, else the text to show (an error as a line too).
    fn command(&self, name: &str, argument: &str) -> Option<String> {
        let _ = (name, argument);
        None
    }

    /// Draws the state for a terminal: the board with coordinates and whatever else a player
    /// must see.
    fn diagram(&self) -> String;

    /// The diagram as `viewer` sees it, where a variant draws the board from a player's side
    /// (Three Realms: the heavens on White's left and Black's right); `None` leaves the choice
    /// to the variant. By default [`Presentation::diagram`].
    fn diagram_for(&self, viewer: Option<Player>) -> String {
        let _ = viewer;
        self.diagram()
    }

    /// The state as a graphical client draws it: boards, pieces, marks and every legal
    /// decision with its squares (see [`View`]).
    fn view(&self) -> View;

    /// `decision`, open in this state, as [`View::moves`] lists it (its text and squares),
    /// where the variant gives it without drawing the whole view (every legal move of a large
    /// position is costly); `None` (the default): found in [`Presentation::view`].
    fn decision_view(&self, decision: Self::Decision) -> Option<crate::MoveView> {
        let _ = decision;
        None
    }

    /// The board editor of the analysis board: this position with `edits` made and `to_move`
    /// to act, as a new start (rights that the edit leaves without their pieces dropped), or
    /// why the rules refuse it; `None` where the variant has no editor (the default).
    fn edited(&self, edits: &[SquareEdit], to_move: Player) -> Option<Result<Self, PositionError>>
    where
        Self: Sized,
    {
        let _ = (edits, to_move);
        None
    }

    /// What `decision`, open in this state, is: its kind, whether it closes the turn, the
    /// words of its button (see [`DecisionInfo`]). By default a move ([`DecisionInfo::MOVE`]);
    /// a variant describes its decisions that move no piece.
    fn decision_info(&self, decision: Self::Decision) -> DecisionInfo {
        let _ = decision;
        DecisionInfo::MOVE
    }

    /// The turn this state is in as a move list numbers it. By default from
    /// [`Game::turn_index`], two turns a number, and the player to act (the player of an even
    /// turn index, White, when chance or nobody acts); a variant whose turn index does not
    /// start from its position text's move number says it.
    fn turn_number(&self) -> TurnNumber {
        let turn = self.turn_index();
        let player = match self.to_act() {
            ToAct::Player(player) => player,
            _ if turn % 2 == 1 => Player::Black,
            _ => Player::White,
        };
        TurnNumber {
            number: turn / 2 + 1,
            player,
        }
    }
}
