//! The modules of one crate, each read from its file, and the references
//! between files of the same module resolved to the sibling they land in.
//!
//! A file's module path comes from its place under `src/` (`a/b.rs` and
//! `a/b/mod.rs` are `a::b`; `lib.rs` is the crate root). A path written in
//! a file is made absolute (`crate`, `super`, `self`, or a child module's
//! name in a `use`), then resolved to the longest prefix that is a module
//! with a file. Where it goes on into a name that module only imports (a
//! parent's `pub use child::Name`, or a private `use` a child reaches with
//! `super::Name`), it is followed to where the name comes from, so a
//! re-export does not hide which sibling a file really uses.
//!
//! The rule for a module's graph: its nodes are its children (a child file,
//! or a child folder with everything under it); a reference from anywhere
//! under child `a` to anywhere under sibling `b` is an edge `a -> b`. The
//! module's own file (`mod.rs`, `lib.rs`) is no node: it declares and
//! re-exports its children, and a child using an item the parent file
//! itself defines is no circle between siblings. A glob import of an
//! ancestor (`use super::*` at a file's top) counts as a reference to
//! everything that ancestor imports, since any of it may be used through it.
//!
//! Limits, as this reader sees text and not expanded code: a path inside a
//! macro defined in another file is read where the macro is defined, not
//! where it expands; and an item the parent file defines is not followed
//! into the children it uses (a child calling a parent's function that
//! calls a sibling makes no edge). Code under `#[cfg(test)]` is left out
//! (see `items`).

use std::collections::BTreeMap;

use super::items::{FileFacts, Import, Reference, read};

/// A module path inside one crate (`["eval", "net"]`; empty at the root).
pub type ModPath = Vec<String>;

/// One file of a crate.
pub struct SourceFile {
    /// The file's path as shown in reports.
    pub shown: String,
    pub facts: FileFacts,
}

/// A crate's files by module path.
pub struct CrateModules {
    /// The `src` folder as shown in reports (`crates/rules/src`).
    pub src: String,
    pub files: BTreeMap<ModPath, SourceFile>,
}

/// Why an edge is there: one reference that makes it.
#[derive(Debug, Clone)]
pub struct Evidence {
    pub file: String,
    pub line: usize,
    pub path: String,
}

/// The graph between the children of one module: child name to the
/// children it uses, each with the first reference found.
pub type ModuleGraph = BTreeMap<String, BTreeMap<String, Evidence>>;

/// How many re-exports a resolution follows before it stops (a circle of
/// re-exports would not compile, so this only guards the reader).
const MAX_HOPS: usize = 16;

/// The module path of a file at `relative` (under `src/`, `/`-separated).
pub fn module_path(relative: &str) -> ModPath {
    let stem = relative.strip_suffix(".rs").unwrap_or(relative);
    let mut path: ModPath = stem.split('/').map(str::to_string).collect();
    if path.last().is_some_and(|s| s == "mod") || path == ["lib"] {
        path.pop();
    }
    path
}

impl CrateModules {
    /// A crate from its `src` folder name and its library's files, each as
    /// (path under `src/`, text).
    /// Test-only files (`#![cfg(test)]`, or declared under `#[cfg(test)]`)
    /// and what is under them are left out.
    pub fn new(src: &str, files: &[(String, String)]) -> Self {
        let mut files: BTreeMap<ModPath, SourceFile> = files
            .iter()
            .map(|(relative, text)| {
                let shown = format!("{src}/{relative}");
                let facts = read(text);
                (module_path(relative), SourceFile { shown, facts })
            })
            .collect();
        let mut test_modules: Vec<ModPath> = Vec::new();
        for (module, file) in &files {
            if file.facts.test_only {
                test_modules.push(module.clone());
            }
            for child in &file.facts.test_children {
                test_modules.push(module.iter().chain([child]).cloned().collect());
            }
        }
        files.retain(|module, _| !test_modules.iter().any(|t| module.starts_with(t)));
        Self {
            src: src.to_string(),
            files,
        }
    }

    /// The graph of every module of the crate that has edges, by module path.
    pub fn graphs(&self) -> BTreeMap<ModPath, ModuleGraph> {
        let mut graphs: BTreeMap<ModPath, ModuleGraph> = BTreeMap::new();
        for (module, file) in &self.files {
            for reference in &file.facts.references {
                for target in self.targets(module, reference) {
                    let common = module
                        .iter()
                        .zip(&target)
                        .take_while(|(a, b)| a == b)
                        .count();
                    if common < module.len() && common < target.len() {
                        let evidence = Evidence {
                            file: file.shown.clone(),
                            line: reference.line,
                            path: reference.path.join("::"),
                        };
                        graphs
                            .entry(module[..common].to_vec())
                            .or_default()
                            .entry(module[common].clone())
                            .or_default()
                            .entry(target[common].clone())
                            .or_insert(evidence);
                    }
                }
            }
        }
        graphs
    }

    /// How a child of `module` is shown: `outcome.rs`, or `net/` for a folder.
    pub fn shown_child(&self, module: &[String], child: &str) -> String {
        let mut path = module.to_vec();
        path.push(child.to_string());
        let is_folder = self
            .files
            .keys()
            .any(|m| m.len() > path.len() && m.starts_with(&path));
        if is_folder {
            format!("{child}/")
        } else {
            format!("{child}.rs")
        }
    }

    /// The files (module paths) a reference written in `module` lands in.
    fn targets(&self, module: &ModPath, reference: &Reference) -> Vec<ModPath> {
        let mut scope = module.clone();
        scope.extend(reference.inline.iter().cloned());
        let Some(absolute) = self.absolute(&reference.path, &scope, reference.in_use) else {
            return Vec::new();
        };
        let target = self.resolve(absolute, 0);
        let mut targets = vec![target.clone()];
        if reference.glob
            && target.len() < module.len()
            && module.starts_with(&target)
            && let Some(ancestor) = self.files.get(&target)
        {
            for import in &ancestor.facts.imports {
                targets.extend(self.import_target(&target, import));
            }
        }
        targets
    }

    /// The absolute path of `path` written in module `scope`, or `None`
    /// where it leaves the crate.
    fn absolute(&self, path: &[String], scope: &[String], in_use: bool) -> Option<ModPath> {
        let first = path.first()?;
        let mut out: ModPath = match first.as_str() {
            "crate" | "$crate" => Vec::new(),
            "self" => scope.to_vec(),
            "super" => {
                let climbs = path.iter().take_while(|s| *s == "super").count();
                let kept = scope.len().checked_sub(climbs)?;
                let mut out = scope[..kept].to_vec();
                out.extend(path[climbs..].iter().cloned());
                return Some(out);
            }
            "::" => return None,
            // A `use` path from a name: a child module, an item or import
            // of this module, or another crate (then it resolves to this
            // file and makes no edge).
            _ if in_use => {
                let mut out = scope.to_vec();
                out.push(first.clone());
                out
            }
            _ => return None,
        };
        out.extend(path[1..].iter().cloned());
        Some(out)
    }

    /// The file an absolute path lands in, following imports.
    fn resolve(&self, absolute: ModPath, hops: usize) -> ModPath {
        let file_len = (0..=absolute.len())
            .rev()
            .find(|&n| self.files.contains_key(&absolute[..n]))
            .unwrap_or(0);
        let module = absolute[..file_len].to_vec();
        let Some(name) = absolute.get(file_len) else {
            return module;
        };
        let Some(file) = self.files.get(&module) else {
            return module;
        };
        if hops >= MAX_HOPS || file.facts.defines.contains(name) {
            return module;
        }
        let rest = &absolute[file_len + 1..];
        let named = file
            .facts
            .imports
            .iter()
            .find(|i| i.name.as_ref() == Some(name));
        if let Some(import) = named {
            return match self.absolute(&import.path, &module, true) {
                Some(mut next) if next != absolute[..=file_len] => {
                    next.extend(rest.iter().cloned());
                    self.resolve(next, hops + 1)
                }
                _ => module,
            };
        }
        // A name brought in by one of the module's glob imports.
        for import in file.facts.imports.iter().filter(|i| i.name.is_none()) {
            let Some(source) = self.absolute(&import.path, &module, true) else {
                continue;
            };
            let source = self.resolve(source, hops + 1);
            let Some(source_file) = self.files.get(&source) else {
                continue;
            };
            let facts = &source_file.facts;
            let has = facts.defines.contains(name)
                || facts.imports.iter().any(|i| i.name.as_ref() == Some(name));
            if source != module && has {
                let mut next = source;
                next.extend(absolute[file_len..].iter().cloned());
                return self.resolve(next, hops + 1);
            }
        }
        module
    }

    /// Where one of `module`'s top-level imports lands.
    fn import_target(&self, module: &ModPath, import: &Import) -> Option<ModPath> {
        let absolute = self.absolute(&import.path, module, true)?;
        Some(self.resolve(absolute, 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modules(files: &[(&str, &str)]) -> CrateModules {
        let files: Vec<(String, String)> = files
            .iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect();
        CrateModules::new("src", &files)
    }

    /// Every edge as `module: from -> to` (`crate` for the root).
    fn edges(modules: &CrateModules) -> Vec<String> {
        let mut out = Vec::new();
        for (module, graph) in modules.graphs() {
            let name = if module.is_empty() {
                "crate".to_string()
            } else {
                module.join("::")
            };
            for (from, to) in graph {
                out.extend(to.keys().map(|to| format!("{name}: {from} -> {to}")));
            }
        }
        out
    }

    #[test]
    fn a_reexport_leads_to_the_sibling_that_defines_the_name() {
        let crate_ = modules(&[
            (
                "lib.rs",
                "mod a; mod b; mod c; pub use b::B; use c::C as D; pub struct Own;",
            ),
            ("a.rs", "use crate::B;\nfn f() { super::D::new(); }"),
            ("b.rs", "pub struct B;\nfn g() { crate::a::f() }"),
            ("c.rs", "pub struct C;\nuse super::Own;"),
        ]);
        let expect = ["crate: a -> b", "crate: a -> c", "crate: b -> a"];
        assert_eq!(edges(&crate_), expect);
    }

    #[test]
    fn a_folder_is_one_node_of_its_parent() {
        let crate_ = modules(&[
            ("lib.rs", "mod net; mod race;"),
            (
                "net/mod.rs",
                "mod weights; pub use weights::hash; use crate::race::Db;",
            ),
            (
                "net/weights.rs",
                "pub fn hash() {}\nfn f() { super::super::race::g() }",
            ),
            ("race.rs", "use super::net::hash;"),
        ]);
        assert_eq!(edges(&crate_), ["crate: net -> race", "crate: race -> net"]);
        assert_eq!(crate_.shown_child(&[], "net"), "net/");
        assert_eq!(crate_.shown_child(&[], "race"), "race.rs");
    }

    #[test]
    fn a_glob_of_the_parent_reaches_what_the_parent_imports() {
        let crate_ = modules(&[
            (
                "lib.rs",
                "mod a; mod b; use a::A;\n#[cfg(test)]\nmod tests;",
            ),
            ("a.rs", "pub struct A;"),
            ("b.rs", "use super::*;"),
            ("tests.rs", "use crate::b::*;"),
        ]);
        assert_eq!(edges(&crate_), ["crate: b -> a"]);
    }
}
