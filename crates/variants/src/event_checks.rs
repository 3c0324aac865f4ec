//! For the variants' event tests: the events of a line of play written in the variant's own
//! notation.

use omnichess_core::{EventCount, Variant, count_events};

/// The events of `decisions` (the variant's decision texts, separated by spaces) played from
/// `start`, and the position they reach.
pub(crate) fn played_events<V: Variant>(start: &V, decisions: &str) -> (Vec<EventCount>, V) {
    let mut game = start.clone();
    let mut played = Vec::new();
    for text in decisions.split_whitespace() {
        let d = game.parse_decision(text).expect(text);
        game.apply(d);
        played.push(d);
    }
    (count_events(start, &played), game)
}
