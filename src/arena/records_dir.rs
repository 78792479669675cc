//! `--records DIR`: every finished unit (a single game, or a match with
//! `--match-to`) written as a game record (records.md), one file each
//! (`game-000012.txt`, `match-000012.txt`), atomically.

use std::path::{Path, PathBuf};

use super::record::{Engine, GameRecord};
use super::referee::OutcomeKind;
use crate::game::{Rules, Side};
use crate::record::{
    Ending, GameEnd, Header, Record, RecordedGame, Start, parse_turn_text, write_atomic,
};

/// What a record header needs to know of the run.
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// Engine A's spec.
    pub a: String,
    /// Engine B's spec.
    pub b: String,
    /// Rules.
    pub rules: Rules,
    /// Match length, if matches are played.
    pub match_to: Option<u8>,
    /// The run's seed.
    pub seed: u64,
    /// The date written in headers.
    pub date: String,
}

/// The record of one unit from its games (in game order).
pub fn unit_record(run: &RunInfo, games: &[&GameRecord]) -> Result<Record, String> {
    let a_side = games.first().map_or(Side::X, |g| g.a_side);
    let (x, o) = if a_side == Side::X {
        (&run.a, &run.b)
    } else {
        (&run.b, &run.a)
    };
    let mut record = Record::new(Header {
        rules: run.rules.variant,
        scoring: run.rules.scoring,
        match_length: run.match_to.unwrap_or(0),
        x: x.clone(),
        o: o.clone(),
        date: Some(run.date.clone()),
        seed: Some(run.seed),
    });
    let by_side = |v: [u8; 2]| {
        [
            v[Engine::playing(Side::X, a_side).index()],
            v[Engine::playing(Side::O, a_side).index()],
        ]
    };
    let mut score = [0u8; 2];
    let mut previous_winner: Option<Side> = None;
    for g in games {
        let start = if g.opening.is_empty() {
            Start::Starter(
                previous_winner.ok_or("a game without opening roll and no previous winner")?,
            )
        } else {
            Start::Opening(g.opening.iter().map(|&(x, o)| [x, o]).collect())
        };
        let mut game = RecordedGame::new(score.map(u32::from), start);
        for m in &g.moves {
            if m.ends_with(": fault") {
                continue; // the fault is the game's result, not a play
            }
            game.turns
                .push(parse_turn_text(m).map_err(|e| format!("'{m}': {e}"))?);
        }
        let winner = g.winner.map(|w| w.side(a_side));
        let ending = match g.kind {
            OutcomeKind::Single => Ending::Single,
            OutcomeKind::Double => Ending::Double,
            OutcomeKind::Triple => Ending::Triple,
            OutcomeKind::Mother => Ending::Mother,
            OutcomeKind::Draw => Ending::Draw,
            OutcomeKind::Forfeit => Ending::Forfeit,
            OutcomeKind::Unfinished => Ending::Unfinished,
        };
        game.end = Some(GameEnd {
            ending,
            winner,
            points: g.points,
        });
        record.games.push(game);
        score = by_side(g.score);
        previous_winner = winner;
    }
    Ok(record)
}

/// The file a unit is written to.
pub fn unit_path(dir: &Path, unit: u64, matches: bool) -> PathBuf {
    let kind = if matches { "match" } else { "game" };
    dir.join(format!("{kind}-{unit:06}.txt"))
}

/// Writes one finished unit's record into `dir` (created if needed).
pub fn write_unit(dir: &Path, run: &RunInfo, games: &[&GameRecord]) -> Result<(), String> {
    let Some(first) = games.first() else {
        return Ok(());
    };
    let record = unit_record(run, games)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = unit_path(dir, first.unit, run.match_to.is_some());
    write_atomic(&path, &record.to_string())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
