//! Near-parallel segment pairs: the overlap-mean distance and its blend with the line–line
//! (Lumelsky) distance, smooth in `s = sin²θ` (used by [`segment_segment`](super::segment_segment)).
//!
//! **Why.** For two segments at a small angle `θ` the exact minimum distance `Δ` (seed 001
//! Eq. 10) is badly suited to Newton: in the EE case (Eq. 13) its Hessian scales like
//! `1/(Δ sin²θ)` and the EE region is a sliver of width `≈ sinθ · L` in the lateral offset,
//! and at `θ = 0` (overlapping segments) `Δ` has a kink: the minimum jumps from one end of the
//! overlap to the other when the tilt changes sign. In the spirit of IPC's edge–edge mollifier
//! (Li et al. 2020, §4.3 / Supp. B: the barrier is faded out below
//! `‖e₀ × e₁‖² < ε_× = 10⁻³ ‖ē₀‖²‖ē₁‖²` by a weight smooth in the cross-product norm), the
//! exact distance is replaced, for small `s`, by a parallel-limit distance that is smooth through
//! `θ = 0`, with weights smooth in `s`. The distance interface is unchanged: the contact laws see a
//! `Δ` with consistent `∇Δ`, `∇²Δ`.
//!
//! **Overlap-mean distance** `Δ_∥` (m). With `u = a1 − a0`, `v = b1 − b0` and `σ = sign(u·v)`,
//! the overlap of the two segments along their common direction starts at `a0` or at
//! `b_s = b0` (`σ ≥ 0`) / `b1` (`σ < 0`) and ends at `a1` or at `b_e` (the other end of `b`).
//! With `D(p, X)` the point–segment distance of [`point_segment`](super::point_segment) (Eq. 12,
//! or Eq. 11 when the foot is clamped):
//!
//! `Δ_∥ = ½ [min(D(a0, B), D(b_s, A)) + min(D(a1, B), D(b_e, A))]`,
//!
//! the mean of the distances at the two ends of the overlap. For exactly parallel segments it is
//! the exact minimum (every point of the overlap is at the same distance; without overlap both
//! terms are the point–point distance of the two facing endpoints), it is smooth in the tilt
//! through `θ = 0` (no end is preferred), and in general `Δ ≤ Δ_∥ ≤ Δ + sinθ · min(‖u‖, ‖v‖)`
//! (the distance to the other line is `sinθ`-Lipschitz along a segment; each overlap end is at
//! most one overlap length from the true closest point). The `min` of each pair is C¹ where
//! one of its terms is point–point (their values and gradients coincide at the seams); it has a
//! kink of relative size `O(sinθ)` only where both feet are interior, i.e. where `a0` and `b_s`
//! (or `a1` and `b_e`) lie side by side. `∇Δ_∥`, `∇²Δ_∥` are the means of the two selected
//! point–segment derivatives. The closest points, parameters and contact type reported are those
//! of the smaller of the two terms (the first on ties).
//!
//! **Blend.** With `s = ‖u × v‖²/(‖u‖²‖v‖²) = sin²θ` (dimensionless), `t = (s − s₀)/(s₁ − s₀)`
//! and the quintic smoothstep `ψ = P(t) = t³(10 − 15t + 6t²)` clamped to `[0, 1]` (`P′`, `P″`
//! vanish at `t = 0, 1`, so `ψ` is C² in `s`):
//!
//! * `s ≥ s₁ = 10⁻⁸` (`θ ≳ 10⁻⁴`): `Δ = Δ_LL`, the clamped Lumelsky distance (EE/PE/PP), computed
//!   by exactly the same code as without this treatment (bit-identical results);
//! * `s ≤ s₀ = 10⁻¹⁰` (`θ ≲ 10⁻⁵`): `Δ = Δ_∥`;
//! * in between: `Δ = ψ Δ_LL + (1 − ψ) Δ_∥`, and with `e = Δ_LL − Δ_∥`,
//!   - `∇Δ = ψ ∇Δ_LL + (1 − ψ) ∇Δ_∥ + e ψ′ ∇s`,
//!   - `∇²Δ = ψ ∇²Δ_LL + (1 − ψ) ∇²Δ_∥ + ψ′ (∇s ∇eᵀ + ∇e ∇sᵀ) + e (ψ″ ∇s ∇sᵀ + ψ′ ∇²s)`,
//!
//!   where `ψ′ = P′(t)/(s₁ − s₀)`, `ψ″ = P″(t)/(s₁ − s₀)²`. Value, gradient and Hessian are
//!   therefore continuous across `s₀` and `s₁`, and `Δ_LL ≤ Δ ≤ Δ_LL + (1 − ψ) sinθ min(‖u‖, ‖v‖)
//!   ≤ Δ_LL + 10⁻⁴ min(‖u‖, ‖v‖)`. The closest points, parameters and contact type are
//!   Lumelsky's.
//!
//! **Derivatives of `s`** (1/m, 1/m²). With `f = u·v`, `g = u·u`, `h = v·v`, `q = f²/(gh)` and
//! `s = 1 − q`: `∂s/∂u = −2f (w × u)/(g² h)`, `∂s/∂v = −2f (v × w)/(g h²)` (`w = u × v`, the
//! cross products avoid the cancellation of `v − (f/g) u`), and `∇²s = −∇²q` with
//! `∇²q = Σ q_ab ∇a ∇bᵀ + Σ q_a ∇²a` over `a, b ∈ {f, g, h}`: `q_f = 2f/(gh)`,
//! `q_g = −f²/(g²h)`, `q_h = −f²/(gh²)`, `q_ff = 2/(gh)`, `q_fg = −2f/(g²h)`, `q_fh = −2f/(gh²)`,
//! `q_gg = 2f²/(g³h)`, `q_hh = 2f²/(gh³)`, `q_gh = f²/(g²h²)`; `∇f = (v, u)`, `∇g = (2u, 0)`,
//! `∇h = (0, 2v)`. The node derivatives follow from `u = a1 − a0`, `v = b1 − b0`.

use nalgebra::{SMatrix, SVector};

use super::point_point::Distance;
use super::segment_segment::{a_end_vs_b, b_end_vs_a};
use crate::math::Vec3;

/// Lower end `s₀` of the blend in `s = sin²θ`: below it only the overlap-mean distance is used.
pub(super) const BLEND_LO: f64 = 1e-10;
/// Upper end `s₁` of the blend in `s = sin²θ`: from it on only the Lumelsky distance is used.
pub(super) const BLEND_HI: f64 = 1e-8;

type V12 = SVector<f64, 12>;
type M12 = SMatrix<f64, 12, 12>;

/// Blend weight `ψ(s)` and its derivatives `ψ′`, `ψ″` with respect to `s` (module docs).
pub(super) fn blend_weight(s: f64) -> (f64, f64, f64) {
    let width = BLEND_HI - BLEND_LO;
    let t = (s - BLEND_LO) / width;
    if t <= 0.0 {
        return (0.0, 0.0, 0.0);
    }
    if t >= 1.0 {
        return (1.0, 0.0, 0.0);
    }
    let p = t * t * t * (10.0 + t * (-15.0 + 6.0 * t));
    let dp = 30.0 * t * t * (t - 1.0) * (t - 1.0);
    let ddp = 60.0 * t * (t - 1.0) * (2.0 * t - 1.0);
    (p, dp / width, ddp / (width * width))
}

/// `s = sin²θ` of the segments `u = a1 − a0`, `v = b1 − b0` with its gradient and (if asked)
/// Hessian over the local coordinates `[a0, a1, b0, b1]` (module docs).
pub(super) struct Sin2 {
    /// `s = ‖u × v‖²/(‖u‖²‖v‖²)`.
    pub s: f64,
    /// `∇s` (1/m).
    pub grad: V12,
    /// `∇²s` (1/m²); zero unless requested.
    pub hess: M12,
}

/// [`Sin2`] of the segment directions `u`, `v`.
pub(super) fn sin2(u: &Vec3, v: &Vec3, hessian: bool) -> Sin2 {
    let (f, g, h) = (u.dot(v), u.norm_squared(), v.norm_squared());
    let w = u.cross(v);
    let s = w.norm_squared() / (g * h);
    let du = w.cross(u) * (-2.0 * f / (g * g * h));
    let dv = v.cross(&w) * (-2.0 * f / (g * h * h));
    // Node map: block i is ±(u or v): a0 = −u, a1 = +u, b0 = −v, b1 = +v.
    let sign = [-1.0, 1.0, -1.0, 1.0];
    let mut grad = V12::zeros();
    for (i, sign_i) in sign.iter().enumerate() {
        let d = if i < 2 { du } else { dv };
        grad.fixed_rows_mut::<3>(3 * i).copy_from(&(d * *sign_i));
    }
    let mut hess = M12::zeros();
    if hessian {
        // ∇²q over y = (u, v) (6 coordinates).
        let mut yf = SVector::<f64, 6>::zeros();
        let mut yg = SVector::<f64, 6>::zeros();
        let mut yh = SVector::<f64, 6>::zeros();
        yf.fixed_rows_mut::<3>(0).copy_from(v);
        yf.fixed_rows_mut::<3>(3).copy_from(u);
        yg.fixed_rows_mut::<3>(0).copy_from(&(u * 2.0));
        yh.fixed_rows_mut::<3>(3).copy_from(&(v * 2.0));
        let gh = g * h;
        let (qf, qg, qh) = (2.0 * f / gh, -f * f / (g * gh), -f * f / (gh * h));
        let qff = 2.0 / gh;
        let (qfg, qfh) = (-2.0 * f / (g * gh), -2.0 * f / (gh * h));
        let (qgg, qhh, qgh) = (
            2.0 * f * f / (g * g * gh),
            2.0 * f * f / (gh * h * h),
            f * f / (gh * gh),
        );
        let mut hq = SMatrix::<f64, 6, 6>::zeros();
        for k in 0..6 {
            for l in 0..6 {
                hq[(k, l)] = qff * yf[k] * yf[l]
                    + qgg * yg[k] * yg[l]
                    + qhh * yh[k] * yh[l]
                    + qfg * (yf[k] * yg[l] + yg[k] * yf[l])
                    + qfh * (yf[k] * yh[l] + yh[k] * yf[l])
                    + qgh * (yg[k] * yh[l] + yh[k] * yg[l]);
            }
        }
        for a in 0..3 {
            // ∇²f = [[0, I], [I, 0]], ∇²g = [[2I, 0], [0, 0]], ∇²h = [[0, 0], [0, 2I]].
            hq[(a, 3 + a)] += qf;
            hq[(3 + a, a)] += qf;
            hq[(a, a)] += 2.0 * qg;
            hq[(3 + a, 3 + a)] += 2.0 * qh;
        }
        for i in 0..4 {
            for j in 0..4 {
                let (yi, yj) = (3 * (i / 2), 3 * (j / 2));
                let sij = -sign[i] * sign[j];
                for a in 0..3 {
                    for b in 0..3 {
                        hess[(3 * i + a, 3 * j + b)] = sij * hq[(yi + a, yj + b)];
                    }
                }
            }
        }
        hess = (hess + hess.transpose()) * 0.5;
    }
    Sin2 { s, grad, hess }
}

/// Overlap-mean distance `Δ_∥` of the segments `pts = [a0, a1, b0, b1]` over the local
/// coordinates `[a0, a1, b0, b1]` (module docs).
pub(super) fn overlap_mean(pts: &[&Vec3; 4], hessian: bool) -> Distance<12> {
    let local = [0, 1, 2, 3];
    let s = (pts, &local);
    let aligned = (pts[1] - pts[0]).dot(&(pts[3] - pts[2])) >= 0.0;
    let (b_start, b_end) = if aligned { (0, 1) } else { (1, 0) };
    // min(D(a_ia, B), D(b_ib, A)), the first on ties.
    let end = |ia: usize, ib: usize| {
        let mut da = Distance::<12>::zero();
        a_end_vs_b(s, ia, hessian, &mut da);
        let mut db = Distance::<12>::zero();
        b_end_vs_a(s, ib, hessian, &mut db);
        if db.distance < da.distance { db } else { da }
    };
    let first = end(0, b_start);
    let second = end(1, b_end);
    let mut out = if second.distance < first.distance {
        second
    } else {
        first
    };
    out.distance = 0.5 * (first.distance + second.distance);
    out.grad = (first.grad + second.grad) * 0.5;
    if hessian {
        out.hess = (first.hess + second.hess) * 0.5;
    }
    out
}

/// `ψ Δ_LL + (1 − ψ) Δ_∥` with its derivatives (module docs); metadata from `ll`.
pub(super) fn blend(
    ll: &Distance<12>,
    par: &Distance<12>,
    s: &Sin2,
    hessian: bool,
) -> Distance<12> {
    let (psi, dpsi, ddpsi) = blend_weight(s.s);
    let e = ll.distance - par.distance;
    let ge = ll.grad - par.grad;
    let mut out = *ll;
    out.distance = psi * ll.distance + (1.0 - psi) * par.distance;
    out.grad = ll.grad * psi + par.grad * (1.0 - psi) + s.grad * (e * dpsi);
    if hessian {
        let cross = s.grad * ge.transpose();
        let h = ll.hess * psi
            + par.hess * (1.0 - psi)
            + (cross + cross.transpose()) * dpsi
            + (s.grad * s.grad.transpose() * ddpsi + s.hess * dpsi) * e;
        out.hess = (h + h.transpose()) * 0.5;
    }
    out
}

/// Writes the local result `d` (coordinates `[a0, a1, b0, b1]`) into `out`, scattering the
/// 3-blocks to `slots`.
pub(super) fn scatter_into<const N: usize>(
    d: &Distance<12>,
    slots: &[usize; 4],
    hessian: bool,
    out: &mut Distance<N>,
) {
    out.distance = d.distance;
    out.closest = d.closest;
    out.params = d.params;
    out.kind = d.kind;
    out.scatter_grad(slots, |k| d.grad[k]);
    if hessian {
        out.scatter_hess(slots, |k, l| d.hess[(k, l)]);
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::super::point_point::ContactType;
    use super::super::segment_segment::{EdgeEdgeGeometry, line_line_into, segment_segment};
    use super::super::test_support::{active_set_stable, brute, fd_check, stack, v3};
    use super::*;
    use crate::verify::{Rng, derivative, gradient, jacobian};

    type X = SVector<f64, 12>;

    fn ss(x: &X, h: bool) -> Distance<12> {
        segment_segment(&v3(x, 0), &v3(x, 1), &v3(x, 2), &v3(x, 3), h)
    }

    /// Kind and which parameters sit on which end (the active set of the reported candidate).
    fn signature(d: &Distance<12>) -> (ContactType, [bool; 4]) {
        let [p, q] = d.params;
        (d.kind, [p == 0.0, p == 1.0, q == 0.0, q == 1.0])
    }

    /// Rigid motion of a configuration.
    fn moved(rng: &mut Rng, c: [Vec3; 4]) -> [Vec3; 4] {
        let q = nalgebra::UnitQuaternion::from_axis_angle(
            &nalgebra::Unit::new_normalize(rng.direction()),
            rng.uniform(0.0, 3.0),
        );
        let o = rng.vector(1.0);
        c.map(|p| o + q * p)
    }

    /// A = [0, e_x]; B of length 1.2 from (0.4, ρ cos φ, ρ sin φ), tilted by `theta` about a
    /// random axis ⟂ e_x: staggered overlap [0.4, 1], mostly PE by Lumelsky.
    fn staggered(rng: &mut Rng, theta: f64) -> [Vec3; 4] {
        let (rho, phi, chi) = (
            rng.uniform(0.1, 0.5),
            rng.uniform(0.0, 6.0),
            rng.uniform(0.0, 6.0),
        );
        let b0 = Vec3::new(0.4, rho * phi.cos(), rho * phi.sin());
        let dir = Vec3::new(
            theta.cos(),
            theta.sin() * chi.cos(),
            theta.sin() * chi.sin(),
        );
        [Vec3::zeros(), Vec3::x(), b0, b0 + dir * 1.2]
    }

    /// Lines crossing (in projection) at A's parameter 0.3 and B's 0.45, at distance ρ along
    /// the common normal e_z: EE by Lumelsky for any `theta > 0`.
    fn crossing(rng: &mut Rng, theta: f64) -> [Vec3; 4] {
        let rho = rng.uniform(0.1, 0.5);
        let dir = Vec3::new(theta.cos(), theta.sin(), 0.0);
        let b0 = Vec3::new(0.0, 0.0, rho) - dir * (0.45 * 1.3);
        [
            Vec3::new(-0.3, 0.0, 0.0),
            Vec3::new(0.7, 0.0, 0.0),
            b0,
            b0 + dir * 1.3,
        ]
    }

    #[test]
    fn blend_weight_is_c2_with_matching_derivatives() {
        assert_eq!(blend_weight(BLEND_LO), (0.0, 0.0, 0.0));
        assert_eq!(blend_weight(BLEND_HI), (1.0, 0.0, 0.0));
        let width = BLEND_HI - BLEND_LO;
        for k in 1..20 {
            let s = BLEND_LO + width * k as f64 / 20.0;
            let (p, dp, ddp) = blend_weight(s);
            assert!((0.0..=1.0).contains(&p));
            let h = 1e-6 * width;
            let fd1 = derivative(|x| blend_weight(x).0, s, h);
            let fd2 = derivative(|x| blend_weight(x).1, s, h);
            assert!((fd1 - dp).abs() <= 1e-7 * 2.0 / width, "ψ′ at {s:e}");
            assert!(
                (fd2 - ddp).abs() <= 1e-6 * 6.0 / (width * width),
                "ψ″ at {s:e}"
            );
        }
        // Derivatives vanish at both ends (C² joins with ψ = 0 and ψ = 1).
        for s in [BLEND_LO + 1e-6 * width, BLEND_HI - 1e-6 * width] {
            let (_, dp, ddp) = blend_weight(s);
            assert!(dp.abs() * width < 1e-10 && ddp.abs() * width * width < 1e-4);
        }
    }

    #[test]
    fn sin2_derivatives_match_finite_differences() {
        let mut rng = Rng::new(51);
        let s_of = |x: &X| {
            let (u, v) = (v3(x, 1) - v3(x, 0), v3(x, 3) - v3(x, 2));
            sin2(&u, &v, true)
        };
        for k in 0..60 {
            let c = if k < 30 {
                [
                    rng.vector(1.0),
                    rng.vector(1.0),
                    rng.vector(1.0),
                    rng.vector(1.0),
                ]
            } else {
                moved(
                    &mut rng,
                    staggered(&mut Rng::new(k), 10f64.powf(-(k as f64) / 6.0)),
                )
            };
            let x = stack::<12>(&c);
            let s = s_of(&x);
            assert_eq!(s.hess, s.hess.transpose());
            let g = gradient(|y| s_of(y).s, &x, 1e-7);
            let h = jacobian(|y| s_of(y).grad, &x, 1e-7);
            // Errors against the natural scale 1/L (L ~ 1 here): ∇s → 0 as θ → 0.
            let scale = |a: &[f64]| a.iter().fold(1.0f64, |m, x| m.max(x.abs()));
            let eg = (g - s.grad).amax() / scale(s.grad.as_slice());
            let eh = (h - s.hess).amax() / scale(s.hess.as_slice());
            assert!(
                eg < 1e-6 && eh < 1e-6,
                "config {k}: grad {eg:.2e}, hess {eh:.2e}"
            );
        }
    }

    /// FD step for a configuration at angle `theta`: small against the scale θ·L on which the
    /// line–line Hessian varies, above rounding.
    fn step(theta: f64) -> f64 {
        if theta < 1e-6 {
            1e-7
        } else {
            (1e-4 * theta).clamp(1e-9, 1e-6)
        }
    }

    #[test]
    fn fd_across_angles_1e12_to_1e2() {
        let mut rng = Rng::new(52);
        let mut worst = (0.0f64, 0.0f64);
        // Angles at which each family (staggered, crossing) had six stable configurations.
        let mut families_tested = [0usize; 2];
        // 30 log-spaced angles from 1e-12 to 1e-2, none on a threshold (θ = 1e-5, 1e-4): ψ is
        // C² but not C³ there, so the Hessian's differences straddling them are only first-order.
        for k in 0..=29 {
            let theta = 10f64.powf(-12.0 + 10.0 * k as f64 / 29.0);
            let h = step(theta);
            let mut tested = 0;
            for (family, angles_done) in families_tested.iter_mut().enumerate() {
                // Draw until six configurations per family have a stable active set (near the
                // blend, about half the random draws sit within h of a Lumelsky seam).
                let mut in_family = 0;
                for _ in 0..40 {
                    if in_family == 6 {
                        break;
                    }
                    let c = if family == 0 {
                        staggered(&mut rng, theta)
                    } else {
                        crossing(&mut rng, theta)
                    };
                    let x = stack::<12>(&moved(&mut rng, c));
                    // Below the blend the reported metadata (the nearer overlap end) may switch
                    // under a perturbation while Δ_∥ stays smooth; near and in the blend,
                    // Lumelsky's case must not change (its seams are only C¹).
                    if theta * theta > 0.5 * BLEND_LO
                        && !active_set_stable(&x, h, |y| signature(&ss(y, false)))
                    {
                        continue;
                    }
                    let (g, hh) = fd_check(&ss, &x, h);
                    // Central differences err by h²·‖∇³Δ‖/6 plus rounding; in and near the
                    // blend ∇³Δ carries ψ‴∇s³ and Lumelsky's value rounds at ~ε/sin²θ, so a
                    // correct gradient is seen to ~1e-5 there (a wrong one to O(1)).
                    let grad_tol = if (1e-5..1e-3).contains(&theta) {
                        5e-5
                    } else {
                        1e-6
                    };
                    assert!(
                        g < grad_tol && hh < 1e-5,
                        "θ = {theta:e}: grad {g:.2e}, hess {hh:.2e}"
                    );
                    worst = (worst.0.max(g), worst.1.max(hh));
                    tested += 1;
                    in_family += 1;
                }
                *angles_done += usize::from(in_family == 6);
            }
            assert!(
                tested >= 6,
                "θ = {theta:e}: only {tested} stable configurations"
            );
        }
        assert!(
            families_tested.iter().all(|&a| a >= 25),
            "angles fully tested per family: {families_tested:?}"
        );
        println!(
            "near-parallel FD worst rel err: grad {:.2e}, hess {:.2e}; angles tested {families_tested:?}",
            worst.0, worst.1
        );
    }

    /// Largest jumps of value, gradient and Hessian (each relative to the Hessian's or
    /// gradient's magnitude) between `s·(1 − ε)` and `s·(1 + ε)`.
    fn jumps(family: usize, seed: u64, s: f64, eps: f64) -> [f64; 3] {
        let at = |s: f64| {
            let mut r = Rng::new(seed);
            let theta = s.sqrt().asin();
            let c = if family == 0 {
                staggered(&mut r, theta)
            } else {
                crossing(&mut r, theta)
            };
            segment_segment(&c[0], &c[1], &c[2], &c[3], true)
        };
        let (lo, hi) = (at(s * (1.0 - eps)), at(s * (1.0 + eps)));
        let gs = lo.grad.amax();
        let hs = lo.hess.amax();
        [
            (hi.distance - lo.distance).abs() / gs,
            (hi.grad - lo.grad).amax() / gs,
            (hi.hess - lo.hess).amax() / hs,
        ]
    }

    #[test]
    fn continuous_across_blend_thresholds() {
        for family in 0..2 {
            for seed in 0..6 {
                for s in [BLEND_LO, BLEND_HI] {
                    let j: Vec<[f64; 3]> = [1e-6, 1e-8, 1e-10]
                        .iter()
                        .map(|&e| jumps(family, seed, s, e))
                        .collect();
                    for q in 0..3 {
                        // Jumps vanish linearly with ε (a switch would keep them O(1)).
                        assert!(
                            j[2][q] <= 1e-3 * j[0][q] + 1e-8,
                            "family {family} s {s:e} quantity {q}: {j:?}"
                        );
                        assert!(
                            j[2][q] < 1e-4,
                            "family {family} s {s:e} quantity {q}: {j:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn bit_identical_to_line_line_above_the_blend() {
        let mut rng = Rng::new(53);
        let mut n = 0;
        for k in 0..400 {
            let c = match k % 3 {
                0 => [
                    rng.vector(1.0),
                    rng.vector(1.0),
                    rng.vector(1.0),
                    rng.vector(1.0),
                ],
                1 => {
                    let c = staggered(&mut Rng::new(k), rng.uniform(2e-4, 1e-2));
                    moved(&mut rng, c)
                }
                _ => {
                    let c = crossing(&mut Rng::new(k), rng.uniform(2e-4, 1e-2));
                    moved(&mut rng, c)
                }
            };
            let (u, v) = (c[1] - c[0], c[3] - c[2]);
            let w = u.cross(&v);
            let (uu, vv) = (u.norm_squared(), v.norm_squared());
            if w.norm_squared() < BLEND_HI * uu * vv {
                continue;
            }
            let geo = EdgeEdgeGeometry::new(u, v, c[0] - c[2], w, w.norm_squared(), uu, vv);
            let mut reference = Distance::<12>::zero();
            let pts = [&c[0], &c[1], &c[2], &c[3]];
            line_line_into((&pts, &[0, 1, 2, 3]), &geo, true, &mut reference);
            let d = segment_segment(&c[0], &c[1], &c[2], &c[3], true);
            assert_eq!(d.distance.to_bits(), reference.distance.to_bits());
            assert_eq!(d.grad, reference.grad);
            assert_eq!(d.hess, reference.hess);
            assert_eq!(
                (d.closest, d.params, d.kind),
                (reference.closest, reference.params, reference.kind)
            );
            n += 1;
        }
        assert!(n > 350);
    }

    #[test]
    fn value_within_bound_of_the_exact_minimum() {
        let mut rng = Rng::new(54);
        for k in 0..=20 {
            let theta = 10f64.powf(-12.0 + 10.0 * k as f64 / 20.0);
            for family in 0..2 {
                let c = if family == 0 {
                    staggered(&mut rng, theta)
                } else {
                    crossing(&mut rng, theta)
                };
                let c = moved(&mut rng, c);
                let d = segment_segment(&c[0], &c[1], &c[2], &c[3], false);
                let exact = brute(&c);
                let (u, v) = (c[1] - c[0], c[3] - c[2]);
                let sin = u.cross(&v).norm() / (u.norm() * v.norm());
                assert!(
                    d.distance >= exact - 1e-12,
                    "θ {theta:e}: {} < {exact}",
                    d.distance
                );
                assert!(
                    d.distance - exact <= sin * u.norm().min(v.norm()) + 1e-12,
                    "θ {theta:e}: {} − {exact} > sinθ L",
                    d.distance
                );
            }
        }
    }

    #[test]
    fn overlap_mean_is_exact_for_parallel_segments() {
        let mut rng = Rng::new(55);
        for _ in 0..50 {
            // Parallel or antiparallel, overlapping or not.
            let t = rng.direction();
            let off = rng.perpendicular(&t) * rng.uniform(0.05, 1.0);
            let a0 = rng.vector(1.0);
            let (s0, len) = (rng.uniform(-2.0, 1.5), rng.uniform(0.3, 2.0));
            let mut c = [a0, a0 + t, a0 + off + t * s0, a0 + off + t * (s0 + len)];
            if rng.unit() < 0.5 {
                c.swap(2, 3);
            }
            let pts = [&c[0], &c[1], &c[2], &c[3]];
            let d = overlap_mean(&pts, true);
            assert!(
                (d.distance - brute(&c)).abs() < 1e-9,
                "{} vs {}",
                d.distance,
                brute(&c)
            );
            assert_eq!(d.hess, d.hess.transpose());
            let sum = (0..4).fold(Vec3::zeros(), |s, i| s + v3(&d.grad, i));
            assert!(sum.norm() < 1e-12);
        }
    }
}
