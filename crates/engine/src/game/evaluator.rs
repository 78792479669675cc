//! The evaluator trait of the game layer: the Plakoto-only
//! [`Evaluator`](crate::eval::Evaluator) made generic over the game, so a
//! search written once rates any game's positions.

use plakoto_rules::TavliGame;
use plakoto_rules::tavli::ToPlay;

use crate::eval::Probabilities;
use crate::eval::exact::ExactDatabase;
use crate::eval::leaf_cache::hash_of;

/// How far a search may cut a turn's plays inside its tree (never at its
/// root), for a game whose turns can have too many plays to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayBounds {
    /// Most plays generated for one turn
    /// ([`SearchSettings::inner_max_plays`](super::SearchSettings::inner_max_plays)).
    pub max_plays: usize,
    /// Positions kept after each stage of a turn played in stages
    /// ([`SearchSettings::express_beam`](super::SearchSettings::express_beam)).
    pub beam: usize,
}

/// Something that rates positions of the game `G`. Shared between the
/// threads of a search, hence `Send + Sync`.
///
/// Every method takes the game value: it carries the variant switches
/// (Plakoto's rules, Portes' scoring) that an evaluation may depend on.
pub trait GameEvaluator<G: TavliGame>: Send + Sync {
    /// A short name shown in hints ("heuristic", "pipcount", …).
    fn name(&self) -> &str;

    /// The name with the identity of its parameters, as `bench eval`
    /// reports it (Plakoto's net: `net 3318971f`, the weights' short
    /// hash); the name by default.
    fn identity(&self) -> String {
        self.name().to_string()
    }

    /// [`Self::identity`] of what rates positions of `game` (Plakoto's net
    /// has its own weights for Express), as `show options` names it.
    fn identity_in(&self, _game: &G) -> String {
        self.identity()
    }

    /// The arithmetic a net evaluates with, as `bench eval` reports it
    /// (the integer kernels' instruction set, or `f32`); `-` for an
    /// evaluator without a net (the default).
    fn kernel_name(&self) -> String {
        "-".to_string()
    }

    /// Outcome probabilities for the side on roll of `position`, before it
    /// rolls, in a game that is not over (a finished game is scored by
    /// [`crate::eval::terminal_probabilities`] instead).
    fn evaluate(&self, game: &G, position: &G::Position) -> Probabilities;

    /// The exact value of `position` (side on roll, game not over) when an
    /// exact endgame database this evaluator uses covers it, and which
    /// database; the search then marks the value exact and never searches
    /// below it. The default knows no database.
    fn exact_value(
        &self,
        _game: &G,
        _position: &G::Position,
    ) -> Option<(Probabilities, ExactDatabase)> {
        None
    }

    /// The value of `position` (side on roll, game not over) from the
    /// exact race table this evaluator uses, if it covers it: where a
    /// rollout with `race_exact` stops playing a game out (a race ends in
    /// a bear-off the table knows exactly; other databases, such as a pin
    /// endgame's, are left to the play). The default is
    /// [`Self::exact_value`] when its database is the race table.
    fn race_value(&self, game: &G, position: &G::Position) -> Option<Probabilities> {
        self.exact_value(game, position)
            .filter(|(_, database)| *database == ExactDatabase::Race)
            .map(|(p, _)| p)
    }

    /// Evaluates many positions at once (what would make a net fast); the
    /// default evaluates one by one. `out` is cleared first and holds one
    /// value a position, in order.
    fn evaluate_batch(&self, game: &G, positions: &[G::Position], out: &mut Vec<Probabilities>) {
        out.clear();
        out.extend(positions.iter().map(|p| self.evaluate(game, p)));
    }

    /// [`Self::evaluate_batch`] of positions the caller has already looked
    /// up with [`Self::exact_value`], finding none: an evaluator may skip
    /// its own lookup (a search rates every play's position that way
    /// first). The default is [`Self::evaluate_batch`].
    fn evaluate_open_batch(
        &self,
        game: &G,
        positions: &[G::Position],
        out: &mut Vec<Probabilities>,
    ) {
        self.evaluate_batch(game, positions, out);
    }

    /// The hash that places a position of this evaluator's game in a
    /// search's cache of static evaluations (its low bits choose the
    /// slot). Only the speed and the counts of evaluations depend on it,
    /// never a value: a slot keeps its full position. The default hashes
    /// the position's `Hash` bytes ([`hash_of`]).
    fn leaf_hash(&self) -> fn(&G::Position) -> u64 {
        hash_of::<G::Position>
    }

    /// Fills `out` with a search root's candidates for `to_play` in
    /// `position` when this evaluator cuts them, and says so: a turn of
    /// an evaluator's game may have more plays than a search can list
    /// (Plakoto Express's escalating doubles, R20), which it then ranks
    /// through a beam `beam` wide
    /// ([`SearchSettings::express_root_beam`](super::SearchSettings::express_root_beam)),
    /// as long as the lines kept are legal plays. `false` (the default):
    /// the root lists every legal play as the game generates them.
    fn root_plays(
        &self,
        game: &G,
        generator: &mut G::Generator,
        position: &G::Position,
        to_play: &ToPlay<G::Carried>,
        beam: usize,
        out: &mut G::PlayList,
    ) -> bool {
        let _ = (game, generator, position, to_play, beam, out);
        false
    }

    /// Fills `out` with the plays of `to_play` in `position` at a node
    /// inside a search tree or a rollout's game (never at a search's
    /// root). The default lists every play, as the game generates them.
    /// An evaluator of a game whose turns may have more plays than a tree
    /// can visit (Plakoto Express's escalating doubles, R20) bounds them
    /// within `bounds`, with a beam ranked by its own values: the cut
    /// depends on the evaluator, which is why it is asked here.
    fn bounded_plays(
        &self,
        game: &G,
        generator: &mut G::Generator,
        position: &G::Position,
        to_play: &ToPlay<G::Carried>,
        bounds: PlayBounds,
        out: &mut G::PlayList,
    ) {
        let _ = bounds;
        match to_play {
            ToPlay::Dice(dice) => game.generate(generator, position, *dice, out),
            ToPlay::Carried(carried) => game.generate_carried(generator, position, carried, out),
        }
    }
}
