//! The local force of two rounded triangles in contact (mpacts `RoundedTriangle_RoundedTriangle`
//! followed by `N_*_Int` laws, `DistributeForcesAndMomentsToTriangle_1_Nodes` and
//! `DistributeForcesAndMomentsToTriangle_2_Nodes`; seed 003; Smeets et al. 2015; Odenthal et
//! al. 2013 Eq. 19) as a function of the six nodes' positions and velocities.
//!
//! Geometry ([`resolve_pair`]) → the laws' pressures integrated over the intersection polygon
//! of both projected triangles ([`integrate_polygon`]: total force `F` along `n`, first moment
//! `m = ∫ p (y − P) dA` about the contact point) → distribution: on each side the three nodal
//! forces that conserve `F` and `m` over that side's projected triangle
//! ([`distribute::nodal_forces`]): `f_k` on `A`'s nodes (force `−f_k n`), `g_k` on `B`'s
//! (`+g_k n`). Both sides' nodal forces have the same sum `F` and the same first moment `m`
//! about `P`, so the pair's forces and moments balance exactly (Newton's third law):
//! `Σ_A (x_k × −f_k n) + Σ_B (x_k × g_k n) = −(F P + m)×n + (F P + m)×n = 0` (the normal
//! component of `x_k − P` drops out of `× n`).
//!
//! Local layout: 18 coordinates, nodes `x₀..x₂` of `A` then `x₃..x₅` of `B`. The overlap rate
//! `δ̇ = n·(ċ_A − ċ_B)` (positive while approaching) for damped laws, `ċ = Σ_k (∂c/∂x_k) v_k`
//! with `∂c/∂x_k` by central differences of the encompassing centres' closed form.
//!
//! Jacobians ([`pair_jacobians`]): central differences of the whole kernel, as for the
//! triangle–sphere kernel ([`super::add_jacobians`]; the quadrature points and the polygon's
//! vertices move with the nodes): step `h_x = 10⁻⁷` of `A`'s first edge `ρ`,
//! `h_v = 10⁻⁶ max(‖v‖_∞, ρ/(1 s))`
//! (measured against steps of `10⁻⁵`: 4·10⁻⁸ relative for Hertz, see
//! `tests/rounded_triangle_pair.rs`).

use super::integrate::{Integral, integrate_polygon};
use super::pressure::PressureLaw;
use crate::contact::assemble::distribute;
pub use crate::contact::core::{Mat18, Vec18};
use crate::contact::resolve::rounded_triangle::{PairGeometry, encompassing, resolve_pair};
use crate::contact::tangential::{CoulombInt, friction_weights};
use crate::math::Vec3;

/// The kernel's result at one state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairOutcome {
    /// The geometry.
    pub geometry: PairGeometry,
    /// Overlap rate `δ̇` (m/s), positive while approaching.
    pub rate: f64,
    /// The laws' integrals, summed.
    pub integral: Integral,
    /// Nodal normal forces of `A` (`f_k`) and `B` (`g_k`) (N), each summing to `F`.
    pub nodal: [[f64; 3]; 2],
    /// The local generalised normal force (N).
    pub force: Vec18,
    /// The friction force on `B` (N; zero without friction).
    pub friction: Vec3,
    /// The local generalised friction force (N; zero without friction).
    pub friction_force: Vec18,
}

/// `ċ = Σ_k (∂c/∂x_k) v_k` of the encompassing centre of the triangle `x` moving at `v` (m/s):
/// `∂c/∂x_k` by central differences of step `10⁻²` of the first edge, of the centre computed
/// relative to the first node (relative truncation error ~10⁻⁴ in `ċ`, a damping rate's
/// accuracy; the step is fixed, so `ċ` is a smooth function of the positions, linear in the
/// velocities, and the kernel's own differences of it — its Jacobian — carry the centre's
/// round-off divided by this step, not by a small one).
fn centre_rate(x: &[Vec3], v: &[Vec3], r_t: f64) -> Vec3 {
    let h = 1e-2 * (x[1] - x[0]).norm();
    let mut cdot = Vec3::zeros();
    for k in 0..3 {
        for c in 0..3 {
            if v[k][c] == 0.0 {
                continue;
            }
            let at = |s: f64| {
                let mut y = [Vec3::zeros(), x[1] - x[0], x[2] - x[0]];
                y[k][c] += s;
                encompassing::centre(&y[0], &y[1], &y[2], r_t)
            };
            if let (Some(p), Some(m)) = (at(h), at(-h)) {
                cdot += (p - m) * (v[k][c] / (2.0 * h));
            }
        }
    }
    cdot
}

/// The local force of the laws `laws` between triangles `A = x[0..3]` and `B = x[3..6]` of
/// encompassing radii `radii`, velocities `v`; `None` when the geometry is degenerate, the
/// projections do not overlap, or no law acts (the encompassing spheres apart).
pub fn evaluate_pair(
    laws: &[PressureLaw],
    radii: [f64; 2],
    x: &[Vec3; 6],
    v: &[Vec3; 6],
) -> Option<PairOutcome> {
    evaluate_pair_with(laws, None, radii, x, v)
}

/// [`evaluate_pair`] with the friction `friction` (`T_CoulombFriction_Int`): the whole
/// contact's friction weighted by the pair polygon's share of the contact circle
/// ([`CoulombInt::force`]), for the velocity of `B` relative to `A`, each side's nodes weighted
/// as its normal force (`w_k = f_k/F`, `1/3` each when `F ≤ 0`): `+f_t w^B_k` on `B`'s nodes,
/// `−f_t w^A_k` on `A`'s, so that its power is `f_t·(Σ w^B_k v^B_k − Σ w^A_k v^A_k)`.
pub fn evaluate_pair_with(
    laws: &[PressureLaw],
    friction: Option<&CoulombInt>,
    radii: [f64; 2],
    x: &[Vec3; 6],
    v: &[Vec3; 6],
) -> Option<PairOutcome> {
    // In coordinates relative to A's first node: micrometre cells far from the origin keep
    // their round-off at the scale of the cell, not of its position (the kernel's own
    // differences, its Jacobian, divide that round-off by a step of 10⁻⁷ of an edge).
    let origin = x[0];
    let x = &x.map(|p| p - origin);
    let mut g = resolve_pair(x, radii)?;
    if g.n_vertices < 3 {
        return None;
    }
    let rate = if laws.iter().any(PressureLaw::damped) {
        g.normal.dot(
            &(centre_rate(&x[..3], &v[..3], radii[0]) - centre_rate(&x[3..], &v[3..], radii[1])),
        )
    } else {
        0.0
    };
    let mut total: Option<Integral> = None;
    for law in laws {
        if let Some(i) = integrate_polygon(law, g.vertices(), g.area, g.overlap, g.radius, rate) {
            total.get_or_insert_with(Integral::default).add(&i);
        }
    }
    let integral = total?;
    let f = distribute::nodal_forces(&g.projected[0], integral.force, &integral.moment)?;
    let h = distribute::nodal_forces(&g.projected[1], integral.force, &integral.moment)?;
    let mut force = Vec18::zeros();
    for k in 0..3 {
        force
            .fixed_rows_mut::<3>(3 * k)
            .copy_from(&(-g.normal * f[k]));
        force
            .fixed_rows_mut::<3>(9 + 3 * k)
            .copy_from(&(g.normal * h[k]));
    }
    let mut friction_force = Vec18::zeros();
    let mut tangential = Vec3::zeros();
    if let Some(c) = friction {
        let (wa, wb) = (
            friction_weights(&f, integral.force),
            friction_weights(&h, integral.force),
        );
        let side = |w: &[f64; 3], v: &[Vec3]| v[0] * w[0] + v[1] * w[1] + v[2] * w[2];
        tangential = c.force(
            &g.normal,
            &(side(&wb, &v[3..]) - side(&wa, &v[..3])),
            &integral,
        );
        for k in 0..3 {
            friction_force
                .fixed_rows_mut::<3>(3 * k)
                .copy_from(&(-tangential * wa[k]));
            friction_force
                .fixed_rows_mut::<3>(9 + 3 * k)
                .copy_from(&(tangential * wb[k]));
        }
    }
    g.centres = g.centres.map(|c| c + origin);
    g.point += origin;
    Some(PairOutcome {
        geometry: g,
        rate,
        integral,
        nodal: [f, h],
        force,
        friction: tangential,
        friction_force,
    })
}

/// `∂f/∂x` and `∂f/∂v` (zero when no law is damped) of [`evaluate_pair`] by central
/// differences (see the module docs); a difference whose stencil leaves the contact uses the
/// one-sided difference, and both are zero where the kernel is `None` at the state.
pub fn pair_jacobians(
    laws: &[PressureLaw],
    radii: [f64; 2],
    x: &[Vec3; 6],
    v: &[Vec3; 6],
) -> (Mat18, Mat18) {
    pair_jacobians_of(laws, None, radii, x, v, |o| o.force)
}

/// [`pair_jacobians`] of the part `part` (normal or friction force) of
/// [`evaluate_pair_with`]; `∂f/∂v` is differenced when a law is damped or there is friction.
pub fn pair_jacobians_of(
    laws: &[PressureLaw],
    friction: Option<&CoulombInt>,
    radii: [f64; 2],
    x: &[Vec3; 6],
    v: &[Vec3; 6],
    part: fn(&PairOutcome) -> Vec18,
) -> (Mat18, Mat18) {
    let velocities = friction.is_some() || laws.iter().any(PressureLaw::damped);
    differences(laws, friction, radii, x, v, part, velocities)
}

/// `∂f/∂x` alone of [`pair_jacobians_of`] (the same columns): for a part whose `∂f/∂v` is
/// known exactly (`T_CoulombFriction_Int` without damped laws).
pub fn pair_position_jacobian_of(
    laws: &[PressureLaw],
    friction: Option<&CoulombInt>,
    radii: [f64; 2],
    x: &[Vec3; 6],
    v: &[Vec3; 6],
    part: fn(&PairOutcome) -> Vec18,
) -> Mat18 {
    differences(laws, friction, radii, x, v, part, false).0
}

/// Central differences of `part` over the positions and, when `velocities`, the velocities.
fn differences(
    laws: &[PressureLaw],
    friction: Option<&CoulombInt>,
    radii: [f64; 2],
    x: &[Vec3; 6],
    v: &[Vec3; 6],
    part: fn(&PairOutcome) -> Vec18,
    velocities: bool,
) -> (Mat18, Mat18) {
    let eval = |x: &[Vec3; 6], v: &[Vec3; 6]| {
        evaluate_pair_with(laws, friction, radii, x, v).map(|o| part(&o))
    };
    // Perturbed in coordinates relative to A's first node (see `evaluate_pair_with`), each
    // difference divided by the step actually taken.
    let x = &x.map(|p| p - x[0]);
    let centre = eval(x, v);
    let edge = (x[1] - x[0]).norm();
    let hx = 1e-7 * edge;
    // The damped pressure is linear in the rate: any step is exact but for round-off, which a
    // step of at least 10⁻⁶ edge lengths per second keeps small (at rest, 10⁻⁶‖v‖ would be 0).
    let vmax = v.iter().map(|w| w.amax()).fold(0.0, f64::max);
    let hv = 1e-6 * vmax.max(edge * 1.0);
    let (mut dx, mut dv) = (Mat18::zeros(), Mat18::zeros());
    for positions in [true, false] {
        if !positions && !velocities {
            continue;
        }
        let h = if positions { hx } else { hv };
        for j in 0..18 {
            let (k, c) = (j / 3, j % 3);
            let base = if positions { x[k][c] } else { v[k][c] };
            let (up, down) = ((base + h) - base, (base - h) - base);
            let at = |s: f64| {
                let (mut xs, mut vs) = (*x, *v);
                if positions {
                    xs[k][c] = base + s;
                } else {
                    vs[k][c] = base + s;
                }
                eval(&xs, &vs)
            };
            let col = match (at(up), at(down), centre) {
                (Some(p), Some(m), _) => (p - m) / (up - down),
                (Some(p), None, Some(c)) => (p - c) / up,
                (None, Some(m), Some(c)) => (c - m) / -down,
                _ => Vec18::zeros(),
            };
            let target = if positions { &mut dx } else { &mut dv };
            target.set_column(j, &col);
        }
    }
    (dx, dv)
}
