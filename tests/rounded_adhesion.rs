//! Maugis–Dugdale adhesion integrated over rounded triangles (`N_MaugisDugdale_Int`,
//! `N_MaugisDugdale_geo_Int`; mpacts, seed 003; Odenthal et al. 2013 Eqs. 11–12) against
//! theory: the pressure integrates over the contact circle to Maugis' force (that of
//! `N_MaugisDugdale` for `_Int`), and an icosphere of rounded triangles (R_t = R) on a plane
//! sums to that force.

use catena::contact::MaugisDugdaleCurve;
use catena::contact::rounded::evaluate;
use catena::contact::rounded::{Counterpart, Field, MAX_LAWS, MdPressure, PressureLaw, Spec};
use catena::math::Vec3;
use catena::model::mesh::icosphere;
use std::f64::consts::PI;

const E: f64 = 1e4;
const R: f64 = 5e-6;
const W: f64 = 1e-4;

fn field(geometric: bool, h0: f64, delta: f64, r: f64, e: f64, w: f64) -> Field {
    PressureLaw::MaugisDugdale(MdPressure {
        modulus: e,
        surface_energy: w,
        range: h0,
        geometric,
    })
    .field(delta, 0.0, r)
    .expect("overlapping")
}

/// Radial midpoint integral of a field's pressure over its support (N).
fn radial(f: &Field) -> f64 {
    let n = 400_000;
    let s = f.support;
    (0..n)
        .map(|i| {
            let r = (i as f64 + 0.5) * s / n as f64;
            f.pressure(r * r) * 2.0 * PI * r * s / n as f64
        })
        .sum()
}

/// Over the whole circle the pressure integrates to the full-sphere force — Maugis' (that of
/// N_MaugisDugdale) for _Int, Hertz on a_g plus the Dugdale ring for _geo_Int — across the
/// Tabor range; the traction is −σ₀ on the ring, continuous at r = a, zero beyond c.
#[test]
fn pressure_integrates_to_the_full_sphere_force() {
    for lambda in [0.3, 1.0, 3.0] {
        let h0 = MaugisDugdaleCurve::range_for(E, R, W, lambda);
        let curve = MaugisDugdaleCurve::new(E, R, W, h0);
        for delta in [2e-9, 2e-8, 1e-7] {
            for geometric in [false, true] {
                let f = field(geometric, h0, delta, R, E, W);
                let num = radial(&f);
                let rel = (num - f.sphere_force).abs() / f.sphere_force.abs();
                println!(
                    "λ {lambda}, δ {delta:.0e}, geo {geometric}: F_s = {:.6e} N, radial {num:.6e}, error {rel:.1e}",
                    f.sphere_force
                );
                assert!(rel < 1e-5, "{num} vs {}", f.sphere_force);
                if !geometric {
                    let want = curve.force(delta).force;
                    assert!((f.sphere_force - want).abs() < 1e-12 * want.abs());
                }
                let d = f.adhesion().unwrap();
                let sigma = W / h0;
                assert!(d.c > d.a);
                let just_in = d.a * d.a * (1.0 - 1e-9);
                assert!((d.traction(just_in) + sigma).abs() < 1e-3 * sigma);
                assert_eq!(d.traction(0.5 * (d.a * d.a + d.c * d.c)), -sigma);
                assert_eq!(d.traction(d.c * d.c * 1.0001), 0.0);
            }
        }
    }
}

/// The geometric form keeps a = √(2R̂δ) and fixes the fallback on c; apart (δ ≤ 0) neither
/// law gives a field.
#[test]
fn geometric_radius_and_no_field_apart() {
    let h0 = MaugisDugdaleCurve::range_for(E, R, W, 1.0);
    let delta = 3e-8;
    let f = field(true, h0, delta, R, E, W);
    let d = f.adhesion().unwrap();
    assert!((d.a - (2.0 * R * delta).sqrt()).abs() < 1e-20);
    assert!(d.c > d.a && f.criterion == d.c && f.support == d.c);
    let g = field(false, h0, delta, R, E, W);
    assert_eq!(g.criterion, g.adhesion().unwrap().a);
    for geometric in [false, true] {
        let law = PressureLaw::MaugisDugdale(MdPressure {
            modulus: E,
            surface_energy: W,
            range: h0,
            geometric,
        });
        assert!(law.field(0.0, 0.0, R).is_none());
        assert!(law.field(-1e-9, 0.0, R).is_none());
        assert!(!law.damped());
    }
}

/// An icosphere of radius 10 mm (R_t = R) on the plane: the triangles' forces sum to the
/// full-sphere force of each law (N_MaugisDugdale's for _Int), within 0.5 % of the adhesive
/// pull (the total crosses zero where Hertz balances the pull).
#[test]
fn icosphere_on_a_plane_sums_to_maugis_dugdale() {
    let (r, e, w, h0) = (0.01, 1e6, 10.0, 1e-4);
    for level in [2, 3] {
        for delta in [5e-5, 2e-4] {
            for geometric in [false, true] {
                let law = PressureLaw::MaugisDugdale(MdPressure {
                    modulus: e,
                    surface_energy: w,
                    range: h0,
                    geometric,
                });
                let mut laws = [None; MAX_LAWS];
                laws[0] = Some(law);
                let spec = Spec {
                    inverse_curvature: r,
                    other: Counterpart::Plane {
                        origin: Vec3::zeros(),
                        normal: Vec3::z(),
                    },
                    laws,
                    friction: None,
                };
                let m = icosphere(r, level).unwrap();
                let rot = nalgebra::Rotation3::from_euler_angles(0.3, -0.7, 1.1);
                let centre = Vec3::new(0.0, 0.0, r - delta);
                let nodes: Vec<Vec3> = m.nodes.iter().map(|p| rot * p + centre).collect();
                let (mut total, mut on_nodes, mut area) = (0.0, Vec3::zeros(), 0.0);
                for t in &m.triangles {
                    let x = [
                        nodes[t[0] as usize],
                        nodes[t[1] as usize],
                        nodes[t[2] as usize],
                        Vec3::zeros(),
                    ];
                    if let Some(o) = evaluate(&spec, &x, &[Vec3::zeros(); 4]) {
                        // The plane pushes the sphere up (−n is +z) with F.
                        total += o.integral.force;
                        area += o.integral.contact_area;
                        for k in 0..3 {
                            on_nodes += o.force.fixed_rows::<3>(3 * k);
                        }
                    }
                }
                let f = field(geometric, h0, delta, r, e, w);
                let want = f.sphere_force;
                // Relative to the adhesive pull (the force itself crosses zero near δ = 2e-4).
                let pull = f.adhesion().unwrap().force().abs();
                let err = (total - want).abs() / pull;
                println!(
                    "level {level}, δ {delta:.0e}, geo {geometric}: ΣF = {total:.6e} N, F_s = {want:.6e} N, error {err:.1e} of the pull {pull:.3e} N"
                );
                assert!(err < 5e-3, "{total} vs {want}");
                assert!((on_nodes - Vec3::z() * total).norm() < 1e-9 * pull);
                // The polygons tile the contact circle of radius a (not the Dugdale zone's c):
                // Assemble_ContactArea's area.
                let a = f.adhesion().unwrap().a;
                let circle = std::f64::consts::PI * a * a;
                assert!(
                    (area - circle).abs() < 1e-9 * circle,
                    "Σ A = {area}, πa² = {circle}"
                );
            }
        }
    }
}

/// `catena check --jacobian` on every rounded-triangle example chain (Hertz and
/// Maugis–Dugdale, against a sphere and the plane): the probes place the triangle on its
/// encompassing sphere facing the other side, the distributor and the chain total act in
/// overlap and agree with finite differences.
#[test]
fn check_jacobian_covers_the_rounded_chains() {
    use catena::contact::{Builtin, Chain};
    use catena::verify::{Options, jacobians};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rounded_triangle");
    for file in [
        "cell_plane_hertz_int.ron",
        "cell_sphere_hertz_int.ron",
        "cell_plane_md_geo_int.ron",
        "cell_sphere_md_int.ron",
    ] {
        let chain = Chain::<Builtin>::load(&dir.join(file)).unwrap();
        let report = jacobians(
            &chain,
            &Options {
                samples: 30,
                ..Options::default()
            },
        )
        .unwrap();
        println!("{report}");
        assert!(report.passed(), "{file}:\n{report}");
        let distribute = report
            .row("DistributeForcesAndMomentsToTriangle_1_Nodes")
            .expect("the distributor is reported");
        assert!(distribute.acted >= 10, "{file}: {}", distribute.acted);
    }
}

/// A cortical-tension cell adhering to a plane with N_MaugisDugdale_geo_Int
/// (`examples/rounded_triangle/cell_plane_adhesion.ron`) comes to rest in contact: the last
/// steps converge in one Newton iteration, the encompassing spheres' largest overlap δ (its
/// geometric contact radius √(2R_tδ)) holds within 1 % over the last half second, the contact
/// is active and non-zero in area (δ > 10 nm: a contact radius above 0.3 µm), and the net
/// contact force on the cell vanishes (Hertz balances the Dugdale pull).
#[test]
fn adhering_cell_comes_to_rest_with_a_contact() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("catena_cell_adhesion_{}", std::process::id()));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(["run", "-q", "--force", "--threads", "1", "--out"])
        .arg(&out)
        .arg(root.join("examples/rounded_triangle/cell_plane_adhesion.ron"))
        .status()
        .unwrap();
    assert!(status.success());
    let csv = std::fs::read_to_string(out.join("steps.csv")).unwrap();
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<f64>> = lines
        .map(|l| {
            l.split(',')
                .map(|x| x.parse().unwrap_or(f64::NAN))
                .collect()
        })
        .collect();
    let (pen, active, newton) = (
        col("max_penetration"),
        col("active_contacts"),
        col("newton_iterations"),
    );
    let last = &rows[rows.len() - 1];
    let half = &rows[rows.len() - 11];
    let delta = last[pen];
    let a_g = (2.0 * 5e-6 * delta).sqrt();
    println!(
        "at rest: {} active triangles, δ = {delta:.3e} m (half a second earlier {:.3e}), geometric contact radius {a_g:.3e} m",
        last[active], half[pen]
    );
    assert!(last[active] > 0.0 && delta > 1e-8 && a_g > 3e-7);
    assert!((delta - half[pen]).abs() < 1e-2 * delta);
    // At rest each step is one Newton correction and its check against the scene's tolerance
    // (‖r‖ ~ 1e-20 N; the step test, 1e-8 of the shortest rest edge, is ~1e-15 m here).
    assert!(rows[rows.len() - 10..].iter().all(|r| r[newton] <= 2.0));
    // The net contact force on the cell (last frame's cell–plane row) is nil at rest.
    let frames = out.join("frames");
    let mut contacts: Vec<_> = std::fs::read_dir(&frames)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().contains("cell_contacts_"))
        .collect();
    contacts.sort();
    let table = std::fs::read_to_string(contacts.last().unwrap()).unwrap();
    let row = table.lines().nth(1).unwrap();
    let fz: f64 = row.rsplit(',').next().unwrap().parse().unwrap();
    // The Dugdale pull of the whole contact circle, σ₀πa_g².
    let pull = 2.5e3 * std::f64::consts::PI * a_g * a_g;
    println!("net contact force {fz:.2e} N against a pull of {pull:.2e} N");
    assert!(fz.abs() < 1e-6 * pull);
    let _ = std::fs::remove_dir_all(&out);
}
