//! A game, from its stored events to every client: rebuilt from the log ([`loaded`], kept
//! between requests by [`kept_games`],
//! [`log`], [`clock`], [`captured`]), judged ([`commands`]), played over HTTP ([`routes`],
//! [`export`], [`options`]) and the game WebSocket ([`socket`], [`hub`]), against the engine
//! ([`engine_pool`], which also answers draw offers: [`engine_offers`]).

pub mod broadcast;
pub mod captured;
pub mod clock;
pub mod commands;
pub mod engine_offers;
pub mod engine_pool;
pub mod export;
pub mod hub;
pub mod kept_games;
pub mod loaded;
pub mod log;
pub mod options;
pub mod routes;
pub mod snapshot_cache;
pub mod snapshot_parts;
pub mod socket;
