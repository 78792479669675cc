//! [`GameEvaluator`]: what rates the positions of a game, for every game
//! and every search, rollout and tool (as wildbg's `Evaluator` is).

use plakoto_rules::TavliGame;

use super::Probabilities;
use super::exact::ExactDatabase;

/// Something that rates positions of the game `G`. Shared between the
/// threads of a search, hence `Send + Sync`.
///
/// Every method takes the game value: it carries the variant switches
/// (Plakoto's rules, Portes' scoring) that an evaluation may depend on.
///
/// An evaluator only rates positions: how a game's turns are listed in a
/// search (Plakoto Express's beam), where its leaves are cached and where
/// a rollout stops at a race are the game's
/// ([`EngineGame`](crate::game::EngineGame)).
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

    /// Evaluates many positions at once (what would make a net fast); the
    /// default evaluates one by one. `out` is cleared first and holds one
    /// value a position, in order.
    fn evaluate_batch(&self, game: &G, positions: &[G::Position], out: &mut Vec<Probabilities>) {
        out.clear();
        out.extend(positions.iter().map(|p| self.evaluate(game, p)));
    }

    /// Whether the evaluator rates positions cheaply too
    /// ([`Self::prune_batch`]), for a search to choose which of a roll's
    /// plays to rate in full ([`crate::game::SearchSettings::prune`]; GNU
    /// Backgammon's pruning nets). The default has no such rating: every
    /// play is rated in full.
    fn prunes(&self) -> bool {
        false
    }

    /// The cheap rating of [`Self::prunes`]: `out` is cleared first and
    /// holds one equity a position, for its side on roll, in order; only
    /// their order matters. A search asks only an evaluator that
    /// [`Self::prunes`]; the default, for one that does not, rates every
    /// position alike (0), which prefers none.
    fn prune_batch(&self, _game: &G, positions: &[G::Position], out: &mut Vec<f32>) {
        out.clear();
        out.resize(positions.len(), 0.0);
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
}
