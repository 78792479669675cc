//! README.md runs as written: its shell commands that use the binary are
//! run from the repository root (with `target/release/plakoto` standing for
//! the binary under test), and the outputs it shows are the engine's
//! current outputs.
//!
//! - A pipeline into the binary (`printf '…' | target/release/plakoto`) is
//!   run as it is, and the output block that follows it in the README must
//!   be what it prints (up to a line `…`, where the README cuts it short).
//! - Every other command line using the binary (long runs: arenas,
//!   training, benchmarks, the GUI) is run with `--help` added: that checks
//!   its subcommand and every flag it gives are accepted, without the run.
//! - The session transcript ("A session"), and protocol.md's example
//!   session, are replayed into `target/release/plakoto --seed 5` and must
//!   match reply for reply.
//! - No command calls a bare `plakoto`, which a fresh clone does not have
//!   on its PATH.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_plakoto");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// How the README names the binary.
const WRITTEN: &str = "target/release/plakoto";

fn readme() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap()
}

/// The fenced blocks of `text`: (info string, lines).
fn blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match current.take() {
                Some(block) => out.push(block),
                None => current = Some((info.trim().to_string(), Vec::new())),
            }
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line.to_string());
        }
    }
    out
}

/// `line` without a trailing shell comment (a `#` after a blank, outside
/// quotes).
fn strip_comment(line: &str) -> &str {
    let (mut single, mut double) = (false, false);
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && previous.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        previous = c;
    }
    line.trim_end()
}

/// Runs `line` with `sh -c` in the repository root, the binary under test
/// standing for `target/release/plakoto`.
fn sh(line: &str) -> std::process::Output {
    let line = line.replace(WRITTEN, BIN);
    Command::new("sh")
        .arg("-c")
        .arg(&line)
        .current_dir(ROOT)
        .env(
            "PLAKOTO_CACHE_DIR",
            std::env::temp_dir().join("plakoto-readme-cache"),
        )
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn python3() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn every_shell_command_using_the_binary_runs_as_written() {
    let text = readme();
    let all = blocks(&text);
    let mut checked = 0;
    for (k, (info, lines)) in all.iter().enumerate() {
        if info != "sh" {
            continue;
        }
        for raw in lines {
            let line = strip_comment(raw.trim());
            if line.is_empty() {
                continue;
            }
            assert!(
                !line.starts_with("plakoto ") && !line.contains("| plakoto"),
                "README calls a bare `plakoto`, not on a fresh clone's PATH: {line}"
            );
            if !line.contains(WRITTEN) {
                continue; // cargo itself
            }
            if line.contains(&format!("| {WRITTEN}")) {
                // Run it, and compare with the output shown next.
                let out = sh(line);
                assert!(out.status.success(), "{line}: {out:?}");
                let shown = &all
                    .get(k + 1)
                    .unwrap_or_else(|| panic!("no output block after {line}"))
                    .1;
                let printed = String::from_utf8(out.stdout).unwrap();
                let printed: Vec<&str> = printed.lines().collect();
                for (i, want) in shown.iter().enumerate() {
                    if want.trim() == "…" {
                        break;
                    }
                    assert_eq!(
                        printed.get(i).copied(),
                        Some(want.as_str()),
                        "README output of `{line}`, line {}: the engine prints\n{}",
                        i + 1,
                        printed.join("\n")
                    );
                }
            } else {
                if line.starts_with("scripts/") && !python3() {
                    // The scripts are Python; .ci/run installs it, so under
                    // CI a missing python3 is a failure, not a skip.
                    assert!(
                        std::env::var_os("CI").is_none(),
                        "python3 is missing under CI: {line}"
                    );
                    let _ = writeln!(std::io::stderr(), "SKIPPED (no python3): {line}");
                    continue;
                }
                let out = sh(&format!("{line} --help"));
                assert!(
                    out.status.success(),
                    "README command not accepted as written: {line}\n{}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} README commands found");
}

#[test]
fn the_session_transcript_is_the_engines_output() {
    transcript_is_the_engines_output(&readme(), "## A session");
}

#[test]
fn protocol_md_example_session_is_the_engines_output() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("protocol.md")).unwrap();
    transcript_is_the_engines_output(&text, "## 6. A complete example session");
}

/// The first fenced block after `heading` in `text` is a transcript made
/// by `target/release/plakoto --seed 5` (the text says so): `> ` lines are
/// typed, the rest are the replies, which must be the engine's today.
fn transcript_is_the_engines_output(text: &str, heading: &str) {
    let start = text.find(heading).expect("the session section");
    let section = &text[start..];
    let (_, lines) = blocks(section).into_iter().next().unwrap();
    let note = section
        .find(&format!("(`{WRITTEN} --seed 5`"))
        .expect("the transcript says how it was made");
    assert!(note > 0);
    // Commands and the reply each got, as shown.
    let mut commands = Vec::new();
    let mut replies: Vec<Vec<String>> = Vec::new();
    for line in lines {
        if let Some(command) = line.strip_prefix("> ") {
            commands.push(command.to_string());
            replies.push(Vec::new());
        } else if let Some(reply) = replies.last_mut() {
            reply.push(line);
        }
    }
    for reply in &mut replies {
        while reply.last().is_some_and(|l| l.is_empty()) {
            reply.pop();
        }
    }
    let mut child = Command::new(BIN)
        .args(["--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = commands.join("\n") + "\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let got: Vec<Vec<String>> = printed
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| r.lines().map(str::to_string).collect())
        .collect();
    assert_eq!(got.len(), commands.len(), "{printed}");
    for ((command, want), got) in commands.iter().zip(&replies).zip(&got) {
        assert_eq!(got, want, "{heading}: the reply to `{command}`");
    }
}

#[test]
fn comments_are_stripped_outside_quotes_only() {
    assert_eq!(strip_comment("a b   # c"), "a b");
    assert_eq!(strip_comment("printf 'x # y' | z"), "printf 'x # y' | z");
    assert_eq!(strip_comment("a#b"), "a#b");
}

/// The README stays a user guide a reader gets through: 400 lines at most
/// (measurements and training history live in the crates' READMEs and
/// docs/).
#[test]
fn the_readme_stays_within_400_lines() {
    let lines = readme().lines().count();
    assert!(
        lines <= 400,
        "README.md has {lines} lines; move detail to docs/ or a crate README"
    );
}
