//! The engine's command line: search options given at start show in
//! `show options` and are used by `hint`; bad values are refused before
//! the engine starts.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the engine binary with `args`, feeds it `input`, and returns its
/// exit code and stdout.
fn engine(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    // An engine refusing its options exits without reading: a broken pipe
    // here is expected then, and the exit code tells.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("the engine ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn search_options_from_the_command_line() {
    let (code, out) = engine(
        &[
            "--seed",
            "1",
            "--plies",
            "1",
            "--filter",
            "tiny",
            "--time",
            "5000",
            "--threads",
            "2",
        ],
        "show options\nset board 24:15 / 24:15\nset dice 3 1\nhint 1\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    for line in [
        "evaluation plies 1",
        "evaluation movefilter tiny",
        "evaluation movefilter 1 0 0 5 0.080",
        "search time 5000",
        "threads 2",
    ] {
        assert!(
            out.lines().any(|l| l.trim_start_matches("= ") == line),
            "{line}: {out}"
        );
    }
    assert!(
        out.contains("1-ply net, movefilter tiny, time 5000 ms"),
        "{out}"
    );
}

#[test]
fn the_engine_subcommand_takes_the_same_options() {
    let (code, out) = engine(&["engine", "--plies", "0"], "show options\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("\nevaluation plies 0\n"), "{out}");
}

#[test]
fn bad_search_options_stop_the_engine_before_it_starts() {
    for args in [
        &["--plies", "9"][..],
        &["--filter", "wide"],
        &["--time", "0"],
        &["--threads", "0"],
        &["--plies", "x"],
    ] {
        let (code, out) = engine(args, "name\n");
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}
