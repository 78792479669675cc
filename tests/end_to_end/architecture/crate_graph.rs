//! The workspace's crates and the `plakoto-*` crates each one depends on,
//! read from the `Cargo.toml` files (every dependency table: normal, dev,
//! build, per target), and the order they must follow.

use std::collections::BTreeSet;

/// Each crate with the crates it may depend on. The order is the
/// architecture's (docs: rules <- engine <- records <- protocol <- tools <-
/// lab, gui over protocol and records, cli, the command line, over them;
/// the `plakoto` root package, a one-line binary and a facade, over all),
/// and a crate may only name crates listed before
/// it, so the allowed graph has no circle.
pub const ALLOWED: &[(&str, &[&str])] = &[
    ("plakoto-rules", &[]),
    ("plakoto-engine", &["plakoto-rules"]),
    ("plakoto-records", &["plakoto-rules", "plakoto-engine"]),
    (
        "plakoto-protocol",
        &["plakoto-rules", "plakoto-engine", "plakoto-records"],
    ),
    (
        "plakoto-tools",
        &[
            "plakoto-rules",
            "plakoto-engine",
            "plakoto-records",
            "plakoto-protocol",
        ],
    ),
    (
        "plakoto-gui",
        &[
            "plakoto-rules",
            "plakoto-engine",
            "plakoto-records",
            "plakoto-protocol",
        ],
    ),
    (
        "plakoto-lab",
        &[
            "plakoto-rules",
            "plakoto-engine",
            "plakoto-records",
            "plakoto-protocol",
            "plakoto-tools",
        ],
    ),
    // The criterion benchmarks and the measuring programs: they measure
    // the tools' suites, the search, the GUI's relay and the lab's nets,
    // and nothing depends on them.
    (
        "plakoto-benches",
        &[
            "plakoto-rules",
            "plakoto-engine",
            "plakoto-records",
            "plakoto-protocol",
            "plakoto-tools",
            "plakoto-gui",
            "plakoto-lab",
        ],
    ),
    // The command line of the `plakoto` binary.
    (
        "plakoto-cli",
        &[
            "plakoto-rules",
            "plakoto-engine",
            "plakoto-records",
            "plakoto-protocol",
            "plakoto-tools",
            "plakoto-gui",
            "plakoto-lab",
        ],
    ),
    (
        "plakoto",
        &[
            "plakoto-rules",
            "plakoto-engine",
            "plakoto-records",
            "plakoto-protocol",
            "plakoto-tools",
            "plakoto-gui",
            "plakoto-lab",
            "plakoto-cli",
        ],
    ),
];

/// The library crates, which programs use from any front end: they report
/// progress through a callback and take options as plain structs, so they
/// may not draw on a terminal or read a command line.
pub const LIBRARIES: &[&str] = &[
    "plakoto-rules",
    "plakoto-engine",
    "plakoto-records",
    "plakoto-protocol",
];

/// The crates of a binary's front end: progress bars and command lines.
/// The command line (cli), the tools and the lab draw and parse with them.
pub const FRONT_END: &[&str] = &["indicatif", "clap"];

/// What a manifest says: the package's name, its `plakoto-*`
/// dependencies and the others.
#[derive(Debug, PartialEq, Eq)]
pub struct Manifest {
    pub name: Option<String>,
    pub dependencies: BTreeSet<String>,
    pub others: BTreeSet<String>,
}

impl Manifest {
    /// Files `name` (a dependency, the package's own name for it undone)
    /// under the workspace's crates or the others.
    fn add(&mut self, name: &str) {
        let name = unquote(name);
        if name.starts_with("plakoto-") {
            self.dependencies.insert(name.to_string());
        } else {
            self.others.insert(name.to_string());
        }
    }
}

/// Reads the package name and dependencies of a `Cargo.toml`.
pub fn read_manifest(text: &str) -> Manifest {
    let mut manifest = Manifest {
        name: None,
        dependencies: BTreeSet::new(),
        others: BTreeSet::new(),
    };
    let mut section = String::new();
    for line in text.lines() {
        let line = without_comment(line).trim();
        if let Some(header) = line.strip_prefix('[') {
            section = header
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .to_string();
            // `[dependencies.plakoto-rules]`, `[target.'cfg(…)'.dev-dependencies.plakoto-x]`
            if let Some((table, name)) = section.rsplit_once('.')
                && is_dependency_table(table)
            {
                manifest.add(name);
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if section == "package" && key == "name" {
            manifest.name = Some(unquote(value).to_string());
        } else if is_dependency_table(&section) {
            // `plakoto-rules.workspace = true`, `x = { package = "plakoto-rules", … }`
            let name = key.split('.').next().unwrap_or(key);
            let renamed = value.split_once("package").and_then(|(_, rest)| {
                let rest = rest.trim_start().strip_prefix('=')?;
                rest.split([',', '}']).next()
            });
            manifest.add(renamed.unwrap_or(name));
        }
    }
    manifest
}

fn is_dependency_table(section: &str) -> bool {
    let table = section.rsplit('.').next().unwrap_or(section);
    matches!(
        table,
        "dependencies" | "dev-dependencies" | "build-dependencies"
    ) && !section.starts_with("workspace")
}

fn unquote(text: &str) -> &str {
    text.trim().trim_matches(|c| c == '"' || c == '\'')
}

/// The line up to a `#` outside quotes.
fn without_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dependency_table_is_read() {
        let text = r#"
[package]
name = "plakoto-x" # the crate
[dependencies]
plakoto-rules.workspace = true
serde = "1"
[dev-dependencies]
engine = { package = "plakoto-engine", path = "../engine" }
[target.'cfg(unix)'.build-dependencies.plakoto-gui]
path = "../gui"
[workspace.dependencies]
plakoto-lab = { path = "crates/lab" }
"#;
        let manifest = read_manifest(text);
        assert_eq!(manifest.name.as_deref(), Some("plakoto-x"));
        let deps: Vec<_> = manifest.dependencies.iter().map(String::as_str).collect();
        assert_eq!(deps, ["plakoto-engine", "plakoto-gui", "plakoto-rules"]);
        let others: Vec<_> = manifest.others.iter().map(String::as_str).collect();
        assert_eq!(others, ["serde"]);
    }
}
