//! The 16-point symmetric quadrature rule of degree 8 on a triangle (Dunavant, Int. J. Numer.
//! Methods Eng. 21 (1985) 1129, Table: degree 8), the rule mpacts' integrated laws use per
//! sub-triangle (`N_Q = 16`, seed 003). Points are barycentric coordinates `(ξ₀, ξ₁, ξ₂)`,
//! weights sum to 1 (multiply by the triangle's area): `∫_T f dA ≈ A Σ_q w_q f(Σ_k ξ_qk y_k)`.

/// Number of points per triangle, `N_Q`.
pub const N_Q: usize = 16;

/// `(ξ₀, ξ₁, ξ₂, w)` of the 16 points.
pub fn points() -> &'static [[f64; 4]; N_Q] {
    &POINTS
}

const W0: f64 = 0.144_315_607_677_787;
const W1: f64 = 0.095_091_634_267_285;
const W2: f64 = 0.103_217_370_534_718;
const W3: f64 = 0.032_458_497_623_198;
const W4: f64 = 0.027_230_314_174_435;
const A1: f64 = 0.081_414_823_414_554;
const B1: f64 = 0.459_292_588_292_723;
const A2: f64 = 0.658_861_384_496_480;
const B2: f64 = 0.170_569_307_751_760;
const A3: f64 = 0.898_905_543_365_938;
const B3: f64 = 0.050_547_228_317_031;
const A4: f64 = 0.008_394_777_409_958;
const B4: f64 = 0.263_112_829_634_638;
const C4: f64 = 0.728_492_392_955_404;
const THIRD: f64 = 1.0 / 3.0;

static POINTS: [[f64; 4]; N_Q] = [
    [THIRD, THIRD, THIRD, W0],
    [A1, B1, B1, W1],
    [B1, A1, B1, W1],
    [B1, B1, A1, W1],
    [A2, B2, B2, W2],
    [B2, A2, B2, W2],
    [B2, B2, A2, W2],
    [A3, B3, B3, W3],
    [B3, A3, B3, W3],
    [B3, B3, A3, W3],
    [A4, B4, C4, W4],
    [A4, C4, B4, W4],
    [B4, A4, C4, W4],
    [B4, C4, A4, W4],
    [C4, A4, B4, W4],
    [C4, B4, A4, W4],
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact integral of `x^i y^j` over the unit right triangle: `i! j! / (i + j + 2)!`.
    fn exact(i: u32, j: u32) -> f64 {
        let f = |n: u32| (1..=n).map(f64::from).product::<f64>();
        f(i) * f(j) / f(i + j + 2)
    }

    /// The rule integrates every monomial of degree ≤ 8 exactly (to the 15 digits of its table)
    /// and its weights sum to 1.
    #[test]
    fn integrates_polynomials_of_degree_eight() {
        let sum: f64 = points().iter().map(|p| p[3]).sum();
        assert!((sum - 1.0).abs() < 1e-14, "{sum}");
        for i in 0..=8 {
            for j in 0..=(8 - i) {
                // Unit right triangle (0,0), (1,0), (0,1): x = ξ₁, y = ξ₂, area ½.
                let q: f64 = points()
                    .iter()
                    .map(|p| p[3] * p[1].powi(i as i32) * p[2].powi(j as i32))
                    .sum::<f64>()
                    * 0.5;
                let e = exact(i, j);
                assert!(((q - e) / e).abs() < 1e-12, "x^{i} y^{j}: {q} vs {e}");
            }
        }
        for p in points() {
            assert!((p[0] + p[1] + p[2] - 1.0).abs() < 1e-14);
        }
    }
}
