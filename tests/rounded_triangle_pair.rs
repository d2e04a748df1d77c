//! Two rounded triangles pressed face to face (mpacts `RoundedTriangle_RoundedTriangle`,
//! `N_*_Int`, `DistributeForcesAndMomentsToTriangle_1_Nodes` and `_2_Nodes`; seed 003; Smeets
//! et al. 2015): the kernel's force is the pressure integrated over the overlap of the two
//! projected triangles within the contact circle (against a brute-force grid integral), the
//! contact of two whole spheres is Hertz's, forces and moments balance (Newton's third law),
//! and the central-difference Jacobians agree with finite differences of another step.

use catena::contact::rounded::{
    PressureLaw, V2, Vec18, evaluate_pair, intersect, pair_jacobians, resolve_pair,
};
use catena::math::Vec3;

const R: f64 = 0.01;
const E_HAT: f64 = 1e6;

fn dir(theta: f64, phi: f64) -> Vec3 {
    Vec3::new(
        theta.sin() * phi.cos(),
        theta.sin() * phi.sin(),
        theta.cos(),
    )
}

/// Triangle A on the top cap of the sphere of radius R about the origin, triangle B on the
/// bottom cap of the sphere about (0, 0, 2R − δ), both counter-clockwise seen from outside,
/// of angular size `size`, turned by `twist` and shifted by the polar offset `shift`.
fn pair(delta: f64, size: f64, twist: f64, shift: f64) -> [Vec3; 6] {
    let cb = Vec3::new(0.0, 0.0, 2.0 * R - delta);
    let mut a = [0.0, 2.1, 4.2].map(|p: f64| {
        let d = dir(size, p) + Vec3::new(shift, 0.0, 0.0);
        d.normalize() * R
    });
    let mut b = [0.3, 2.4, 4.5].map(|p: f64| {
        let d = dir(0.8 * size, p + twist) + Vec3::new(0.0, -shift, 0.0);
        let d = d.normalize();
        cb + Vec3::new(d.x, d.y, -d.z) * R
    });
    if (a[1] - a[0]).cross(&(a[2] - a[0])).z < 0.0 {
        a.swap(1, 2);
    }
    if (b[1] - b[0]).cross(&(b[2] - b[0])).z > 0.0 {
        b.swap(1, 2);
    }
    [a[0], a[1], a[2], b[0], b[1], b[2]]
}

fn hertz() -> PressureLaw {
    PressureLaw::Hertz { modulus: E_HAT }
}

/// Brute-force integral of `p` (N) and its first moment (N·m) over the convex
/// counter-clockwise polygon `poly`, on an n × n grid of its bounding box.
fn grid(poly: &[V2], p: impl Fn(f64) -> f64, n: usize) -> (f64, V2) {
    let (mut lo, mut hi) = (poly[0], poly[0]);
    for q in poly {
        lo = lo.inf(q);
        hi = hi.sup(q);
    }
    let (hx, hy) = ((hi.x - lo.x) / n as f64, (hi.y - lo.y) / n as f64);
    let (mut f, mut m) = (0.0, V2::zeros());
    for i in 0..n {
        for j in 0..n {
            let y = V2::new(lo.x + (i as f64 + 0.5) * hx, lo.y + (j as f64 + 0.5) * hy);
            let inside = (0..poly.len()).all(|k| {
                let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
                (b - a).perp(&(y - a)) >= 0.0
            });
            if inside {
                let w = p(y.norm_squared()) * hx * hy;
                f += w;
                m += y * w;
            }
        }
    }
    (f, m)
}

/// Sum of the nodal forces and of their moments about the origin.
fn balance(x: &[Vec3; 6], f: &Vec18) -> (Vec3, Vec3) {
    let (mut sum, mut moment) = (Vec3::zeros(), Vec3::zeros());
    for (k, xk) in x.iter().enumerate() {
        let fk: Vec3 = f.fixed_rows::<3>(3 * k).into();
        sum += fk;
        moment += xk.cross(&fk);
    }
    (sum, moment)
}

/// Offset triangles whose overlap covers part of the contact circle: the integrated force and
/// moment are the grid integral of the Hertz pressure over the overlap polygon; each side's
/// nodal forces sum to F; forces and moments balance.
#[test]
fn face_to_face_force_is_the_pressure_over_the_overlap() {
    let delta = 4e-4;
    let r_hat = R / 2.0;
    let a = (delta * r_hat).sqrt();
    for (size, twist, shift) in [(0.15, 0.4, 0.05), (0.12, 1.0, 0.03), (0.2, 0.2, 0.12)] {
        let x = pair(delta, size, twist, shift);
        let g = resolve_pair(&x, [R, R]).expect("facing");
        assert!((g.overlap - delta).abs() < 1e-15);
        assert!((g.normal - Vec3::z()).norm() < 1e-12);
        assert!(g.n_vertices >= 3, "the projections overlap");
        let o = evaluate_pair(&[hertz()], [R, R], &x, &[Vec3::zeros(); 6]).expect("in contact");
        let amp = 2.0 * E_HAT / (std::f64::consts::PI * r_hat);
        let p = |r2: f64| amp * (a * a - r2).max(0.0).sqrt();
        let (f, m) = grid(g.vertices(), p, 3000);
        let full = 4.0 / 3.0 * E_HAT * r_hat.sqrt() * delta.powf(1.5);
        let err = (o.integral.force - f).abs() / f;
        let merr = (o.integral.moment - m).norm() / (f * a);
        println!(
            "size {size}, twist {twist}, shift {shift}: {} vertices, F = {:.6e} N (grid {f:.6e}, {:.0} % of the whole circle's), error {err:.1e}; moment error {merr:.1e}; quadrature {}",
            g.n_vertices,
            o.integral.force,
            100.0 * f / full,
            o.integral.quadrature
        );
        assert!(f > 0.01 * full && f < 0.95 * full, "partial cover");
        assert!(err < 5e-3 && merr < 5e-3, "{err} {merr}");
        let s: [f64; 2] = [o.nodal[0].iter().sum(), o.nodal[1].iter().sum()];
        assert!((s[0] - o.integral.force).abs() < 1e-12 * f);
        assert!((s[1] - o.integral.force).abs() < 1e-12 * f);
        let (sum, moment) = balance(&x, &o.force);
        assert!(sum.norm() < 1e-12 * f, "{sum:?}");
        assert!(moment.norm() < 1e-12 * f * R, "{moment:?}");
        // The force pushes A down and B up.
        let on_b: f64 = (3..6).map(|k| o.force[3 * k + 2]).sum();
        assert!((on_b - o.integral.force).abs() < 1e-12 * f);
    }
}

/// Triangles large enough to hold the whole contact circle carry the contact of two spheres of
/// radius R: Hertz with R̂ = R/2.
#[test]
fn whole_circle_is_hertz() {
    for delta in [2e-5, 2e-4] {
        let x = pair(delta, 0.3, 0.5, 0.0);
        let o = evaluate_pair(&[hertz()], [R, R], &x, &[Vec3::zeros(); 6]).unwrap();
        let full = 4.0 / 3.0 * E_HAT * (R / 2.0).sqrt() * f64::powf(delta, 1.5);
        let err = (o.integral.force - full).abs() / full;
        println!(
            "δ {delta:.0e}: F = {:.6e} N, Hertz {full:.6e} N, error {err:.1e}, quadrature {}",
            o.integral.force, o.integral.quadrature
        );
        assert!(err < 2e-3, "{err}");
        let (sum, moment) = balance(&x, &o.force);
        assert!(sum.norm() < 1e-12 * full && moment.norm() < 1e-12 * full * R);
    }
}

/// Apart, back to back, or projections that miss each other: no contact.
#[test]
fn no_contact_apart_or_back_to_back() {
    let v = [Vec3::zeros(); 6];
    let apart = pair(-1e-4, 0.15, 0.4, 0.05);
    assert!(resolve_pair(&apart, [R, R]).unwrap().overlap < 0.0);
    assert!(evaluate_pair(&[hertz()], [R, R], &apart, &v).is_none());
    let x = pair(1e-4, 0.15, 0.4, 0.05);
    let flipped = [x[0], x[2], x[1], x[3], x[4], x[5]];
    assert!(resolve_pair(&flipped, [R, R]).is_none());
    let t = [V2::new(0.0, 0.0), V2::new(1.0, 0.0), V2::new(0.0, 1.0)];
    let far = [V2::new(2.0, 2.0), V2::new(3.0, 2.0), V2::new(2.0, 3.0)];
    assert_eq!(intersect(&t, &far).1, 0);
    // A triangle with itself is itself; two opposite ones make a hexagon.
    let (p, n) = intersect(&t, &t);
    assert_eq!(n, 3);
    assert!(p[..3].iter().all(|q| t.contains(q)));
    let up = [
        V2::new(0.0, 1.0),
        V2::new(-0.866, -0.5),
        V2::new(0.866, -0.5),
    ];
    let down = up.map(|q| -q);
    assert_eq!(intersect(&up, &down).1, 6);
}

/// The kernel's Jacobians (central differences, step 10⁻⁷ of an edge) against central
/// differences of step 10⁻⁵ of an edge, for Hertz (positions) and damped Hertz (velocities).
#[test]
fn jacobians_match_finite_differences() {
    let laws_sets = [
        vec![hertz()],
        vec![PressureLaw::DampedHertz {
            modulus: E_HAT,
            damping_time: 1e-3,
        }],
    ];
    for laws in &laws_sets {
        for (size, twist, shift) in [(0.15, 0.4, 0.05), (0.3, 0.5, 0.0)] {
            let x = pair(3e-4, size, twist, shift);
            let mut v = [Vec3::zeros(); 6];
            for (k, w) in v.iter_mut().enumerate() {
                *w = Vec3::new(0.01 * k as f64, -0.02, if k < 3 { 0.05 } else { -0.04 });
            }
            let (dx, dv) = pair_jacobians(laws, [R, R], &x, &v);
            let f = |x: &[Vec3; 6], v: &[Vec3; 6]| evaluate_pair(laws, [R, R], x, v).unwrap().force;
            let hx = 1e-5 * (x[1] - x[0]).norm();
            let hv = 1e-5 * 0.05;
            let (mut ex, mut ev, mut scale_x, mut scale_v) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
            for j in 0..18 {
                let (k, c) = (j / 3, j % 3);
                let (mut xp, mut xm) = (x, x);
                xp[k][c] += hx;
                xm[k][c] -= hx;
                let col = (f(&xp, &v) - f(&xm, &v)) / (2.0 * hx);
                ex = ex.max((col - dx.column(j)).amax());
                scale_x = scale_x.max(col.amax());
                let (mut vp, mut vm) = (v, v);
                vp[k][c] += hv;
                vm[k][c] -= hv;
                let col = (f(&x, &vp) - f(&x, &vm)) / (2.0 * hv);
                ev = ev.max((col - dv.column(j)).amax());
                scale_v = scale_v.max(col.amax());
            }
            let damped = laws[0].damped();
            println!(
                "damped {damped}, size {size}: ∂f/∂x error {:.1e} (of {scale_x:.2e}), ∂f/∂v error {:.1e} (of {scale_v:.2e})",
                ex / scale_x,
                if damped { ev / scale_v } else { 0.0 }
            );
            assert!(ex < 1e-4 * scale_x, "{ex} of {scale_x}");
            if damped {
                assert!(scale_v > 0.0 && ev < 1e-4 * scale_v, "{ev} of {scale_v}");
            } else {
                assert_eq!(dv.amax(), 0.0);
            }
        }
    }
}

/// `T_CoulombFriction_Int`'s exact `∂f/∂v` on a two-triangle pair (undamped laws) against the
/// kernel's central differences of its friction part, in stick, in the Coulomb blend and in
/// slip: the weights and the polygon's share do not depend on velocities, so the two agree to
/// the differences' round-off.
#[test]
fn exact_friction_velocity_jacobian_matches_differences() {
    use catena::contact::rounded::{CoulombInt, evaluate_pair_with, pair_jacobians_of};
    let laws = [hertz()];
    let x = pair(3e-4, 0.3, 0.5, 0.05);
    let f_s = evaluate_pair_with(&laws, None, [R, R], &x, &[Vec3::zeros(); 6])
        .expect("in contact")
        .integral
        .sphere_force;
    // μ F_s / c_t is the speed at which the cap is reached: stick at a tenth of it, the blend
    // at it, slip at ten times.
    for ratio in [0.1, 1.0, 10.0] {
        let law = CoulombInt {
            mu: 0.3,
            c_t: 0.3 * f_s / (ratio * 0.05),
            cap_smoothing: 0.2,
        };
        let mut v = [Vec3::zeros(); 6];
        for (k, w) in v.iter_mut().enumerate() {
            *w = if k < 3 {
                Vec3::new(0.01 * k as f64, 0.0, 0.002)
            } else {
                Vec3::new(0.05, -0.01 * k as f64, -0.001)
            };
        }
        let o = evaluate_pair_with(&laws, Some(&law), [R, R], &x, &v).expect("in contact");
        let exact = law.pair_velocity_jacobian(&o, &v);
        let (_, fd) = pair_jacobians_of(&laws, Some(&law), [R, R], &x, &v, |o| o.friction_force);
        let scale = fd.amax();
        let err = (exact - fd).amax();
        println!(
            "ratio {ratio}: ∂f/∂v error {:.1e} of {scale:.2e}",
            err / scale
        );
        assert!(scale > 0.0 && err < 1e-6 * scale, "{err:e} of {scale:e}");
    }
}
