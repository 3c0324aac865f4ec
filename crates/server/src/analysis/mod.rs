//! The analysis board: any position of any variant shown ([`positions`]) and the engine's
//! thinking on it streamed over the analysis WebSocket ([`socket`]).

pub mod positions;
pub mod socket;
