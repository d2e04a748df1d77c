//! `N_T_MaskedConstantResistance`: the matrices' checks, the lookup by mask, the force against
//! `N_T_ConstantResistance` with the picked entries, its Jacobians against central
//! differences, and the refusal of masks beyond the matrices.

use super::{ConstantResistance, MaskedConstantResistance};
use crate::contact::builtin::Builtin;
use crate::contact::element::{Env, PairMemory};
use crate::contact::law_test_support::{
    jacobian_errors, random_state, sphere_chain, spheres_and_ground,
};
use crate::contact::normal::Hertz;
use crate::contact::{BodyId, ChainElement, PrimId, PrimKind};
use crate::model::BodyKind;
use crate::verify::Rng;

fn masked(normal: &[&[f64]], tangential: &[&[f64]]) -> MaskedConstantResistance {
    let m = |a: &[&[f64]]| a.iter().map(|r| r.to_vec()).collect();
    MaskedConstantResistance {
        gamma_normal: m(normal),
        gamma_tangential: m(tangential),
    }
}

/// Three masks, every pair of them with its own coefficients.
fn three() -> MaskedConstantResistance {
    masked(
        &[&[1.0, 2.0, 3.0], &[2.0, 4.0, 5.0], &[3.0, 5.0, 6.0]],
        &[&[0.1, 0.2, 0.3], &[0.2, 0.4, 0.5], &[0.3, 0.5, 0.6]],
    )
}

#[test]
fn lookup_is_by_the_pair_of_masks_either_way_round() {
    let e = three();
    assert_eq!(e.masks(), 3);
    assert_eq!(e.coefficients(0, 0), Some((1.0, 0.1)));
    assert_eq!(e.coefficients(1, 2), Some((5.0, 0.5)));
    assert_eq!(e.coefficients(2, 1), Some((5.0, 0.5)));
    assert_eq!(e.coefficients(2, 0), Some((3.0, 0.3)));
    assert_eq!(e.coefficients(3, 0), None);
    assert_eq!(e.coefficients(0, 3), None);
    assert!(e.validate().is_ok());
    assert!(MaskedConstantResistance::default().validate().is_ok());
}

#[test]
fn matrices_must_be_square_symmetric_non_negative_and_of_one_size() {
    let err = |e: MaskedConstantResistance| e.validate().unwrap_err();
    let ok: &[&[f64]] = &[&[1.0, 2.0], &[2.0, 3.0]];
    let e = err(masked(&[], ok));
    assert!(e.contains("gamma_normal is empty"), "{e}");
    let e = err(masked(ok, &[&[1.0, 2.0], &[2.0]]));
    assert!(
        e.contains("gamma_tangential must be square") && e.contains("row 1 has 1"),
        "{e}"
    );
    let e = err(masked(&[&[1.0, 2.0], &[2.5, 3.0]], ok));
    assert!(
        e.contains("gamma_normal must be symmetric")
            && e.contains("gamma_normal[0][1] = 2 and gamma_normal[1][0] = 2.5"),
        "{e}"
    );
    let e = err(masked(ok, &[&[1.0, -2.0], &[-2.0, 3.0]]));
    assert!(
        e.contains("gamma_tangential[0][1] must be ≥ 0 (N·s/m), got -2"),
        "{e}"
    );
    let e = err(masked(ok, &[&[f64::NAN]]));
    assert!(e.contains("gamma_tangential[0][0] must be ≥ 0"), "{e}");
    let e = err(masked(ok, &[&[1.0]]));
    assert!(
        e.contains("gamma_normal is 2 × 2 but gamma_tangential is 1 × 1"),
        "{e}"
    );
}

/// Spheres of masks 1 and 0 and a ground of mask 2: the law gives, bit for bit,
/// `N_T_ConstantResistance` with the entries (1, 0) and (1, 2), and its Jacobians match central
/// differences.
#[test]
fn force_is_the_constant_resistance_of_the_picked_entries() {
    let mut m = spheres_and_ground();
    m.masks.set(BodyKind::Sphere, 0, 1);
    m.masks.set(BodyKind::Plane, 0, 2);
    let mut rng = Rng::new(36);
    let hertz = || Builtin::Hertz(Hertz::default());
    for (second, (gn, gt)) in [
        (PrimKind::Sphere, (2.0, 0.2)),
        (PrimKind::Plane, (5.0, 0.5)),
    ] {
        let law = sphere_chain(
            second,
            vec![hertz(), Builtin::MaskedConstantResistance(three())],
        );
        let same = sphere_chain(
            second,
            vec![
                hertz(),
                Builtin::ConstantResistance(ConstantResistance {
                    gamma_normal: gn,
                    gamma_tangential: gt,
                }),
            ],
        );
        let b = match second {
            PrimKind::Plane => PrimId::plane(0),
            _ => PrimId::sphere(1),
        };
        let mut checked = 0;
        for _ in 0..30 {
            let (q, v) = random_state(&m, &mut rng, second, 1e-4, 0.3);
            let env = Env {
                model: &m,
                q: &q,
                v: &v,
            };
            let a = PrimId::sphere(0);
            let f = law.evaluate(&env, a, b, PairMemory::default(), 1e-3, true);
            let g = same.evaluate(&env, a, b, PairMemory::default(), 1e-3, true);
            assert_eq!((f.force, f.dfdx, f.dfdv), (g.force, g.dfdx, g.dfdv));
            let Some((ex, ev)) = jacobian_errors(&law, &m, &q, &v, second, PairMemory::default())
            else {
                continue;
            };
            assert!(ex < 1e-6 && ev < 1e-6, "{second:?}: {ex:e}, {ev:e}");
            checked += 1;
        }
        assert!(checked >= 25, "{second:?}: {checked}");
    }
}

#[test]
fn masks_beyond_the_matrices_are_refused_by_body() {
    let mut m = spheres_and_ground();
    let e = masked(&[&[1.0, 2.0], &[2.0, 3.0]], &[&[1.0, 2.0], &[2.0, 3.0]]);
    let spheres = [BodyId::Sphere(0), BodyId::Sphere(1)];
    assert_eq!(e.check_bodies(&m, [&spheres, &spheres]), Ok(()));
    m.masks.set(BodyKind::Sphere, 1, 2);
    let r = e.check_bodies(&m, [&spheres, &spheres]).unwrap_err();
    assert_eq!(r.body, Some(BodyId::Sphere(1)));
    assert!(
        r.message
            .contains("sphere \"s1\" has mask 2, but gamma_normal and gamma_tangential are 2 × 2"),
        "{}",
        r.message
    );
    assert!(
        r.help.contains("a row and a column for mask 2 (3 × 3)"),
        "{}",
        r.help
    );
    // The plane's mask (0) is in range.
    assert_eq!(
        e.check_bodies(&m, [&spheres[..1], &[BodyId::Plane(0)]]),
        Ok(())
    );
}
