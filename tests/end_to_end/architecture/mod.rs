//! The architecture's import rules (issue 40): no circle of imports between
//! the files of any module, and crate dependencies that point down the
//! order rules <- engine <- records <- protocol <- tools <- lab (gui over
//! protocol and records), and library crates without a terminal front end
//! (issue 59: no progress bar, no command-line parser). Reads the sources and manifests as text, std
//! only; `modules.rs` states how a path is resolved and what counts as an
//! edge, `items.rs` why test code is left out.

mod adding_a_game;
mod crate_graph;
mod cycles;
mod items;
mod lexer;
mod modules;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use crate_graph::{ALLOWED, FRONT_END, LIBRARIES, read_manifest};
use cycles::circles;
use modules::{CrateModules, ModuleGraph};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The workspace's crate folders: the root package and each of `crates/`.
fn crate_folders() -> Vec<PathBuf> {
    let mut folders = vec![root().to_path_buf()];
    let mut members: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/")
        .map(|entry| entry.expect("crates/ entry").path())
        .filter(|path| path.join("Cargo.toml").is_file())
        .collect();
    members.sort();
    folders.extend(members);
    folders
}

/// Every `.rs` file under `dir`, as (path relative to `dir`, text).
fn rust_files(dir: &Path, relative: &str, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("UTF-8 file name");
        let shown = if relative.is_empty() {
            name.to_string()
        } else {
            format!("{relative}/{name}")
        };
        if path.is_dir() {
            rust_files(&path, &shown, out);
        } else if name.ends_with(".rs") {
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
            out.push((shown, text));
        }
    }
}

/// The library crates of every `src/` folder, and each binary root
/// (`main.rs`) as a crate of its own file.
fn crates() -> Vec<CrateModules> {
    let mut out = Vec::new();
    for folder in crate_folders() {
        let src = folder.join("src");
        let shown = src
            .strip_prefix(root())
            .expect("under the root")
            .display()
            .to_string();
        let mut files = Vec::new();
        rust_files(&src, "", &mut files);
        let (binaries, library): (Vec<_>, Vec<_>) = files
            .into_iter()
            .partition(|(path, _)| path == "main.rs" || path.starts_with("bin/"));
        assert!(
            binaries.iter().all(|(path, _)| path == "main.rs"),
            "{shown}/bin: a binary of several files needs reading as a crate of its own"
        );
        for binary in binaries {
            out.push(CrateModules::new(
                &shown,
                &[("lib.rs".to_string(), binary.1)],
            ));
        }
        out.push(CrateModules::new(&shown, &library));
    }
    out
}

/// A report of the circles of one module's graph, with the reference
/// behind each edge of a circle.
fn describe(modules: &CrateModules, module: &[String], graph: &ModuleGraph, out: &mut String) {
    for circle in circles(graph) {
        let folder = [modules.src.clone()]
            .into_iter()
            .chain(module.iter().cloned())
            .collect::<Vec<_>>()
            .join("/");
        let shown: Vec<String> = circle
            .iter()
            .map(|c| modules.shown_child(module, c))
            .collect();
        writeln!(out, "{folder}: {}", shown.join(", ")).unwrap();
        for from in &circle {
            for (to, evidence) in &graph[from] {
                if circle.contains(to) {
                    writeln!(
                        out,
                        "    {from} -> {to}: {}:{} `{}`",
                        evidence.file, evidence.line, evidence.path
                    )
                    .unwrap();
                }
            }
        }
    }
}

#[test]
fn no_import_circles_between_files_of_a_module() {
    let mut report = String::new();
    let mut edges = 0;
    let mut graphs_seen: BTreeMap<String, usize> = BTreeMap::new();
    for modules in crates() {
        for (module, graph) in modules.graphs() {
            edges += graph.values().map(BTreeMap::len).sum::<usize>();
            *graphs_seen.entry(modules.src.clone()).or_default() += 1;
            describe(&modules, &module, &graph, &mut report);
        }
    }
    // The reader really sees the imports: a check that read nothing would
    // find no circle either.
    assert!(
        edges > 200,
        "only {edges} edges between sibling files: is the reader broken?"
    );
    assert!(
        graphs_seen.len() >= 7,
        "modules with edges per crate: {graphs_seen:?}"
    );
    assert!(
        report.is_empty(),
        "import circles between the files of a module:\n{report}"
    );
}

#[test]
fn crates_depend_only_on_crates_below_them() {
    for (k, (name, allowed)) in ALLOWED.iter().enumerate() {
        let below: Vec<&str> = ALLOWED[..k].iter().map(|(n, _)| *n).collect();
        for dependency in *allowed {
            assert!(
                below.contains(dependency),
                "the table lets {name} use {dependency}, listed after it"
            );
        }
    }
    let mut problems = Vec::new();
    for folder in crate_folders() {
        let text = fs::read_to_string(folder.join("Cargo.toml")).expect("Cargo.toml");
        let manifest = read_manifest(&text);
        let name = manifest
            .name
            .unwrap_or_else(|| panic!("{}: no package name", folder.display()));
        let Some((_, allowed)) = ALLOWED.iter().find(|(n, _)| *n == name) else {
            problems.push(format!(
                "{name}: not in the architecture's table (tests/architecture/crate_graph.rs)"
            ));
            continue;
        };
        for dependency in &manifest.dependencies {
            if !allowed.contains(&dependency.as_str()) {
                problems.push(format!(
                    "{name} depends on {dependency}, which is not below it"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn library_crates_neither_draw_progress_bars_nor_parse_command_lines() {
    let mut problems = Vec::new();
    let mut libraries_read = 0;
    for folder in crate_folders() {
        let text = fs::read_to_string(folder.join("Cargo.toml")).expect("Cargo.toml");
        let manifest = read_manifest(&text);
        let name = manifest.name.unwrap_or_default();
        if !LIBRARIES.contains(&name.as_str()) {
            continue;
        }
        libraries_read += 1;
        // A library that reads nothing would pass: each has dependencies.
        assert!(
            !manifest.others.is_empty(),
            "{name}: no dependency read from its Cargo.toml"
        );
        for front_end in FRONT_END {
            if manifest.others.contains(*front_end) {
                problems.push(format!(
                    "{name} depends on {front_end}: a library reports progress through \
                     plakoto_engine::progress and takes plain options; the binaries \
                     (cli, tools, lab) draw and parse"
                ));
            }
        }
    }
    assert_eq!(libraries_read, LIBRARIES.len(), "a library crate not found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
