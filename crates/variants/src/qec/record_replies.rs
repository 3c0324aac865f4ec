//! §12's short reply form `[↔ h8R]` in a record: the partner was forced to move, its move
//! not given (docs/rules/qec.md, §12). Read against the position it stands in: a partner with
//! no legal move stayed; a partner with exactly one legal move played it; a partner with
//! several is an error that names the form and the candidates.

use cozy_chess::Square;
use omnichess_core::{Game, GameRecord, RecordError, RecordedDecision};

use super::state::{Phase, Qec, QecDecision};

/// A `[↔ h8R]` in the movetext, standing after the record's first `after` decisions.
pub(super) struct ShortReply {
    /// How many decisions of the record come before it.
    pub(super) after: usize,
    /// The partner's square and letter as written.
    pub(super) square: Square,
    pub(super) letter: char,
    /// The bracket as written, `[↔ h8R]`, for error messages.
    pub(super) token: String,
    pub(super) line: usize,
}

/// Replaces each short reply of `record` by the move it stands for (none if the partner had
/// no legal move), replaying the record from its start. Where the record cannot be replayed
/// (its start or a decision cannot be played), the short replies from there on are left out:
/// the replay names the first decision it cannot play.
pub(super) fn resolve(
    record: &mut GameRecord,
    replies: Vec<ShortReply>,
) -> Result<(), RecordError> {
    if replies.is_empty() {
        return Ok(());
    }
    let Some(Ok(mut game)) = record.start.as_deref().map(Qec::from_text) else {
        return Ok(());
    };
    let decisions = std::mem::take(&mut record.decisions);
    let count = decisions.len();
    let mut replies = replies.into_iter().peekable();
    let mut playing = true;
    let mut decisions = decisions.into_iter();
    for index in 0..=count {
        while let Some(reply) = replies.next_if(|r| r.after <= index) {
            if playing && let Some(forced) = forced_reply(&game, &reply)? {
                record.decisions.push(RecordedDecision {
                    text: game.notation(forced),
                    line: reply.line,
                });
                game.apply(forced);
            }
        }
        let Some(decision) = decisions.next() else {
            break;
        };
        if playing {
            match game.parse_notation(&decision.text) {
                Ok(d) => game.apply(d),
                Err(_) => playing = false,
            }
        }
        record.decisions.push(decision);
    }
    Ok(())
}

/// The move `reply` stands for in `game`: none when no reply is owed (the partner had no
/// legal move and stayed), the partner's one legal move, or an error when it names another
/// piece than the one that owes the reply or when the partner has several legal moves.
fn forced_reply(game: &Qec, reply: &ShortReply) -> Result<Option<QecDecision>, RecordError> {
    let Phase::Reply(owing) = game.phase() else {
        return Ok(None);
    };
    let fail = |message: String| RecordError {
        line: reply.line,
        message: format!("`{}`: {message}", reply.token),
    };
    let letter = game
        .board()
        .piece_on(owing)
        .map(|p| char::from(p).to_ascii_uppercase());
    if owing != reply.square || letter != Some(reply.letter) {
        return Err(fail(format!(
            "the forced reply here is owed by the piece on {owing} (`{owing}{}`)",
            letter.unwrap_or('?')
        )));
    }
    let mut open = Vec::new();
    game.decisions(&mut open);
    match open.as_slice() {
        [] => Ok(None),
        [only] => Ok(Some(*only)),
        _ => {
            let mut texts: Vec<String> = open.iter().map(|&d| game.notation(d)).collect();
            texts.sort();
            Err(fail(format!(
                "the piece on {owing} has {} legal replies ({}); write the one played, like \
                 `[↔ {owing}{}:{}]`",
                texts.len(),
                texts.join(", "),
                reply.letter,
                texts[0]
            )))
        }
    }
}
