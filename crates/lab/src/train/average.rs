//! The running mean of a net's weights over several points of a fit
//! (stochastic weight averaging): Adam at a constant rate leaves the
//! weights wandering around a minimum, and their mean usually sits nearer
//! its bottom than any one of them. `refine fit --average-out` writes it.

use plakoto_engine::eval::net::Network;

/// The sum of the weights added so far, and how many were added.
pub struct WeightAverage {
    sum: Vec<f64>,
    count: u32,
}

/// A Plakoto net's parameters, in the order [`WeightAverage`] keeps them.
fn parts(net: &Network) -> [&Vec<f32>; 4] {
    [&net.w1, &net.b1, &net.w2, &net.b2]
}

impl WeightAverage {
    /// An empty average for nets shaped like `net`.
    pub fn new(net: &Network) -> WeightAverage {
        WeightAverage::of_parts(parts(net))
    }

    /// An empty average for any net of two layers whose parameters are
    /// `parts` (`w1`, `b1`, `w2`, `b2`: the Portes and Fevga nets too).
    pub fn of_parts(parts: [&Vec<f32>; 4]) -> WeightAverage {
        WeightAverage {
            sum: vec![0.0; parts.iter().map(|p| p.len()).sum()],
            count: 0,
        }
    }

    /// Adds `net`'s weights (same shape as the first).
    pub fn add(&mut self, net: &Network) {
        self.add_parts(parts(net));
    }

    /// Adds a net's parameters `parts` (same shape as the first).
    pub fn add_parts(&mut self, parts: [&Vec<f32>; 4]) {
        let values = parts.into_iter().flat_map(|p| p.iter());
        assert_eq!(
            parts.iter().map(|p| p.len()).sum::<usize>(),
            self.sum.len(),
            "nets of one shape"
        );
        for (s, &w) in self.sum.iter_mut().zip(values) {
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
        self.write_mean([&mut net.w1, &mut net.b1, &mut net.w2, &mut net.b2]);
        net
    }

    /// Writes the mean weights over a net's parameters `parts` (same
    /// shape); nothing when nothing was added.
    pub fn write_mean(&self, parts: [&mut Vec<f32>; 4]) {
        if self.count == 0 {
            return;
        }
        let n = f64::from(self.count);
        let targets = parts.into_iter().flat_map(|p| p.iter_mut());
        for (w, s) in targets.zip(&self.sum) {
            *w = (s / n) as f32;
        }
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
        let mean = average.mean(&a).layers().flatten();
        let (fa, fb) = (a.layers().flatten(), b.layers().flatten());
        for ((m, x), y) in mean.iter().zip(&fa).zip(&fb) {
            assert!((m - (x + y) / 2.0).abs() < 1e-6, "{m} {x} {y}");
        }
        // The mean net evaluates as a net of its own.
        assert_ne!(average.mean(&a).short_hash(), a.short_hash());
    }
}
