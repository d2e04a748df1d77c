//! `N_T_MaterialSpecificAreaWeightedResistance` (mpacts): per-side resistances per unit contact
//! area, combined in series, on the Hertz contact area. Its derivatives pass the chain check
//! (spheres and sphere–plane, overlap and separation), and it is `N_T_AreaWeightedResistance`
//! with the combined coefficients `γ₁γ₂/(γ₁ + γ₂)`, bit for bit, on every configuration.

use catena::contact::{Builtin, Chain, Env, PairMemory, PrimId, SpherePrim};
use catena::verify::{Options, Rng, jacobians, probe_model};
use std::path::Path;

fn chain(resistance: &str) -> Chain {
    Chain::<Builtin>::parse(
        &format!(
            "Chain(name: \"r\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_Hertz(), {resistance}, AssembleForces, AssembleContactMatrix])"
        ),
        Path::new("r.ron"),
    )
    .unwrap()
}

const SPECIFIC: &str = "N_T_MaterialSpecificAreaWeightedResistance(gamma_normal1: 4e3, \
                        gamma_normal2: 1.2e4, gamma_tangential1: 2e3, gamma_tangential2: 6e3)";
// 4e3·1.2e4/(1.6e4) = 3e3 and 2e3·6e3/8e3 = 1.5e3.
const COMBINED: &str = "N_T_AreaWeightedResistance(gamma_normal: 3e3, gamma_tangential: 1.5e3)";

#[test]
fn its_jacobians_pass_the_chain_check() {
    let report = jacobians(&chain(SPECIFIC), &Options::default()).unwrap();
    println!("{report}");
    assert!(report.passed(), "{report}");
}

#[test]
fn it_is_the_area_weighted_law_with_the_sides_combined_in_series() {
    let (specific, combined) = (chain(SPECIFIC), chain(COMBINED));
    let model = probe_model();
    let (s, t) = (&model.bodies.spheres[0], &model.bodies.spheres[1]);
    let (a, b) = (
        PrimId::Sphere(SpherePrim { index: 0 }),
        PrimId::Sphere(SpherePrim { index: 1 }),
    );
    let mut rng = Rng::new(9);
    let mut acted = 0;
    for _ in 0..50 {
        let mut q = model.q.clone();
        // Radii 10 and 12 mm: centres 21.7–22.1 mm apart, overlapping or not.
        let dir = [rng.signed(), rng.signed(), rng.signed()];
        let norm = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
        let d = 0.0221 - 4e-4 * rng.unit();
        q[s.offset..s.offset + 3].copy_from_slice(&[0.0, 0.0, 0.1]);
        for k in 0..3 {
            q[t.offset + k] = q[s.offset + k] + d * dir[k] / norm;
        }
        let v: Vec<f64> = (0..q.len()).map(|_| 0.01 * rng.signed()).collect();
        let env = Env {
            model: &model,
            q: &q,
            v: &v,
        };
        let x = specific.evaluate(&env, a, b, PairMemory::default(), 1e-3, true);
        let y = combined.evaluate(&env, a, b, PairMemory::default(), 1e-3, true);
        assert_eq!(x.force, y.force);
        assert_eq!(x.dfdx, y.dfdx);
        assert_eq!(x.dfdv, y.dfdv);
        acted += usize::from(x.gap < 0.0);
    }
    assert!(acted > 10, "{acted} overlapping configurations");
}
