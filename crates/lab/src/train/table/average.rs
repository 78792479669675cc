//! The running mean of a net's weights over several points of a fit
//! (stochastic weight averaging): Adam at a constant rate leaves the
//! weights wandering around a minimum, and their mean usually sits nearer
//! its bottom than any one of them. `refine fit --average-out` writes it,
//! and `refine average` the mean of nets given ([`average_nets`]).

use super::game::NetOf;
use crate::LabGame;
use crate::train::refine::{AverageArgs, RefineError};

/// The sum of the weights added so far, and how many were added.
pub struct WeightAverage {
    sum: Vec<f64>,
    count: u32,
}

impl WeightAverage {
    /// An empty average for a net whose parameters are `parts` (`w1`,
    /// `b1`, `w2`, `b2`).
    pub fn of_parts(parts: [&[f32]; 4]) -> WeightAverage {
        WeightAverage {
            sum: vec![0.0; parts.iter().map(|p| p.len()).sum()],
            count: 0,
        }
    }

    /// Adds a net's parameters `parts` (same shape as the first).
    pub fn add_parts(&mut self, parts: [&[f32]; 4]) {
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

    /// Writes the mean weights over a net's parameters `parts` (same
    /// shape); nothing when nothing was added.
    pub fn write_mean(&self, parts: [&mut [f32]; 4]) {
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

/// `plakoto refine average --game G`: the mean of the nets' weights (at
/// least two, of one shape), written to `--out`. Returns the mean net.
pub fn average_nets<G: LabGame>(a: &AverageArgs) -> Result<NetOf<G>, RefineError> {
    let mut nets = Vec::with_capacity(a.nets.len());
    for path in &a.nets {
        let net =
            G::load(path).map_err(|e| RefineError::Weights(format!("{}: {e}", path.display())))?;
        nets.push(net);
    }
    let first = &nets[0];
    for (path, net) in a.nets.iter().zip(&nets) {
        if G::hidden(net) != G::hidden(first) {
            return Err(RefineError::Options(format!(
                "{} has {} hidden units and {} has {}: only nets of one shape average",
                path.display(),
                G::hidden(net),
                a.nets[0].display(),
                G::hidden(first)
            )));
        }
    }
    let mut average = WeightAverage::of_parts(G::parameters(first));
    for net in &nets {
        average.add_parts(G::parameters(net));
    }
    let mut mean = first.clone();
    average.write_mean(G::parameters_mut(&mut mean));
    G::save(&mean, &a.out).map_err(|e| RefineError::Weights(e.to_string()))?;
    eprintln!(
        "refine average: wrote {} ({}), the mean of {} nets",
        a.out.display(),
        G::short_hash(&mean),
        average.count()
    );
    Ok(mean)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::net::Network;
    use plakoto_rules::Plakoto;

    #[test]
    fn the_mean_of_two_nets_is_halfway_between_them() {
        let (a, b) = (Network::random(16, 1), Network::random(16, 2));
        let mut average = WeightAverage::of_parts(Plakoto::parameters(&a));
        let mean = |average: &WeightAverage| {
            let mut net = a.clone();
            average.write_mean(Plakoto::parameters_mut(&mut net));
            net
        };
        assert_eq!(mean(&average).short_hash(), a.short_hash());
        average.add_parts(Plakoto::parameters(&a));
        average.add_parts(Plakoto::parameters(&b));
        assert_eq!(average.count(), 2);
        let halfway = mean(&average);
        let (fm, fa, fb) = (
            halfway.layers().flatten(),
            a.layers().flatten(),
            b.layers().flatten(),
        );
        for ((m, x), y) in fm.iter().zip(&fa).zip(&fb) {
            assert!((m - (x + y) / 2.0).abs() < 1e-6, "{m} {x} {y}");
        }
        // The mean net evaluates as a net of its own.
        assert_ne!(halfway.short_hash(), a.short_hash());
    }
}
