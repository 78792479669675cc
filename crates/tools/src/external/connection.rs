//! One connection from GNU Backgammon: boards read up to each NUL, each
//! answered with one line (see the module doc of [`super`]), until gnubg
//! closes it. A board that cannot be read is answered `Error: …` and
//! logged; the connection goes on.

use std::io::{Read, Write};
use std::sync::Mutex;

use plakoto_protocol::command::{Command, TableCommand};
use plakoto_protocol::{Reply, Session};
use plakoto_rules::portes::FibsBoard;

use super::address::Stream;

/// Longest message read: a board is about 150 bytes; more without a NUL is
/// not gnubg talking.
const MAX_MESSAGE: usize = 4096;

/// The answer to one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The play, in gnubg's notation; empty when no checker can move.
    Play(String),
    /// Asked before rolling: roll (Portes never doubles).
    Roll,
    /// Doubled: take (Portes has no cube; the match goes on).
    Take,
    /// The board could not be read or played (the reason).
    Error(String),
}

impl std::fmt::Display for Answer {
    /// The line sent back, without its newline.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Play(play) => f.write_str(play),
            Answer::Roll => f.write_str("roll"),
            Answer::Take => f.write_str("take"),
            // gnubg shows a line that begins `Error: ` and stops the turn.
            Answer::Error(reason) => write!(f, "Error: {}", reason.replace('\n', " ")),
        }
    }
}

/// Answers one message of gnubg with `session` (set to Portes).
pub fn answer_board(session: &mut Session, message: &str) -> Answer {
    let text = message.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    let mut board: FibsBoard = match text.parse() {
        Ok(b) => b,
        Err(e) => return Answer::Error(format!("{e}")),
    };
    // gnubg 1.07 writes its player 0's name and score first and draws its
    // player 1 as the board's player (colour 1, O): the first score is X's,
    // not O's as FIBS has it. Swapped back, the board reads as FIBS's.
    std::mem::swap(&mut board.player_score, &mut board.opponent_score);
    std::mem::swap(&mut board.player, &mut board.opponent);
    let view = match board.view() {
        Ok(v) => v,
        Err(e) => return Answer::Error(format!("{e}")),
    };
    if view.doubled {
        return Answer::Take;
    }
    if view.dice.is_none() {
        return Answer::Roll;
    }
    // Typed commands, not protocol lines: a player's name may hold `#`.
    let set = Command::Table(TableCommand::SetFibsBoard(board.to_string()));
    if let Err(e) = session.apply(&set) {
        return Answer::Error(e.message);
    }
    match session.apply(&Command::Play(None)) {
        Ok(Reply::Played(info)) if info.play == "pass" => Answer::Play(String::new()),
        Ok(Reply::Played(info)) => Answer::Play(info.play),
        Ok(other) => Answer::Error(format!("unexpected reply to play: {other:?}")),
        Err(e) => Answer::Error(e.message),
    }
}

/// Serves one connection; returns how many boards it answered.
pub fn serve_connection(
    mut stream: Box<dyn Stream>,
    session: &mut Session,
    log: Option<&Mutex<std::fs::File>>,
) -> std::io::Result<usize> {
    let mut pending: Vec<u8> = Vec::new();
    let mut buf = [0u8; 1024];
    let mut boards = 0;
    loop {
        let n = match stream.read(&mut buf) {
            Ok(0) => return Ok(boards),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        pending.extend_from_slice(&buf[..n]);
        while let Some(end) = pending.iter().position(|&b| b == 0) {
            let message: Vec<u8> = pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&message[..end]).into_owned();
            let answer = answer_board(session, &text);
            boards += 1;
            let shown = text.trim();
            match &answer {
                Answer::Error(reason) => log::warn!("board '{shown}' refused: {reason}"),
                a => log::info!("board '{shown}': {a}"),
            }
            if let Some(file) = log
                && let Ok(mut file) = file.lock()
            {
                let _ = writeln!(file, "{shown}\t{answer}");
            }
            stream.write_all(format!("{answer}\n").as_bytes())?;
            stream.flush()?;
        }
        if pending.len() > MAX_MESSAGE {
            let answer = Answer::Error(format!(
                "no board ends within {MAX_MESSAGE} bytes (a board ends with a NUL)"
            ));
            log::warn!("{answer}");
            pending.clear();
            stream.write_all(format!("{answer}\n").as_bytes())?;
        }
    }
}
