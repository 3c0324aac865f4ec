//! Engine lines in the variant's own notation: the decision texts an engine writes (`e7e5`,
//! `o7o5`, `(0T1)Nb1c3 submit`) replayed on the game and read back as its move list writes
//! them (`e5`, `Hn4`, `(0T1)Nc3`), a turn an entry.

use omnichess_core::DynGame;

/// `line`, played from `game`'s position, in the variant's notation: the decisions of one
/// turn joined by spaces, a decision that only closes a turn of moves (5D's `submit`) left
/// out, a decision made in another player's turn (QEC's forced reply) written `[↔ …]`, as the
/// move list shows them. The decisions from the first the game refuses on stay as they came.
/// `game` is left as it was.
pub fn shown_line(game: &mut dyn DynGame, line: &[String]) -> Vec<String> {
    // Per decision played: its turn, whether it only closes the turn, who made it.
    let mut played: Vec<(u64, bool, Option<omnichess_core::Player>)> = Vec::new();
    for text in line {
        let turn = game.turn_index();
        let actor = game.to_act().player();
        let turn_end = game.decision_info(text).is_ok_and(|i| i.turn_end);
        if game.play(text).is_err() {
            break;
        }
        played.push((turn, turn_end, actor));
    }
    let list = game.move_list();
    let texts = &list[list.len().saturating_sub(played.len())..];
    for _ in &played {
        game.undo();
    }
    let mut turns: Vec<(u64, Option<omnichess_core::Player>, Vec<String>)> = Vec::new();
    for (text, &(turn, turn_end, actor)) in texts.iter().zip(&played) {
        match turns.last_mut() {
            Some((t, owner, moves)) if *t == turn => {
                if actor.is_some() && owner.is_some() && actor != *owner {
                    moves.push(format!("[↔ {text}]"));
                } else if !turn_end || moves.is_empty() {
                    moves.push(text.clone());
                }
            }
            _ => turns.push((turn, actor, vec![text.clone()])),
        }
    }
    turns
        .into_iter()
        .map(|(_, _, moves)| moves.join(" "))
        .chain(line[played.len()..].iter().cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(variant: &str, position: Option<&str>) -> Box<dyn DynGame> {
        let entry = omnichess_variants::REGISTRY
            .iter()
            .find(|e| e.name == variant)
            .expect("registered");
        (entry.open)(position).expect("opens")
    }

    fn words(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn classic_lines_read_as_san_and_the_game_is_left_as_it_was() {
        let mut game = open("classic", None);
        game.play("e2e4").expect("legal");
        let shown = shown_line(game.as_mut(), &words(&["e7e5", "g1f3", "b8c6", "zz"]));
        assert_eq!(shown, words(&["e5", "Nf3", "Nc6", "zz"]));
        assert_eq!(game.history(), words(&["e2e4"]));
    }

    #[test]
    fn a_5d_line_reads_as_turns_without_their_submits() {
        let mut game = open("multiverse", None);
        let line = words(&["(0T1)Nb1c3", "submit", "(0T1)Nb8c6", "submit"]);
        let shown = shown_line(game.as_mut(), &line);
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert!(shown.iter().all(|t| !t.contains("submit")), "{shown:?}");
        assert!(game.history().is_empty());
    }
}
