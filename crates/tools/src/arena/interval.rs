//! The arithmetic of the arena's 95% intervals: a running mean and
//! variance (Welford) for the normal interval of a mean, and the Wilson
//! interval of a proportion. The statistics ([`super::stats`],
//! [`super::tavli_stats`]) say over which units they are taken.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;

/// Count, mean and sum of squares (Welford), for a normal-approximation
/// interval of the mean.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moments {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Moments {
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    pub fn ci95(&self) -> Option<f64> {
        (self.n >= 2).then(|| {
            let var = self.m2 / (self.n - 1) as f64;
            Z95 * (var / self.n as f64).sqrt()
        })
    }
}

/// The Wilson score interval of `wins` out of `n` at 95% (`None` for no
/// trial).
pub fn wilson95(wins: f64, n: u64) -> Option<[f64; 2]> {
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let p = wins / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}
