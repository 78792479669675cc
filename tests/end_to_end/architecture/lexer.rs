//! Rust source text reduced to the tokens the import check reads:
//! identifiers, `::` and single punctuation characters, each with its
//! line. Comments and string and character literals are dropped, so a path
//! named in a doc comment (an intra-doc link) or in a string is not taken
//! for an import.

/// One token of Rust source, as far as the import check needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// An identifier or keyword; a macro variable keeps its `$`
    /// (`$crate`, `$module`).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other character outside literals and comments.
    Punct(char),
}

/// A token and the line (from 1) it starts on.
#[derive(Debug, Clone)]
pub struct Spanned {
    pub token: Token,
    pub line: usize,
}

/// The tokens of `text`, comments and literals left out.
pub fn tokens(text: &str) -> Vec<Spanned> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        out: Vec::new(),
    };
    lexer.run();
    lexer.out
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    out: Vec<Spanned>,
}

fn starts_ident(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn continues_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn push(&mut self, token: Token) {
        self.out.push(Spanned {
            token,
            line: self.line,
        });
    }

    /// Moves on one character, counting lines.
    fn bump(&mut self) {
        if self.peek(0) == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn run(&mut self) {
        while let Some(c) = self.peek(0) {
            match c {
                '/' if self.peek(1) == Some('/') => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                '/' if self.peek(1) == Some('*') => self.block_comment(),
                '"' => self.quoted(),
                '\'' => self.quote_mark(),
                ':' if self.peek(1) == Some(':') => {
                    self.push(Token::PathSep);
                    self.at += 2;
                }
                '$' if self.peek(1).is_some_and(starts_ident) => {
                    self.at += 1;
                    let name = self.word();
                    self.push(Token::Ident(format!("${name}")));
                }
                c if starts_ident(c) => self.ident_or_prefixed_literal(),
                c if c.is_whitespace() => self.bump(),
                c => {
                    self.push(Token::Punct(c));
                    self.at += 1;
                }
            }
        }
    }

    /// `/* … */`, which nests in Rust.
    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            if c == '/' && self.peek(1) == Some('*') {
                depth += 1;
                self.at += 2;
            } else if c == '*' && self.peek(1) == Some('/') {
                depth -= 1;
                self.at += 2;
                if depth == 0 {
                    return;
                }
            } else {
                self.bump();
            }
        }
    }

    /// A `"…"` string with escapes, from its opening quote.
    fn quoted(&mut self) {
        self.at += 1;
        while let Some(c) = self.peek(0) {
            match c {
                '\\' => {
                    self.bump();
                    self.bump();
                }
                '"' => {
                    self.at += 1;
                    return;
                }
                _ => self.bump(),
            }
        }
    }

    /// A raw string `r#"…"#` from its first `#` or quote.
    fn raw_quoted(&mut self) {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.at += 1;
        }
        self.at += 1; // the opening quote
        while let Some(c) = self.peek(0) {
            if c == '"' && (1..=hashes).all(|k| self.peek(k) == Some('#')) {
                self.at += 1 + hashes;
                return;
            }
            self.bump();
        }
    }

    /// A character literal (`'a'`, `'\n'`, `'\u{1F600}'`) is skipped; a
    /// lifetime or label (`'a`) leaves a `'` and its name.
    fn quote_mark(&mut self) {
        if self.peek(1) == Some('\\') {
            self.at += 3; // the quote, the backslash and the escaped character
            while self.peek(0).is_some_and(|c| c != '\'') {
                self.at += 1;
            }
            self.at += 1;
        } else if self.peek(2) == Some('\'') {
            self.at += 3;
        } else {
            self.push(Token::Punct('\''));
            self.at += 1;
        }
    }

    fn word(&mut self) -> String {
        let start = self.at;
        while self.peek(0).is_some_and(continues_ident) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    /// An identifier, or the prefix of a literal: `b"…"`, `b'x'`, `c"…"`,
    /// `r"…"`, `r#"…"#`, `br#"…"#`; `r#name` is a raw identifier.
    fn ident_or_prefixed_literal(&mut self) {
        let word = self.word();
        let next = self.peek(0);
        match (word.as_str(), next) {
            ("b" | "c", Some('"')) => self.quoted(),
            ("b", Some('\'')) => self.quote_mark(),
            ("r" | "br" | "cr", Some('"')) => self.raw_quoted(),
            ("r" | "br" | "cr", Some('#')) if matches!(self.peek(1), Some('#' | '"')) => {
                self.raw_quoted()
            }
            ("r", Some('#')) if self.peek(1).is_some_and(starts_ident) => {
                self.at += 1;
                let name = self.word();
                self.push(Token::Ident(name));
            }
            _ => self.push(Token::Ident(word)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(text: &str) -> Vec<String> {
        tokens(text)
            .into_iter()
            .filter_map(|t| match t.token {
                Token::Ident(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_and_literals_are_dropped() {
        let text = "/// [`super::a`]\n/* x /* y */ z */ let s = \"crate::b\"; \
                    let r = r#\"super::c\"#; let c = '\\''; let q = b'\"'; use d;";
        assert_eq!(
            idents(text),
            ["let", "s", "let", "r", "let", "c", "let", "q", "use", "d"]
        );
    }

    #[test]
    fn lifetimes_stay_and_lines_count() {
        let toks = tokens("fn f<'a>(x: &'a str)\n{ super::g() }");
        assert!(idents("fn f<'a>(x: &'a str)").contains(&"a".to_string()));
        let sep = toks.iter().find(|t| t.token == Token::PathSep).unwrap();
        assert_eq!(sep.line, 2);
    }
}
