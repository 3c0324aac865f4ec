//! The analysis board: any position of any variant shown ([`positions`]), the engine's
//! thinking on it streamed over the analysis WebSocket ([`socket`]) in the variant's notation
//! ([`notation`]), and a whole game reviewed there ([`review`]).

pub mod notation;
pub mod positions;
pub mod review;
pub mod socket;
