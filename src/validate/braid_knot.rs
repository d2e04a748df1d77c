//! An open overhand knot of unknotting number n built in the shape the theory of Jawed et al.
//! 2015 (seed 001 App. C.2) describes: a loop closed by an even two-strand braid, with tails
//! leaving the braid's two ends along one line.
//!
//! The braid runs along x over `[0, L_b]` on a cylinder of radius `r` about the axis
//! `y = z = 0`; its two strands sit on opposite sides, at angles `θ(x)` and `θ(x) + π`, with
//! `θ(0) = φ₀ = −π/2` and `θ(L_b) = φ₀ + (2n + 1)π`: 2n + 1 half-turns, the braid word σ^{2n+1}
//! whose closure is the torus knot `T(2, 2n + 1)`. The winding rate `θ'(x)` ramps smoothly from
//! 0 over one half-turn length at each end, so strands leave the cylinder parallel to x. The
//! curve, in order:
//!
//! 1. the left tail, `(x, r cos φ₀, r sin φ₀)` for `x ∈ [−T, 0]`;
//! 2. strand A, `(x, r cos θ(x), r sin θ(x))`, `x ∈ [0, L_b]`;
//! 3. the loop, in the plane `y = 0` above the braid (`θ(L_b) ≡ φ₀ + π` is where strand B
//!    starts, so both feet are at `z = r`): `x = L_b(1 − t) + R sin 2πt`,
//!    `z = r + R(1 − cos 2πt)`, `t ∈ [0, 1]`: a circle of radius about `R` whose bottom arc is
//!    the braid, leaving and re-entering it along +x;
//! 4. strand B, `(x, −r cos θ(x), −r sin θ(x))`, `x ∈ [0, L_b]`;
//! 5. the right tail, from `(L_b, r cos φ₀, r sin φ₀)` along +x: collinear with the left one.
//!
//! The loop and the tail closure (through infinity) are the two closure arcs of the braid,
//! neither encircling the other, so the curve is an open `T(2, 2n + 1)`. Unlike an inverted
//! torus knot, every half-turn of the braid has the same length and all strands start the same
//! distance `2r` apart. The loop radius `R` is found by bisection so that the end-to-end
//! shortening `e = L − |x_N − x_0|` takes the requested value; the strands keep their size,
//! since the rod radius is fixed.

use super::open_knot::{resample, shortening};
use crate::math::Vec3;
use std::f64::consts::{PI, TAU};

/// Shape of the braid: strand-axis distance `r` (m) and length of one half-turn (m).
#[derive(Debug, Clone, Copy)]
pub struct Braid {
    /// Unknotting number n (2n + 1 half-turns).
    pub n: usize,
    /// Distance of each strand from the braid axis (m); strands are `2r` apart.
    pub radius: f64,
    /// Axial length of one half-turn (m).
    pub half_turn: f64,
    /// Length of each straight tail (m).
    pub tail: f64,
}

/// Quintic smooth step on `[0, 1]`: 0 and 1 with zero first and second derivatives at the ends.
fn smooth_step(u: f64) -> f64 {
    let u = u.clamp(0.0, 1.0);
    u * u * u * (10.0 - 15.0 * u + 6.0 * u * u)
}

impl Braid {
    /// Axial length of the braid: 2n + 1 half-turns, plus a quarter of a half-turn lost to each
    /// ramp.
    pub fn length(&self) -> f64 {
        (2 * self.n + 1) as f64 * self.half_turn + 0.5 * self.half_turn
    }

    /// `θ(x)` on a fine grid over `[0, L_b]` (the winding rate ramps over half a half-turn at
    /// each end), integrated by the trapezoid rule and normalised to `(2n + 1)π` exactly.
    fn phase(&self, samples: usize) -> Vec<(f64, f64)> {
        let lb = self.length();
        let ramp = 0.5 * self.half_turn;
        let rate = |x: f64| smooth_step(x / ramp).min(smooth_step((lb - x) / ramp));
        let mut out = Vec::with_capacity(samples + 1);
        let mut acc = 0.0;
        let dx = lb / samples as f64;
        out.push((0.0, 0.0));
        for i in 1..=samples {
            let (a, b) = ((i - 1) as f64 * dx, i as f64 * dx);
            acc += 0.5 * dx * (rate(a) + rate(b));
            out.push((b, acc));
        }
        let total = (2 * self.n + 1) as f64 * PI;
        let phi0 = -0.5 * PI;
        for p in &mut out {
            p.1 = phi0 + total * p.1 / acc;
        }
        out
    }

    /// The unresampled curve with loop radius `loop_radius` (m).
    fn fine(&self, loop_radius: f64) -> Vec<Vec3> {
        let r = self.radius;
        let lb = self.length();
        let phi0 = -0.5 * PI;
        let tail = |x0: f64, x1: f64| {
            let m = 2000;
            (0..m).map(move |i| {
                let x = x0 + (x1 - x0) * i as f64 / m as f64;
                Vec3::new(x, r * phi0.cos(), r * phi0.sin())
            })
        };
        let phase = self.phase(40_000);
        let mut pts: Vec<Vec3> = tail(-self.tail, 0.0).collect();
        pts.extend(
            phase
                .iter()
                .map(|&(x, th)| Vec3::new(x, r * th.cos(), r * th.sin())),
        );
        let m = 100_000;
        pts.extend((1..m).map(|i| {
            let t = i as f64 / m as f64;
            Vec3::new(
                lb * (1.0 - t) + loop_radius * (TAU * t).sin(),
                0.0,
                r + loop_radius * (1.0 - (TAU * t).cos()),
            )
        }));
        pts.extend(
            phase
                .iter()
                .map(|&(x, th)| Vec3::new(x, -r * th.cos(), -r * th.sin())),
        );
        pts.extend(
            tail(lb + self.tail, lb)
                .collect::<Vec<_>>()
                .into_iter()
                .rev(),
        );
        pts
    }

    /// Nodes spaced by about `spacing` (m) of the open knot whose end-to-end shortening is `e`
    /// (m).
    pub fn nodes(&self, e: f64, spacing: f64) -> Result<Vec<Vec3>, String> {
        if self.n == 0 {
            return Err("a braid knot needs unknotting number n ≥ 1".into());
        }
        if !(e > 0.0 && spacing > 0.0 && self.radius > 0.0 && self.half_turn > 0.0) {
            return Err("braid knot: e, spacing, radius and half-turn must be positive".into());
        }
        let lb = self.length();
        // The loop leaves the braid along +x only if 2πR > L_b.
        let mut lo = 1.05 * lb / TAU;
        let e_lo = shortening(&self.fine(lo));
        if e < e_lo {
            return Err(format!(
                "braid knot: a shortening of {e} m is below the {e_lo:.3} m the braid and the \
                 smallest loop already take"
            ));
        }
        let mut hi = lo.max(e / TAU);
        while shortening(&self.fine(hi)) < e {
            hi *= 2.0;
        }
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if shortening(&self.fine(mid)) < e {
                lo = mid;
            } else {
                hi = mid;
            }
            if hi - lo < 1e-9 * hi {
                break;
            }
        }
        Ok(resample(&self.fine(0.5 * (lo + hi)), spacing))
    }
}

#[cfg(test)]
mod tests {
    use super::super::open_knot::clearance;
    use super::*;

    fn braid(n: usize) -> Braid {
        Braid {
            n,
            radius: 2.8e-3,
            half_turn: 0.0132,
            tail: 0.1,
        }
    }

    #[test]
    fn braid_knot_has_the_requested_shortening_even_edges_and_clear_strands() {
        for n in [1, 4] {
            let e = 0.016 * (n * n) as f64 / 0.01;
            let pts = braid(n).nodes(e, 3e-3).unwrap();
            assert!((shortening(&pts) / e - 1.0).abs() < 0.01, "n = {n}");
            for w in pts.windows(2) {
                let l = (w[1] - w[0]).norm();
                assert!((l / 3e-3 - 1.0).abs() < 0.02, "edge {l}");
            }
            // Strands stay 2r apart (less a chord's sagitta).
            let c = clearance(&pts, 0.02);
            assert!(c > 0.99 * 2.0 * 2.8e-3, "n = {n}: clearance {c}");
            // The tails are collinear, along x.
            let (a, b) = (pts[0], pts[pts.len() - 1]);
            assert!((a.y - b.y).abs() < 1e-9 && (a.z - b.z).abs() < 1e-9);
        }
        assert!(braid(2).nodes(0.01, 3e-3).is_err());
        assert!(braid(0).nodes(1.0, 3e-3).is_err());
    }

    /// Linking of the braid's turns: the two strands wind `(2n + 1)/2` times about each other,
    /// read from the angle of the vector between them along the braid.
    #[test]
    fn strands_wind_n_and_a_half_times() {
        let b = braid(3);
        let phase = b.phase(10_000);
        let turns = (phase[phase.len() - 1].1 - phase[0].1) / TAU;
        assert!((turns - 3.5).abs() < 1e-12);
        // The winding rate vanishes at both ends (strands leave parallel to the axis).
        let d0 = phase[1].1 - phase[0].1;
        let dm = phase[5001].1 - phase[5000].1;
        assert!(d0 < 1e-6 * dm);
    }
}
