//! The text report of an analysis (the JSON one is its serde form).

use super::tavli::TavliAnalysis;
use super::{Analysis, Mark, PlayerTotals, TurnAnalysis};

/// `1 ply`, `2 plies`.
pub(crate) fn plies(n: impl Into<u64>) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

fn signed(v: f32) -> String {
    format!("{v:+.3}")
}

/// One line a turn, a header line a game, then the players' totals.
pub fn text_lines(a: &Analysis) -> Vec<String> {
    let mut out = vec![format!(
        "analysis at {} ({}): {} game(s), {} turn(s){}",
        plies(a.plies),
        a.evaluator,
        a.games,
        a.turns.len(),
        scale_note(a)
    )];
    let mut game = 0;
    for t in &a.turns {
        if t.game != game {
            game = t.game;
            out.push(format!("game {game}"));
        }
        out.push(turn_line(t));
    }
    out.extend(a.players.iter().map(player_line));
    out
}

/// One turn's line: number, side, roll, play, its mark and loss, the best
/// play, the luck.
fn turn_line(t: &TurnAnalysis) -> String {
    let mut line = format!("{:>4} {} {:<10} {:<24}", t.turn, t.side, t.roll, t.played);
    if t.mark != Mark::None {
        line.push_str(&format!(
            " {:<2} {} (-{:.3}), best {}",
            t.mark.symbol(),
            t.mark.words(),
            t.loss,
            t.best
        ));
    } else if t.loss > 0.0 {
        line.push_str(&format!(" (-{:.3})", t.loss));
    }
    if let Some(m) = t.mwc_loss.filter(|m| *m > 0.0) {
        line.push_str(&format!(", mwc -{:.2}%", 100.0 * m));
    }
    if let Some(l) = t.luck {
        line.push_str(&format!("  luck {}", signed(l)));
    }
    line.trim_end().to_string()
}

/// The text report of a Tavli match: the first line, then each game (a
/// header line with its number, kind, score before it and result, a line
/// a turn, each player's totals in the game), then each player's totals
/// over the match.
pub fn tavli_lines(a: &TavliAnalysis) -> Vec<String> {
    let turns: usize = a.games.iter().map(|g| g.analysis.turns.len()).sum();
    let mut out = vec![format!(
        "analysis at {} ({}): Tavli match to {}, {} game(s), {} turn(s){}",
        plies(a.plies),
        a.evaluators().join(", "),
        a.match_length,
        a.games.len(),
        turns,
        TAVLI_SCALE_NOTE
    )];
    for g in &a.games {
        out.push(format!(
            "game {} {} (score X {} - O {}): {}",
            g.number,
            g.kind,
            g.score[0],
            g.score[1],
            super::chart::result_words(g.end())
        ));
        out.extend(g.analysis.turns.iter().map(turn_line));
        for p in &g.analysis.players {
            out.push(format!("  game {} {}", g.number, tavli_player_line(p)));
        }
    }
    for p in &a.players {
        out.push(format!("match {}", tavli_player_line(p)));
    }
    out
}

/// A player's totals in a Tavli report: [`player_line`] and the equity
/// lost in all.
fn tavli_player_line(p: &PlayerTotals) -> String {
    format!("{}, lost {:.3}", player_line(p), p.total_loss)
}

/// How a Tavli match's plays are valued, for its report's first line.
pub const TAVLI_SCALE_NOTE: &str = ": plays valued by match-winning chances from the Tavli match equity table, equities normalised";

/// A player's figures as the reports show them: who (`X (name)`), moves,
/// unforced moves, error rate, rating, doubtful, bad and very bad plays,
/// luck.
pub fn player_cells(p: &PlayerTotals) -> [String; 9] {
    [
        format!("{} ({})", p.side, p.name),
        p.moves.to_string(),
        p.unforced.to_string(),
        format!("{:.1}", p.error_rate),
        p.rating.to_string(),
        p.marks.doubtful.to_string(),
        p.marks.bad.to_string(),
        p.marks.very_bad.to_string(),
        format!("{:+.3}", p.luck),
    ]
}

/// A player's totals in one line.
pub fn player_line(p: &PlayerTotals) -> String {
    let [
        who,
        moves,
        unforced,
        rate,
        rating,
        doubtful,
        bad,
        very_bad,
        luck,
    ] = player_cells(p);
    let plural = if p.moves == 1 { "" } else { "s" };
    let mut line = format!(
        "{who}: {moves} move{plural}, {unforced} unforced, error rate {rate} mpp ({rating}), doubtful {doubtful}, bad {bad}, very bad {very_bad}, luck {luck}"
    );
    if let (Some(lost), Some(luck)) = (p.mwc_loss, p.luck_mwc) {
        line.push_str(&format!(
            ", mwc lost {:.2}%, luck {:+.2}% mwc",
            100.0 * lost,
            100.0 * luck
        ));
    }
    line
}

/// How the plays were valued, for a report's first line: nothing in money
/// play; in a match, by match-winning chances shown as normalised equity.
pub fn scale_note(a: &Analysis) -> String {
    if !a.tavli_kinds.is_empty() {
        format!("; Tavli match to {}{TAVLI_SCALE_NOTE}", a.match_length)
    } else if a.match_length == 0 {
        String::new()
    } else if !crate::record::own_match_table(a.game)
        && a.turns.iter().all(|t| t.played_mwc.is_none())
    {
        format!(
            "; match to {}: plays valued by equity (no match equity table for {})",
            a.match_length, a.game
        )
    } else {
        format!(
            "; match to {}: plays valued by match-winning chances, equities normalised",
            a.match_length
        )
    }
}
