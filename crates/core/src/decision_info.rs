//! What a decision is, as a client needs to know it without reading its text: its kind, whether
//! it closes a turn of several decisions, and the words of a button that plays it. Each
//! variant describes its own decisions ([`crate::Presentation::decision_info`]); the UI, the
//! CLI and the engine's agents ask instead of matching texts.

use serde::Serialize;

/// The kind of a decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A move on the boards, a setup choice, or one outcome of chance: the default.
    #[default]
    Move,
    /// The turn is given up without a move (Die Chess §1: `--`, when the rolled type cannot
    /// move).
    Pass,
    /// The end of a turn of several moves, moving nothing itself (5D Chess: `submit`).
    Submit,
    /// The player asks for the die to be rolled rather than take the choice the rules offer
    /// instead (Die Chess §4: `roll`).
    Roll,
    /// The player claims the choice the rules offer instead of a roll (Die Chess §4: `[K!]`,
    /// the king moves without rolling).
    Claim,
    /// The end of a setup the player has made in several decisions (DMChess 5.1.3: `done`
    /// after the kings' transfers).
    Done,
}

/// A decision described for clients: what [`crate::MoveView`] carries beside its squares, and
/// what [`crate::DynGame::decision_info`] answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct DecisionInfo {
    /// Its kind.
    pub kind: DecisionKind,
    /// True when it closes a turn of several decisions and says nothing else, so that a move
    /// list leaves it out of a turn that has moves (5D Chess's `submit`).
    pub turn_end: bool,
    /// The words of a button that plays it, where it moves no piece (`Submit turn`); `None`
    /// for a move, which is played on the boards.
    pub label: Option<&'static str>,
}

impl DecisionInfo {
    /// A move: no label, no turn end (the default).
    pub const MOVE: DecisionInfo = DecisionInfo {
        kind: DecisionKind::Move,
        turn_end: false,
        label: None,
    };

    /// A decision of `kind` with the button's words `label`, which does not end the turn.
    #[must_use]
    pub const fn labelled(kind: DecisionKind, label: &'static str) -> DecisionInfo {
        DecisionInfo {
            kind,
            turn_end: false,
            label: Some(label),
        }
    }

    /// The decision that closes a turn of several decisions, with the button's words `label`.
    #[must_use]
    pub const fn turn_end(label: &'static str) -> DecisionInfo {
        DecisionInfo {
            kind: DecisionKind::Submit,
            turn_end: true,
            label: Some(label),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_the_default_and_has_no_label() {
        let default = DecisionInfo::default();
        assert_eq!(default, DecisionInfo::MOVE);
        assert_eq!(
            (default.kind, default.turn_end, default.label),
            (DecisionKind::Move, false, None)
        );
    }

    #[test]
    fn a_turn_end_is_a_submit_and_other_labels_do_not_end_turns() {
        let submit = DecisionInfo::turn_end("Submit turn");
        assert_eq!(
            (submit.kind, submit.turn_end, submit.label),
            (DecisionKind::Submit, true, Some("Submit turn"))
        );
        let pass = DecisionInfo::labelled(DecisionKind::Pass, "Pass");
        assert_eq!((pass.kind, pass.turn_end), (DecisionKind::Pass, false));
    }

    #[test]
    fn kinds_serialise_by_their_names() {
        let names: Vec<String> = [
            DecisionKind::Move,
            DecisionKind::Pass,
            DecisionKind::Submit,
            DecisionKind::Roll,
            DecisionKind::Claim,
            DecisionKind::Done,
        ]
        .iter()
        .map(|kind| serde_json::to_string(kind).expect("a kind serialises"))
        .collect();
        assert_eq!(
            names,
            [
                "\"move\"",
                "\"pass\"",
                "\"submit\"",
                "\"roll\"",
                "\"claim\"",
                "\"done\""
            ]
        );
    }
}
