//! The example engine (`examples/random_engine.rs`), built for tests that
//! drive an engine other than plakoto.

use std::path::PathBuf;
use std::process::Command;

/// Builds the example (a no-op when it is up to date) and returns its path.
pub fn random_engine() -> PathBuf {
    // The test binary lives in <target>/<profile dir>/deps; the example is
    // built with the same profile, beside it, so that it reuses the
    // dependencies the tests were built with (`cargo test --release`
    // builds in target/release: a `--profile test` build there would
    // compile every dependency a second time).
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let profile = if dir.file_name().is_some_and(|d| d == "release") {
        "release"
    } else {
        "test"
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--quiet",
            "--example",
            "random_engine",
            "--profile",
            profile,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the random_engine example builds");
    dir.join("examples").join("random_engine")
}
