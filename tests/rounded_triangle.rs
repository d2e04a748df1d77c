//! Rounded triangles with integrated pressures (`RoundedTriangle_*`, `N_*_Int`,
//! `T_CoulombFriction_Int`, `DistributeForcesAndMomentsToTriangle_1_Nodes`) against theory: a
//! sphere of radius R meshed as an icosphere of rounded triangles (R_t = R, so every
//! triangle's encompassing sphere is the sphere itself) pressed onto a plane or a rigid sphere.
//! Summed over the triangles, the forces are those of one smooth sphere contact — Hertz,
//! a uniform pressure on the geometric contact circle, Coulomb's μF in slip — at two mesh
//! refinements; and the chains' Jacobians agree with finite differences.
//!
//! Measured (R = 10 mm, Ê = 1 MPa): Hertz on a plane, levels 2 and 3, δ/R = 0.005 and 0.02:
//! errors 6e-14 (fallback), 6.4e-4, 5.3e-4, 4.5e-4; against a sphere of 2R (δ/R = 0.01):
//! 4e-14, 7.6e-4; damped Hertz 3.9e-4; linear pressure 3e-14; Coulomb slip 1e-14; chain
//! Jacobians against central differences 3e-9 to 2e-8 (relative).

use catena::contact::rounded::{CoulombInt, MAX_LAWS};
use catena::contact::rounded::{Counterpart, PressureLaw, Spec, evaluate};
use catena::contact::{Builtin, Chain, PairMemory, PrimId, SpherePrim};
use catena::math::Vec3;
use catena::model::mesh::icosphere;
use catena::verify::check_pair;
use std::path::Path;

const R: f64 = 0.01;
const E_HAT: f64 = 1e6;

/// The nodes of an icosphere of radius R and `level`, turned by a fixed rotation (so no node
/// sits on the axis of the contact) and centred at `centre`, with its triangles.
fn mesh(level: usize, centre: Vec3) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let m = icosphere(R, level).unwrap();
    let rot = nalgebra::Rotation3::from_euler_angles(0.3, -0.7, 1.1);
    (
        m.nodes.iter().map(|p| rot * p + centre).collect(),
        m.triangles,
    )
}

/// Sum over all triangles of the kernel: the total force on side 2 (normal and friction)
/// and the sum of the nodal forces (on side 1).
fn totals(
    spec: &Spec,
    nodes: &[Vec3],
    tris: &[[u32; 3]],
    other: Vec3,
    v: &[Vec3; 4],
) -> (Vec3, Vec3, Vec3) {
    let (mut normal, mut friction, mut on_nodes) = (Vec3::zeros(), Vec3::zeros(), Vec3::zeros());
    for t in tris {
        let x = [
            nodes[t[0] as usize],
            nodes[t[1] as usize],
            nodes[t[2] as usize],
            other,
        ];
        if let Some(o) = evaluate(spec, &x, v) {
            normal += o.geometry.normal * o.integral.force;
            friction += o.friction;
            for k in 0..3 {
                on_nodes +=
                    o.force.fixed_rows::<3>(3 * k) + o.friction_force.fixed_rows::<3>(3 * k);
            }
        }
    }
    (normal, friction, on_nodes)
}

fn spec(other: Counterpart, law: PressureLaw, friction: Option<CoulombInt>) -> Spec {
    let mut laws = [None; MAX_LAWS];
    laws[0] = Some(law);
    Spec {
        inverse_curvature: R,
        other,
        laws,
        friction,
    }
}

fn ground() -> Counterpart {
    Counterpart::Plane {
        origin: Vec3::zeros(),
        normal: Vec3::z(),
    }
}

/// Hertz: the icosphere on the plane carries (4/3)Ê√R δ^{3/2}, at two refinements and two
/// overlaps, and the nodes carry the reaction (action = reaction over the mesh).
#[test]
fn hertz_int_on_a_plane_sums_to_hertz() {
    let law = PressureLaw::Hertz { modulus: E_HAT };
    let s = spec(ground(), law, None);
    for level in [2, 3] {
        for rel in [0.005, 0.02] {
            let delta = rel * R;
            let (nodes, tris) = mesh(level, Vec3::new(1e-4, -2e-4, R - delta));
            let (f, _, on_nodes) = totals(&s, &nodes, &tris, Vec3::zeros(), &[Vec3::zeros(); 4]);
            let hertz = 4.0 / 3.0 * E_HAT * R.sqrt() * delta.powf(1.5);
            let err = (f.z.abs() - hertz).abs() / hertz;
            println!(
                "level {level}, δ/R = {rel}: F = {:.6e} N, Hertz {hertz:.6e} N, error {err:.2e}",
                -f.z
            );
            assert!(err < 2e-3, "level {level} δ/R {rel}: error {err}");
            // The force on side 2 (the plane) is −z: the plane pushes the sphere up.
            assert!(f.z < 0.0 && f.xy().norm() < 1e-3 * hertz);
            assert!((on_nodes + f).norm() < 1e-9 * hertz);
        }
    }
}

/// The contact areas the `_Int` laws give `Assemble_ContactArea_1/_2` (`A(polygon ∩ disk)`)
/// tile the Hertz circle: their sum over the icosphere is `πa² = πRδ`.
#[test]
fn hertz_int_contact_areas_tile_the_hertz_circle() {
    let s = spec(ground(), PressureLaw::Hertz { modulus: E_HAT }, None);
    for level in [2, 3] {
        for rel in [0.005, 0.02] {
            let delta = rel * R;
            let (nodes, tris) = mesh(level, Vec3::new(1e-4, -2e-4, R - delta));
            let area: f64 = (tris.iter())
                .filter_map(|t| {
                    let x = [0, 1, 2].map(|k| nodes[t[k] as usize]);
                    let x = [x[0], x[1], x[2], Vec3::zeros()];
                    evaluate(&s, &x, &[Vec3::zeros(); 4])
                })
                .map(|o| o.integral.contact_area)
                .sum();
            let circle = std::f64::consts::PI * R * delta;
            assert!(
                (area - circle).abs() < 1e-9 * circle,
                "level {level}, δ/R = {rel}: Σ A = {area}, πRδ = {circle}"
            );
        }
    }
}

/// Hertz against a rigid sphere of radius 2R: R̂ = 2R/3.
#[test]
fn hertz_int_against_a_sphere_sums_to_hertz() {
    let rs = 2.0 * R;
    let law = PressureLaw::Hertz { modulus: E_HAT };
    let s = spec(Counterpart::Sphere { radius: rs }, law, None);
    let r_hat = R * rs / (R + rs);
    for level in [2, 3] {
        let delta = 0.01 * R;
        let dir = Vec3::new(0.2, -0.3, 1.0).normalize();
        let other = dir * (R + rs - delta);
        let (nodes, tris) = mesh(level, Vec3::zeros());
        let (f, _, on_nodes) = totals(&s, &nodes, &tris, other, &[Vec3::zeros(); 4]);
        let hertz = 4.0 / 3.0 * E_HAT * r_hat.sqrt() * delta.powf(1.5);
        let err = (f.norm() - hertz).abs() / hertz;
        println!(
            "sphere, level {level}: F = {:.6e} N, Hertz {hertz:.6e} N, error {err:.2e}",
            f.norm()
        );
        assert!(err < 2e-3, "level {level}: {err}");
        assert!((f.normalize() - dir).norm() < 1e-3);
        assert!((on_nodes + f).norm() < 1e-9 * hertz);
    }
}

/// Uniform pressure kδ on the geometric circle a_g² = 2Rδ: exactly kδ·π·2Rδ over the mesh.
#[test]
fn linear_pressure_int_is_k_delta_times_the_contact_area() {
    let k = 1e9;
    let law = PressureLaw::Linear {
        stiffness: k,
        damping: 0.0,
    };
    let s = spec(ground(), law, None);
    for level in [2, 3] {
        let delta = 0.01 * R;
        let (nodes, tris) = mesh(level, Vec3::new(0.0, 0.0, R - delta));
        let (f, _, _) = totals(&s, &nodes, &tris, Vec3::zeros(), &[Vec3::zeros(); 4]);
        let expected = k * delta * std::f64::consts::PI * 2.0 * R * delta;
        let err = (-f.z - expected).abs() / expected;
        println!("linear, level {level}: error {err:.2e}");
        assert!(err < 1e-9, "{err}");
    }
}

/// Damped Hertz: the full-sphere force (4/3)Ê√R̂δ^{3/2} + 2ÊÂ√R̂ δ̇ √δ when the sphere moves
/// towards the plane at δ̇.
#[test]
fn damped_hertz_int_adds_the_damping_of_the_whole_contact() {
    let (a_hat, rate) = (2e-3, 0.05);
    let law = PressureLaw::DampedHertz {
        modulus: E_HAT,
        damping_time: a_hat,
    };
    let s = spec(ground(), law, None);
    let delta = 0.01 * R;
    let (nodes, tris) = mesh(3, Vec3::new(0.0, 0.0, R - delta));
    // Every node moves down at δ̇.
    let v = [
        Vec3::new(0.0, 0.0, -rate),
        Vec3::new(0.0, 0.0, -rate),
        Vec3::new(0.0, 0.0, -rate),
        Vec3::zeros(),
    ];
    let (f, _, _) = totals(&s, &nodes, &tris, Vec3::zeros(), &v);
    let expected = 4.0 / 3.0 * E_HAT * R.sqrt() * delta.powf(1.5)
        + 2.0 * E_HAT * a_hat * R.sqrt() * rate * delta.sqrt();
    let err = (-f.z - expected).abs() / expected;
    println!("damped, level 3: error {err:.2e}");
    assert!(err < 2e-3, "{err}");
}

/// Coulomb: sliding fast, the friction of the mesh sums to μ F_s against the slip; at rest it
/// is zero.
#[test]
fn coulomb_int_sums_to_mu_times_the_normal_force_in_slip() {
    let law = PressureLaw::Hertz { modulus: E_HAT };
    let mu = 0.4;
    let c = CoulombInt {
        mu,
        c_t: 1e3,
        cap_smoothing: 0.02,
    };
    let s = spec(ground(), law, Some(c));
    let delta = 0.01 * R;
    let (nodes, tris) = mesh(3, Vec3::new(0.0, 0.0, R - delta));
    let slide = Vec3::new(0.3, 0.1, 0.0);
    let v = [slide, slide, slide, Vec3::zeros()];
    let (f, t, on_nodes) = totals(&s, &nodes, &tris, Vec3::zeros(), &v);
    let hertz = 4.0 / 3.0 * E_HAT * R.sqrt() * delta.powf(1.5);
    // The plane (side 2) moves at −slide relative to the sphere: friction on it along +slide.
    let err = (t.norm() - mu * hertz).abs() / (mu * hertz);
    println!(
        "Coulomb slip: |F_t| = {:.6e}, μF_s = {:.6e}, error {err:.2e}",
        t.norm(),
        mu * hertz
    );
    assert!(err < 1e-6, "{err}");
    assert!((t.normalize() - slide.normalize()).norm() < 1e-9);
    assert!((on_nodes + f + t).norm() < 1e-9 * hertz);
    let (_, t0, _) = totals(&s, &nodes, &tris, Vec3::zeros(), &[Vec3::zeros(); 4]);
    assert_eq!(t0.norm(), 0.0);
}

/// A probe model (`verify::probe_model`: shell "c" is one free triangle, sphere "t" has radius
/// 12 mm) with the triangle on the lower cap of a sphere of radius R_t = 10 mm (the chains'),
/// nodes at polar angles about `theta` from the bottom, and sphere "t" pressing on it, or the
/// ground, with overlap `delta`.
fn probe(
    on_plane: bool,
    theta: f64,
    delta: f64,
    speed: f64,
) -> (catena::model::Model, Vec<f64>, Vec<f64>) {
    let model = catena::verify::probe_model();
    let mut q = model.q.clone();
    let mut v = vec![0.0; q.len()];
    let rt = 0.01;
    let dir = |t: f64, p: f64| Vec3::new(t.sin() * p.cos(), t.sin() * p.sin(), -t.cos());
    // Three nodes on the lower cap of the sphere of radius R_t about c, counter-clockwise seen
    // from outside (below).
    let c = Vec3::new(0.0, 0.0, rt - if on_plane { delta } else { 0.0 });
    let mut x = [
        dir(theta, 0.1),
        dir(1.15 * theta, 2.2),
        dir(0.9 * theta, 4.3),
    ]
    .map(|d| c + d * rt);
    if (x[1] - x[0]).cross(&(x[2] - x[0])).z > 0.0 {
        x.swap(1, 2);
    }
    let sh = &model.bodies.shells[0];
    for (k, p) in x.iter().enumerate() {
        let d = sh.node_dof(k);
        q[d..d + 3].copy_from_slice(p.as_slice());
        let w = Vec3::new(0.3, -0.2, 0.1 * k as f64) * speed;
        v[d..d + 3].copy_from_slice(w.as_slice());
    }
    if !on_plane {
        // Sphere t (radius 12 mm) below the cap, overlapping the encompassing sphere by 0.2 mm.
        let t = &model.bodies.spheres[1];
        let n = Vec3::new(0.05, 0.1, -1.0).normalize();
        let p = c + n * (rt + 0.012 - delta);
        q[t.offset..t.offset + 3].copy_from_slice(p.as_slice());
        v[t.offset..t.offset + 3]
            .copy_from_slice(Vec3::new(-0.1, 0.2, 0.3).scale(speed).as_slice());
    }
    (model, q, v)
}

fn chain(file: &str) -> Chain {
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/rounded_triangle")
            .join(file),
    )
    .unwrap();
    Chain::<Builtin>::parse(&src, Path::new(file)).unwrap()
}

/// The example chains' Jacobians (kernel differences in the distributor and the friction law)
/// against the external finite-difference check, in stick and in slip. (They live in
/// `examples/rounded_triangle/`, not `chains/`: `catena check --jacobian`'s probe
/// configurations do not place a triangle facing an overlapping encompassing sphere, and have
/// no triangle-against-sphere pairs.)
#[test]
fn chain_jacobians_match_finite_differences() {
    let tri = PrimId::shell_face(0, 0);
    let sphere = PrimId::Sphere(SpherePrim { index: 1 });
    let plane = PrimId::Plane(catena::contact::PlanePrim { index: 0 });
    for (file, on_plane) in [
        ("cell_sphere_hertz_int.ron", false),
        ("cell_plane_hertz_int.ron", true),
        ("cell_sphere_md_int.ron", false),
        ("cell_plane_md_geo_int.ron", true),
    ] {
        let ch = chain(file);
        // Small overlaps take the fallback (full-sphere force × covered fraction), large ones the
        // quadrature; slow and fast: stick and slip.
        for (theta, delta, speed) in [(0.3, 5e-5, 1e-4), (0.15, 1e-3, 1e-2), (0.2, 2e-3, 1.0)] {
            let (m, q, v) = probe(on_plane, theta, delta, speed);
            let other = if on_plane { plane } else { sphere };
            let c = check_pair(
                &ch,
                &m,
                &q,
                &v,
                tri,
                other,
                PairMemory::default(),
                1e-3,
                1e-8,
            )
            .expect("in contact");
            println!(
                "{file}, θ {theta}, δ {delta}, speed {speed}: |f| = {:.3e} N, ∂f/∂x error {:.2e}, ∂f/∂v error {:.2e}",
                c.force_norm, c.dfdx_error, c.dfdv_error
            );
            assert!(c.force_norm > 0.0);
            assert!(c.dfdx_error < 1e-4 && c.dfdv_error < 1e-4, "{file}: {c:?}");
        }
    }
}
