//! Players' pages (docs/PROTOCOL.md, "Players"): an account's profile — its ratings, its rating
//! after each rated game, its latest games with opponent and result — and each variant's
//! leaderboard. Only what accounts made public by playing: no secrets, no seat tokens.

pub mod routes;
pub mod store;
