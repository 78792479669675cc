//! The text form of a record (records.md): header lines, then each game
//! with its score, its start, one line a turn and its result. Modelled on
//! GNU Backgammon's exported match text, one turn a line. A Portes record
//! names its game (`; [Game "portes"]`), its scoring and its opening rule
//! in place of Plakoto's rules; a record without a game is Plakoto's.
//!
//! ```text
//! ; Plakoto game record, format 1
//! ; [Rules "standard"]
//! ; [Match "3"]
//! Game 1
//! Score X 0 O 0
//! Opening 3-5
//!   1 O 6-2: 24/18 24/22
//! Result O single 1
//! ```

use std::fmt;
use std::str::FromStr;

use super::HeaderFieldError;
use super::error::{RecordError, RecordErrorKind};
use super::{
    Ending, GameEnd, Header, Pending, RECORD_VERSION, Record, RecordedGame, Roll, Start, Turn,
};
use plakoto_rules::{GameKind, GameKindError, Plakoto, Portes, Side};

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
        if let Some(t) = &h.tavli {
            writeln!(f, "; Tavli match record, format {RECORD_VERSION}")?;
            writeln!(f, "; [Game {}]", quoted(TAVLI_GAME_WORD))?;
            writeln!(f, "; [Sequence {}]", quoted(&t.sequence.to_string()))?;
            writeln!(f, "; [AfterDraw {}]", quoted(t.after_draw.as_str()))?;
            if t.first_game != 1 {
                writeln!(f, "; [FirstGame {}]", quoted(&t.first_game.to_string()))?;
            }
            let (plakoto, games) = (h.games.get::<Plakoto>().rules, &h.games);
            writeln!(f, "; [Rules {}]", quoted(&plakoto.variant.to_string()))?;
            writeln!(f, "; [Scoring {}]", quoted(&plakoto.scoring.to_string()))?;
            let portes = super::games::portes::portes_scoring_word(games.get::<Portes>().scoring);
            writeln!(f, "; [PortesScoring {}]", quoted(portes))?;
            if let Some(switches) = games.switch_words() {
                writeln!(f, "; [Switches {}]", quoted(&switches))?;
            }
            writeln!(f, "; [Opening {}]", quoted(&h.opening.to_string()))?;
        } else {
            let title = super::header::game_title(h.game);
            writeln!(f, "; {title} game record, format {RECORD_VERSION}")?;
            for (key, value) in h.game_lines() {
                writeln!(f, "; [{key} {}]", quoted(&value))?;
            }
        }
        writeln!(f, "; [Match {}]", quoted(&h.match_length.to_string()))?;
        writeln!(f, "; [X {}]", quoted(&h.x))?;
        writeln!(f, "; [O {}]", quoted(&h.o))?;
        if let Some(d) = &h.date {
            writeln!(f, "; [Date {}]", quoted(d))?;
        }
        if let Some(s) = h.seed {
            writeln!(f, "; [Seed {}]", quoted(&s.to_string()))?;
        }
        for (i, g) in self.games.iter().enumerate() {
            writeln!(f)?;
            for line in game_lines(i + 1, g) {
                writeln!(f, "{line}")?;
            }
        }
        Ok(())
    }
}

/// The lines of game `number` (1-based) in the text form.
pub fn game_lines(number: usize, g: &RecordedGame) -> Vec<String> {
    let kind = g.kind.map_or_else(String::new, |k| format!(" {k}"));
    let mut out = vec![
        format!("Game {number}{kind}"),
        format!("Score X {} O {}", g.score[0], g.score[1]),
    ];
    out.push(match &g.start {
        Start::Opening(rolls) => {
            let mut line = "Opening".to_string();
            for [x, o] in rolls {
                line.push_str(&format!(" {x}-{o}"));
            }
            line
        }
        Start::Starter(side) => format!("Starts {side}"),
        Start::Position {
            position_id,
            on_roll,
            opening: false,
        } => format!("Position {position_id} {on_roll}"),
        Start::Position {
            position_id,
            on_roll,
            opening: true,
        } => format!("Position {position_id} {on_roll} opening"),
    });
    for (n, t) in g.turns.iter().enumerate() {
        out.push(format!("{:>3} {} {}: {}", n + 1, t.side, t.roll, t.play));
    }
    if let Some(p) = &g.pending {
        out.push(format!("{:>3} {} {}", g.turns.len() + 1, p.side, p.roll));
    }
    if let Some(end) = &g.end {
        out.push(end_line(end));
    }
    out
}

/// `Result X single 1`, `Result draw 0`, `Result unfinished 0`.
fn end_line(end: &GameEnd) -> String {
    match end.winner {
        Some(w) => format!("Result {w} {} {}", end.ending.as_str(), end.points),
        None => format!("Result {} {}", end.ending.as_str(), end.points),
    }
}

/// The `Game` header's value in a Tavli match record.
pub const TAVLI_GAME_WORD: &str = "tavli";

/// Header keys, as written.
const KEYS: [&str; 14] = [
    "Game",
    "Sequence",
    "AfterDraw",
    "FirstGame",
    "Rules",
    "Switches",
    "Scoring",
    "PortesScoring",
    "Opening",
    "Match",
    "X",
    "O",
    "Date",
    "Seed",
];

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut reader = Reader::default();
        for (i, raw) in text.lines().enumerate() {
            reader.line(i + 1, raw.trim())?;
        }
        reader.finish()
    }
}

/// The state of reading a text record line by line.
#[derive(Default)]
struct Reader {
    headers: Vec<(String, String, usize)>,
    header: Option<Header>,
    games: Vec<RecordedGame>,
    /// Whether the current game has had its score and start lines.
    has_score: bool,
    has_start: bool,
}

fn syntax(line: usize, what: impl Into<String>) -> RecordError {
    RecordError::at_line(line, RecordErrorKind::Syntax(what.into()))
}

impl Reader {
    fn line(&mut self, n: usize, line: &str) -> Result<(), RecordError> {
        if line.is_empty() {
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix(';') {
            let rest = rest.trim();
            if let Some(body) = rest.strip_prefix('[') {
                if self.header.is_some() || !self.games.is_empty() {
                    return Err(syntax(n, "header lines come before the first game"));
                }
                return self.header_line(n, body);
            }
            return Ok(()); // a comment
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "Game" => self.game_line(n, rest),
            _ if self.games.is_empty() => Err(syntax(
                n,
                format!("'{}' before the first 'Game' line", shorten(line)),
            )),
            "Score" => self.score_line(n, rest),
            "Opening" | "Starts" | "Position" => self.start_line(n, word, rest),
            "Result" => self.result_line(n, rest),
            _ if word.chars().all(|c| c.is_ascii_digit()) => self.turn_line(n, word, rest),
            _ => Err(syntax(n, format!("'{}'", shorten(line)))),
        }
    }

    fn header_line(&mut self, n: usize, body: &str) -> Result<(), RecordError> {
        let body = body
            .strip_suffix(']')
            .ok_or_else(|| syntax(n, "a header line ends with ']'"))?;
        let (key, value) = body
            .split_once(char::is_whitespace)
            .ok_or_else(|| syntax(n, "a header line is '; [Key \"value\"]'"))?;
        let value: String = serde_json::from_str(value.trim()).map_err(|_| {
            RecordError::at_line(
                n,
                RecordErrorKind::Header {
                    key: key.to_string(),
                    reason: format!("'{}' is not a quoted string", shorten(value)),
                },
            )
        })?;
        if !KEYS.contains(&key) || self.headers.iter().any(|(k, _, _)| k == key) {
            return Err(RecordError::at_line(
                n,
                RecordErrorKind::UnknownHeader(key.to_string()),
            ));
        }
        self.headers.push((key.to_string(), value, n));
        Ok(())
    }

    /// Builds the header from the header lines read (at the first game).
    fn build_header(&mut self, n: usize) -> Result<(), RecordError> {
        if self.header.is_some() {
            return Ok(());
        }
        let find = |key: &'static str| {
            self.headers
                .iter()
                .find(|(k, _, _)| k == key)
                .map(|(_, v, l)| (v.as_str(), *l))
        };
        let need = |key: &'static str| {
            find(key).ok_or_else(|| RecordError::at_line(n, RecordErrorKind::MissingHeader(key)))
        };
        let bad = super::tavli_text::bad_header;
        let tavli = find("Game").is_some_and(|(g, _)| g == TAVLI_GAME_WORD);
        // A header without a game names the default one (Plakoto's records
        // predate the others); a Tavli match's names none of its own.
        let game = match find("Game") {
            None => GameKind::default(),
            Some(_) if tavli => GameKind::default(),
            Some((g, l)) => g
                .parse()
                .map_err(|e: GameKindError| bad("Game", l, e.to_string()))?,
        };
        let mut header = Header {
            game,
            ..Header::default()
        };
        for key in ["Sequence", "AfterDraw", "FirstGame", "PortesScoring"] {
            if let (false, Some((_, l))) = (tavli, find(key)) {
                return Err(RecordError::at_line(
                    l,
                    RecordErrorKind::UnknownHeader(key.into()),
                ));
            }
        }
        if tavli {
            header.tavli = Some(super::tavli_text::read_tavli_header(&find, &mut header)?);
        } else {
            header.read_game_lines(&find).map_err(|e| match e {
                HeaderFieldError::Unknown { key, line } => {
                    RecordError::at_line(line, RecordErrorKind::UnknownHeader(key.into()))
                }
                HeaderFieldError::Missing(key) => {
                    RecordError::at_line(n, RecordErrorKind::MissingHeader(key))
                }
                HeaderFieldError::Bad { key, line, reason } => bad(key, line, reason),
            })?;
        }
        let (length, l) = need("Match")?;
        let match_length = length
            .parse::<u8>()
            .ok()
            .filter(|&m| m <= 127)
            .ok_or_else(|| bad("Match", l, format!("'{length}' is not a length 0-127")))?;
        let seed = match find("Seed") {
            None => None,
            Some((s, l)) => Some(
                s.parse::<u64>()
                    .map_err(|_| bad("Seed", l, format!("'{s}' is not a number")))?,
            ),
        };
        let header = Header {
            match_length,
            x: need("X")?.0.to_string(),
            o: need("O")?.0.to_string(),
            date: find("Date").map(|(d, _)| d.to_string()),
            seed,
            ..header
        };
        header.checked_rules().map_err(|e| {
            bad(
                "Scoring",
                find("Scoring").map_or(n, |(_, l)| l),
                e.to_string(),
            )
        })?;
        self.header = Some(header);
        Ok(())
    }

    fn game_line(&mut self, n: usize, rest: &str) -> Result<(), RecordError> {
        self.build_header(n)?;
        self.check_game_complete(n)?;
        let due = self.games.len() + 1;
        let (number, kind) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if number.parse::<usize>().ok() != Some(due) {
            return Err(syntax(
                n,
                format!("'Game {rest}' where 'Game {due}' is due"),
            ));
        }
        let tavli = self.header.as_ref().is_some_and(|h| h.tavli.is_some());
        let kind = super::tavli_text::read_game_kind(n, kind.trim(), tavli)?;
        self.games.push(RecordedGame {
            kind,
            line: n,
            ..RecordedGame::new([0, 0], Start::Opening(Vec::new()))
        });
        self.has_score = false;
        self.has_start = false;
        Ok(())
    }

    /// The previous game has its score and start lines.
    fn check_game_complete(&self, n: usize) -> Result<(), RecordError> {
        let incomplete = !(self.has_score && self.has_start);
        if !self.games.is_empty() && incomplete {
            return Err(syntax(
                n,
                "a game needs a 'Score' line and a start line ('Opening', 'Starts' or 'Position') before its turns",
            ));
        }
        Ok(())
    }

    fn current(&mut self) -> &mut RecordedGame {
        self.games.last_mut().expect("a game was started")
    }

    fn score_line(&mut self, n: usize, rest: &str) -> Result<(), RecordError> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let score = match words.as_slice() {
            ["X", x, "O", o] => x.parse::<u8>().ok().zip(o.parse::<u8>().ok()),
            _ => None,
        };
        let (x, o) = score.ok_or_else(|| syntax(n, "a score line is 'Score X <n> O <n>'"))?;
        if self.has_score || self.has_start {
            return Err(syntax(n, "'Score' comes once, right after 'Game'"));
        }
        self.current().score = [x.into(), o.into()];
        self.has_score = true;
        Ok(())
    }

    fn start_line(&mut self, n: usize, word: &str, rest: &str) -> Result<(), RecordError> {
        if !self.has_score || self.has_start {
            return Err(syntax(n, "the start line comes once, after 'Score'"));
        }
        let start = match word {
            "Opening" => {
                let rolls: Option<Vec<[u8; 2]>> = rest
                    .split_whitespace()
                    .map(|pair| {
                        let (x, o) = pair.split_once('-')?;
                        Some([x.parse().ok()?, o.parse().ok()?])
                    })
                    .collect();
                // `Opening` alone: a game that ended before its opening
                // roll (the arena's forfeit of an engine that could not
                // start it), as the writer writes it.
                match rolls {
                    Some(r) => Start::Opening(r),
                    None => {
                        return Err(syntax(
                            n,
                            "an opening line is 'Opening 3-5' (X's die-O's die, each pair rolled)",
                        ));
                    }
                }
            }
            "Starts" => Start::Starter(
                rest.parse::<Side>()
                    .map_err(|_| syntax(n, "a starter line is 'Starts X' or 'Starts O'"))?,
            ),
            _ => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let (id, side, opening) = match words.as_slice() {
                    [id, side] => (id, side, false),
                    [id, side, "opening"] => (id, side, true),
                    _ => {
                        return Err(syntax(
                            n,
                            "a position line is 'Position <Position ID> X|O [opening]'",
                        ));
                    }
                };
                Start::Position {
                    position_id: id.to_string(),
                    on_roll: side.parse::<Side>().map_err(|e| syntax(n, e.to_string()))?,
                    opening,
                }
            }
        };
        self.current().start = start;
        self.has_start = true;
        Ok(())
    }

    fn turn_line(&mut self, n: usize, number: &str, rest: &str) -> Result<(), RecordError> {
        self.check_game_complete(n)?;
        let game_no = self.games.len();
        let game = self.current();
        if game.pending.is_some() {
            return Err(syntax(
                n,
                "nothing follows the numbers waiting to be played (a turn line without its play)",
            ));
        }
        if game.end.is_some() {
            return Err(RecordError::at(
                n,
                game_no,
                game.turns.len() + 1,
                RecordErrorKind::AfterEnd("a turn after the game's result".into()),
            ));
        }
        let expected = game.turns.len() + 1;
        let found: usize = number.parse().unwrap_or(0);
        if found != expected {
            return Err(RecordError::at(
                n,
                game_no,
                expected,
                RecordErrorKind::TurnNumber { expected, found },
            ));
        }
        if !rest.contains(':') {
            let (side, roll) = parse_side_and_roll(rest).map_err(|e| syntax(n, e.to_string()))?;
            game.pending = Some(Pending {
                side,
                roll,
                line: n,
            });
            return Ok(());
        }
        let mut turn = parse_turn(rest).map_err(|e| syntax(n, e.to_string()))?;
        turn.line = n;
        game.turns.push(turn);
        Ok(())
    }

    fn result_line(&mut self, n: usize, rest: &str) -> Result<(), RecordError> {
        self.check_game_complete(n)?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (winner, ending, points) = match words.as_slice() {
            [side, ending, points] => (Some(*side), *ending, *points),
            [ending, points] => (None, *ending, *points),
            _ => return Err(syntax(n, "a result line is 'Result [X|O] <how> <points>'")),
        };
        let ending = Ending::from_word(ending)
            .ok_or_else(|| syntax(n, format!("'{ending}' is not a way a game ends")))?;
        let winner = winner
            .map(|w| w.parse::<Side>().map_err(|e| syntax(n, e.to_string())))
            .transpose()?;
        let points = points
            .parse::<u8>()
            .map_err(|_| syntax(n, format!("'{points}' is not a number of points")))?;
        if self.current().end.is_some() {
            return Err(syntax(n, "a game has one result line"));
        }
        if self.current().pending.is_some() {
            return Err(syntax(
                n,
                "a game with numbers waiting to be played has no result line",
            ));
        }
        self.current().result_line = n;
        self.current().end = Some(GameEnd {
            ending,
            winner,
            points,
        });
        Ok(())
    }

    fn finish(mut self) -> Result<Record, RecordError> {
        let last = self.headers.last().map_or(0, |h| h.2);
        self.build_header(last)?;
        if self.games.is_empty() {
            return Err(RecordError::at_line(0, RecordErrorKind::NoGames));
        }
        self.check_game_complete(self.games.last().map_or(0, |g| g.line))?;
        Ok(Record {
            header: self.header.expect("built above"),
            games: self.games,
        })
    }
}

/// The usage of a turn line.
const TURN_USAGE: &str = "a turn line is '<n> X|O <a>-<b>|passed <n…>: <play>' (without ': <play>' for numbers not played yet)";

/// Why a turn line does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnTextError {
    /// Not of the turn line's form (`TURN_USAGE`).
    #[error("{TURN_USAGE}")]
    Form,
    /// The side is neither X nor O.
    #[error(transparent)]
    Side(#[from] plakoto_rules::SideError),
}

/// `X 6-2: 24/18 24/22` or `O passed 3 3: 13/10(2)`.
fn parse_turn(rest: &str) -> Result<Turn, TurnTextError> {
    let (head, play) = rest.split_once(':').ok_or(TurnTextError::Form)?;
    let play = play.trim();
    if play.is_empty() {
        return Err(TurnTextError::Form);
    }
    let (side, roll) = parse_side_and_roll(head)?;
    Ok(Turn {
        side,
        roll,
        play: play.to_string(),
        line: 0,
    })
}

/// `X 6-2` or `O passed 3 3`: a turn's side and numbers.
fn parse_side_and_roll(head: &str) -> Result<(Side, Roll), TurnTextError> {
    let form = |_| TurnTextError::Form;
    let mut words = head.split_whitespace();
    let side: Side = words.next().ok_or(TurnTextError::Form)?.parse()?;
    let roll = match words.next().ok_or(TurnTextError::Form)? {
        "passed" => {
            let numbers: Result<Vec<u8>, _> = words.by_ref().map(str::parse::<u8>).collect();
            Roll::Passed(numbers.map_err(form)?)
        }
        dice => {
            let (a, b) = dice.split_once('-').ok_or(TurnTextError::Form)?;
            Roll::Dice([a.parse().map_err(form)?, b.parse().map_err(form)?])
        }
    };
    if words.next().is_some() {
        return Err(TurnTextError::Form);
    }
    Ok((side, roll))
}

/// A turn in the arena's move-list form (`X 6-2: 24/18 24/22`).
pub fn parse_turn_text(text: &str) -> Result<Turn, TurnTextError> {
    parse_turn(text)
}

fn shorten(s: &str) -> String {
    s.chars().take(40).collect()
}
