//! `legal steps` walked one step at a time in a game of the table, any
//! game: over the turns of a self-played game, the lines of steps it
//! offers end exactly on the plays `legal` lists.

use std::collections::BTreeSet;

use plakoto_protocol::Session;
use serde_json::Value;

/// A JSON reply's object.
fn json(s: &mut Session, line: &str) -> Value {
    let text = s.handle_line(line).expect("a command").text;
    let body = text
        .strip_prefix("= ")
        .unwrap_or_else(|| panic!("{line}: {text}"));
    serde_json::from_str(body.trim()).expect("a JSON reply")
}

/// A step of a JSON reply as the notation writes it: `bar/22`, `13/7*`,
/// `6/off`.
fn written(step: &Value) -> String {
    let from = match step["from"].as_u64().unwrap() {
        25 => "bar".to_string(),
        n => n.to_string(),
    };
    let to = match step["to"].as_u64().unwrap() {
        0 => "off".to_string(),
        n => n.to_string(),
    };
    let hit = if step["hit"] == Value::Bool(true) {
        "*"
    } else {
        ""
    };
    format!("{from}/{to}{hit}")
}

/// Walks the lines of steps `legal steps` offers from `made` (once from
/// each position and numbers left): each must end where the turn may end;
/// collects the positions reached there (the mover on roll).
fn walk(s: &mut Session, made: &str, ends: &mut BTreeSet<String>, seen: &mut BTreeSet<String>) {
    let reply = json(s, format!("legal steps {made}").trim_end());
    if !seen.insert(format!(
        "{} {}",
        reply["position_id"], reply["numbers_left"]
    )) {
        return;
    }
    let next = reply["next"].as_array().expect("next steps").clone();
    if reply["can_end"] == Value::Bool(true) {
        ends.insert(reply["position_id"].as_str().unwrap().to_string());
    }
    assert!(
        !next.is_empty() || reply["can_end"] == Value::Bool(true),
        "a dead end after '{made}'"
    );
    for step in next {
        walk(s, &format!("{made} {}", written(&step)), ends, seen);
    }
}

/// Plays `turns` turns of the session's game by the engine at 0 plies;
/// at each, the lines of steps walked from nothing end on as many
/// positions as `legal` lists plays.
pub fn walked_steps_reach_exactly_the_listed_plays(s: &mut Session, turns: usize) {
    json(s, "set output json");
    json(s, "set evaluation plies 0");
    json(s, "new game");
    let mut played = 0;
    while played < turns {
        let dice = json(s, "show dice");
        match dice["turn"]["state"].as_str() {
            Some("over") => {
                json(s, "new game");
                continue;
            }
            Some("rolled") => {}
            _ => {
                json(s, "roll");
                continue;
            }
        }
        let legal = json(s, "legal limit 1000");
        let count = legal["count"].as_u64().unwrap() as usize;
        let (mut ends, mut seen) = (BTreeSet::new(), BTreeSet::new());
        walk(s, "", &mut ends, &mut seen);
        assert_eq!(ends.len(), count, "turn {played}: {}", legal["plays"]);
        json(s, "play");
        played += 1;
    }
}
