//! The accounts' HTTP bodies (docs/PROTOCOL.md, "Accounts"): signing up and in, and who is
//! signed in.

use serde::{Deserialize, Serialize};

/// `POST /api/account/signup` and `…/signin`: a name and a password.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Credentials {
    /// The account's name: 2 to 20 letters, digits, `_` or `-`.
    pub name: String,
    /// Its password: 8 to 128 characters.
    pub password: String,
}

/// An account as others see it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountInfo {
    /// Its name.
    pub name: String,
    /// When it was made (milliseconds since the Unix epoch).
    pub created_ms: i64,
}

/// The answer to `GET /api/account`, signing up, in and out: who is signed in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionInfo {
    /// The account signed in; `null`: none.
    pub account: Option<AccountInfo>,
}
