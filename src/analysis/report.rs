//! The text report of an analysis (the JSON one is its serde form).

use super::{Analysis, Mark, PlayerTotals};

fn signed(v: f32) -> String {
    format!("{v:+.3}")
}

/// One line a turn, a header line a game, then the players' totals.
pub fn text_lines(a: &Analysis) -> Vec<String> {
    let mut out = vec![format!(
        "analysis at {} plies ({}): {} game(s), {} turn(s)",
        a.plies,
        a.evaluator,
        a.games,
        a.turns.len()
    )];
    let mut game = 0;
    for t in &a.turns {
        if t.game != game {
            game = t.game;
            out.push(format!("game {game}"));
        }
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
        if let Some(l) = t.luck {
            line.push_str(&format!("  luck {}", signed(l)));
        }
        out.push(line.trim_end().to_string());
    }
    out.extend(a.players.iter().map(player_line));
    out
}

/// A player's totals in one line.
pub fn player_line(p: &PlayerTotals) -> String {
    format!(
        "{} ({}): {} moves, {} unforced, error rate {:.1} mpp ({}), doubtful {}, bad {}, very bad {}, luck {:+.3}",
        p.side,
        p.name,
        p.moves,
        p.unforced,
        p.error_rate,
        p.rating,
        p.marks.doubtful,
        p.marks.bad,
        p.marks.very_bad,
        p.luck
    )
}
