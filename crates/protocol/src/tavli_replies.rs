//! What the replies say of a Tavli match: where it stands (in the score
//! of every reply that carries one, and in `show board`), the game begun
//! when one ends (in `move` and `play`), and `show tavli`, whose lines
//! are also the commands that restore the match (protocol.md, "Hosting a
//! Tavli match").

use serde::Serialize;

use plakoto_rules::{GameKind, Side};

/// Where a Tavli match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TavliInfo {
    /// Points to win.
    pub target: u8,
    /// X's points.
    pub x: u32,
    /// O's points.
    pub o: u32,
    /// The game now played (once the match is won: the last game).
    pub game: GameKind,
    /// Its number in the match (1, 2, …).
    pub number: u32,
    /// The game after it; `None` once the match is won.
    pub next: Option<GameKind>,
    /// The match winner, once there is one (T4).
    pub winner: Option<Side>,
}

impl TavliInfo {
    /// `tavli match to 5: game 2 plakoto, next fevga`.
    pub fn text(&self) -> String {
        let mut line = format!(
            "tavli match to {}: X {} O {}, game {} {}",
            self.target, self.x, self.o, self.number, self.game
        );
        match (self.next, self.winner) {
            (_, Some(w)) => line.push_str(&format!(", {w} wins the match")),
            (Some(next), None) => line.push_str(&format!(", next {next}")),
            (None, None) => {}
        }
        line
    }
}

/// The game a Tavli match goes on with when a game ends (T1, T5–T7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NextGameInfo {
    /// The game.
    pub game: GameKind,
    /// Its number in the match.
    pub number: u32,
    /// Who starts it.
    pub starts: Side,
    /// The opening roll that decided it (X's die, O's die, each try);
    /// empty when the last winner (T6) or the drawn game's starter
    /// (`same_starter`, T7) starts.
    pub opening: Vec<[u8; 2]>,
    /// The dice the starter plays (the Western opening), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
}

impl NextGameInfo {
    /// `next game 2 plakoto: O starts, as winner of the last game`.
    pub fn text(&self) -> String {
        let how = match self.opening.last() {
            None => "without an opening roll".to_string(),
            Some(_) => {
                let rolls: Vec<String> = self
                    .opening
                    .iter()
                    .map(|[x, o]| format!("{x}-{o}"))
                    .collect();
                format!("after the opening roll {}", rolls.join(" "))
            }
        };
        format!(
            "next game {} {}: {} starts {how}",
            self.number, self.game, self.starts
        )
    }
}

/// `show tavli`: the switches and, in a match, where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TavliShow {
    /// `tavli.target`.
    pub target: u8,
    /// `tavli.sequence`, as written (`portes,plakoto,fevga`).
    pub sequence: String,
    /// `tavli.after_draw`.
    pub after_draw: String,
    /// The match, when one is played.
    #[serde(rename = "match")]
    pub state: Option<TavliInfo>,
    /// The commands that restore the match in another engine, followed
    /// by `set position` with `show position`'s answer (protocol.md).
    pub restore: Vec<String>,
}

impl TavliShow {
    /// The text lines.
    pub fn text_lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("tavli.target {}", self.target),
            format!("tavli.sequence {}", self.sequence),
            format!("tavli.after_draw {}", self.after_draw),
        ];
        match &self.state {
            Some(info) => lines.push(info.text()),
            None => lines.push("no tavli match ('new match N tavli' starts one)".into()),
        }
        lines.extend(self.restore.iter().map(|c| format!("restore: {c}")));
        lines
    }
}
