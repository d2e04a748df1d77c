//! Test helpers for force laws: small models (two spheres, a sphere on a plane), chains built in
//! code, random states (drawn with [`crate::verify::Rng`]) and the finite-difference Jacobian
//! check of [`crate::verify::check_pair`] on them.

use super::builtin::Builtin;
use super::chain::Chain;
use super::element::PairMemory;
use super::primitive::{PlanePrim, PrimId, PrimKind, SpherePrim};
use crate::math::Vec3;
use crate::model::{Material, Model, Plane, Sphere};
use crate::verify::{Rng, check_pair};
use std::path::Path;

/// Two free, rotating spheres (radii 10 mm and 12 mm, E = 10 MPa, ν = 0.3, ρ = 1000 kg/m³)
/// and a ground plane z = 0.
pub(crate) fn spheres_and_ground() -> Model {
    let mut m = Model::default();
    let mat = Material::from_poisson(1e7, 0.3, 1000.0);
    for (i, r) in [0.010, 0.012].into_iter().enumerate() {
        m.add_sphere(
            Sphere::new(format!("s{i}"), r, mat),
            Vec3::new(0.0, 0.0, 0.1 * (i + 1) as f64),
            Vec3::zeros(),
        );
        m.spin_sphere(i, Vec3::zeros());
    }
    m.add_plane(Plane {
        name: "ground".into(),
        origin: Vec3::zeros(),
        normal: Vec3::z(),
        material: None,
    });
    m.finalize();
    m
}

/// A validated chain of `laws` between `Sphere_1_Data, Sphere_2_Data, Sphere_Sphere` (or
/// `Sphere_1_Data, Plane_2_Data, Sphere_Plane`) and `AssembleForces, AssembleContactMatrix`.
pub(crate) fn sphere_chain(second: PrimKind, laws: Vec<Builtin>) -> Chain {
    let src = if second == PrimKind::Plane {
        "[Sphere_1_Data, Plane_2_Data, Sphere_Plane]"
    } else {
        "[Sphere_1_Data, Sphere_2_Data, Sphere_Sphere]"
    };
    let mut elements: Vec<Builtin> = ron::from_str(src).unwrap();
    elements.extend(laws);
    elements
        .extend(ron::from_str::<Vec<Builtin>>("[AssembleForces, AssembleContactMatrix]").unwrap());
    Chain::new("test", elements, Path::new("test.ron"), None).unwrap()
}

/// A random state of the model in which sphere 0 overlaps sphere 1 (or the ground) by about
/// `overlap` (m), with velocities of size `speed` (m/s) and angular velocities of size
/// `speed/r` (rad/s).
pub(crate) fn random_state(
    m: &Model,
    rng: &mut Rng,
    second: PrimKind,
    overlap: f64,
    speed: f64,
) -> (Vec<f64>, Vec<f64>) {
    let mut q = m.q.clone();
    let mut v = vec![0.0; q.len()];
    let (s, t) = (&m.bodies.spheres[0], &m.bodies.spheres[1]);
    let delta = overlap * (1.0 + 0.5 * rng.signed());
    if second == PrimKind::Plane {
        let x = Vec3::new(rng.signed(), rng.signed(), s.radius - delta);
        q[s.offset..s.offset + 3].copy_from_slice(x.as_slice());
    } else {
        let x0 = rng.vector(0.01);
        let dir = rng.vector(1.0).normalize();
        let x1 = x0 + dir * (s.radius + t.radius - delta);
        q[s.offset..s.offset + 3].copy_from_slice(x0.as_slice());
        q[t.offset..t.offset + 3].copy_from_slice(x1.as_slice());
    }
    for k in [s.offset, t.offset] {
        v[k..k + 3].copy_from_slice(rng.vector(speed).as_slice());
    }
    // Angular velocities with surface speeds of the same order.
    for sp in [s, t] {
        if let Some(k) = sp.spin {
            v[k..k + 3].copy_from_slice(rng.vector(speed / sp.radius).as_slice());
        }
    }
    (q, v)
}

/// Relative errors `(∂f/∂x, ∂f/∂v)` of the chain against central differences, or `None` when
/// the pair is rejected or a perturbation crosses a rejection boundary.
pub(crate) fn jacobian_errors(
    chain: &Chain,
    m: &Model,
    q: &[f64],
    v: &[f64],
    second: PrimKind,
    memory: PairMemory,
) -> Option<(f64, f64)> {
    let c = check_pair(
        chain,
        m,
        q,
        v,
        PrimId::Sphere(SpherePrim { index: 0 }),
        partner(second),
        memory,
        1e-3,
        1e-9,
    )?;
    Some((c.dfdx_error, c.dfdv_error))
}

/// Sphere 0's partner in [`spheres_and_ground`]: the ground for a plane, else sphere 1.
fn partner(second: PrimKind) -> PrimId {
    if second == PrimKind::Plane {
        PrimId::Plane(PlanePrim { index: 0 })
    } else {
        PrimId::Sphere(SpherePrim { index: 1 })
    }
}

/// The chain's record of sphere 0 against its partner ([`partner`]) at `(q, v)`, from fresh
/// memory, Δt = 1e-3 s, with Jacobians.
pub(crate) fn evaluate_sphere_pair(
    chain: &Chain,
    m: &Model,
    q: &[f64],
    v: &[f64],
    second: PrimKind,
) -> crate::contact::ContactCtx {
    let env = crate::contact::element::Env { model: m, q, v };
    chain.evaluate(
        &env,
        PrimId::Sphere(SpherePrim { index: 0 }),
        partner(second),
        PairMemory::default(),
        1e-3,
        true,
    )
}
