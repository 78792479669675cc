//! Helpers the protocol tests share: a command's reply, and a table game
//! set up with X on roll.

use plakoto_protocol::Session;

/// The reply's text (after `= ` or `? `, with its final blank line).
pub fn answer(session: &mut Session, line: &str) -> String {
    session.handle_line(line).expect("a command").text
}

/// X on roll with `dice` at `board` (board text, X's side first).
pub fn set_up(s: &mut Session, board: &str, dice: &str) {
    for line in [
        format!("set board {board}"),
        "set turn X".to_string(),
        format!("set dice {dice}"),
    ] {
        let reply = answer(s, &line);
        assert!(reply.starts_with("= "), "{line}: {reply}");
    }
}
