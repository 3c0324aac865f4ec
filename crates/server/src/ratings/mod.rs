//! Ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", glicko.net) per account,
//! variant and speed, through the `skillratings` crate (MIT or Apache-2.0).
//!
//! - [`glicko`]: the rating, its deviation and volatility; one game is one rating period (as
//!   on lichess), and a rating whose deviation is over [`glicko::PROVISIONAL_DEVIATION`] is
//!   provisional (shown with `?`).
//! - [`speed`]: the speed a time control is rated in, by the game's estimated duration.

pub mod glicko;
pub mod speed;
pub mod store;
