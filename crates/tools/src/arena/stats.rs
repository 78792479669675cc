//! Statistics over finished games: A's points per game with a 95%
//! confidence interval, results by kind, faults, time per move.
//!
//! **Confidence interval.** Games of one duplicate pair share their dice,
//! with the engines swapped, so the luck of the dice largely cancels
//! within a pair and the two games are not independent. The pairs are
//! independent: the interval is `1.96 · sd / √n` over the `n` pairs'
//! points per game (normal approximation). For comparison, the summary also
//! gives the interval computed as if every game were independent
//! (`ci95_per_game`); with duplicate dice the pair interval is usually the
//! narrower, honest one.

use std::collections::BTreeMap;

use super::counts::{KindCounts, StarterCounts};
use super::fault::FaultKind;
use super::record::{Contestant, FaultRecord, GameRecord};
use plakoto_records::record::Ending;
use plakoto_rules::ResultKind;

use super::interval::Moments;

/// One fault, where it happened.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FaultEntry {
    /// Unit (game or match index).
    pub unit: u64,
    /// Game within the match.
    pub game: u32,
    /// The fault.
    #[serde(flatten)]
    pub fault: FaultRecord,
}

/// Match results, when games are played in matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MatchCounts {
    /// Matches finished.
    pub matches: u64,
    /// Matches A won.
    pub a_won: u64,
    /// Matches B won.
    pub b_won: u64,
}

/// The summary of a run (or of the games finished so far).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Games counted.
    pub games: u64,
    /// Duplicate pairs with at least one game.
    pub pairs: u64,
    /// A's total points.
    pub a_points: i64,
    /// A's points per game.
    pub ppg: f64,
    /// Half-width of the 95% interval of `ppg`, over duplicate pairs
    /// (`None` with fewer than two pairs).
    pub ci95: Option<f64>,
    /// The same, treating games as independent.
    pub ci95_per_game: Option<f64>,
    /// A's wins by kind.
    pub a_wins: KindCounts,
    /// B's wins by kind.
    pub b_wins: KindCounts,
    /// Draws (both mothers pinned).
    pub draws: u64,
    /// Games stopped by the turn cap (or with both engines failing).
    pub unfinished: u64,
    /// Games counted by how they ended, whoever won.
    pub kinds: BTreeMap<&'static str, u64>,
    /// Mean milliseconds per decision of A and B (forced plays excluded).
    pub ms_per_move: [Option<f64>; 2],
    /// Fault counts of A and B by kind.
    pub fault_counts: [BTreeMap<FaultKind, u64>; 2],
    /// Every fault.
    pub faults: Vec<FaultEntry>,
    /// Match results (with `--match-to`).
    pub matches: Option<MatchCounts>,
    /// Results by who started each game, whichever engine it was.
    pub by_starter: StarterCounts,
    /// Tavli matches (`--game tavli`): match-win rate with its interval,
    /// points per match, results per game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tavli: Option<super::tavli_stats::TavliStats>,
}

/// Computes the summary of `records` (in any order: they are sorted so the
/// result is the same however the games were scheduled).
pub fn summarize<'a>(records: impl IntoIterator<Item = &'a GameRecord>, matches: bool) -> Summary {
    let mut records: Vec<&GameRecord> = records.into_iter().collect();
    records.sort_by_key(|r| (r.unit, r.game));
    let mut s = Summary::default();
    for kind in Ending::all() {
        s.kinds.insert(kind.as_str(), 0);
    }
    let mut pairs: BTreeMap<u64, (i64, u64)> = BTreeMap::new();
    let mut think = [0.0f64; 2];
    let mut decisions = [0u64; 2];
    let mut match_counts = MatchCounts::default();
    let mut per_game = Moments::default();
    for r in &records {
        s.games += 1;
        s.a_points += i64::from(r.a_points);
        per_game.add(f64::from(r.a_points));
        let p = pairs.entry(r.pair()).or_default();
        p.0 += i64::from(r.a_points);
        p.1 += 1;
        *s.kinds.entry(r.kind.as_str()).or_default() += 1;
        s.by_starter.add(r);
        match (r.winner, r.kind) {
            (Some(Contestant::A), k) => s.a_wins.add(k),
            (Some(Contestant::B), k) => s.b_wins.add(k),
            (None, Ending::Board(ResultKind::Draw)) => s.draws += 1,
            (None, _) => s.unfinished += 1,
        }
        for e in 0..2 {
            think[e] += r.think_ms[e];
            decisions[e] += u64::from(r.decisions[e]);
        }
        if let Some(f) = &r.fault {
            *s.fault_counts[f.engine.index()].entry(f.kind).or_default() += 1;
            s.faults.push(FaultEntry {
                unit: r.unit,
                game: r.game,
                fault: f.clone(),
            });
        }
        if matches && r.unit_over {
            match_counts.matches += 1;
            if r.score[0] > r.score[1] {
                match_counts.a_won += 1;
            } else if r.score[1] > r.score[0] {
                match_counts.b_won += 1;
            }
        }
    }
    s.pairs = pairs.len() as u64;
    if s.games > 0 {
        s.ppg = s.a_points as f64 / s.games as f64;
    }
    let mut per_pair = Moments::default();
    for (points, games) in pairs.values() {
        per_pair.add(*points as f64 / *games as f64);
    }
    s.ci95 = per_pair.ci95();
    s.ci95_per_game = per_game.ci95();
    for e in 0..2 {
        s.ms_per_move[e] = (decisions[e] > 0).then(|| think[e] / decisions[e] as f64);
    }
    if matches {
        s.matches = Some(match_counts);
    }
    s.tavli = super::tavli_stats::tavli_stats(&records);
    s
}

impl Summary {
    /// `+0.123 ± 0.045` (or without the interval when there is none yet).
    pub fn ppg_text(&self) -> String {
        match self.ci95 {
            Some(ci) => format!("{:+.3} ± {:.3}", self.ppg, ci),
            None => format!("{:+.3}", self.ppg),
        }
    }

    /// The summary as text for people.
    pub fn to_text(&self, a: &str, b: &str) -> String {
        use std::fmt::Write;
        let mut t = String::new();
        let _ = writeln!(t, "A: {a}");
        let _ = writeln!(t, "B: {b}");
        // An interval needs two pairs (two games per game): say so
        // rather than name an interval with no value.
        let interval = match (self.ci95, self.ci95_per_game) {
            (Some(_), Some(g)) => format!("95% CI over pairs; per-game CI ± {g:.3}"),
            (Some(_), None) => "95% CI over pairs".to_string(),
            (None, Some(g)) => format!("no CI over pairs: it needs 2 pairs; per-game CI ± {g:.3}"),
            (None, None) => "no CI: it needs 2 games".to_string(),
        };
        // In matches the duplicate units are the matches: a pair is two
        // matches (of however many games), not two games.
        let _ = writeln!(
            t,
            "games {} ({} duplicate pair{}{})   A points {:+}   ppg {}   ({interval})",
            self.games,
            self.pairs,
            if self.pairs == 1 { "" } else { "s" },
            if self.matches.is_some() {
                " of matches"
            } else {
                ""
            },
            self.a_points,
            self.ppg_text(),
        );
        let row = |k: &KindCounts| {
            format!(
                "{:>6} {:>6} {:>6} {:>6} {:>6} {:>7}",
                k.single,
                k.double,
                k.triple,
                k.mother,
                k.forfeit,
                k.total()
            )
        };
        let _ = writeln!(t, "          single double triple mother forfeit  total");
        let _ = writeln!(t, "A wins  {}", row(&self.a_wins));
        let _ = writeln!(t, "B wins  {}", row(&self.b_wins));
        let _ = writeln!(t, "draws {}   unfinished {}", self.draws, self.unfinished);
        let _ = writeln!(t, "by starter: {}", self.by_starter.to_text());
        if let Some(m) = &self.matches {
            let _ = writeln!(
                t,
                "matches {}: A won {}, B won {}",
                m.matches, m.a_won, m.b_won
            );
        }
        if let Some(tavli) = &self.tavli {
            t.push_str(&tavli.to_text());
        }
        let ms = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.4} ms"));
        let _ = writeln!(
            t,
            "mean time per move: A {}   B {}",
            ms(self.ms_per_move[0]),
            ms(self.ms_per_move[1])
        );
        if self.faults.is_empty() {
            let _ = writeln!(t, "faults: none");
        } else {
            let _ = writeln!(t, "faults: {}", self.faults.len());
            for f in &self.faults {
                let _ = writeln!(
                    t,
                    "  unit {} game {}: {} {}: {}",
                    f.unit, f.game, f.fault.engine, f.fault.kind, f.fault.message
                );
            }
        }
        t
    }
}
