//! `omnichess match --records DIR`: every game of a match written to a folder as it ends.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use omnichess_engine::match_play::PlayedGame;

use crate::error::CliError;

/// The folder of a match's records: one record file per game and `games.tsv`, the index.
pub struct MatchRecords {
    dir: PathBuf,
    extension: &'static str,
    /// Digits in a game's number (`game-007` in a match of 100 games).
    width: usize,
    index: File,
    /// The first write that failed; the match goes on and the error is reported at its end.
    failed: Option<CliError>,
}

/// The index's name in the folder.
pub const INDEX: &str = "games.tsv";

impl MatchRecords {
    /// Makes `dir` (and its parents) and starts its index, before any game is played, so a
    /// folder that cannot be written is refused at once.
    pub fn create(dir: &Path, extension: &'static str, games: u32) -> Result<Self, CliError> {
        let refused = |e: std::io::Error| {
            CliError(format!(
                "--records: cannot write to `{}`: {e}",
                dir.display()
            ))
        };
        fs::create_dir_all(dir).map_err(refused)?;
        let mut index = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(dir.join(INDEX))
            .map_err(refused)?;
        writeln!(index, "game\ta\tending\tfile").map_err(refused)?;
        Ok(MatchRecords {
            dir: dir.to_owned(),
            extension,
            width: games.to_string().len().max(3),
            index,
            failed: None,
        })
    }

    /// Writes one finished game: its record file and its line of the index.
    pub fn write(&mut self, game: &PlayedGame) {
        if self.failed.is_some() {
            return;
        }
        let name = format!(
            "game-{:0width$}.{}",
            game.number,
            self.extension,
            width = self.width
        );
        let path = self.dir.join(&name);
        let a = if game.a_white { "white" } else { "black" };
        let record = game.record.as_deref().unwrap_or_default();
        let written = fs::write(&path, record)
            .and_then(|()| writeln!(self.index, "{}\t{a}\t{}\t{name}", game.number, game.ending));
        if let Err(e) = written {
            self.failed = Some(CliError(format!(
                "--records: cannot write `{}`: {e} (the games after it were not written)",
                path.display()
            )));
        }
    }

    /// The first write that failed, if any.
    pub fn finish(self) -> Result<(), CliError> {
        self.failed.map_or(Ok(()), Err)
    }
}
