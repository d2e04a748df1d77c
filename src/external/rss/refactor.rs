//! When the RSS solve factorises `A` afresh: at the least cost per step, amortised.
//!
//! A factorisation costs about `F` GMRES iterations ([`factor_cost`]); a factor that has
//! served `s` solves of `k₁ … k_s` iterations has cost `(F + Σ kᵢ)/s` per solve. As the rods
//! move away from the factored configuration each solve takes more iterations, and the
//! average cost per solve is least when the factor is replaced as soon as one solve costs more
//! than that average (the replacement rule for equipment whose running cost grows with age:
//! replace when the marginal cost reaches the average cost). The next solve then factorises
//! its own `A` first.
//!
//! `F` is a fixed function of the order — counts, not timings — so the choice, and with it
//! every bit of the force, does not depend on the machine, its load or the thread count.

/// The cost of one single-precision LU factorisation of order `n`, in GMRES iterations (one
/// product with `A` and two triangular solves, `O(n²)` memory traffic, against the
/// factorisation's `⅔n³` operations, which run at a far higher rate): `max(5, n/120)`.
/// Measured on the flagella scenes (`cargo bench --bench rss`, which prints both costs; a
/// 2-core machine): 5 iterations' time at `n = 408`, 6 at 612, 8 at 1,020, 12 (one thread) to
/// 20 (two threads) at 2,040.
pub(super) fn factor_cost(n: usize) -> f64 {
    (n as f64 / 120.0).max(5.0)
}

/// What the current factor has cost so far, and whether the next solve should replace it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct FactorAge {
    /// Solves that used the current factor.
    pub solves: u64,
    /// Their iterations.
    pub iterations: u64,
    /// The last solve cost more than the average: the next one factorises first.
    pub stale: bool,
}

impl FactorAge {
    /// Starts the count for a fresh factor.
    pub(super) fn reset(&mut self) {
        *self = Self::default();
    }

    /// Records a solve of `k` iterations on the current factor of order `n`, and marks the
    /// factor stale when `k` exceeds the average cost per solve, factorisation included.
    pub(super) fn record(&mut self, k: u32, n: usize) {
        self.solves += 1;
        self.iterations += u64::from(k);
        let average = (factor_cost(n) + self.iterations as f64) / self.solves as f64;
        self.stale = f64::from(k) > average;
    }

    /// The state as numbers, for a checkpoint.
    pub(super) fn to_vec(self) -> Vec<f64> {
        vec![
            self.solves as f64,
            self.iterations as f64,
            if self.stale { 1.0 } else { 0.0 },
        ]
    }

    /// The state [`FactorAge::to_vec`] wrote.
    pub(super) fn from_slice(v: &[f64]) -> Option<Self> {
        match *v {
            [solves, iterations, stale] => Some(Self {
                solves: solves as u64,
                iterations: iterations as u64,
                stale: stale != 0.0,
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_factor_is_replaced_once_a_solve_costs_more_than_the_average() {
        // F = 40 at n = 4800: solves of 2, 3, 4, … iterations.
        let n = 4800;
        assert_eq!(factor_cost(n), 40.0);
        let mut age = FactorAge::default();
        let mut k = 2;
        while !age.stale {
            age.record(k, n);
            k += 1;
        }
        // After s = 9 solves the last (k = 10) is below the average (40 + 54)/9 = 10.4; after
        // s = 10 the last (k = 11) is above (40 + 65)/10 = 10.5.
        assert_eq!((age.solves, age.iterations, k - 1), (10, 65, 11));
        // The least average cost per solve is after 9 solves; the rule, which takes the last
        // solve's cost for the next one's, replaces one solve later, within 1 % of it.
        let average = |s: u64| (40.0 + (2..2 + s).sum::<u64>() as f64) / s as f64;
        let best = (1..30)
            .min_by(|&a, &b| average(a).total_cmp(&average(b)))
            .unwrap();
        assert_eq!(best, 9);
        assert!(average(10) < 1.01 * average(9));
        let round_trip = FactorAge::from_slice(&age.to_vec()).unwrap();
        assert_eq!(round_trip, age);
        age.reset();
        assert_eq!(age, FactorAge::default());
    }

    #[test]
    fn small_systems_count_at_least_five_iterations_per_factorisation() {
        assert_eq!(factor_cost(100), 5.0);
        assert!(FactorAge::from_slice(&[1.0, 2.0]).is_none());
    }
}
