//! A game's net as its evaluator holds it ([`NetPair`]): the `f32` network
//! as trained, and the integer copy evaluated instead, if any. Portes' and
//! Fevga's net evaluators hold one each.

use std::sync::Arc;

use crate::eval::game_net::GameNetwork;
use crate::eval::net::quantized::{IntInputs, QuantizedGameNetwork};

/// The `f32` network of the game of `I` and, once made, its integer copy.
/// Cheap to clone.
#[derive(Clone, Debug)]
pub struct NetPair<I: IntInputs> {
    net: Arc<GameNetwork<I>>,
    integer: Option<Arc<QuantizedGameNetwork<I>>>,
}

impl<I: IntInputs> NetPair<I> {
    /// `net` alone, evaluated in `f32` as trained (what training and
    /// self-play evaluate with).
    pub fn float(net: Arc<GameNetwork<I>>) -> NetPair<I> {
        NetPair { net, integer: None }
    }

    /// With the net's integer copy, to be evaluated instead: equities
    /// within a few thousandths of the `f32` net's, faster in a search.
    /// Stays in `f32` (logged) if the net has no integer copy.
    pub fn with_integer(self) -> NetPair<I> {
        match QuantizedGameNetwork::new(&self.net) {
            Ok(q) => NetPair {
                integer: Some(Arc::new(q)),
                ..self
            },
            Err(e) => {
                log::warn!("{} net: no integer copy ({e}); evaluating in f32", I::GAME);
                self
            }
        }
    }

    /// The `f32` network.
    pub fn network(&self) -> &Arc<GameNetwork<I>> {
        &self.net
    }

    /// The integer copy, when it is what is evaluated.
    #[inline]
    pub fn integer(&self) -> Option<&QuantizedGameNetwork<I>> {
        self.integer.as_deref()
    }

    /// The arithmetic evaluated with, as `bench eval` reports it: the
    /// integer kernels' instruction set, or `f32`.
    pub fn kernel_name(&self) -> String {
        self.integer()
            .map_or("f32", |q| q.kernel_name())
            .to_string()
    }
}
