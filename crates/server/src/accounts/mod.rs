//! Accounts, optional: a visitor plays without one (a seat is its token), and may sign up with
//! a name and a password to have its seats bound to a name, its games listed under it and,
//! between two accounts, rated games.
//!
//! - [`credentials`]: the rules for names and passwords, and the password's Argon2id hash.
//! - [`sessions`]: the session cookie (`omnichess_session`, HttpOnly, SameSite=Lax, 30 days),
//!   whose token is stored as its BLAKE2b hash in `sessions`, so that every server on one
//!   database knows every session; the [`sessions::Viewer`] extractor.
//! - [`store`]: the tables `accounts` and `sessions` (migration 5).
//! - [`routes`]: sign up, sign in, sign out, who is signed in (docs/PROTOCOL.md, "Accounts").

pub mod credentials;
pub mod routes;
pub mod sessions;
pub mod store;
