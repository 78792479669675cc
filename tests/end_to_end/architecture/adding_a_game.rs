//! What adding a game costs, counted (issue 59): the source files a game
//! adds and the shared source files it edits, measured on Fevga, the game
//! added last, and held to the lists in docs/adding-a-game.md, so that the
//! count can only shrink on purpose and never grow unnoticed.
//!
//! - A file the game **adds**: a file under a crate's `src/` whose path
//!   names the game (`fevga` in any folder or file name), test files left
//!   out (`tests.rs`, files under `#![cfg(test)]`).
//! - A shared file the game **edits**: any other `.rs` file under a
//!   crate's `src/` whose code names the game: an identifier containing
//!   `fevga` in any case (`Fevga`, `FevgaNet`, `fevga_evaluator`).
//!   Comments, string literals and `#[cfg(test)]` modules are not read: a
//!   doc comment that mentions a game is not an edit a new game must make.
//!
//! Documents (protocol.md, the rules book, READMEs) are not counted.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use super::items;
use super::lexer::{Spanned, Token, tokens};
use super::{crate_folders, root};

/// The game whose files are counted: the one added last, through the
/// game layer only.
const MODEL_GAME: &str = "fevga";

/// The document that lists both sets, file by file.
const DOCUMENT: &str = "docs/adding-a-game.md";

/// Every file under `dir` (recursively), as a path relative to the root.
fn files_under(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.map(|e| e.expect("entry").path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            let shown = path
                .strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            out.push(shown);
        }
    }
}

/// The tokens of `text` outside `#[cfg(test)] mod name { … }` blocks.
fn code_tokens(text: &str) -> Vec<Spanned> {
    let toks = tokens(text);
    let ident = |k: usize, word: &str| matches!(toks.get(k), Some(Spanned { token: Token::Ident(w), .. }) if w == word);
    let punct = |k: usize, c: char| matches!(toks.get(k), Some(Spanned { token: Token::Punct(p), .. }) if *p == c);
    let mut out = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        let test_module = punct(k, '#')
            && punct(k + 1, '[')
            && ident(k + 2, "cfg")
            && punct(k + 3, '(')
            && ident(k + 4, "test")
            && punct(k + 5, ')')
            && punct(k + 6, ']');
        if test_module {
            // Skip the attribute, then the item it guards: up to its
            // closing brace, or its `;` for `mod tests;`.
            let mut j = k + 7;
            let mut depth = 0usize;
            while j < toks.len() {
                if punct(j, '{') {
                    depth += 1;
                } else if punct(j, '}') {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                } else if punct(j, ';') && depth == 0 {
                    break;
                }
                j += 1;
            }
            k = j + 1;
            continue;
        }
        out.push(toks[k].clone());
        k += 1;
    }
    out
}

/// Whether the file is test code: a `tests.rs` module or a file under
/// `#![cfg(test)]`.
fn is_test_file(path: &str, text: Option<&str>) -> bool {
    path.ends_with("/tests.rs") || text.is_some_and(|t| items::read(t).test_only)
}

/// (the files the game adds, the shared files it edits).
fn count(game: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut adds = BTreeSet::new();
    let mut edits = BTreeSet::new();
    for folder in crate_folders() {
        let mut files = Vec::new();
        files_under(&folder.join("src"), &mut files);
        for path in files {
            let text = path
                .ends_with(".rs")
                .then(|| fs::read_to_string(root().join(&path)).expect("readable source"));
            if is_test_file(&path, text.as_deref()) {
                continue;
            }
            if path.to_lowercase().contains(game) {
                adds.insert(path);
            } else if let Some(text) = text {
                let names_game = code_tokens(&text).iter().any(
                    |t| matches!(&t.token, Token::Ident(w) if w.to_lowercase().contains(game)),
                );
                if names_game {
                    edits.insert(path);
                }
            }
        }
    }
    (adds, edits)
}

/// The paths listed under a `## heading` of the document: its lines of
/// the form `` - `path` ``, up to the next heading.
fn listed(document: &str, heading: &str) -> BTreeSet<String> {
    document
        .lines()
        .skip_while(|line| line.trim() != heading)
        .skip(1)
        .take_while(|line| !line.starts_with("## "))
        .filter_map(|line| line.trim().strip_prefix("- `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect()
}

/// The document's two lists, as it should read them.
fn as_listed(files: &BTreeSet<String>) -> String {
    files.iter().map(|f| format!("- `{f}`\n")).collect()
}

#[test]
fn the_files_a_game_adds_and_edits_are_the_documented_ones() {
    let (adds, edits) = count(MODEL_GAME);
    // The reader really finds the game: its rules module alone is a dozen
    // files, and the rules crate's root names it in the list of games.
    assert!(
        adds.len() >= 10,
        "only {} files found for {MODEL_GAME}",
        adds.len()
    );
    assert!(
        edits.iter().any(|f| f == "crates/rules/src/lib.rs"),
        "the list of games was not read as naming {MODEL_GAME}"
    );
    let document = fs::read_to_string(root().join(DOCUMENT)).expect(DOCUMENT);
    let documented_adds = listed(&document, "## Files a game adds");
    let documented_edits = listed(&document, "## Shared files a game edits");
    let mut problems = Vec::new();
    for (what, found, documented) in [
        ("adds", &adds, &documented_adds),
        ("edits", &edits, &documented_edits),
    ] {
        let new: Vec<_> = found.difference(documented).collect();
        let gone: Vec<_> = documented.difference(found).collect();
        if !new.is_empty() {
            problems.push(format!(
                "{MODEL_GAME} {what} files not in {DOCUMENT} (a new game would too; \
                 write them once, generically, or list them on purpose): {new:?}"
            ));
        }
        if !gone.is_empty() {
            problems.push(format!(
                "{DOCUMENT} lists files {MODEL_GAME} no longer {what}: {gone:?} \
                 (take them out and lower the counts)"
            ));
        }
    }
    let counts = format!(
        "{} files added, {} shared files edited",
        adds.len(),
        edits.len()
    );
    if !document.contains(&counts) {
        problems.push(format!(
            "{DOCUMENT} should state the counts as \"{counts}\""
        ));
    }
    assert!(
        problems.is_empty(),
        "{}\n\nThe lists as counted now:\n## Files a game adds\n{}\n## Shared files a game edits\n{}",
        problems.join("\n"),
        as_listed(&adds),
        as_listed(&edits)
    );
}
