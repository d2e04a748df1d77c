//! Gauss–Legendre quadrature on an interval.

use std::sync::OnceLock;

/// Points of the rule: exact for polynomials of degree `2 N − 1`.
const N: usize = 20;

/// Nodes `x_i ∈ (−1, 1)` and weights `w_i` of the `N`-point Gauss–Legendre rule, found once by
/// Newton's method on the Legendre polynomial `P_N` (recurrence
/// `(k+1) P_{k+1} = (2k+1) x P_k − k P_{k−1}`, `P_N' = N (x P_N − P_{N−1}) / (x² − 1)`,
/// `w_i = 2 / ((1 − x_i²) P_N'(x_i)²)`).
fn rule() -> &'static [(f64, f64); N] {
    static RULE: OnceLock<[(f64, f64); N]> = OnceLock::new();
    RULE.get_or_init(|| {
        let mut out = [(0.0, 0.0); N];
        for (i, o) in out.iter_mut().enumerate() {
            // Chebyshev-like first guess of the i-th root.
            let mut x = (std::f64::consts::PI * (i as f64 + 0.75) / (N as f64 + 0.5)).cos();
            let mut dp = 1.0;
            for _ in 0..100 {
                let (mut p0, mut p1) = (1.0, x);
                for k in 1..N {
                    let p2 = ((2 * k + 1) as f64 * x * p1 - k as f64 * p0) / (k + 1) as f64;
                    p0 = p1;
                    p1 = p2;
                }
                dp = N as f64 * (x * p1 - p0) / (x * x - 1.0);
                let dx = p1 / dp;
                x -= dx;
                if dx.abs() < 1e-16 {
                    break;
                }
            }
            *o = (x, 2.0 / ((1.0 - x * x) * dp * dp));
        }
        out
    })
}

/// `∫_a^b f(x) dx` by the `N`-point Gauss–Legendre rule.
pub(super) fn integrate(a: f64, b: f64, f: impl Fn(f64) -> f64) -> f64 {
    let (mid, half) = (0.5 * (a + b), 0.5 * (b - a));
    half * rule()
        .iter()
        .map(|&(x, w)| w * f(mid + half * x))
        .sum::<f64>()
}

/// `∫_a^b f(x) dx` with the substitution `x = m + h (15u − 10u³ + 3u⁵)/8` (`m`, `h` the
/// interval's midpoint and half-width; `dx = (15/8) h (1 − u²)² du`), which flattens the
/// integrand at both ends: an end behaviour like `(x − a)^{k/2}` (a disc slice meeting a
/// rectangle's side) becomes nearly smooth in `u`, where Gauss–Legendre converges fast.
/// Polynomials of degree ≤ 7 stay exact.
pub(super) fn integrate_smoothed_ends(a: f64, b: f64, f: impl Fn(f64) -> f64) -> f64 {
    let (mid, half) = (0.5 * (a + b), 0.5 * (b - a));
    integrate(-1.0, 1.0, |u| {
        let u2 = u * u;
        let x = mid + half * u * (15.0 - 10.0 * u2 + 3.0 * u2 * u2) / 8.0;
        f(x) * 15.0 / 8.0 * half * (1.0 - u2) * (1.0 - u2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_for_polynomials_and_accurate_for_smooth_functions() {
        let p = integrate(-1.0, 2.0, |x| x.powi(39) - 3.0 * x.powi(5) + 1.0);
        let exact = (2f64.powi(40) - 1.0) / 40.0 - 0.5 * (64.0 - 1.0) + 3.0;
        assert!((p - exact).abs() < 1e-9 * exact.abs(), "{p} vs {exact}");
        let s = integrate(0.0, std::f64::consts::PI, f64::sin);
        assert!((s - 2.0).abs() < 1e-14);
        // ∫_0^1 √x dx = 2/3: the end singularity is smoothed away.
        let r = integrate_smoothed_ends(0.0, 1.0, f64::sqrt);
        assert!((r - 2.0 / 3.0).abs() < 1e-9, "{r}");
        let q = integrate_smoothed_ends(-1.0, 3.0, |x| x.powi(7));
        assert!((q - (3f64.powi(8) - 1.0) / 8.0).abs() < 1e-9);
    }
}
