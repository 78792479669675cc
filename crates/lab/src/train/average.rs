//! The running mean of a net's weights over several points of a fit
//! (stochastic weight averaging): Adam at a constant rate leaves the
//! weights wandering around a minimum, and their mean usually sits nearer
//! its bottom than any one of them. `refine fit --average-out` writes it.

use super::learn::ParamVecs;
use plakoto_engine::eval::net::Network;

/// The sum of the weights added so far, and how many were added.
pub struct WeightAverage {
    sum: Vec<f64>,
    count: u32,
}

impl WeightAverage {
    /// An empty average for nets shaped like `net`.
    pub fn new(net: &Network) -> WeightAverage {
        WeightAverage {
            sum: vec![0.0; ParamVecs::of(net).flatten().len()],
            count: 0,
        }
    }

    /// Adds `net`'s weights (same shape as the first).
    pub fn add(&mut self, net: &Network) {
        let flat = ParamVecs::of(net).flatten();
        assert_eq!(flat.len(), self.sum.len(), "nets of one shape");
        for (s, w) in self.sum.iter_mut().zip(flat) {
            *s += f64::from(w);
        }
        self.count += 1;
    }

    /// How many nets were added.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// A copy of `shape` holding the mean weights (`shape` itself when
    /// nothing was added).
    pub fn mean(&self, shape: &Network) -> Network {
        let mut net = shape.clone();
        if self.count > 0 {
            let n = f64::from(self.count);
            let mean: Vec<f32> = self.sum.iter().map(|s| (s / n) as f32).collect();
            let mut params = ParamVecs::of(shape);
            assert!(params.unflatten(&mean), "nets of one shape");
            params.copy_into(&mut net);
        }
        net
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mean_of_two_nets_is_halfway_between_them() {
        let (a, b) = (Network::random(16, 1), Network::random(16, 2));
        let mut average = WeightAverage::new(&a);
        assert_eq!(average.mean(&a).short_hash(), a.short_hash());
        average.add(&a);
        average.add(&b);
        assert_eq!(average.count(), 2);
        let mean = ParamVecs::of(&average.mean(&a)).flatten();
        let (fa, fb) = (ParamVecs::of(&a).flatten(), ParamVecs::of(&b).flatten());
        for ((m, x), y) in mean.iter().zip(&fa).zip(&fb) {
            assert!((m - (x + y) / 2.0).abs() < 1e-6, "{m} {x} {y}");
        }
        // The mean net evaluates as a net of its own.
        assert_ne!(average.mean(&a).short_hash(), a.short_hash());
    }
}
