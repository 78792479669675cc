//! Statistics of a Tavli run (`--game tavli`): A's match-win rate with
//! its 95% interval, points per match, and the results of each game of
//! the sequence (games won, A's points per game).
//!
//! **Intervals.** The two matches of a duplicate pair share their dice
//! (as far as they stay in step), so the pairs, not the matches, are the
//! independent units: the main interval is the normal one over the pairs'
//! mean match-win values (1 a win, 0 a loss, ½ a match without winner),
//! as [`super::stats`] does for points per game. The Wilson interval,
//! treating every match as independent, is given beside it.

use std::collections::BTreeMap;

use super::fault::FaultKind;
use super::interval::{Moments, wilson95};
use super::record::{Contestant, GameRecord};
use plakoto_records::record::Ending;
use plakoto_rules::GameKind;

/// The results of one game of the sequence over the run.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameKindStats {
    /// Which game.
    pub game: GameKind,
    /// Games of it played.
    pub games: u64,
    /// Games A won (forfeits included).
    pub a_won: u64,
    /// Games B won.
    pub b_won: u64,
    /// Games without a winner (Plakoto draws, games stopped by the cap).
    pub no_winner: u64,
    /// A's net points in it.
    pub a_points: i64,
    /// A's points per game of it.
    pub ppg: f64,
}

/// The summary of a Tavli run's matches.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct TavliStats {
    /// Matches finished.
    pub matches: u64,
    /// Duplicate pairs with a finished match.
    pub pairs: u64,
    /// Matches A won.
    pub a_won: u64,
    /// Matches B won.
    pub b_won: u64,
    /// Matches that ended without a winner (both engines refused a game,
    /// or the cap of games per match).
    pub no_winner: u64,
    /// A's match-win rate (a match without winner counts ½).
    pub win_rate: f64,
    /// Half-width of the 95% interval of `win_rate` over duplicate pairs
    /// (`None` with fewer than two pairs).
    pub win_rate_ci95: Option<f64>,
    /// The 95% Wilson interval of `win_rate`, matches taken as
    /// independent (`None` without a match).
    pub win_rate_wilson95: Option<[f64; 2]>,
    /// Mean final match score of A and B.
    pub points_per_match: [f64; 2],
    /// Mean games per match.
    pub games_per_match: f64,
    /// Matches A and B forfeited by not playing a game (`unsupported_game`).
    pub forfeited_matches: [u64; 2],
    /// Each game of the sequence, in Tavli's order.
    pub per_game: Vec<GameKindStats>,
}

/// The Tavli statistics of `records` (sorted by unit and game), `None`
/// when they hold no game of a Tavli match.
pub fn tavli_stats(records: &[&GameRecord]) -> Option<TavliStats> {
    if !records.iter().any(|r| r.game_kind.is_some()) {
        return None;
    }
    let mut s = TavliStats::default();
    let mut per_game: BTreeMap<usize, GameKindStats> = BTreeMap::new();
    let mut pairs: BTreeMap<u64, (f64, u64)> = BTreeMap::new();
    let (mut points, mut games) = ([0u64; 2], 0u64);
    for r in records {
        if let Some(kind) = r.game_kind {
            let order = GameKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
            let k = per_game.entry(order).or_insert_with(|| GameKindStats {
                game: kind,
                games: 0,
                a_won: 0,
                b_won: 0,
                no_winner: 0,
                a_points: 0,
                ppg: 0.0,
            });
            k.games += 1;
            k.a_points += i64::from(r.a_points);
            match r.winner {
                Some(Contestant::A) => k.a_won += 1,
                Some(Contestant::B) => k.b_won += 1,
                None => k.no_winner += 1,
            }
        }
        games += 1;
        if let (Ending::Forfeit, Some(f)) = (r.kind, &r.fault)
            && f.kind == FaultKind::UnsupportedGame
        {
            s.forfeited_matches[f.engine.index()] += 1;
        }
        if !r.unit_over {
            continue;
        }
        s.matches += 1;
        let value = match r.score[0].cmp(&r.score[1]) {
            std::cmp::Ordering::Greater => {
                s.a_won += 1;
                1.0
            }
            std::cmp::Ordering::Less => {
                s.b_won += 1;
                0.0
            }
            std::cmp::Ordering::Equal => {
                s.no_winner += 1;
                0.5
            }
        };
        let pair = pairs.entry(r.pair()).or_default();
        pair.0 += value;
        pair.1 += 1;
        points[0] += u64::from(r.score[0]);
        points[1] += u64::from(r.score[1]);
    }
    for k in per_game.values_mut() {
        k.ppg = k.a_points as f64 / k.games as f64;
    }
    s.per_game = per_game.into_values().collect();
    s.pairs = pairs.len() as u64;
    if s.matches > 0 {
        let n = s.matches as f64;
        let wins = s.a_won as f64 + 0.5 * s.no_winner as f64;
        s.win_rate = wins / n;
        s.win_rate_wilson95 = wilson95(wins, s.matches);
        s.points_per_match = points.map(|p| p as f64 / n);
        s.games_per_match = games as f64 / n;
    }
    let mut per_pair = Moments::default();
    for (value, matches) in pairs.values() {
        per_pair.add(value / *matches as f64);
    }
    s.win_rate_ci95 = per_pair.ci95();
    Some(s)
}

impl TavliStats {
    /// `77.5% ± 3.1%` (without the interval while there is none).
    pub fn win_rate_text(&self) -> String {
        match self.win_rate_ci95 {
            Some(ci) => format!("{:.1}% ± {:.1}%", 100.0 * self.win_rate, 100.0 * ci),
            None => format!("{:.1}%", 100.0 * self.win_rate),
        }
    }

    /// The statistics as text for people (lines of the run's summary).
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut t = String::new();
        let interval = match (self.win_rate_ci95, self.win_rate_wilson95) {
            (Some(_), Some([lo, hi])) => format!(
                "95% CI over pairs; Wilson {:.1}%-{:.1}%",
                100.0 * lo,
                100.0 * hi
            ),
            (None, Some([lo, hi])) => format!(
                "no CI over pairs: it needs 2 pairs; Wilson {:.1}%-{:.1}%",
                100.0 * lo,
                100.0 * hi
            ),
            _ => "no match finished".to_string(),
        };
        let _ = writeln!(
            t,
            "Tavli matches {} ({} pair{}): A won {}, B won {}, no winner {}   A match-win rate {}   ({interval})",
            self.matches,
            self.pairs,
            if self.pairs == 1 { "" } else { "s" },
            self.a_won,
            self.b_won,
            self.no_winner,
            self.win_rate_text(),
        );
        let _ = writeln!(
            t,
            "points per match: A {:.2}  B {:.2}   games per match {:.2}   matches forfeited (unsupported_game): A {}  B {}",
            self.points_per_match[0],
            self.points_per_match[1],
            self.games_per_match,
            self.forfeited_matches[0],
            self.forfeited_matches[1],
        );
        let _ = writeln!(t, "game      games  A won  B won  no winner    A ppg");
        for k in &self.per_game {
            let _ = writeln!(
                t,
                "{:<8} {:>6} {:>6} {:>6} {:>10} {:>+8.3}",
                k.game.as_str(),
                k.games,
                k.a_won,
                k.b_won,
                k.no_winner,
                k.ppg
            );
        }
        t
    }
}
