//! Players' pages: a profile (`GET /api/players/{name}`) and a variant's leaderboard
//! (`GET /api/leaderboard/{variant}`).

use serde::{Deserialize, Serialize};

/// One rating of an account: a variant at a speed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The variant's name.
    pub variant: String,
    /// The speed (`bullet`, `blitz`, `rapid`, `classical`, `correspondence`).
    pub speed: String,
    /// The Glicko-2 rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Whether it is provisional (shown with `?`).
    pub provisional: bool,
    /// Rated games played at it.
    pub games: i64,
}

/// A point of a rating graph: the rating after one rated game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When the game ended (milliseconds since the Unix epoch).
    pub at_ms: i64,
    /// The variant's name.
    pub variant: String,
    /// The speed.
    pub speed: String,
    /// The rating after the game, rounded.
    pub rating: i64,
}

/// One game of an account's history.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProfileGame {
    /// The game's id (`/game/{id}`).
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// When it was created (milliseconds since the Unix epoch).
    pub created_ms: i64,
    /// The account's seat: 0 or 1.
    pub seat: u8,
    /// The opponent: an account's name, `Engine level N`, or `Anonymous`.
    pub opponent: String,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`); null while the game runs.
    pub result: Option<String>,
    /// For the account: `win`, `loss`, `draw`, `both lose`, `aborted`; null while it runs.
    pub outcome: Option<String>,
    /// Whether the game was rated.
    pub rated: bool,
}

/// `GET /api/players/{name}`: an account's public page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerProfile {
    /// The name, as its owner typed it.
    pub name: String,
    /// When the account was made (milliseconds since the Unix epoch).
    pub created_ms: i64,
    /// Its ratings, by variant and speed.
    pub ratings: Vec<PlayerRating>,
    /// Its rating after each rated game, oldest first (the latest 500).
    pub history: Vec<RatingPoint>,
    /// Its latest games, newest first (at most 30).
    pub games: Vec<ProfileGame>,
}

/// One line of `GET /api/leaderboard/{variant}`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardRow {
    /// The place, from 1, among the established ratings of that speed.
    pub rank: u32,
    /// The account's name.
    pub name: String,
    /// The speed.
    pub speed: String,
    /// The rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Rated games played at it.
    pub games: i64,
}
