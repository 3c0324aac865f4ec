//! A write the database refuses fails visibly and leaves the server's connections clean: the
//! next write is stored for good, or refused too, never acknowledged and lost. The database is
//! put on a 1 MiB tmpfs that a file then fills (mounting needs root, as CI runs; elsewhere the
//! test says loudly that it did not run).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{app, call, create, decide};

/// A small file system, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// Mounts a 1 MiB tmpfs, or `None` where this process may not mount.
    fn mount(name: &str) -> Option<Tmpfs> {
        let dir = std::env::temp_dir().join(format!("omnichess-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        mounted.then_some(Tmpfs(dir))
    }

    /// Fills the file system with `path`'s zeros until no byte more fits.
    fn fill(&self, path: &Path) {
        let mut file = std::fs::File::create(path).expect("the filler is created");
        let block = [0_u8; 4096];
        while file.write_all(&block).is_ok() {}
        let _ = file.write_all(&[0]);
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir(&self.0);
    }
}

#[tokio::test]
async fn on_a_full_disk_every_write_fails_and_after_it_every_write_is_stored() {
    let Some(disk) = Tmpfs::mount("full-disk") else {
        eprintln!("WARNING: cannot mount a tmpfs (not root): the full-disk test did NOT run");
        return;
    };
    let url = format!("sqlite://{}", disk.0.join("games.db").display());
    let app = app(&url).await;
    let (id, white, black) = create(&app, "classic").await;
    assert_eq!(
        decide(&app, &id, &white, "e4", None).await.0,
        StatusCode::OK
    );
    assert_eq!(
        decide(&app, &id, &black, "e5", None).await.0,
        StatusCode::OK
    );
    let filler = disk.0.join("filler");
    disk.fill(&filler);
    for decision in ["Nf3", "Nf3", "Nc3"] {
        let (status, body) = decide(&app, &id, &white, decision, None).await;
        assert_eq!(
            status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "{decision}: {body}"
        );
    }
    std::fs::remove_file(&filler).expect("the filler goes");
    for (token, decision) in [(&white, "Nf3"), (&black, "Nc6"), (&white, "Bc4")] {
        let (status, body) = decide(&app, &id, token, decision, None).await;
        assert_eq!(status, StatusCode::OK, "{decision}: {body}");
    }
    drop(app);
    let app = crate::common::app(&url).await;
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        game["history"],
        json!(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"])
    );
}

#[tokio::test]
async fn a_removed_database_file_fails_every_write_loudly() {
    let url = crate::common::database("removed-file");
    let path = url.trim_start_matches("sqlite://").to_owned();
    let app = app(&url).await;
    let (id, white, _) = create(&app, "classic").await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
    let (status, body) = decide(&app, &id, &white, "e4", None).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    let error = body["error"].as_str().unwrap_or_default();
    assert!(error.contains("is gone"), "{error}");
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({"variant": "classic"})),
    )
    .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
}
