//! The Tavli match equity table ([`TavliEquityTable`]): `E(a, b, g, s)`
//! for every score up to a size, every game of the sequence and every
//! starter, solved level by level in order of `a + b`, each level's draw
//! cycle as one linear system (the module comment of [`super`] gives the
//! recurrence).

use super::rates::GameModel;
use super::{AfterDraw, Starter};

/// The chance of winning the match at the start of every game of a Tavli
/// sequence, for both players needing up to `size` points.
#[derive(Clone, Debug, PartialEq)]
pub struct TavliEquityTable {
    size: usize,
    len: usize,
    /// `e[((a · (size + 1) + b) · len + g) · 2 + s]` = E(a, b, g, s), `s`
    /// 0 when the player starts game `g`, 1 when the opponent does.
    e: Vec<f64>,
}

impl TavliEquityTable {
    /// The table of the sequence `games` (one model per game, in order;
    /// it cycles) up to `size` points away, with draws followed by
    /// `after_draw`.
    ///
    /// # Panics
    ///
    /// If `games` is empty, a game draws always, or an ending with a
    /// positive rate scores no points (the score would not move).
    pub fn compute(games: &[GameModel], after_draw: AfterDraw, size: u32) -> TavliEquityTable {
        assert!(!games.is_empty(), "a Tavli sequence has at least one game");
        for game in games {
            assert!(game.rates.draw < 1.0, "a game that always draws never ends");
            for (k, &points) in game.points.iter().enumerate() {
                let rate = game.rates.starter[k] + game.rates.other[k];
                assert!(
                    points > 0 || rate == 0.0,
                    "ending {k} has a rate but no points"
                );
            }
        }
        let size = size.max(1) as usize;
        let len = games.len();
        let mut table = TavliEquityTable {
            size,
            len,
            e: vec![0.0; (size + 1) * (size + 1) * len * 2],
        };
        for total in 2..=2 * size {
            for a in 1..total {
                let b = total - a;
                if a <= size && b <= size {
                    table.solve_level(games, after_draw, a, b);
                }
            }
        }
        table
    }

    /// Solves the `2 · len` states of score `(a, b)`, whose decided games
    /// lead to lower levels (already solved) and whose draws lead to the
    /// next game at the same score.
    fn solve_level(&mut self, games: &[GameModel], after_draw: AfterDraw, a: usize, b: usize) {
        let n = 2 * self.len;
        let (ai, bi) = (a as i32, b as i32);
        let mut matrix = vec![vec![0.0; n]; n];
        let mut rhs = vec![0.0; n];
        for (g, game) in games.iter().enumerate() {
            let next = (g + 1) % self.len;
            let rates = &game.rates;
            for s in 0..2 {
                let row = 2 * g + s;
                // The player's wins and losses in this game, by who starts it.
                let (mine, theirs) = if s == 0 {
                    (&rates.starter, &rates.other)
                } else {
                    (&rates.other, &rates.starter)
                };
                for (k, &points) in game.points.iter().enumerate() {
                    let points = i32::from(points);
                    // The winner starts the next game (T6).
                    rhs[row] += mine[k] * self.get(ai - points, bi, next, Starter::Player);
                    rhs[row] += theirs[k] * self.get(ai, bi - points, next, Starter::Opponent);
                }
                matrix[row][row] += 1.0;
                match after_draw {
                    AfterDraw::OpeningRoll => {
                        matrix[row][2 * next] -= rates.draw / 2.0;
                        matrix[row][2 * next + 1] -= rates.draw / 2.0;
                    }
                    AfterDraw::SameStarter => matrix[row][2 * next + s] -= rates.draw,
                }
            }
        }
        let x = solve(matrix, rhs);
        let base = (a * (self.size + 1) + b) * self.len * 2;
        self.e[base..base + n].copy_from_slice(&x);
    }

    /// E(a, b, g, s): the chance that the player needing `a` points wins
    /// against one needing `b`, at the start of game `g` of the sequence
    /// (modulo its length) started by `starter`; 1 when `a` ≤ 0, else 0
    /// when `b` ≤ 0.
    ///
    /// # Panics
    ///
    /// If `a` or `b` is above the table's size.
    pub fn get(&self, a: i32, b: i32, g: usize, starter: Starter) -> f64 {
        if a <= 0 {
            return 1.0;
        }
        if b <= 0 {
            return 0.0;
        }
        let (a, b) = (a as usize, b as usize);
        assert!(
            a <= self.size && b <= self.size,
            "({a}, {b}) is beyond the table"
        );
        let base = ((a * (self.size + 1) + b) * self.len + g % self.len) * 2;
        match starter {
            Starter::Player => self.e[base],
            Starter::Opponent => self.e[base + 1],
            // The opening roll is even between equal players (T5).
            Starter::OpeningRoll => (self.e[base] + self.e[base + 1]) / 2.0,
        }
    }

    /// The most points either player may need.
    pub fn size(&self) -> u32 {
        self.size as u32
    }
}

/// Solves `matrix · x = rhs` by Gaussian elimination. The matrices here
/// are `I − D` with `D ≥ 0` and each row of `D` summing to a draw rate
/// below 1: strictly diagonally dominant, so no pivoting is needed.
fn solve(mut matrix: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Vec<f64> {
    let n = rhs.len();
    for col in 0..n {
        let (upper, lower) = matrix.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        for (offset, row) in lower.iter_mut().enumerate() {
            let factor = row[col] / pivot_row[col];
            if factor != 0.0 {
                for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= factor * p;
                }
                rhs[col + 1 + offset] -= factor * rhs[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let known: f64 = (row + 1..n).map(|k| matrix[row][k] * x[k]).sum();
        x[row] = (rhs[row] - known) / matrix[row][row];
    }
    x
}
