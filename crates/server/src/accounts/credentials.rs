//! Names and passwords: what is accepted, and the password's hash.
//!
//! A name is 2 to 20 letters, digits, `_` or `-` (ASCII), unique without regard to case; a
//! password 8 to 128 characters. Passwords are hashed with Argon2id (the `argon2` crate's
//! defaults: 19 MiB, 2 passes, a random salt per password) in the PHC string form, which
//! carries its parameters, so that stronger ones later still verify the old hashes.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::ApiError;

/// The shortest name.
pub const MIN_NAME: usize = 2;
/// The longest name.
pub const MAX_NAME: usize = 20;
/// The shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;
/// The longest password, in characters.
pub const MAX_PASSWORD: usize = 128;

/// `name` if it may be an account's name, else why not (400).
pub fn check_name(name: &str) -> Result<&str, ApiError> {
    let length = name.chars().count();
    if !(MIN_NAME..=MAX_NAME).contains(&length) {
        return Err(ApiError::BadRequest(format!(
            "a name has {MIN_NAME} to {MAX_NAME} characters, not {length}"
        )));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(ApiError::BadRequest(
            "a name has only letters, digits, `_` and `-`".to_owned(),
        ));
    }
    Ok(name)
}

/// The key a name is unique under: lower case.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// Whether `password` may be an account's password, else why not (400).
pub fn check_password(password: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        return Err(ApiError::BadRequest(format!(
            "a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters, not {length}"
        )));
    }
    Ok(())
}

/// The Argon2id hash of `password` with a new random salt, in PHC form.
pub fn hash(password: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut rand::thread_rng());
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Engine(format!("password hashing: {e}")))
}

/// Whether `password` is the one `stored` (a PHC string) was made from; a stored text that
/// is no hash matches nothing.
#[must_use]
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let stored = hash("correct horse").expect("hashed");
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(verify("correct horse", &stored));
        assert!(!verify("correct horsf", &stored));
        assert!(!verify("correct horse", "not a hash"));
        assert_ne!(hash("correct horse").expect("hashed"), stored, "salted");
    }

    #[test]
    fn names_and_passwords_have_limits() {
        assert!(check_name("ab").is_ok());
        assert!(check_name("a").is_err());
        assert!(check_name(&"a".repeat(21)).is_err());
        assert!(check_name("Ann_Lee-2").is_ok());
        assert!(check_name("ann lee").is_err());
        assert!(check_name("änn").is_err());
        assert_eq!(name_key("AnnLee"), "annlee");
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"x".repeat(129)).is_err());
    }
}
