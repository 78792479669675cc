//! Writing replies for stdout: the framing (`=`/`?`, the echoed id, the
//! payload lines, the closing empty line) and the text or JSON payload.

use super::command::OutputMode;
use super::reply::{
    Candidate, Chances, MoveInfo, ProtoError, Reply, ResultInfo, ScoreInfo, SearchInfo, StepInfo,
    TableOptionsInfo, TurnInfo,
};
use plakoto_rules::ResultKind;

/// The complete reply to one command, closing empty line included.
/// `id` is echoed as the command wrote it (`007` stays `007`).
pub fn frame(id: Option<&str>, result: &Result<Reply, ProtoError>, mode: OutputMode) -> String {
    let (mark, lines) = match (result, mode) {
        (Ok(reply), OutputMode::Text) => ('=', text_lines(reply)),
        (Ok(reply), OutputMode::Json) => ('=', vec![json(reply)]),
        (Err(e), OutputMode::Text) => ('?', vec![format!("{}: {}", e.code.as_str(), e.message)]),
        (Err(e), OutputMode::Json) => ('?', vec![json(e)]),
    };
    let mut out = String::new();
    out.push(mark);
    if let Some(id) = id {
        out.push_str(id);
    }
    for (i, line) in lines.iter().enumerate() {
        out.push(if i == 0 { ' ' } else { '\n' });
        out.push_str(&clean(line));
    }
    out.push_str("\n\n");
    out
}

/// [`frame`] for a session playing `game`, a game of the table (`None`
/// for Plakoto): in JSON, a reply of a game of the table names its game
/// (`"game":"portes"`); Plakoto's replies are written exactly as before
/// there were other games.
pub fn frame_in_game(
    id: Option<&str>,
    result: &Result<Reply, ProtoError>,
    mode: OutputMode,
    game: Option<plakoto_rules::GameKind>,
) -> String {
    let (Some(game), Ok(reply), OutputMode::Json) = (game, result, mode) else {
        return frame(id, result, mode);
    };
    let mut value = serde_json::to_value(reply)
        .unwrap_or_else(|e| serde_json::json!({"error": "internal", "message": e.to_string()}));
    // A reply with a `game` field of its own (`show game`'s number) keeps
    // it: its record's header names the game.
    if let Some(object) = value.as_object_mut()
        && !object.contains_key("game")
    {
        object.insert("game".to_string(), serde_json::json!(game));
    }
    let mut out = String::from("=");
    if let Some(id) = id {
        out.push_str(id);
    }
    out.push(' ');
    out.push_str(&clean(&value.to_string()));
    out.push_str("\n\n");
    out
}

/// `show options` of a game other than Plakoto: Plakoto's lines with the
/// game first and the game's own switches.
fn table_options_lines(o: &TableOptionsInfo) -> Vec<String> {
    let mut lines = vec![format!("game {}", o.game), format!("scoring {}", o.scoring)];
    if let Some(switches) = &o.switches {
        // One line per switch, as `set` names it: `fevga.release past_start`.
        lines.extend(
            switches
                .split_whitespace()
                .map(|word| word.replacen('=', " ", 1)),
        );
    }
    lines.push(format!("opening {}", o.opening));
    lines.extend(session_option_lines(
        o.output,
        o.orientation,
        o.seed,
        &o.evaluator,
        &o.search,
        &o.players,
        &o.score,
    ));
    lines
}

/// The lines of `show options` every game shows after its own.
fn session_option_lines(
    output: super::command::OutputMode,
    orientation: super::command::Orientation,
    seed: u64,
    evaluator: &str,
    search: &plakoto_engine::game::SearchSettings,
    players: &super::reply::PlayerNames,
    score: &ScoreInfo,
) -> Vec<String> {
    let mut lines = vec![
        format!(
            "output {}",
            match output {
                super::command::OutputMode::Text => "text",
                super::command::OutputMode::Json => "json",
            }
        ),
        format!("orientation {}", orientation.word()),
        format!("seed {seed}"),
        format!("evaluator {evaluator}"),
    ];
    lines.extend(
        super::options::option_lines(search)
            .into_iter()
            .map(|(name, value)| format!("{name} {value}")),
    );
    lines.push(format!("player X name {}", players.x));
    lines.push(format!("player O name {}", players.o));
    lines.push(score_line(score));
    lines
}

/// Keeps a payload line on one line and never empty: control characters
/// (from echoed input) become `?`.
fn clean(line: &str) -> String {
    let cleaned: String = line
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if cleaned.trim().is_empty() {
        "-".to_string()
    } else {
        cleaned
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|e| format!("{{\"error\":\"internal\",\"message\":\"{e}\"}}"))
}

/// A single step as `legal steps` lists it: `24/18* (6)`.
fn step_text(step: &StepInfo) -> String {
    let to = if step.to == 0 {
        "off".to_string()
    } else {
        step.to.to_string()
    };
    let from = if step.from == 25 {
        "bar".to_string()
    } else {
        step.from.to_string()
    };
    let mark = if step.pins || step.hit { "*" } else { "" };
    format!("{from}/{to}{mark} ({})", step.die)
}

fn kind_words(kind: ResultKind) -> &'static str {
    match kind {
        ResultKind::Single => "a single game",
        ResultKind::Double => "a double game",
        ResultKind::Triple => "a triple game",
        ResultKind::Mother => "by mother",
        ResultKind::Draw => "a draw",
    }
}

fn result_line(r: &ResultInfo) -> String {
    match r.winner {
        None => "game over: draw, both mothers pinned (0 points)".into(),
        Some(w) => format!(
            "game over: {w} wins {}, {} point{}",
            kind_words(r.kind),
            r.points,
            if r.points == 1 { "" } else { "s" }
        ),
    }
}

fn score_line(s: &ScoreInfo) -> String {
    let length = if s.match_length == 0 {
        "unlimited session".to_string()
    } else {
        format!("match to {}", s.match_length)
    };
    let mut line = format!("score X {} O {} ({length})", s.x, s.o);
    if let Some(w) = s.match_winner {
        line.push_str(&format!(", {w} wins the match"));
    }
    if let Some(t) = &s.tavli {
        line.push_str(&format!(
            "; game {} {} of the tavli match",
            t.number, t.game
        ));
        if let Some(next) = t.next {
            line.push_str(&format!(", next {next}"));
        }
    }
    line
}

fn numbers_text(n: &[u8]) -> String {
    n.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn turn_line(t: &TurnInfo) -> String {
    match t {
        TurnInfo::Opening { on_roll } => {
            format!("opening roll not made (roll makes it; set dice lets {on_roll} start)")
        }
        TurnInfo::ToRoll { on_roll } => format!("{on_roll} to roll"),
        TurnInfo::Rolled {
            on_roll,
            dice,
            numbers,
        } => format!(
            "{on_roll} rolled {}-{}, to play {}",
            dice[0],
            dice[1],
            numbers_text(numbers)
        ),
        TurnInfo::Passed { on_roll, numbers } => format!(
            "{on_roll} to play the passed numbers {} before rolling",
            numbers_text(numbers)
        ),
        TurnInfo::Over { result } => match result {
            Some(r) => result_line(r),
            None => "game over".into(),
        },
    }
}

fn chances_line(c: &Chances) -> String {
    // Only the columns of the game's results (a Fevga line has no `t`,
    // `m` or `D`).
    let side = |total: f64, single: f64, double: f64, triple: f64, mother: f64| {
        let mut text = format!("{total:.4} (s {single:.4} d {double:.4}");
        if c.columns.triple {
            text.push_str(&format!(" t {triple:.4}"));
        }
        if c.columns.mother {
            text.push_str(&format!(" m {mother:.4}"));
        }
        text.push(')');
        text
    };
    let mut line = format!(
        "W {}  L {}",
        side(
            c.win,
            c.win_single,
            c.win_double,
            c.win_triple,
            c.win_mother
        ),
        side(
            c.lose,
            c.lose_single,
            c.lose_double,
            c.lose_triple,
            c.lose_mother
        )
    );
    if c.columns.draw {
        line.push_str(&format!("  D {:.4}", c.draw));
    }
    line
}

fn opening_line(opening: &[[u8; 2]]) -> Option<String> {
    if opening.is_empty() {
        return None;
    }
    let tries: Vec<String> = opening
        .iter()
        .map(|[x, o]| format!("X {x} O {o}"))
        .collect();
    let last = opening[opening.len() - 1];
    let starter = if last[0] > last[1] { "X" } else { "O" };
    Some(format!(
        "opening roll {}: {starter} starts",
        tries.join(", ")
    ))
}

fn move_lines(m: &MoveInfo) -> Vec<String> {
    let mut lines = vec![m.play.clone()];
    if let Some(p) = &m.passed {
        lines.push(format!(
            "{} passes the unused numbers {} to {} (R21)",
            m.side,
            numbers_text(p),
            m.side.other()
        ));
    }
    match &m.result {
        Some(r) => {
            lines.push(result_line(r));
            lines.push(score_line(&m.score));
        }
        None => lines.push(turn_line(&m.next)),
    }
    lines.push(format!("position {} match {}", m.position_id, m.match_id));
    lines.extend(m.next_game.iter().map(|n| n.text()));
    lines
}

/// What a search did, for hint headers: `2-ply heuristic, movefilter
/// normal`, with the time budget and a shortfall if any.
fn search_text(s: &SearchInfo) -> String {
    let mut text = format!(
        "{}-ply {}, movefilter {}",
        s.reached, s.evaluator, s.movefilter
    );
    if let Some(t) = s.time_ms {
        text.push_str(&format!(", time {t} ms"));
    }
    if s.stopped {
        text.push_str(&format!(
            " (stopped: {} of {} {})",
            s.reached,
            s.plies,
            if s.plies == 1 { "ply" } else { "plies" }
        ));
    } else if s.timed_out {
        text.push_str(&format!(
            " (time ran out: {} of {} {})",
            s.reached,
            s.plies,
            if s.plies == 1 { "ply" } else { "plies" }
        ));
    }
    text
}

/// Two lines a candidate: rank, play, equity, difference, how evaluated;
/// then the chances.
fn candidate_lines(lines: &mut Vec<String>, candidates: &[Candidate]) {
    for c in candidates {
        let mut line = format!(
            "{:>4}. {:<30} eq {:+.4} ({:+.4})  {}",
            c.rank, c.play, c.equity, c.difference, c.evaluation
        );
        if let Some(m) = c.mwc {
            line.push_str(&format!("  mwc {:.2}%", 100.0 * m));
        }
        lines.push(line);
        lines.push(format!("      {}", chances_line(&c.chances)));
    }
}

/// The text payload of a reply.
fn text_lines(reply: &Reply) -> Vec<String> {
    match reply {
        Reply::ProtocolVersion { version } => vec![version.to_string()],
        Reply::Name { name } => vec![name.clone()],
        Reply::Version { version } => vec![version.clone()],
        Reply::Commands { commands } => commands.clone(),
        Reply::Known { known } => vec![known.to_string()],
        Reply::Help { commands } => commands
            .iter()
            .map(|c| {
                let aliases = if c.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (also: {})", c.aliases.join(", "))
                };
                format!("{} - {}{aliases}", c.form, c.about)
            })
            .collect(),
        Reply::BoardText { boardtext } => vec![boardtext.clone()],
        Reply::Position { position, .. } => vec![position.clone()],
        Reply::Ready => vec!["readyok".into()],
        Reply::Bye => vec!["bye".into()],
        Reply::Stopped => vec!["stopped".into()],
        Reply::NewGame {
            score,
            opening,
            starts,
            rules,
            scoring,
        } => {
            let mut lines = vec![
                opening_line(opening)
                    .unwrap_or_else(|| format!("{starts} starts, as winner of the last game")),
            ];
            lines.push(format!(
                "new game: rules {rules}, scoring {scoring}; {starts} to roll"
            ));
            lines.push(score_line(score));
            lines
        }
        Reply::State {
            position_id,
            match_id,
            turn,
        } => vec![
            format!("position {position_id} match {match_id}"),
            turn_line(turn),
        ],
        Reply::Dice { opening, turn } => {
            let mut lines: Vec<String> = opening_line(opening).into_iter().collect();
            lines.push(turn_line(turn));
            lines
        }
        Reply::Seed { seed } => vec![format!("seed {seed}")],
        Reply::Output { output } => vec![format!(
            "output {}",
            match output {
                super::command::OutputMode::Text => "text",
                super::command::OutputMode::Json => "json",
            }
        )],
        Reply::Orientation { orientation } => vec![format!("orientation {}", orientation.word())],
        Reply::Moved(m) | Reply::Played(m) => move_lines(m),
        Reply::Hint {
            side,
            numbers,
            count,
            incomplete,
            search,
            candidates,
        } => {
            let mut lines = vec![if *incomplete {
                format!(
                    "{side} to play {}: best of {count} candidate plays (not every legal play: the list is capped); {}",
                    numbers_text(numbers),
                    search_text(search)
                )
            } else {
                format!(
                    "{side} to play {}: {count} legal play{}; {}",
                    numbers_text(numbers),
                    if *count == 1 { "" } else { "s" },
                    search_text(search)
                )
            }];
            candidate_lines(&mut lines, candidates);
            lines
        }
        Reply::Rollout {
            side,
            numbers,
            count,
            search,
            rollout,
            candidates,
        } => {
            let mut lines = vec![
                format!(
                    "{side} to play {}: rollout of the best {} of {count} candidate play{} ({})",
                    numbers_text(numbers),
                    candidates.len(),
                    if *count == 1 { "" } else { "s" },
                    search_text(search)
                ),
                format!(
                    "{} trials each, {}-ply {}, seed {}, luck adjustment {}",
                    match rollout.stopped_after {
                        Some(done) => format!("stopped after {done} of {}", rollout.trials),
                        None => rollout.trials.to_string(),
                    },
                    rollout.plies,
                    rollout.evaluator,
                    rollout.seed,
                    if rollout.luck_adjust { "on" } else { "off" }
                ),
            ];
            candidate_lines(&mut lines, candidates);
            lines
        }
        Reply::Setting { name, value } => vec![format!("{name} {value}")],
        Reply::Eval {
            side,
            chances,
            evaluation,
            timed_out,
            stopped,
            ..
        } => vec![
            format!(
                "{side} before rolling, {evaluation}{}: eq {:+.4}",
                if *stopped {
                    " (stopped)"
                } else if *timed_out {
                    " (time ran out)"
                } else {
                    ""
                },
                chances.equity
            ),
            chances_line(chances),
        ],
        Reply::Legal {
            count,
            count_exact,
            offset,
            incomplete,
            plays,
        } => {
            let shown = if plays.is_empty() {
                format!(", none shown from offset {offset}")
            } else if plays.len() == *count && *count_exact {
                String::new()
            } else {
                format!(", showing {}-{}", offset + 1, offset + plays.len())
            };
            let mut lines = vec![format!(
                "{}{count} legal play{}{shown}{}",
                if *count_exact { "" } else { "at least " },
                if *count == 1 { "" } else { "s" },
                if *incomplete {
                    " (incomplete: generation size limit reached)"
                } else {
                    ""
                }
            )];
            lines.extend(plays.iter().map(|p| p.play.clone()));
            lines
        }
        Reply::LegalSteps { next, can_end, .. } => {
            let mut lines: Vec<String> = next.iter().map(step_text).collect();
            lines.push(format!("can end: {}", if *can_end { "yes" } else { "no" }));
            lines
        }
        Reply::Board(board) | Reply::TableBoard(board) => board.text_lines(),
        Reply::PositionId { position_id } => vec![position_id.clone()],
        Reply::MatchId { match_id } => vec![match_id.clone()],
        Reply::Saved(r) => r.text_lines(),
        Reply::Loaded(r) => r.text_lines(),
        Reply::GameListing(r) => r.text_lines(),
        Reply::Analysis(a) => plakoto_records::analysis::report::text_lines(a),
        Reply::TavliAnalysis(a) => plakoto_records::analysis::report::tavli_lines(a),
        Reply::TableOptions(o) => table_options_lines(o),
        Reply::Tavli(t) => t.text_lines(),
        Reply::TableNewGame {
            game,
            score,
            opening,
            starts,
            scoring,
            opening_rule,
            dice,
        } => {
            let mut lines = vec![
                opening_line(opening)
                    .unwrap_or_else(|| format!("{starts} starts, as winner of the last game")),
            ];
            let turn = match dice {
                Some([a, b]) => format!("{starts} plays the opening dice {a} {b}"),
                None => format!("{starts} to roll"),
            };
            lines.push(format!(
                "new game {game}: scoring {scoring}, opening {opening_rule}; {turn}"
            ));
            lines.push(score_line(score));
            lines
        }
        Reply::Options(o) => {
            let mut lines = vec![
                format!("rules {}", o.rules),
                format!("scoring {}", o.scoring),
            ];
            lines.extend(session_option_lines(
                o.output,
                o.orientation,
                o.seed,
                &o.evaluator,
                &o.search,
                &o.players,
                &o.score,
            ));
            lines
        }
    }
}
