//! `--records DIR` in a Tavli run: each finished match written as one
//! Tavli match record (records.md, "Tavli match records": `Game "tavli"`,
//! the sequence, who starts after a draw, every game's switches, and a
//! `Game N <kind>` line per game), `match-000012.txt`, atomically.
//!
//! Every match replays with
//! [`plakoto_records::record::Record::replay_tavli`], forfeits and games
//! stopped by the turn cap included: a forfeit scores the points written
//! (2 for a fault, what the winner needs for a forfeited match), a game
//! stopped by the cap scores nothing, as the runner scored them.

use std::path::Path;

use super::match_players::TavliGames;
use super::record::GameRecord;
use super::records_dir::{RecordsDirError, RunInfo, unit_path, unit_record};
use super::tavli_referee::Opening;
use plakoto_records::record::{Record, TavliHeader, write_atomic};
use plakoto_rules::tavli::{Opening as RecordOpening, TavliRules};

/// What a Tavli match record's header needs beyond the run.
#[derive(Clone, Debug)]
pub struct TavliRecordInfo {
    /// The match's target, sequence and starter after a draw.
    pub rules: TavliRules,
    /// The games' switches.
    pub games: TavliGames,
}

/// The Tavli match record of one match from its games (in game order).
pub fn tavli_match_record(
    run: &RunInfo,
    tavli: &TavliRecordInfo,
    games: &[&GameRecord],
) -> Result<Record, RecordsDirError> {
    let mut record = unit_record(run, games)?;
    let header = &mut record.header;
    header.match_length = tavli.rules.target;
    header.portes_scoring = tavli.games.portes.scoring;
    header.fevga_rules = tavli.games.fevga.rules;
    header.opening = match tavli.games.opening {
        Opening::Greek => RecordOpening::Greek,
        Opening::Western => RecordOpening::Western,
    };
    header.tavli = Some(TavliHeader {
        sequence: tavli.rules.sequence.clone(),
        after_draw: tavli.rules.after_draw,
        first_game: 1,
    });
    Ok(record)
}

/// Writes one finished match's Tavli match record into `dir`.
pub fn write_tavli_match(
    dir: &Path,
    run: &RunInfo,
    tavli: &TavliRecordInfo,
    games: &[&GameRecord],
) -> Result<(), RecordsDirError> {
    let Some(first) = games.first() else {
        return Ok(());
    };
    let record = tavli_match_record(run, tavli, games)?;
    std::fs::create_dir_all(dir).map_err(|source| RecordsDirError::CreateDir {
        path: dir.to_path_buf(),
        source,
    })?;
    let path = unit_path(dir, first.unit, true);
    write_atomic(&path, &record.to_string())
        .map_err(|source| RecordsDirError::Write { path, source })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::player::PlayerOptions;
    use crate::arena::tavli_match_runner::{TavliMatchSpec, run_tavli_matches};
    use plakoto_rules::Rules;

    #[test]
    fn tavli_match_records_replay_through_the_rules_core() {
        let spec = TavliMatchSpec {
            games: TavliGames::default(),
            rules: TavliRules::default(),
            a: "builtin:heuristic".into(),
            b: "builtin:pipcount".into(),
            seed: 5,
            turn_cap: 2_000,
            options: PlayerOptions::default(),
        };
        let mut records = Vec::new();
        run_tavli_matches(&spec, &[0, 1, 2, 3], 2, None, |r| {
            records.push(r);
            Ok(())
        })
        .unwrap();
        records.sort_by_key(|r| (r.unit, r.game));
        let run = RunInfo {
            a: spec.a.clone(),
            b: spec.b.clone(),
            rules: Rules::default(),
            match_to: Some(5),
            seed: 5,
            date: "2026-01-01".into(),
        };
        let info = TavliRecordInfo {
            rules: spec.rules.clone(),
            games: spec.games,
        };
        for unit in 0..4 {
            let games: Vec<&GameRecord> = records.iter().filter(|r| r.unit == unit).collect();
            let record = tavli_match_record(&run, &info, &games).unwrap();
            let text = record.to_string();
            assert!(
                text.contains("[Game \"tavli\"]") && text.contains("Game 2 plakoto"),
                "{text}"
            );
            let read: Record = text.parse().expect("the record reads back");
            let replay = read.replay_tavli().expect("the record replays");
            let last = games.last().unwrap();
            let winner = last.winner.unwrap().side(last.a_side);
            assert_eq!(replay.tavli.winner(), Some(winner));
            assert_eq!(replay.tavli.finished() as usize, games.len());
            let xo = if last.a_side == plakoto_rules::Side::X {
                last.score
            } else {
                [last.score[1], last.score[0]]
            };
            assert_eq!(replay.tavli.score(), xo.map(u32::from));
        }
    }
}
