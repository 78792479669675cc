//! A reply as the page gets it: already read by the protocol's framing
//! module ([`plakoto_protocol::framing`], through [`plakoto_protocol::client`]), so
//! that the page never parses `=`/`?` lines itself.
//!
//! `{"ok":true,"id":"7","lines":["plakoto"]}` for `=7 plakoto`, and
//! `{"ok":false,"id":null,"lines":["illegal_move: …"],"code":"illegal_move",
//! "message":"…"}` for `? illegal_move: …` (in JSON mode the code and
//! message are read from the payload's object). `lines` are the payload
//! lines: the first is the text after the mark and the id, the closing
//! empty line is not among them. A `?` reply whose code cannot be read has
//! no `code`. The relay's own refusals (no engine, a command holding a line
//! break, output that is not a reply) come in the same form, with the codes
//! `relay` and `framing`.

use serde::Serialize;

use plakoto_protocol::framing::Reply;

/// One reply to one command, typed for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PageReply {
    /// `=` (true) or `?` (false).
    pub(crate) ok: bool,
    /// The id echoed, as written.
    pub(crate) id: Option<String>,
    /// The payload lines.
    pub(crate) lines: Vec<String>,
    /// The error code of a `?` reply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<String>,
    /// The error message of a `?` reply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
}

impl PageReply {
    /// A failure the relay answers itself, in the form of a text-mode
    /// error reply (`code: message`).
    pub(crate) fn failed(code: &str, message: impl Into<String>) -> PageReply {
        let message = message.into();
        PageReply {
            ok: false,
            id: None,
            lines: vec![format!("{code}: {message}")],
            code: Some(code.to_string()),
            message: Some(message),
        }
    }
}

impl From<&Reply> for PageReply {
    fn from(reply: &Reply) -> PageReply {
        PageReply {
            ok: reply.ok,
            id: reply.id.clone(),
            lines: reply.payload.clone(),
            code: reply.error_code(),
            message: reply.error_message(),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn page(ok: bool, id: Option<&str>, payload: &[&str]) -> Value {
        let reply = Reply {
            ok,
            id: id.map(str::to_string),
            payload: payload.iter().map(|l| l.to_string()).collect(),
            truncated: false,
        };
        serde_json::to_value(PageReply::from(&reply)).unwrap()
    }

    #[test]
    fn successes_carry_their_id_and_payload_lines() {
        assert_eq!(
            page(true, Some("7"), &["plakoto"]),
            json!({"ok": true, "id": "7", "lines": ["plakoto"]})
        );
        assert_eq!(
            page(true, None, &["a", "b"]),
            json!({"ok": true, "id": null, "lines": ["a", "b"]})
        );
        // A bare `=`.
        assert_eq!(
            page(true, None, &[]),
            json!({"ok": true, "id": null, "lines": []})
        );
        // A JSON payload is passed as it is: reading it is the page's.
        let board = r#"{"reply":"name","name":"plakoto"}"#;
        assert_eq!(page(true, None, &[board])["lines"], json!([board]));
    }

    #[test]
    fn errors_carry_their_code_and_message() {
        assert_eq!(
            page(false, Some("3"), &["illegal_move: no checker on 19"]),
            json!({
                "ok": false, "id": "3", "lines": ["illegal_move: no checker on 19"],
                "code": "illegal_move", "message": "no checker on 19",
            })
        );
        let json_error = r#"{"reply":"error","code":"state","message":"no dice"}"#;
        let reply = page(false, None, &[json_error]);
        assert_eq!(
            (&reply["code"], &reply["message"]),
            (&json!("state"), &json!("no dice"))
        );
        // No code to read: the message is the line, and there is no code.
        let reply = page(false, None, &["something broke"]);
        assert_eq!(reply["message"], "something broke");
        assert!(reply.get("code").is_none(), "{reply}");
    }

    #[test]
    fn the_relays_own_failures_read_like_error_replies() {
        assert_eq!(
            serde_json::to_value(PageReply::failed("relay", "the engine is not running")).unwrap(),
            json!({
                "ok": false, "id": null, "lines": ["relay: the engine is not running"],
                "code": "relay", "message": "the engine is not running",
            })
        );
    }
}
