//! The replies only the games of the table give: `show options` with the
//! game's own switches.

use serde::Serialize;

use crate::command::{Orientation, OutputMode};
use crate::reply::{PlayerNames, ScoreInfo};
use plakoto_engine::search::SearchSettings;
use plakoto_rules::GameKind;
use plakoto_rules::tavli::Opening;

/// `show options` in a game other than Plakoto.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableOptionsInfo {
    /// The game played.
    pub game: GameKind,
    /// Its scoring (Portes: standard or triple).
    pub scoring: String,
    /// How a first game starts (P13).
    pub opening: String,
    /// Output mode.
    pub output: OutputMode,
    /// Board orientation.
    pub orientation: Orientation,
    /// Dice seed last set.
    pub seed: u64,
    /// The evaluator `hint` and `play` use.
    pub evaluator: String,
    /// The search settings.
    pub search: SearchSettings,
    /// The score.
    pub score: ScoreInfo,
    /// The players' names.
    pub players: PlayerNames,
}

impl TableOptionsInfo {
    /// The lines of text mode, in `show options`' order for Plakoto with
    /// the game first.
    pub fn text_lines(&self, score_line: String) -> Vec<String> {
        let mut lines = vec![
            format!("game {}", self.game),
            format!("scoring {}", self.scoring),
            format!("opening {}", self.opening),
            format!(
                "output {}",
                match self.output {
                    OutputMode::Text => "text",
                    OutputMode::Json => "json",
                }
            ),
            format!("orientation {}", self.orientation.word()),
            format!("seed {}", self.seed),
            format!("evaluator {}", self.evaluator),
        ];
        lines.extend(
            crate::options::option_lines(&self.search)
                .into_iter()
                .map(|(name, value)| format!("{name} {value}")),
        );
        lines.push(format!("player X name {}", self.players.x));
        lines.push(format!("player O name {}", self.players.o));
        lines.push(score_line);
        lines
    }
}

/// The opening rule's word.
pub(super) fn opening_word(opening: Opening) -> String {
    opening.to_string()
}
