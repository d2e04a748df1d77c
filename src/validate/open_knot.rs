//! Open torus knots `T(2, q)` (q = 3: trefoil; q = 2n + 1: the overhand knots of unknotting
//! number n of Jawed et al. 2015) with straight-going tails, as the initial shape of a
//! knot-tightening run.
//!
//! The closed torus knot `γ(φ) = ((2 + cos qφ) cos 2φ, (2 + cos qφ) sin 2φ, sin qφ)`,
//! `φ ∈ [0, 2π)` (unit-free), passes through `P = γ(0) = (3, 0, 0)`, an outermost point. Inversion
//! in the unit sphere about `P`, `x ↦ P + (x − P)/|x − P|²`, is a smooth map of space minus `P`
//! that keeps the knot type and sends the arcs next to `P` to two tails running to infinity in
//! opposite directions along the tangent at `P` (a curve `P + τT + O(τ²)` maps to
//! `P + T/τ + O(1)`). Cutting the parameter interval `(−τ₀, τ₀)` leaves finite tails. The curve
//! is then resampled at equal arc-length spacing and scaled so that its end-to-end shortening
//! `e = L − |x_N − x_0|` (m) has the requested value.

use crate::math::Vec3;

/// Samples of the unit-free open knot, finely and unevenly spaced.
fn raw(q: usize, tau0: f64) -> Vec<Vec3> {
    let p = Vec3::new(3.0, 0.0, 0.0);
    let n = 200_000;
    let span = std::f64::consts::TAU - 2.0 * tau0;
    (0..=n)
        .map(|i| {
            let phi = tau0 + span * i as f64 / n as f64;
            let qf = q as f64;
            let x = Vec3::new(
                (2.0 + (qf * phi).cos()) * (2.0 * phi).cos(),
                (2.0 + (qf * phi).cos()) * (2.0 * phi).sin(),
                (qf * phi).sin(),
            );
            let d = x - p;
            p + d / d.norm_squared()
        })
        .collect()
}

fn length(points: &[Vec3]) -> f64 {
    points.windows(2).map(|w| (w[1] - w[0]).norm()).sum()
}

/// End-to-end shortening `e = L − |x_N − x_0|` of a polyline.
pub fn shortening(points: &[Vec3]) -> f64 {
    length(points) - (points[points.len() - 1] - points[0]).norm()
}

/// Nodes of an open `T(2, q)` knot (q odd ≥ 3) whose end-to-end shortening is `e` (m), with
/// tails cut at `tau0` (a larger cut gives shorter tails), spaced by about `spacing` (m).
pub fn open_torus_knot(q: usize, e: f64, tau0: f64, spacing: f64) -> Result<Vec<Vec3>, String> {
    if q < 3 || q.is_multiple_of(2) {
        return Err(format!(
            "T(2, {q}) is not a knot: q must be odd and at least 3"
        ));
    }
    if !(e > 0.0 && spacing > 0.0 && tau0 > 0.0 && tau0 < 1.0) {
        return Err("open knot: e, spacing > 0 and 0 < τ₀ < 1 required".into());
    }
    let fine: Vec<Vec3> = raw(q, tau0);
    let scale = e / shortening(&fine);
    let scaled: Vec<Vec3> = fine.iter().map(|&x| scale * x).collect();
    Ok(resample(&scaled, spacing))
}

/// Nodes at equal arc-length spacing of about `spacing` (m) along a finely sampled polyline,
/// from its first point to its last.
pub fn resample(fine: &[Vec3], spacing: f64) -> Vec<Vec3> {
    let total = length(fine);
    let segments = (total / spacing).round().max(2.0) as usize;
    let step = total / segments as f64;
    let mut out = vec![fine[0]];
    let mut next = step;
    let mut s = 0.0;
    for w in fine.windows(2) {
        let (a, b) = (w[0], w[1]);
        let l = (b - a).norm();
        if l == 0.0 {
            continue;
        }
        while s + l >= next && out.len() < segments {
            out.push(a + (b - a) * ((next - s) / l));
            next += step;
        }
        s += l;
    }
    out.push(fine[fine.len() - 1]);
    out
}

/// Smallest distance between nodes further apart than `min_arc` along the curve (m): the
/// clearance between strands of the initial shape.
pub fn clearance(points: &[Vec3], min_arc: f64) -> f64 {
    let s: Vec<f64> = std::iter::once(0.0)
        .chain(points.windows(2).scan(0.0, |acc, w| {
            *acc += (w[1] - w[0]).norm();
            Some(*acc)
        }))
        .collect();
    let mut best = f64::INFINITY;
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            if s[j] - s[i] > min_arc {
                best = best.min((points[j] - points[i]).norm());
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_trefoil_has_the_requested_shortening_and_clear_strands() {
        let pts = open_torus_knot(3, 0.25, 0.2, 3e-3).unwrap();
        let e = shortening(&pts);
        assert!((e / 0.25 - 1.0).abs() < 0.01, "e = {e}");
        let spacing: Vec<f64> = pts.windows(2).map(|w| (w[1] - w[0]).norm()).collect();
        let (lo, hi) = spacing
            .iter()
            .fold((f64::INFINITY, 0.0_f64), |(a, b), &l| (a.min(l), b.max(l)));
        assert!(lo > 0.99 * 3e-3 * 0.9 && hi < 3e-3 * 1.1, "{lo} {hi}");
        assert!(clearance(&pts, 0.02) > 0.01);
        assert!(open_torus_knot(4, 0.25, 0.2, 3e-3).is_err());
    }
}
