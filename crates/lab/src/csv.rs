//! The lab's figures as CSV (`GET /api/studies/{id}/csv/{figure}`): one header line, then one
//! line a row; a field with a comma, a quote or a line break is quoted.

use crate::balance::Balance;
use crate::events::EventFigures;
use crate::score::score_over_time;
use crate::summary::GameSummary;
use crate::values::{FitError, Values};

/// The figures a study has as CSV.
pub const FIGURES: [&str; 7] = [
    "games",
    "score-over-time",
    "lengths",
    "causes",
    "events",
    "event-turns",
    "values",
];

/// Why a study has no such figure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FigureError {
    /// No figure has this name (cut to 40 characters).
    #[error("no figure `{0}`: {figures}", figures = FIGURES.join(", "))]
    Unknown(String),
    /// `values` of a study that is not a values study.
    #[error("only a values study has the figure `values`")]
    NotValues,
    /// `values` of a values study whose games cannot be fitted yet.
    #[error(transparent)]
    Fit(#[from] FitError),
}

/// `field` as a CSV field.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

fn table(header: &str, rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut out = format!("{header}\n");
    for row in rows {
        let fields: Vec<String> = row.iter().map(|f| field(f)).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

fn optional(value: Option<f64>) -> String {
    value.map_or_else(String::new, |v| v.to_string())
}

/// Figure `name` of a `kind` study from its `games` (by number).
///
/// # Errors
/// An unknown figure, or `values` of a study that is not a values study or cannot be fitted
/// yet.
pub fn figure(name: &str, kind: &str, games: &[GameSummary]) -> Result<String, FigureError> {
    match name {
        "games" => Ok(table(
            "game,winner,cause,both_lose,turns,first_decisions",
            games.iter().map(|g| {
                vec![
                    g.number.to_string(),
                    g.winner
                        .map_or_else(|| "draw".to_owned(), |w| w.to_string()),
                    g.cause.clone(),
                    g.both_lose.to_string(),
                    g.turns.to_string(),
                    g.first_decisions.join(" "),
                ]
            }),
        )),
        "score-over-time" => Ok(table(
            "games,score,low,high",
            score_over_time(games).iter().map(|p| {
                vec![
                    p.games.to_string(),
                    p.score.to_string(),
                    p.low.to_string(),
                    p.high.to_string(),
                ]
            }),
        )),
        "lengths" => Ok(table(
            "from_turns,to_turns,games",
            Balance::of(games)
                .lengths
                .histogram
                .iter()
                .map(|bin| bin.iter().map(u64::to_string).collect()),
        )),
        "causes" => Ok(table(
            "cause,first_wins,second_wins,draws",
            Balance::of(games).causes.iter().map(|(cause, r)| {
                vec![
                    cause.clone(),
                    r.first.to_string(),
                    r.second.to_string(),
                    r.drawn.to_string(),
                ]
            }),
        )),
        "events" => Ok(table(
            "event,total,per_game,games_with",
            EventFigures::of(games).iter().map(|e| {
                vec![
                    e.name.clone(),
                    e.total.to_string(),
                    e.per_game.to_string(),
                    e.games_with.to_string(),
                ]
            }),
        )),
        "event-turns" => Ok(table(
            "event,turn,events,games,rate",
            EventFigures::of(games).iter().flat_map(|e| {
                e.by_turn.iter().flatten().map(|t| {
                    vec![
                        e.name.clone(),
                        t.turn.to_string(),
                        t.events.to_string(),
                        t.games.to_string(),
                        t.rate.to_string(),
                    ]
                })
            }),
        )),
        "values" if kind == "values" => {
            let fit = Values::fit(games)?;
            Ok(table(
                "kind,log_odds,log_odds_low,log_odds_high,pawns,pawns_low,pawns_high,unequal_samples",
                fit.values.iter().map(|v| {
                    vec![
                        v.kind.clone(),
                        v.log_odds.to_string(),
                        v.log_odds_low.to_string(),
                        v.log_odds_high.to_string(),
                        optional(v.pawns),
                        optional(v.pawns_low),
                        optional(v.pawns_high),
                        v.unequal_samples.to_string(),
                    ]
                }),
            ))
        }
        "values" => Err(FigureError::NotValues),
        other => Err(FigureError::Unknown(other.chars().take(40).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_commas_or_quotes_are_quoted() {
        assert_eq!(field("turn cap"), "turn cap");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"x\""), "\"say \"\"x\"\"\"");
    }

    #[test]
    fn the_events_tables_have_a_row_per_event_and_per_turn() {
        let game = |number, forfeits: Vec<u64>| GameSummary {
            number,
            winner: None,
            cause: "turn cap".to_owned(),
            both_lose: false,
            turns: 2,
            first_decisions: Vec::new(),
            material: Vec::new(),
            a_first: true,
            events: vec![omnichess_core::EventCount {
                name: "forfeit".to_owned(),
                count: forfeits.len() as u64,
                turns: Some(forfeits),
            }],
            micros: 0,
            fingerprint: 0,
        };
        let games = [game(0, vec![0, 1]), game(1, vec![0])];
        assert_eq!(
            figure("events", "balance", &games).expect("a figure"),
            "event,total,per_game,games_with\nforfeit,3,1.5,2\n"
        );
        assert_eq!(
            figure("event-turns", "balance", &games).expect("a figure"),
            "event,turn,events,games,rate\nforfeit,1,2,2,1\nforfeit,2,1,2,0.5\n"
        );
    }

    #[test]
    fn the_causes_table_counts_each_game_once() {
        let game = |number, winner, cause: &str| GameSummary {
            number,
            winner,
            cause: cause.to_owned(),
            both_lose: false,
            turns: 10,
            first_decisions: Vec::new(),
            material: Vec::new(),
            a_first: true,
            events: Vec::new(),
            micros: 0,
            fingerprint: 0,
        };
        let games = [
            game(0, Some(0), "checkmate"),
            game(1, Some(1), "checkmate"),
            game(2, None, "turn cap"),
        ];
        let text = figure("causes", "balance", &games).expect("a figure");
        assert_eq!(
            text,
            "cause,first_wins,second_wins,draws\ncheckmate,1,1,0\nturn cap,0,0,1\n"
        );
        assert_eq!(
            figure("values", "balance", &games),
            Err(FigureError::NotValues)
        );
        assert_eq!(
            figure("values", "values", &games),
            Err(FigureError::Fit(FitError::NoSamples))
        );
        assert_eq!(
            figure("events", "balance", &games).expect("a figure"),
            "event,total,per_game,games_with\n"
        );
        assert_eq!(
            figure("nothing", "balance", &games)
                .expect_err("no such figure")
                .to_string(),
            "no figure `nothing`: games, score-over-time, lengths, causes, events, event-turns, values"
        );
    }
}
