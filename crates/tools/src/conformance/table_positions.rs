//! The positions `plakoto conformance --game portes|fevga` sets on an
//! engine: states of random games of the game played by the rules core
//! (the game's Position ID, gnubg's Match ID layout), taken with dice to
//! play and with a side to roll, in money play and in matches; and what
//! the rules core says of them (the results of the legal plays, a written
//! play resolved).

use std::collections::BTreeSet;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ToolsGame;
use plakoto_rules::tavli::{Opening, TableGame};
use plakoto_rules::{Dice, MatchScore, Phase, Side, TavliGame};

/// One position to set: the game state and its two IDs.
#[derive(Clone, Debug)]
pub struct TableSample<G: TavliGame> {
    /// The game, as the rules core holds it.
    pub table: TableGame<G>,
    /// Its Position ID.
    pub position_id: String,
    /// Its Match ID.
    pub match_id: String,
}

impl<G: ToolsGame> TableSample<G> {
    fn of(table: &TableGame<G>, length: u8, score: [u32; 2]) -> TableSample<G> {
        TableSample {
            table: table.clone(),
            position_id: table.game().position_id(table.position()),
            match_id: G::match_id(table, &MatchScore { length, score }),
        }
    }

    /// The position of `text` (the game's board text) with `dice` to play
    /// by X, in a single game; `None` when the text is no position.
    pub fn witness(game: G, text: &str, dice: [u8; 2]) -> Option<TableSample<G>> {
        let position = game.parse_board_text(text).ok()?;
        let mut table = TableGame::started_by(game, Opening::Greek, Side::X)
            .with_board(position)
            .ok()?;
        table.set_dice(Dice::new(dice[0], dice[1])?).ok()?;
        Some(TableSample::of(&table, 0, [0, 0]))
    }

    /// `P:M`, as `set position` takes it.
    pub fn pair(&self) -> String {
        format!("{}:{}", self.position_id, self.match_id)
    }

    /// Dice rolled: a play to make.
    pub fn to_play(&self) -> bool {
        self.table.dice().is_some()
    }

    /// Whether it is of the kind the report counts
    /// ([`ToolsGame::notable`]).
    pub fn notable(&self) -> bool {
        self.table.game().notable(self.table.position())
    }

    /// The positions every legal play leads to under `game` (the sample's
    /// own switches, or a switch variant's), as Position IDs.
    pub fn legal_results(&self, game: &G) -> BTreeSet<String> {
        let Some(dice) = self.table.dice() else {
            return BTreeSet::new();
        };
        let mut generator = game.generator();
        let mut list = G::PlayList::default();
        game.generate(&mut generator, self.table.position(), dice, &mut list);
        game.plays(&list)
            .iter()
            .map(|p| game.position_id(&game.after(p)))
            .collect()
    }

    /// The position a written play leads to under `game`, or why it names
    /// none.
    pub fn resolve(&self, game: &G, text: &str) -> Result<G::Position, String> {
        let dice = self.table.dice().ok_or("no dice")?;
        let position = self.table.position();
        let mut generator = game.generator();
        let mut list = G::PlayList::default();
        game.generate(&mut generator, position, dice, &mut list);
        game.resolve_play(position, dice, &list, text)
            .map(|play| game.after(&play))
            .map_err(|e| e.to_string())
    }
}

/// The plays written on a line of `legal` or `hint`: the words in the
/// game's notation (`bar/22`, `13/7*`, `6/off(2)`, `24/18/13`) or `pass`,
/// anything else (ranks, figures) left out.
pub fn play_words(line: &str) -> String {
    line.split_whitespace()
        .filter(|w| w.contains('/') || *w == "pass")
        .collect::<Vec<_>>()
        .join(" ")
}

/// `count` samples from random games of `G` seeded by `seed`: about half
/// with dice to play, the rest with a side to roll; one game in three a
/// match with a score.
pub fn table_samples<G: ToolsGame>(count: usize, seed: u64) -> Vec<TableSample<G>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let game = G::sample_game();
    let mut out = Vec::with_capacity(count);
    let mut generator = game.generator();
    let mut list = G::PlayList::default();
    while out.len() < count {
        let starter = if rng.gen_bool(0.5) { Side::X } else { Side::O };
        let mut table = TableGame::started_by(game, Opening::Greek, starter);
        let (length, score) = if rng.gen_range(0..3) == 0 {
            (5, [rng.gen_range(0..5), rng.gen_range(0..5)])
        } else {
            (0, [0, 0])
        };
        while table.phase() == Phase::Playing && out.len() < count {
            if rng.gen_range(0..4) == 0 {
                out.push(TableSample::of(&table, length, score));
            }
            if table.roll(&mut rng).is_err() {
                break;
            }
            if rng.gen_range(0..3) != 0 {
                out.push(TableSample::of(&table, length, score));
            }
            if table.legal_plays(&mut generator, &mut list).is_err() {
                break;
            }
            let Some(play) = game.plays(&list).choose(&mut rng).copied() else {
                break;
            };
            table.play(&play);
        }
    }
    out.truncate(count);
    out
}
