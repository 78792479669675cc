//! The repository stands on its own: every rule label the code and the
//! documents print (`(P8)`, `F7`, `R10`, `T6`, …) has its anchor in
//! docs/rules.md, the rules book; no tracked file points outside the
//! repository to the folder the rules were drafted in; and the root holds
//! only the entries a user's clone should have, not work notes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The rules of each game and of the match: the letter and the last
/// number (docs/rules.md's contents), plus P7a.
const RULE_BOOK: [(char, u32); 4] = [('R', 23), ('P', 16), ('F', 16), ('T', 10)];

/// What the repository's root may hold (tracked files and folders). A new
/// root entry is added here on purpose, not left behind by accident.
const ROOT_ENTRIES: [&str; 14] = [
    ".ci",
    ".gitignore",
    "Cargo.lock",
    "Cargo.toml",
    "LICENSE",
    "README.md",
    "crates",
    "docs",
    "examples",
    "protocol.md",
    "records.md",
    "scripts",
    "src",
    "tests",
];

/// Paths the repository ignores (.gitignore), skipped when the files are
/// listed without git.
const IGNORED: [&str; 3] = ["target", "runs", ".git"];

/// The repository's files, relative to the root: git's list of tracked
/// files, or, where git cannot answer (an unpacked crate, a tarball), every
/// file under the root but the ignored ones.
fn repository_files() -> Vec<PathBuf> {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(ROOT)
        .output();
    if let Ok(out) = listed
        && out.status.success()
        && !out.stdout.is_empty()
    {
        return out
            .stdout
            .split(|&b| b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
            .filter(|p| Path::new(ROOT).join(p).is_file())
            .collect();
    }
    let mut files = Vec::new();
    walk(Path::new(ROOT), Path::new(""), &mut files);
    files
}

fn walk(root: &Path, relative: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(root.join(relative)).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        let path = relative.join(&name);
        if relative.as_os_str().is_empty() && IGNORED.contains(&name.to_str().unwrap_or("")) {
            continue;
        }
        if name.to_string_lossy().ends_with(".tmp") {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            walk(root, &path, files);
        } else {
            files.push(path);
        }
    }
}

/// The anchors (`<a id="…"></a>`) of docs/rules.md.
fn rule_anchors() -> BTreeSet<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/rules.md")).unwrap();
    text.split("<a id=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

/// The rule labels in `text`: a letter R, P, F or T, one or two digits and
/// an optional lower-case letter (`P7a`), standing alone (not inside a
/// word or a number such as `0xF1` or `T10ks`).
fn rule_labels(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut labels = BTreeSet::new();
    for i in 0..chars.len() {
        if !matches!(chars[i], 'R' | 'P' | 'F' | 'T') || (i > 0 && word(chars[i - 1])) {
            continue;
        }
        let digits = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if !(1..=2).contains(&digits) {
            continue;
        }
        let mut end = i + 1 + digits;
        if chars.get(end).is_some_and(|c| c.is_ascii_lowercase())
            && !chars.get(end + 1).copied().is_some_and(word)
        {
            end += 1;
        }
        if chars.get(end).copied().is_some_and(word) {
            continue;
        }
        labels.insert(chars[i..end].iter().collect());
    }
    labels
}

#[test]
fn rule_labels_are_found_as_written() {
    let found = rule_labels("(P8) R10: F7–F9, T6; P7a; not 0xF1, T10ks, PR12, R123 or F_2");
    let want: BTreeSet<String> = ["P8", "R10", "F7", "F9", "T6", "P7a"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, want);
}

#[test]
fn the_rules_book_has_an_anchor_for_every_rule() {
    let anchors = rule_anchors();
    let mut missing = Vec::new();
    for (letter, last) in RULE_BOOK {
        for n in 1..=last {
            let id = format!("{}{n}", letter.to_ascii_lowercase());
            if !anchors.contains(&id) {
                missing.push(id);
            }
        }
    }
    if !anchors.contains("p7a") {
        missing.push("p7a".to_string());
    }
    assert!(
        missing.is_empty(),
        "docs/rules.md lacks anchors {missing:?}"
    );
}

#[test]
fn every_rule_label_in_the_code_and_documents_resolves_to_the_rules_book() {
    let anchors = rule_anchors();
    // The code that prints messages (the crates' and the binary's sources,
    // the GUI's page) and the documents a user reads.
    let read = |path: &Path| {
        let name = path.to_string_lossy();
        let source = (name.starts_with("src/") || name.contains("/src/"))
            && ["rs", "js", "html"]
                .iter()
                .any(|ext| path.extension().is_some_and(|e| e == *ext));
        let document = path.extension().is_some_and(|e| e == "md")
            && !name.starts_with("crates/lab/training/");
        source || document
    };
    let mut unresolved = BTreeSet::new();
    let mut labels = BTreeSet::new();
    for path in repository_files().into_iter().filter(|p| read(p)) {
        let Ok(text) = std::fs::read_to_string(Path::new(ROOT).join(&path)) else {
            continue;
        };
        for label in rule_labels(&text) {
            if !anchors.contains(&label.to_lowercase()) {
                unresolved.insert(format!("{label} ({})", path.display()));
            }
            labels.insert(label);
        }
    }
    assert!(
        unresolved.is_empty(),
        "rule labels with no anchor in docs/rules.md: {unresolved:?}"
    );
    // The engine's refusals name rules of every game and of the match: a
    // scan that finds few labels has looked in the wrong place.
    for letter in ['R', 'P', 'F', 'T'] {
        let count = labels.iter().filter(|l| l.starts_with(letter)).count();
        assert!(count >= 5, "only {count} {letter}-labels found: {labels:?}");
    }
}

#[test]
fn no_tracked_file_points_outside_the_repository() {
    // Built so that this file does not match itself.
    let outside = format!("{}/{}", "..", "shared");
    let files = repository_files();
    assert!(files.len() > 100, "only {} files listed", files.len());
    let mut offenders = Vec::new();
    for path in files {
        let Ok(bytes) = std::fs::read(Path::new(ROOT).join(&path)) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text.lines().enumerate() {
            if line.contains(&outside) {
                offenders.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "files name {outside}, which a clone does not have (link docs/rules.md instead):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_root_holds_only_the_projects_own_entries() {
    let entries: BTreeSet<String> = repository_files()
        .iter()
        .filter_map(|p| p.components().next())
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let allowed: BTreeSet<String> = ROOT_ENTRIES.iter().map(|s| s.to_string()).collect();
    let stray: Vec<&String> = entries.difference(&allowed).collect();
    assert!(
        stray.is_empty(),
        "stray entries at the repository's root (work notes, leftovers?): {stray:?}; \
         a new root entry belongs in ROOT_ENTRIES on purpose"
    );
    for needed in ["Cargo.toml", "README.md", "crates", "src"] {
        assert!(entries.contains(needed), "{needed} not found at the root");
    }
}
