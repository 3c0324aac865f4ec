//! Finding a variant and opening a game from the command line's arguments.

use std::path::Path;

use omnichess_core::{DynGame, GameRecord, VariantEntry, excerpt, find, quoted_position};
use omnichess_variants::REGISTRY;

use crate::error::CliError;

/// The registry entry named `name`, or an error listing the known names.
pub fn variant(name: &str) -> Result<&'static VariantEntry, CliError> {
    find(REGISTRY, name).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.iter().map(|e| e.name).collect();
        CliError(format!(
            "unknown variant `{}` (known: {})",
            excerpt(name),
            known.join(", ")
        ))
    })
}

/// The first variant of the registry: what `omnichess uci` speaks for when no variant is named.
#[must_use]
pub fn first_variant() -> &'static str {
    REGISTRY.first().map_or("", |entry| entry.name)
}

/// Reads a file, naming it in the error.
pub fn read_file(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| {
        CliError(format!(
            "cannot read `{}`: {e}",
            excerpt(&path.display().to_string())
        ))
    })
}

/// Reads a game record's file. `@PATH`, when no file has that name, is read as PATH, as a
/// `--position` argument is (so that `actions multiverse @game.5dpgn` does what it says).
fn read_record_file(path: &Path) -> Result<String, CliError> {
    let unprefixed = path
        .to_str()
        .and_then(|p| p.strip_prefix('@'))
        .map(Path::new)
        .filter(|p| !path.exists() && p.exists());
    read_file(unprefixed.unwrap_or(path))
}

/// A `--position` argument: the text itself, or `@PATH` for a file's contents. Empty text
/// (an empty argument or file) is refused: leaving `--position` out means the standard start.
pub fn position_text(arg: &str) -> Result<String, CliError> {
    let text = match arg.strip_prefix('@') {
        Some(path) => read_file(Path::new(path))?.trim().to_owned(),
        None => arg.trim().to_owned(),
    };
    if text.is_empty() {
        let what = match arg.strip_prefix('@') {
            Some(path) => format!("the file `{}` is empty", excerpt(path)),
            None => "it is empty".to_owned(),
        };
        return Err(CliError(format!(
            "--position needs a position text, and {what} (leave --position out for the \
             standard start)"
        )));
    }
    Ok(text)
}

/// Refuses a game record given as a position (`--position @game.5dpgn`): its moves would be
/// dropped. A position text that the variant's record reader reads as a record with
/// decisions is one (a FEN or a 5DFEN reads as a record without decisions).
fn refuse_record(entry: &VariantEntry, text: &str) -> Result<(), CliError> {
    if !text.starts_with('[') {
        return Ok(());
    }
    match (entry.parse_record)(text) {
        Ok(record) if !record.decisions.is_empty() => {
            let n = record.decisions.len();
            Err(CliError(format!(
                "--position got a game record ({n} {}), not a position: check or count it \
                 with `omnichess replay {name} FILE` or `omnichess actions {name} FILE`, or give \
                 its start as --position and its moves as --after \"…\"",
                plural(n, "decision", "decisions"),
                name = entry.name
            )))
        }
        _ => Ok(()),
    }
}

/// `one` for 1, else `many`: "1 decision", "2 decisions".
#[must_use]
pub fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// The position text with a profile file's tokens after it (`--profile`): `position` (or
/// `start`, the standard start) then the file's text. The variant's parser reads the profile
/// (DMChess); other variants refuse the extra words. Without a profile, `position` as given.
pub fn with_profile(
    position: Option<&str>,
    profile: Option<&Path>,
) -> Result<Option<String>, CliError> {
    let Some(path) = profile else {
        return Ok(position.map(str::to_owned));
    };
    let start = position.map(position_text).transpose()?;
    let tokens = read_file(path)?;
    let file = || excerpt(&path.display().to_string());
    let mut words = tokens
        .lines()
        .flat_map(|line| line.split('#').next().unwrap_or("").split_whitespace())
        .peekable();
    if words.peek().is_none() {
        return Err(CliError(format!(
            "the profile `{}` holds no `key=value` token (only blanks and comments)",
            file()
        )));
    }
    if let Some(word) = words.find(|w| !w.contains('=')) {
        return Err(CliError(format!(
            "the profile `{}` holds `{}`: a profile holds only `key=value` tokens",
            file(),
            excerpt(word)
        )));
    }
    Ok(Some(format!(
        "{} {tokens}",
        start.as_deref().unwrap_or("start")
    )))
}

/// Opens a game of `variant` at `position` (or the standard start): a `--position` argument,
/// `@PATH` for a file's contents.
pub fn game(variant_name: &str, position: Option<&str>) -> Result<Box<dyn DynGame>, CliError> {
    let text = position.map(position_text).transpose()?;
    game_at_text(variant_name, text.as_deref())
}

/// Opens a game of `variant` at the position text itself (or the standard start), never
/// reading a file: for texts that come from a protocol (`uci`'s `position fen`), where a
/// leading `@` is only a malformed position.
pub fn game_at_text(variant_name: &str, text: Option<&str>) -> Result<Box<dyn DynGame>, CliError> {
    let entry = variant(variant_name)?;
    if let Some(text) = text {
        refuse_record(entry, text)?;
    }
    Ok((entry.open)(text)?)
}

/// Plays space-separated decisions, naming the first that fails and its position.
pub fn play_all(game: &mut dyn DynGame, decisions: &str) -> Result<(), CliError> {
    for (i, text) in decisions.split_whitespace().enumerate() {
        let position = game.position_text();
        game.play(text).map_err(|e| {
            CliError(format!(
                "--after decision {} in position `{}`: {e}",
                i + 1,
                quoted_position(&position)
            ))
        })?;
    }
    Ok(())
}

/// Reads a game record file and opens a game at its start.
pub fn record(variant_name: &str, path: &Path) -> Result<(Box<dyn DynGame>, GameRecord), CliError> {
    let entry = variant(variant_name)?;
    let text = read_record_file(path)?;
    if text.trim().is_empty() {
        return Err(CliError(format!(
            "`{}` is empty: a game record needs at least its moves or header tags",
            excerpt(&path.display().to_string())
        )));
    }
    let record =
        (entry.parse_record)(&text).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let game = (entry.open)(record.start.as_deref())
        .map_err(|e| CliError(format!("{}: start position: {e}", path.display())))?;
    Ok((game, record))
}
