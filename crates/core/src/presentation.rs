//! How a variant shows itself to players: the terminal diagram, the view a graphical client
//! draws, and the help and commands of the terminal game.

use crate::{Game, Player, View};

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
}
