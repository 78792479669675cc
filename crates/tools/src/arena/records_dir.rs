//! `--records DIR`: every finished unit (a single game, or a match with
//! `--match-to`) written as a game record (records.md), one file each
//! (`game-000012.txt`, `match-000012.txt`), atomically, whatever the
//! game: [`unit_record`] writes the games, a [`RecordsHeader`] the header's
//! fields of the game played or of the Tavli match (in `tavli_records`).

use std::path::{Path, PathBuf};

use super::record::{Contestant, GameRecord};
use plakoto_records::record::{GameEnd, Header, Record, RecordedGame, Start, write_atomic};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::TavliGames;
use plakoto_rules::{Rules, Side};

/// Why a unit's record could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordsDirError {
    /// A match game after the first has no opening roll, so its starter is
    /// the last winner; there was none.
    #[error("a game without opening roll and no previous winner")]
    NoStarter,
    /// The directory could not be created.
    #[error("cannot create {}: {source}", .path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The record could not be written.
    #[error("cannot write {}: {source}", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

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

/// What a run's records' header names beyond what [`unit_record`] writes
/// from [`RunInfo`] (Plakoto's rules and scoring, the match's length): a
/// single game's kind, switches and opening (`TableRecords`, for every
/// game), or a Tavli match's sequence and every game's switches. A run
/// kind, not a game: used as `&dyn` because the run picks one at its start.
pub trait RecordsHeader {
    /// Writes the game's fields into `header`.
    fn write_header(&self, header: &mut Header);
}

/// The record of one unit of `game` from its games (in game order).
pub fn game_unit_record(
    run: &RunInfo,
    game: &dyn RecordsHeader,
    games: &[&GameRecord],
) -> Result<Record, RecordsDirError> {
    let mut record = unit_record(run, games)?;
    game.write_header(&mut record.header);
    Ok(record)
}

/// The record of one unit from its games (in game order), its header
/// Plakoto's ([`game_unit_record`] for any game).
pub fn unit_record(run: &RunInfo, games: &[&GameRecord]) -> Result<Record, RecordsDirError> {
    let a_side = games.first().map_or(Side::X, |g| g.a_side);
    let (x, o) = if a_side == Side::X {
        (&run.a, &run.b)
    } else {
        (&run.b, &run.a)
    };
    let mut record = Record::new(Header {
        games: TavliGames::default().with(Plakoto::new(run.rules)),
        match_length: run.match_to.unwrap_or(0),
        x: x.clone(),
        o: o.clone(),
        date: Some(run.date.clone()),
        seed: Some(run.seed),
        ..Header::default()
    });
    let by_side = |v: [u8; 2]| {
        [
            v[Contestant::playing(Side::X, a_side).index()],
            v[Contestant::playing(Side::O, a_side).index()],
        ]
    };
    let mut score = [0u8; 2];
    let mut previous_winner: Option<Side> = None;
    for g in games {
        // Without an opening roll the last winner starts (R19, T6), or,
        // after a Tavli draw under `same_starter` (T7), the side that
        // played first; a game that ended before its opening roll (an
        // engine, or both, failed to start it: a forfeit, or no result)
        // keeps an opening of no roll.
        let starter = previous_winner.or_else(|| g.moves.first().map(|t| t.side));
        let start = match (g.opening.is_empty(), starter) {
            (false, _) => Start::Opening(g.opening.iter().map(|&(x, o)| [x, o]).collect()),
            (true, Some(side)) => Start::Starter(side),
            (true, None) if g.moves.is_empty() => Start::Opening(Vec::new()),
            (true, None) => return Err(RecordsDirError::NoStarter),
        };
        let mut game = RecordedGame::new(score.map(u32::from), start);
        // A Tavli match's games name their kind (`Game 2 plakoto`).
        game.kind = g.game_kind;
        // A fault is the game's ending, not a play: `record_turn` skips it.
        game.turns
            .extend(g.moves.iter().filter_map(|t| t.record_turn()));
        let winner = g.winner.map(|w| w.side(a_side));
        game.end = Some(GameEnd {
            ending: g.kind,
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

/// Writes one finished unit's record of `game` into `dir` (created if
/// needed): `game-…` for a single game, `match-…` when the run plays
/// matches (`--match-to`, Tavli's target included).
pub fn write_unit(
    dir: &Path,
    run: &RunInfo,
    game: &dyn RecordsHeader,
    games: &[&GameRecord],
) -> Result<(), RecordsDirError> {
    let Some(first) = games.first() else {
        return Ok(());
    };
    let record = game_unit_record(run, game, games)?;
    std::fs::create_dir_all(dir).map_err(|source| RecordsDirError::CreateDir {
        path: dir.to_path_buf(),
        source,
    })?;
    let path = unit_path(dir, first.unit, run.match_to.is_some());
    write_atomic(&path, &record.to_string())
        .map_err(|source| RecordsDirError::Write { path, source })
}
