//! The protocol's framing (protocol.md section 1), read from both ends:
//! the engine reads bounded command lines ([`read_line`]), and every
//! client — the arena, the GUI server, `plakoto conformance`, any Rust
//! program — reads replies with the same code ([`ReplyReader`],
//! [`Header`]), through [`crate::client`].
//!
//! A reply is a first line `=[id] payload` or `?[id] payload`, further
//! payload lines, and one empty line that ends it. Payload lines are never
//! empty. Between replies, an engine asked for them (`set progress on`)
//! writes progress lines `~[id] payload` ([`Progress`]): one line each,
//! never followed by an empty line, never inside a reply. It is I/O-free: the callers own their streams (blocking pipes,
//! tokio pipes, a test's bytes) and feed lines or bytes in.

use std::io::{self, BufRead};

/// Longest command line an engine reads (bytes); longer lines are answered
/// with a `syntax` error and skipped, so no input can make an engine hold
/// it all (protocol.md, "Input").
pub const MAX_LINE: usize = 64 * 1024;

/// Longest reply line a client keeps (bytes). Larger than [`MAX_LINE`]:
/// one JSON-mode payload line can hold a long list (`legal`), and a client
/// must only be kept from exhausting memory by an engine gone wrong.
pub const MAX_REPLY_LINE: usize = 16 * 1024 * 1024;

/// Most payload lines a client keeps of one reply; later ones are read and
/// dropped ([`Reply::truncated`] says so).
pub const MAX_PAYLOAD_LINES: usize = 100_000;

/// One line read by a bounded reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line without its line feed (a carriage return before it is
    /// kept: the caller decides), invalid UTF-8 read as U+FFFD.
    Text(String),
    /// A line longer than the limit, read to its end and dropped.
    TooLong,
}

/// Gathers one line at a time from chunks of bytes, keeping at most `limit`
/// bytes of it: what [`read_line`] reads with, and what a reader of an
/// asynchronous stream would use, so every reader of the protocol cuts
/// lines the same way.
#[derive(Debug)]
pub struct LineBuffer {
    limit: usize,
    buf: Vec<u8>,
    too_long: bool,
    any: bool,
}

impl LineBuffer {
    /// An empty buffer keeping lines of at most `limit` bytes.
    pub fn new(limit: usize) -> LineBuffer {
        LineBuffer {
            limit,
            buf: Vec::new(),
            too_long: false,
            any: false,
        }
    }

    /// Takes bytes of `chunk` up to and including the first line feed.
    /// Returns how many bytes were used and, when a line feed was met,
    /// the finished line.
    pub fn feed(&mut self, chunk: &[u8]) -> (usize, Option<Line>) {
        if chunk.is_empty() {
            return (0, None);
        }
        self.any = true;
        let (part, used) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if !self.too_long {
            if self.buf.len() + part.len() > self.limit {
                self.too_long = true;
                self.buf = Vec::new();
            } else {
                self.buf.extend_from_slice(part);
            }
        }
        match used {
            Some(n) => (n, Some(self.take())),
            None => (chunk.len(), None),
        }
    }

    /// At the end of the stream: the last line if it had no line feed.
    pub fn finish(&mut self) -> Option<Line> {
        self.any.then(|| self.take())
    }

    fn take(&mut self) -> Line {
        let line = if self.too_long {
            Line::TooLong
        } else {
            Line::Text(String::from_utf8_lossy(&self.buf).into_owned())
        };
        self.buf.clear();
        self.too_long = false;
        self.any = false;
        line
    }
}

/// Reads one line of at most `limit` bytes from `input`; `None` at the end
/// of the input. (The engine reads its commands with `limit` [`MAX_LINE`].)
pub fn read_line(input: &mut impl BufRead, limit: usize) -> io::Result<Option<Line>> {
    let mut buffer = LineBuffer::new(limit);
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(buffer.finish());
        }
        let (used, line) = buffer.feed(chunk);
        input.consume(used);
        if line.is_some() {
            return Ok(line);
        }
    }
}

/// The first line of a reply, read: success or error, and the id echoed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// `true` for `=`, `false` for `?`.
    pub ok: bool,
    /// The id as written (`=007 …` → `"007"`), if any.
    pub id: Option<String>,
    /// The text after the mark, the id and one space (may be empty: `=`).
    pub first: String,
}

impl Header {
    /// Reads `=[id][ payload]` / `?[id][ payload]`; `None` when the line
    /// is not a reply's first line.
    pub fn parse(line: &str) -> Option<Header> {
        let ok = match line.chars().next()? {
            '=' => true,
            '?' => false,
            _ => return None,
        };
        let after = &line[1..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (id, rest) = after.split_at(digits);
        let first = if rest.is_empty() {
            String::new()
        } else {
            rest.strip_prefix(' ')?.trim().to_string()
        };
        Some(Header {
            ok,
            id: (!id.is_empty()).then(|| id.to_string()),
            first,
        })
    }
}

/// A progress line: `~[id] payload` (protocol.md, "Progress lines").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The id of the command it reports on, as written.
    pub id: Option<String>,
    /// The text after `~`, the id and one space: text (`progress rollout:
    /// …`) or one JSON object, as the output mode is.
    pub payload: String,
}

impl Progress {
    /// Reads `~[id] payload`; `None` for any other line.
    pub fn parse(line: &str) -> Option<Progress> {
        let after = line.strip_prefix('~')?;
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (id, rest) = after.split_at(digits);
        Some(Progress {
            id: (!id.is_empty()).then(|| id.to_string()),
            payload: rest.strip_prefix(' ')?.to_string(),
        })
    }
}

/// What a client reads: a whole reply, or a progress line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A reply, complete.
    Reply(Reply),
    /// A progress line of the command being answered.
    Progress(Progress),
}

/// Why lines are not a reply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// A reply must start with `=` or `?` (then the id, then a space).
    #[error("not the first line of a reply (it must start with '=' or '?'): '{0}'")]
    NotAReply(String),
    /// A line longer than [`MAX_REPLY_LINE`].
    #[error("a reply line longer than {MAX_REPLY_LINE} bytes")]
    LineTooLong,
}

/// A whole reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `true` for `=`, `false` for `?`.
    pub ok: bool,
    /// The id echoed, as written.
    pub id: Option<String>,
    /// Payload lines: the first is the text after `=`/`?` and the id
    /// (absent for a bare `=`), then the further lines.
    pub payload: Vec<String>,
    /// More than [`MAX_PAYLOAD_LINES`] lines came; the rest were dropped.
    pub truncated: bool,
}

impl Reply {
    /// The first payload line, or `""`.
    pub fn first(&self) -> &str {
        self.payload.first().map_or("", String::as_str)
    }

    /// The error code of a `?` reply: the word before the colon in text
    /// mode (`? illegal_move: …`), the `code` field in JSON mode.
    pub fn error_code(&self) -> Option<String> {
        if self.ok {
            return None;
        }
        let first = self.first();
        if first.starts_with('{') {
            let value: serde_json::Value = serde_json::from_str(first).ok()?;
            return value.get("code")?.as_str().map(str::to_string);
        }
        let (code, _) = first.split_once(':')?;
        let code = code.trim();
        (!code.is_empty() && !code.contains(' ')).then(|| code.to_string())
    }

    /// The message of a `?` reply: the text after `code:` in text mode
    /// (`? illegal_move: no checker on 19` → `no checker on 19`), the
    /// `message` field in JSON mode, else the whole first payload line.
    pub fn error_message(&self) -> Option<String> {
        if self.ok {
            return None;
        }
        let first = self.first();
        if first.starts_with('{') {
            let value: Option<serde_json::Value> = serde_json::from_str(first).ok();
            let message = value.as_ref().and_then(|v| v.get("message")?.as_str());
            if let Some(message) = message {
                return Some(message.to_string());
            }
        } else if self.error_code().is_some()
            && let Some((_, message)) = first.split_once(':')
        {
            return Some(message.trim().to_string());
        }
        Some(first.to_string())
    }

    /// The reply as the engine wrote it, without its closing empty line.
    pub fn lines(&self) -> Vec<String> {
        let mark = if self.ok { '=' } else { '?' };
        let id = self.id.as_deref().unwrap_or("");
        let mut lines = vec![match self.payload.first() {
            Some(first) => format!("{mark}{id} {first}"),
            None => format!("{mark}{id}"),
        }];
        lines.extend(self.payload.iter().skip(1).cloned());
        lines
    }
}

/// Reads replies strictly, one line at a time: the first line must be a
/// reply's first line, and the first empty line ends the reply. What a
/// program driving an engine uses ([`crate::client`]).
#[derive(Debug, Default)]
pub struct ReplyReader {
    current: Option<Reply>,
}

impl ReplyReader {
    /// Waiting for a reply's first line.
    pub fn new() -> ReplyReader {
        ReplyReader::default()
    }

    /// Whether part of a reply has been read.
    pub fn in_reply(&self) -> bool {
        self.current.is_some()
    }

    /// Takes one line (its line feed removed; a carriage return before it
    /// is dropped here). Returns the reply it completes, if any; progress
    /// lines between replies are passed over ([`Self::push_event`] gives
    /// them).
    pub fn push(&mut self, line: Line) -> Result<Option<Reply>, FrameError> {
        Ok(match self.push_event(line)? {
            Some(Event::Reply(reply)) => Some(reply),
            _ => None,
        })
    }

    /// [`Self::push`], giving a progress line read between replies too.
    pub fn push_event(&mut self, line: Line) -> Result<Option<Event>, FrameError> {
        let Line::Text(line) = line else {
            self.current = None;
            return Err(FrameError::LineTooLong);
        };
        let line = line.strip_suffix('\r').unwrap_or(&line);
        match &mut self.current {
            None if line.starts_with('~') => Progress::parse(line)
                .map(|p| Some(Event::Progress(p)))
                .ok_or_else(|| FrameError::NotAReply(line.to_string())),
            None => {
                let header =
                    Header::parse(line).ok_or_else(|| FrameError::NotAReply(line.to_string()))?;
                self.current = Some(Reply {
                    ok: header.ok,
                    id: header.id,
                    payload: if header.first.is_empty() {
                        Vec::new()
                    } else {
                        vec![header.first]
                    },
                    truncated: false,
                });
                Ok(None)
            }
            Some(_) if line.is_empty() => Ok(self.current.take().map(Event::Reply)),
            Some(reply) => {
                if reply.payload.len() < MAX_PAYLOAD_LINES {
                    reply.payload.push(line.to_string());
                } else {
                    reply.truncated = true;
                }
                Ok(None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn headers() {
        let h = Header::parse("= 24/18 13/7").unwrap();
        assert_eq!((h.ok, h.id, h.first.as_str()), (true, None, "24/18 13/7"));
        assert_eq!(Header::parse("=").unwrap().first, "");
        let h = Header::parse("=007 readyok").unwrap();
        assert_eq!(
            (h.id.as_deref(), h.first.as_str()),
            (Some("007"), "readyok")
        );
        let h = Header::parse("?12").unwrap();
        assert_eq!((h.ok, h.id.as_deref()), (false, Some("12")));
        assert_eq!(Header::parse("24/18"), None);
        assert_eq!(Header::parse("=readyok"), None);
        assert_eq!(Header::parse(""), None);
    }

    #[test]
    fn strict_replies() {
        let mut r = ReplyReader::new();
        assert_eq!(r.push(text("? illegal_move: no\r")), Ok(None));
        let reply = r.push(text("")).unwrap().unwrap();
        assert!(!reply.ok);
        assert_eq!(reply.error_code().as_deref(), Some("illegal_move"));
        assert_eq!(r.push(text("=3 a")), Ok(None));
        assert_eq!(r.push(text("b")), Ok(None));
        let reply = r.push(text("")).unwrap().unwrap();
        assert_eq!(reply.payload, ["a", "b"]);
        assert_eq!(reply.lines(), ["=3 a", "b"]);
        assert!(matches!(r.push(text("")), Err(FrameError::NotAReply(_))));
        assert!(matches!(
            r.push(text("hello")),
            Err(FrameError::NotAReply(_))
        ));
        let json = r#"? {"code":"state","message":"no dice"}"#;
        r.push(text(json)).unwrap();
        let reply = r.push(text("")).unwrap().unwrap();
        assert_eq!(reply.error_code().as_deref(), Some("state"));
        assert_eq!(reply.error_message().as_deref(), Some("no dice"));
    }

    #[test]
    fn progress_lines_between_replies() {
        let mut r = ReplyReader::new();
        let progress = r.push_event(text("~7 progress rollout: 0.5 s")).unwrap();
        assert_eq!(
            progress,
            Some(Event::Progress(Progress {
                id: Some("7".into()),
                payload: "progress rollout: 0.5 s".into()
            }))
        );
        assert_eq!(r.push(text("~ {\"progress\":\"hint\"}")), Ok(None));
        assert!(!r.in_reply());
        assert!(matches!(r.push(text("~x")), Err(FrameError::NotAReply(_))));
        r.push(text("=7 done")).unwrap();
        // Inside a reply a line starting with `~` is payload.
        r.push(text("~ not progress")).unwrap();
        let reply = r.push(text("")).unwrap().unwrap();
        assert_eq!(reply.payload, ["done", "~ not progress"]);
    }

    #[test]
    fn error_messages() {
        let reply = |ok, first: &str| Reply {
            ok,
            id: None,
            payload: vec![first.to_string()],
            truncated: false,
        };
        let text = reply(false, "illegal_move: no checker on 19: none");
        assert_eq!(
            text.error_message().as_deref(),
            Some("no checker on 19: none")
        );
        assert_eq!(
            reply(false, "it broke").error_message().as_deref(),
            Some("it broke")
        );
        let json = reply(false, r#"{"code":"state"}"#);
        assert_eq!(json.error_message().as_deref(), Some(r#"{"code":"state"}"#));
        assert_eq!(reply(true, "x: y").error_message(), None);
    }

    #[test]
    fn bounded_lines() {
        let mut input: &[u8] = b"abc\r\ndefghij\nlast";
        assert_eq!(read_line(&mut input, 5).unwrap(), Some(text("abc\r")));
        assert_eq!(read_line(&mut input, 5).unwrap(), Some(Line::TooLong));
        assert_eq!(read_line(&mut input, 5).unwrap(), Some(text("last")));
        assert_eq!(read_line(&mut input, 5).unwrap(), None);
        let mut buffer = LineBuffer::new(10);
        assert_eq!(buffer.feed(b"ab"), (2, None));
        assert_eq!(buffer.feed(b"c\nd"), (2, Some(text("abc"))));
        assert_eq!(buffer.finish(), None);
    }
}
