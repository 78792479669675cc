//! What one source file says about the modules of its crate: every path it
//! writes to an item of the crate (in `use` declarations, and in code when
//! the path starts with `crate`, `super` or `self`), the imports at its top
//! level (which its child modules can reach through `super::`), and the
//! names it defines at its top level.
//!
//! Items under `#[cfg(test)]` are left out (and a file module declared
//! under it, `#[cfg(test)] mod tests;`, is named so the crate leaves it
//! out): tests are no part of the module's code, and a unit test may build
//! its fixtures with a module above the one it tests.

use std::collections::BTreeSet;

use super::lexer::{Spanned, Token, tokens};

/// A path written in a file.
#[derive(Debug, Clone)]
pub struct Reference {
    /// The inline modules (`mod tests { … }`) the path is written in,
    /// outermost first: `super` in them climbs to the file's module first.
    pub inline: Vec<String>,
    /// The path as written, from its first segment (`crate`, `super`,
    /// `self`, `$crate`, a name; `::` for a leading `::`).
    pub path: Vec<String>,
    /// `use path::*`.
    pub glob: bool,
    /// Written in a `use` declaration (a path there may start with a child
    /// module's name; in code only paths from `crate`, `super`, `self`
    /// are read).
    pub in_use: bool,
    pub line: usize,
}

/// A name a file brings into scope at its top level with `use`.
#[derive(Debug, Clone)]
pub struct Import {
    /// The name in scope (the alias, or the last segment); `None` for a glob.
    pub name: Option<String>,
    /// The path as written.
    pub path: Vec<String>,
}

/// What the check reads of one file.
#[derive(Debug, Default)]
pub struct FileFacts {
    pub references: Vec<Reference>,
    pub imports: Vec<Import>,
    pub defines: BTreeSet<String>,
    /// Child file modules declared under `#[cfg(test)]`.
    pub test_children: BTreeSet<String>,
    /// The whole file is under `#![cfg(test)]`.
    pub test_only: bool,
}

/// Keywords that define a named item at a module's top level.
const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod",
];

/// Reads one file's text.
pub fn read(text: &str) -> FileFacts {
    let toks = tokens(text);
    let mut facts = FileFacts::default();
    // One entry per open brace: the inline module's name where the brace
    // opens `mod name { … }`.
    let mut braces: Vec<Option<String>> = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        let inline: Vec<String> = braces.iter().flatten().cloned().collect();
        let at_top = braces.is_empty();
        match &toks[k].token {
            Token::Punct('#') => {
                let (end, inner, test) = attribute(&toks, k);
                if test && inner {
                    facts.test_only = true;
                } else if test {
                    let item_end = item_end(&toks, end);
                    if let (Some("mod"), Some(name), Some(Token::Punct(';'))) = (
                        declared_mod(&toks, end),
                        last_ident(&toks, end, item_end),
                        token(&toks, item_end - 1),
                    ) {
                        facts.test_children.insert(name.to_string());
                    }
                    k = item_end;
                    continue;
                }
                k = end;
            }
            Token::Ident(word) if word == "use" => {
                let line = toks[k].line;
                k += 1;
                let mut leaves = Vec::new();
                use_tree(&toks, &mut k, Vec::new(), &mut leaves);
                for leaf in leaves {
                    if at_top {
                        facts.imports.push(Import {
                            name: leaf.name.clone(),
                            path: leaf.path.clone(),
                        });
                    }
                    facts.references.push(Reference {
                        inline: inline.clone(),
                        glob: leaf.name.is_none(),
                        path: leaf.path,
                        in_use: true,
                        line,
                    });
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(name), Some(Token::Punct('{'))) =
                    (ident(&toks, k + 1), token(&toks, k + 2))
                {
                    if at_top {
                        facts.defines.insert(name.to_string());
                    }
                    braces.push(Some(name.to_string()));
                    k += 3;
                    continue;
                }
                if let (true, Some(name)) = (at_top, ident(&toks, k + 1)) {
                    facts.defines.insert(name.to_string());
                }
                k += 1;
            }
            Token::Ident(word) if at_top && ITEM_KEYWORDS.contains(&word.as_str()) => {
                if let Some(name) = ident(&toks, k + 1) {
                    facts.defines.insert(name.to_string());
                }
                k += 1;
            }
            Token::Ident(word) if at_top && word == "macro_rules" => {
                if let (Some(Token::Punct('!')), Some(name)) =
                    (token(&toks, k + 1), ident(&toks, k + 2))
                {
                    facts.defines.insert(name.to_string());
                }
                k += 1;
            }
            Token::Ident(word)
                if starts_path(word) && token(&toks, k + 1) == Some(&Token::PathSep) =>
            {
                let line = toks[k].line;
                let visibility =
                    token(&toks, k.wrapping_sub(1)) == Some(&Token::Ident("in".into()));
                let mut path = vec![word.clone()];
                k += 1;
                while token(&toks, k) == Some(&Token::PathSep) {
                    let Some(next) = ident(&toks, k + 1) else {
                        break;
                    };
                    path.push(next.to_string());
                    k += 2;
                }
                // `pub(in crate::m)` names where an item is visible, not
                // something the file uses.
                if !visibility {
                    facts.references.push(Reference {
                        inline,
                        path,
                        glob: false,
                        in_use: false,
                        line,
                    });
                }
            }
            Token::Punct('{') => {
                braces.push(None);
                k += 1;
            }
            Token::Punct('}') => {
                braces.pop();
                k += 1;
            }
            _ => k += 1,
        }
    }
    facts
}

/// Reads the attribute whose `#` is at `k`: the index after its `]`,
/// whether it is an inner attribute (`#![…]`), and whether it is a
/// `cfg` that holds only under test (`cfg(test)`, `cfg(all(test, …))`).
fn attribute(toks: &[Spanned], k: usize) -> (usize, bool, bool) {
    let inner = token(toks, k + 1) == Some(&Token::Punct('!'));
    let open = if inner { k + 2 } else { k + 1 };
    if token(toks, open) != Some(&Token::Punct('[')) {
        return (k + 1, false, false);
    }
    let end = group_end(toks, open);
    let words: Vec<&str> = (open + 1..end).filter_map(|i| ident(toks, i)).collect();
    let test = words.first() == Some(&"cfg")
        && words.contains(&"test")
        && !words.iter().any(|w| matches!(*w, "not" | "any"));
    (end, inner, test)
}

/// The index after the item starting at `k`: after its first `;` outside
/// brackets, or after the `}` that closes its body.
fn item_end(toks: &[Spanned], k: usize) -> usize {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(k) {
        match t.token {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct('}') if depth == 1 => return i + 1,
            Token::Punct(')' | ']' | '}') => depth = depth.saturating_sub(1),
            Token::Punct(';') if depth == 0 => return i + 1,
            _ => {}
        }
    }
    toks.len()
}

/// The index after the bracketed group that opens at `k`.
fn group_end(toks: &[Spanned], k: usize) -> usize {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(k) {
        match t.token {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// The item keyword at `k` after any visibility (`pub`, `pub(crate)`).
fn declared_mod(toks: &[Spanned], mut k: usize) -> Option<&str> {
    while let Some(Token::Punct('#')) = token(toks, k) {
        k = attribute(toks, k).0;
    }
    if ident(toks, k) == Some("pub") {
        k += 1;
        if token(toks, k) == Some(&Token::Punct('(')) {
            k = group_end(toks, k);
        }
    }
    ident(toks, k)
}

/// The last identifier in `toks[from..to]`.
fn last_ident(toks: &[Spanned], from: usize, to: usize) -> Option<&str> {
    (from..to).rev().find_map(|i| ident(toks, i))
}

/// Whether a path in code starting with `word` is one into this crate.
fn starts_path(word: &str) -> bool {
    matches!(word, "crate" | "$crate" | "super" | "self")
}

fn token(toks: &[Spanned], k: usize) -> Option<&Token> {
    toks.get(k).map(|t| &t.token)
}

fn ident(toks: &[Spanned], k: usize) -> Option<&str> {
    match token(toks, k) {
        Some(Token::Ident(s)) => Some(s),
        _ => None,
    }
}

/// One path a `use` declaration brings in.
struct Leaf {
    path: Vec<String>,
    /// `None` for a glob.
    name: Option<String>,
}

/// Reads a use tree from `k` (after `use`, or after `{`/`,` inside braces)
/// with the segments already read in `prefix`; stops at the `,`, `}` or
/// `;` that ends it.
fn use_tree(toks: &[Spanned], k: &mut usize, prefix: Vec<String>, out: &mut Vec<Leaf>) {
    let mut path = prefix;
    if path.is_empty() && token(toks, *k) == Some(&Token::PathSep) {
        path.push("::".into());
        *k += 1;
    }
    loop {
        match token(toks, *k) {
            Some(Token::Ident(s)) if s != "as" => {
                path.push(s.clone());
                *k += 1;
                if token(toks, *k) != Some(&Token::PathSep) {
                    break;
                }
                *k += 1;
            }
            Some(Token::Punct('*')) => {
                *k += 1;
                out.push(Leaf { path, name: None });
                return;
            }
            Some(Token::Punct('{')) => {
                *k += 1;
                while let Some(t) = token(toks, *k) {
                    match t {
                        Token::Punct('}') => {
                            *k += 1;
                            return;
                        }
                        Token::Punct(',') => *k += 1,
                        _ => {
                            let before = *k;
                            use_tree(toks, k, path.clone(), out);
                            if *k == before {
                                *k += 1; // something unexpected: never stall
                            }
                        }
                    }
                }
                return;
            }
            _ => break,
        }
    }
    let mut name = path.last().cloned();
    if token(toks, *k) == Some(&Token::Ident("as".into())) {
        name = ident(toks, *k + 1).map(str::to_string);
        *k += 2;
    }
    if path.last().is_some_and(|s| s == "self") {
        path.pop();
        if name.as_deref() == Some("self") {
            name = path.last().cloned();
        }
    }
    if !path.is_empty() {
        out.push(Leaf { path, name });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(facts: &FileFacts) -> Vec<String> {
        facts
            .references
            .iter()
            .map(|r| format!("{}{}", r.path.join("::"), if r.glob { "::*" } else { "" }))
            .collect()
    }

    #[test]
    fn use_trees_are_expanded() {
        let facts = read("use super::{a::{self, B as C}, d::*};\npub use ::std::fmt;\nuse e::F;");
        assert_eq!(
            paths(&facts),
            [
                "super::a",
                "super::a::B",
                "super::d::*",
                "::::std::fmt",
                "e::F"
            ]
        );
        let names: Vec<_> = facts.imports.iter().map(|i| i.name.clone()).collect();
        let expect = [Some("a"), Some("C"), None, Some("fmt"), Some("F")];
        assert_eq!(names, expect.map(|n| n.map(String::from)));
    }

    #[test]
    fn code_paths_inline_modules_and_definitions() {
        let text = "pub(crate) fn f() { crate::a::g::<u8>(); }\n\
                    pub(in crate::b) struct S;\n\
                    mod tests { use super::*; fn t() { super::super::c::h() } }";
        let facts = read(text);
        assert_eq!(
            paths(&facts),
            ["crate::a::g", "super::*", "super::super::c::h"]
        );
        assert_eq!(facts.references[2].inline, ["tests"]);
        assert_eq!(facts.imports.len(), 0);
        let defined: Vec<_> = facts.defines.iter().map(String::as_str).collect();
        assert_eq!(defined, ["S", "f", "tests"]);
    }

    #[test]
    fn test_only_items_are_left_out() {
        let text = "use super::a::A;\n\
                    #[cfg(test)]\nuse super::b::B;\n\
                    #[cfg(test)]\n#[path = \"x.rs\"]\npub(crate) mod helpers;\n\
                    #[cfg(all(test, unix))]\nfn f() { super::c::g(); }\n\
                    #[cfg(not(test))]\nfn h() { super::d::g(); }\n\
                    #[cfg(test)]\nmod tests { use super::*; }";
        let facts = read(text);
        assert_eq!(paths(&facts), ["super::a::A", "super::d::g"]);
        let children: Vec<_> = facts.test_children.iter().map(String::as_str).collect();
        assert_eq!(children, ["helpers"]);
        assert!(!facts.test_only);
        assert!(read("//! Tests.\n#![cfg(test)]\nuse super::*;").test_only);
    }
}
