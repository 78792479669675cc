//! `--html`: a self-contained report (no external files, scripts or
//! styles): the players' totals (in a match with the match-winning chances
//! the text report gives), a chart of X's equity over the games with their
//! boundaries and results, every turn in a table (a row per game's result,
//! a marked play's mark linking to its board), and the board at each
//! marked play with the played and the best play drawn as arrows. The boards are drawn by the
//! GUI's own drawing (`crates/records/assets/board.js` and `board.css`, embedded
//! here): checkers, pins and mothers look as on the page. The inline script
//! then marks the document as ready (`data-ready` on `<body>`, and a
//! `#report-ready` element), which the tests check in a headless browser.

use std::fmt::Write as _;

use super::table_arrows::{ArrowKind, Arrows};
use super::table_board::Marks;
use super::tavli::TavliAnalysis;
use super::{Analysis, Mark, TurnAnalysis};

/// The board drawing, shared with the browser board (`plakoto gui` serves
/// the same file to its page): the report draws its boards with it.
pub const BOARD_SCRIPT: &str = include_str!("../../assets/board.js");
/// The board drawing's style sheet.
pub const BOARD_STYLE: &str = include_str!("../../assets/board.css");

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A turn's figures as the report shows them: game, turn, side, roll,
/// played, mark, loss, best.
fn turn_cells(t: &TurnAnalysis) -> [String; 8] {
    [
        t.game.to_string(),
        t.turn.to_string(),
        t.side.to_string(),
        t.roll.clone(),
        t.played.clone(),
        t.mark.words().to_string(),
        format!("{:.3}", t.loss),
        t.best.clone(),
    ]
}

/// Table cells, escaped.
fn cells(values: &[String]) -> String {
    values
        .iter()
        .map(|v| format!("<td>{}</td>", esc(v)))
        .collect()
}

/// The whole HTML document.
pub fn report(a: &Analysis, title: &str) -> String {
    let mut h = head(title);
    body(&mut h, a, None);
    tail(&mut h);
    h
}

/// The whole HTML document of a Tavli match: the players' totals over the
/// match, then each game's kind, result and players' figures, then the
/// turns of every game (each game's boards drawn by its own game).
pub fn tavli_report(a: &TavliAnalysis, title: &str) -> String {
    let mut h = head(title);
    let combined = a.combined();
    body(&mut h, &combined, Some(a));
    tail(&mut h);
    h
}

/// The document's start, up to its title.
fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>{}</style></head>\n<body>\n<h1>{}</h1>\n",
        esc(title),
        [STYLE, BOARD_STYLE].concat(),
        esc(title)
    )
}

/// The board script, the ready mark and the document's end.
fn tail(h: &mut String) {
    h.push_str("<script>\n");
    h.push_str(BOARD_SCRIPT);
    h.push_str(DRAW);
    h.push_str("</script>\n");
    h.push_str(SCRIPT);
    h.push_str("</body></html>\n");
}

/// The games' table of a Tavli match: each game's number, kind, score
/// before it, result, and each player's equity lost and error rate.
fn tavli_games(h: &mut String, a: &TavliAnalysis) {
    h.push_str("<h2>Games</h2>\n<table class=\"games\"><tr><th>Game</th><th>Kind</th><th>Score</th><th>Result</th><th>X lost</th><th>X error rate (mpp)</th><th>X MWC lost</th><th>O lost</th><th>O error rate (mpp)</th><th>O MWC lost</th></tr>\n");
    for (index, g) in a.games.iter().enumerate() {
        let [x, o] = &g.analysis.players;
        let row = [
            format!("<a href=\"#game-{}\">{}</a>", index + 1, g.number),
            esc(g.kind.as_str()),
            format!("{}–{}", g.score[0], g.score[1]),
            esc(&super::chart::result_words(g.end())),
            format!("{:.3}", x.total_loss),
            format!("{:.1}", x.error_rate),
            x.mwc_loss.map_or(String::new(), |m| percent(m as f32)),
            format!("{:.3}", o.total_loss),
            format!("{:.1}", o.error_rate),
            o.mwc_loss.map_or(String::new(), |m| percent(m as f32)),
        ];
        let cells: String = row.iter().map(|c| format!("<td>{c}</td>")).collect();
        let _ = writeln!(
            h,
            "<tr class=\"tavli-game\" data-kind=\"{}\">{cells}</tr>",
            g.kind
        );
    }
    h.push_str("</table>\n");
}

/// The report of `a` after the title: the totals (a Tavli match's games
/// after them), the chart, the turns and the marked plays.
fn body(h: &mut String, a: &Analysis, tavli: Option<&TavliAnalysis>) {
    let _ = writeln!(
        h,
        "<p>Analysed at {} with the {} evaluator: {} game(s), {} turn(s){}.</p>",
        super::report::plies(a.plies),
        esc(&a.evaluator),
        a.games,
        a.turns.len(),
        super::report::scale_note(a)
    );
    // In a match the text report also gives match-winning chances: lost
    // per play and in all, and the luck in them.
    let in_match = a.players.iter().any(|p| p.mwc_loss.is_some());
    let mwc_heads = if in_match {
        "<th>MWC lost</th><th>Luck (MWC)</th>"
    } else {
        ""
    };
    let _ = writeln!(
        h,
        "<table class=\"totals\"><tr><th>Player</th><th>Moves</th><th>Unforced</th><th>Error rate (mpp)</th><th>Rating</th><th>Doubtful</th><th>Bad</th><th>Very bad</th><th>Luck</th>{mwc_heads}</tr>"
    );
    for p in &a.players {
        let mut row = super::report::player_cells(p).to_vec();
        if in_match {
            row.push(p.mwc_loss.map_or(String::new(), |m| percent(m as f32)));
            row.push(
                p.luck_mwc
                    .map_or(String::new(), |l| signed_percent(l as f32)),
            );
        }
        let _ = writeln!(h, "<tr>{}</tr>", cells(&row));
    }
    let _ = writeln!(
        h,
        "<p class=\"final\">{}</p>",
        esc(&super::chart::final_score_words(
            &a.game_ends,
            a.match_length
        ))
    );
    h.push_str("</table>\n");
    if let Some(tavli) = tavli {
        tavli_games(h, tavli);
    }
    let graph = if a.games > 1 { "the games" } else { "the game" };
    let _ = writeln!(h, "<h2>X's equity over {graph}</h2>");
    h.push_str(&super::chart::equity_chart(a));
    let _ = writeln!(
        h,
        "<h2>Turns</h2>\n<table class=\"turns\"><tr><th>Game</th><th>Turn</th><th>Side</th><th>Roll</th><th>Played</th><th>Mark</th><th>Loss</th><th>Best</th><th>Luck</th>{mwc_heads}</tr>"
    );
    let columns = if in_match { 11 } else { 9 };
    for game in 1..=a.games {
        let end = a.game_ends.get(game - 1).and_then(Option::as_ref);
        let _ = writeln!(
            h,
            "<tr class=\"game\" id=\"game-{game}\"><th colspan=\"{columns}\">Game {}: {}</th></tr>",
            game_title(a, tavli, game),
            esc(&super::chart::result_words(end))
        );
        for t in a.turns.iter().filter(|t| t.game == game) {
            let _ = writeln!(h, "{}", turn_row(t, in_match));
        }
    }
    h.push_str("</table>\n<h2>Marked plays</h2>\n");
    let marked: Vec<&TurnAnalysis> = a.turns.iter().filter(|t| t.mark != Mark::None).collect();
    if marked.is_empty() {
        h.push_str("<p>No play is marked.</p>\n");
    }
    for t in marked {
        let [game, turn, side, roll, played, mark, loss, best] = turn_cells(t).map(|c| esc(&c));
        let _ = writeln!(
            h,
            "<section class=\"marked\" id=\"{}\"><h3>Game {game}, turn {turn}: {side} to play {roll}</h3>\n<p>Played <b>{played}</b> ({mark}, lost {loss}); best <b>{best}</b>. <a href=\"#{}\">Back to the turn</a></p>",
            board_anchor(t),
            row_anchor(t)
        );
        if let Some([before, after]) = &t.boards {
            // A game of the table: drawn here, before and after the play
            // (in Portes a checker it hit shows on the bar). Before it, as
            // on Plakoto's boards, the dice, the best play and the one made;
            // after it, the play made.
            let draw = |board, caption: &str, marks: &Marks| {
                super::table_board::board_svg(board, a.kind_of(t.game), t.side, caption, marks)
            };
            let played_arrows = Arrows {
                play: &t.played,
                kind: ArrowKind::Played,
            };
            let mut before_arrows = vec![Arrows {
                play: &t.best,
                kind: ArrowKind::Best,
            }];
            if t.played != t.best {
                before_arrows.push(played_arrows);
            }
            let before_marks = Marks {
                dice: dice_of(&t.roll),
                arrows: before_arrows,
            };
            let after_marks = Marks {
                dice: None,
                arrows: vec![played_arrows],
            };
            let _ = writeln!(
                h,
                "<div class=\"diagram\">{}{}</div>\n<p class=\"legend\"><span class=\"key played\"></span>played {played} <span class=\"key best\"></span>best {best}</p>",
                draw(before, &format!("{side} to play {roll}"), &before_marks),
                draw(after, &format!("after {played}"), &after_marks)
            );
            let _ = writeln!(
                h,
                "<p class=\"ids\">{}:{}</p></section>",
                esc(&t.position_id),
                esc(&t.match_id)
            );
            continue;
        }
        // Drawn by the script below, from the Position ID (seen by the side
        // that played) and the plays.
        let _ = writeln!(
            h,
            "<div class=\"diagram\" data-position=\"{}\" data-side=\"{side}\" data-roll=\"{roll}\" data-played=\"{played}\" data-best=\"{best}\"></div>\n<p class=\"legend\"><span class=\"key played\"></span>played {played} <span class=\"key best\"></span>best {best}</p>",
            esc(&t.position_id)
        );
        let _ = writeln!(
            h,
            "<p class=\"ids\">{}:{}</p></section>",
            esc(&t.position_id),
            esc(&t.match_id)
        );
    }
}

/// The two dice of a roll written `6-5` (none for passed numbers).
fn dice_of(roll: &str) -> Option<[u8; 2]> {
    let (a, b) = roll.split_once('-')?;
    let die = |t: &str| t.parse::<u8>().ok().filter(|n| (1..=6).contains(n));
    Some([die(a)?, die(b)?])
}

/// A game's title in the turn table: its number (in a Tavli match its
/// number in the match and its kind).
fn game_title(a: &Analysis, tavli: Option<&TavliAnalysis>, game: usize) -> String {
    match tavli.and_then(|t| t.games.get(game - 1)) {
        Some(g) => format!("{} ({})", g.number, a.kind_of(game)),
        None => game.to_string(),
    }
}

/// The id of a turn's row in the turn table.
fn row_anchor(t: &TurnAnalysis) -> String {
    format!("turn-{}-{}", t.game, t.turn)
}

/// The id of a marked turn's board.
fn board_anchor(t: &TurnAnalysis) -> String {
    format!("board-{}-{}", t.game, t.turn)
}

/// `1.25%`.
fn percent(v: f32) -> String {
    format!("{:.2}%", 100.0 * v)
}

/// `+1.25%`.
fn signed_percent(v: f32) -> String {
    format!("{:+.2}%", 100.0 * v)
}

/// A turn's row of the turn table; a marked play's mark links to its board.
fn turn_row(t: &TurnAnalysis, in_match: bool) -> String {
    let class = match t.mark {
        Mark::None => "",
        Mark::Doubtful => " class=\"doubtful\"",
        Mark::Bad => " class=\"bad\"",
        Mark::VeryBad => " class=\"verybad\"",
    };
    let mut row: Vec<String> = turn_cells(t).iter().map(|c| esc(c)).collect();
    if t.mark != Mark::None {
        row[5] = format!("<a href=\"#{}\">{}</a>", board_anchor(t), row[5]);
    }
    row.push(t.luck.map_or(String::new(), |l| format!("{l:+.3}")));
    if in_match {
        let lost = t.mwc_loss.filter(|m| *m > 0.0);
        row.push(lost.map_or(String::new(), |m| format!("-{}", percent(m))));
        row.push(t.luck_mwc.map_or(String::new(), signed_percent));
    }
    let cells: String = row.iter().map(|c| format!("<td>{c}</td>")).collect();
    format!("<tr id=\"{}\"{class}>{cells}</tr>", row_anchor(t))
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}tr.doubtful{background:#fff7d6}tr.bad{background:#ffe0c0}tr.verybad{background:#ffc0c0}tr.game th{background:#eef3fa;text-align:left}:target{outline:2px solid #08519c}.ids{font-family:monospace;color:#555}.diagram svg{width:560px;max-width:100%;height:auto}.legend{font-size:13px}.legend .key{display:inline-block;width:22px;height:0;border-top:4px solid;vertical-align:middle;margin:0 4px 0 10px}.key.played{border-color:#ff5b4a;border-top-style:dashed}.key.best{border-color:#3ccf63}\n";

/// Draws each marked play's board (board.js): the position before the
/// play seen by its player, the dice, the best play (green) and the played
/// one (red, dashed; the same arrows when they are the same play).
const DRAW: &str = r#"
(function () {
  document.querySelectorAll('div.diagram[data-position]').forEach(function (d) {
    try {
      var side = d.dataset.side, ctx = { view: side, flip: false };
      var board = boardFromPositionId(d.dataset.position, side);
      var s = drawBoard(board, ctx);
      var dice = /^(\d)-(\d)$/.exec(d.dataset.roll);
      if (dice) s += die(598, MID, Number(dice[1]), '') + die(662, MID, Number(dice[2]), '');
      s += '<text class="turnlabel" x="630" y="' + (MID + 48) + '">' + escapeHtml(side + ' to play ' + d.dataset.roll) + '</text>';
      var plays = [{ play: d.dataset.best, side: side, cls: 'arrow r1', marker: 'head1', rank: 1 }];
      if (d.dataset.played !== d.dataset.best) plays.push({ play: d.dataset.played, side: side, cls: 'arrow played', marker: 'headPlayed' });
      s += drawArrows(plays, ctx);
      var cls = 'board';
      d.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" class="' + cls + '" viewBox="0 0 940 660">' + s + '</svg>';
    } catch (e) {
      d.textContent = 'board not drawn: ' + e;
    }
  });
})();
"#;

const SCRIPT: &str = "<script>\n(function(){var n=document.querySelectorAll('section.marked').length;var d=document.createElement('p');d.id='report-ready';d.textContent='report ready: '+n+' marked play(s)';document.body.appendChild(d);document.body.setAttribute('data-ready','yes');})();\n</script>\n";
