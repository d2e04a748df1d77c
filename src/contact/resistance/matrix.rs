//! The resistance force of a pair, `F = −Γ v_rel` with
//! `Γ = γ_n nnᵀ + γ_t (I − nnᵀ)` (mpacts `N_T_ConstantResistance`; seed 003), and its exact
//! derivatives, shared by every resistance law.
//!
//! `v_rel` is the velocity of side 2 against side 1 at the contact point and `n` the unit
//! normal from side 1 to side 2 ([`ContactFrame`], rotations included); `F` acts on side 2 at
//! the contact point, `−F` on side 1. Written `F = −γ_t v_rel − (γ_n − γ_t) n (n·v_rel)`:
//! * `∂F/∂v = −γ_t ∂v_rel/∂v − (γ_n − γ_t) n nᵀ ∂v_rel/∂v`;
//! * `∂F/∂x = −γ_t ∂v_rel/∂x − (γ_n − γ_t)[n (nᵀ ∂v_rel/∂x + v_relᵀ ∂n/∂x) + (n·v_rel) ∂n/∂x]
//!   − v_rel (∇γ_t)ᵀ − n (n·v_rel)(∇γ_n − ∇γ_t)ᵀ`,
//!
//! with `∇γ` the gradients of position-dependent coefficients (area weighting, lubrication).
//! The power `F·v_rel = −v_relᵀ Γ v_rel ≤ 0`: resistances only dissipate.

use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::contact::tangential::{ContactFrame, Mat3x12};

/// The resistance coefficients of a pair at the current configuration, with their gradients
/// over the pair's 12 local coordinates (zero for constant coefficients).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Resistance {
    /// Normal resistance `γ_n` (N·s/m).
    pub normal: f64,
    /// Tangential resistance `γ_t` (N·s/m).
    pub tangential: f64,
    /// `∇γ_n` (N·s/m²).
    pub d_normal: Vec12,
    /// `∇γ_t` (N·s/m²).
    pub d_tangential: Vec12,
}

impl Resistance {
    /// Constant coefficients `γ_n`, `γ_t` (N·s/m).
    pub fn constant(normal: f64, tangential: f64) -> Self {
        Self {
            normal,
            tangential,
            ..Self::default()
        }
    }
}

/// Adds `F = −Γ v_rel` (module docs) of the coefficients `g` to the pair; nothing when the
/// normal is undefined.
pub fn add_resistance(ctx: &mut ContactCtx, g: &Resistance) {
    // Built in place: a ~2.8 kB frame returned by value is a copy.
    let mut fr = ContactFrame::zeroed();
    if !fr.compute(ctx) {
        return;
    }
    let (n, v) = (fr.n, fr.vrel);
    let vn = n.dot(&v);
    let dg = g.normal - g.tangential;
    let f = -v * g.tangential - n * (dg * vn);
    let (mut dx, mut dv) = (Mat3x12::zeros(), Mat3x12::zeros());
    if ctx.want_jacobian {
        let nt = n.transpose();
        dv = -fr.dvrel_dv * g.tangential - n * (nt * fr.dvrel_dv) * dg;
        dx = -fr.dvrel_dx * g.tangential
            - (n * (nt * fr.dvrel_dx + v.transpose() * fr.dn_dx) + fr.dn_dx * vn) * dg
            - v * g.d_tangential.transpose()
            - n * (g.d_normal - g.d_tangential).transpose() * vn;
    }
    fr.add_force(ctx, f, &dx, &dv);
}

/// Checks a resistance coefficient (≥ 0, finite), naming it and its unit.
pub(crate) fn check_coefficient(name: &str, unit: &str, x: f64) -> Result<(), String> {
    if x.is_finite() && x >= 0.0 {
        Ok(())
    } else {
        Err(format!("{name} must be ≥ 0 ({unit}), got {x}"))
    }
}

/// Whether a resistance acts on the pair: it overlaps (`gap < 0`) or an earlier law of the
/// chain holds it (a nonzero force so far: an adhesive law at a positive gap).
pub(crate) fn in_contact(ctx: &ContactCtx) -> bool {
    ctx.gap < 0.0 || ctx.force.iter().any(|&f| f != 0.0)
}

#[cfg(test)]
mod tests {
    use crate::contact::builtin::Builtin;
    use crate::contact::element::{Env, PairMemory};
    use crate::contact::law_test_support::{
        jacobian_errors, random_state, sphere_chain, spheres_and_ground,
    };
    use crate::contact::normal::Hertz;
    use crate::contact::primitive::{PrimId, PrimKind, SpherePrim};
    use crate::contact::{
        AreaWeightedResistance, ConstantResistance, LubricationResistance,
        MaskedConstantResistance, MaterialSpecificConstantResistance,
    };
    use crate::verify::Rng;

    fn laws() -> Vec<(&'static str, Vec<Builtin>, f64)> {
        let hertz = || Builtin::Hertz(Hertz::default());
        vec![
            (
                "constant",
                vec![
                    hertz(),
                    Builtin::ConstantResistance(ConstantResistance {
                        gamma_normal: 3.0,
                        gamma_tangential: 0.7,
                    }),
                ],
                1e-4,
            ),
            (
                "area weighted",
                vec![Builtin::AreaWeightedResistance(AreaWeightedResistance {
                    gamma_normal: 4e6,
                    gamma_tangential: 1e6,
                    effective_radius: None,
                })],
                1e-4,
            ),
            (
                "material specific",
                vec![Builtin::MaterialSpecificConstantResistance(
                    MaterialSpecificConstantResistance {
                        gamma_normal1: 2.0,
                        gamma_normal2: 6.0,
                        gamma_tangential1: 1.0,
                        gamma_tangential2: 0.5,
                    },
                )],
                1e-4,
            ),
            (
                // Both spheres and the ground have mask 0: entry [0][0].
                "masked",
                vec![Builtin::MaskedConstantResistance(
                    MaskedConstantResistance {
                        gamma_normal: vec![vec![2.5, 1.0], vec![1.0, 4.0]],
                        gamma_tangential: vec![vec![0.4, 0.1], vec![0.1, 0.2]],
                    },
                )],
                1e-4,
            ),
            (
                // Gaps 0.1–0.3 mm, between the cut-offs.
                "lubrication",
                vec![Builtin::LubricationResistance(LubricationResistance {
                    viscosity: 0.1,
                    d_min: 2e-5,
                    d_max: 1e-2,
                    effective_radius: None,
                })],
                -2e-4,
            ),
        ]
    }

    /// Every resistance law's ∂f/∂x and ∂f/∂v match central differences, sphere–sphere and
    /// sphere–plane, with rotating spheres (the contact-point velocity includes ω × a).
    #[test]
    fn jacobians_match_finite_differences() {
        let m = spheres_and_ground();
        let mut rng = Rng::new(11);
        for (name, elements, overlap) in laws() {
            for second in [PrimKind::Sphere, PrimKind::Plane] {
                let chain = sphere_chain(second, elements.clone());
                let mut checked = 0;
                for _ in 0..30 {
                    let (q, v) = random_state(&m, &mut rng, second, overlap, 0.3);
                    let Some((ex, ev)) =
                        jacobian_errors(&chain, &m, &q, &v, second, PairMemory::default())
                    else {
                        continue;
                    };
                    assert!(
                        ex < 1e-6 && ev < 1e-6,
                        "{name}, {second:?}: ∂f/∂x error {ex:e}, ∂f/∂v error {ev:e}"
                    );
                    checked += 1;
                }
                assert!(checked >= 25, "{name}, {second:?}: {checked} checked");
            }
        }
    }

    /// A resistance only dissipates: the power of the pair's generalised force (torques on
    /// the spins included) is `−v_relᵀ Γ v_rel ≤ 0`, and zero for a rigid motion of the pair.
    #[test]
    fn resistances_dissipate_and_ignore_rigid_translation() {
        let m = spheres_and_ground();
        let mut rng = Rng::new(5);
        for (name, elements, overlap) in laws() {
            // Without the Hertz law, whose conservative force does work.
            let elements: Vec<Builtin> = elements
                .into_iter()
                .filter(|e| !matches!(e, Builtin::Hertz(_)))
                .collect();
            let chain = sphere_chain(PrimKind::Sphere, elements);
            let (a, b) = (
                PrimId::Sphere(SpherePrim { index: 0 }),
                PrimId::Sphere(SpherePrim { index: 1 }),
            );
            for _ in 0..20 {
                let (q, v) = random_state(&m, &mut rng, PrimKind::Sphere, overlap, 0.3);
                let env = Env {
                    model: &m,
                    q: &q,
                    v: &v,
                };
                let ctx = chain.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
                if ctx.reject {
                    continue;
                }
                let power: f64 = (0..ctx.n_slots())
                    .map(|k| ctx.force.fixed_rows::<3>(3 * k).dot(&ctx.v[k]))
                    .sum();
                assert!(power <= 1e-15, "{name}: power {power:e}");
                // The same positions, both spheres translating together and not turning.
                let mut w = vec![0.0; v.len()];
                let u = rng.vector(0.2);
                for s in &m.bodies.spheres {
                    w[s.offset..s.offset + 3].copy_from_slice(u.as_slice());
                }
                let env = Env {
                    model: &m,
                    q: &q,
                    v: &w,
                };
                let ctx = chain.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
                assert!(ctx.force.norm() < 1e-12, "{name}: {:e}", ctx.force.norm());
            }
        }
    }
}
