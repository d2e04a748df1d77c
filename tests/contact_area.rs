//! `Assemble_ContactArea_1` / `_2` against contact theory: a sphere resting on a floor under
//! its weight `w` has the Hertz contact circle `πR̂δ` with `δ = (3w/(4Ê√R̂))^{2/3}`; two spheres
//! held by `N_JKR` alone come to rest at the zero-load JKR radius, `a₀³ = 9πwR̂²/(2Ê)`; the
//! VTK frames carry each sphere's area; a chain without a law that computes an area is refused.

use catena::contact::{Builtin, Chain, contact_areas};
use catena::run::{RunOptions, run};
use catena::scene::{build_scene, parse_scene};
use std::f64::consts::PI;
use std::path::Path;

const R: f64 = 1e-3;
const RHO: f64 = 2500.0;
const G: f64 = 9.81;
const E_HAT: f64 = 1e8;

fn build(dir: &Path, scene: &str) -> catena::scene::BuiltScene {
    let file = dir.join("scene.ron");
    std::fs::write(&file, scene).unwrap();
    let spec = parse_scene(scene, &file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, scene, &file).unwrap_or_else(|e| panic!("{e}"))
}

fn floor_scene() -> String {
    format!(
        "Scene(
    name: \"resting\",
    time: (dt: 0.25, duration: 2.0, integrator: Overdamped),
    solver: (force_tol: 1e-12),
    output: (frame_every: 8),
    materials: {{ \"m\": (youngs_modulus: 1e8, poisson_ratio: 0.3, density: {RHO}) }},
    spheres: [(name: \"s\", material: \"m\", radius: {R}, center: (0, 0, {R}))],
    planes: [(name: \"floor\", origin: (0, 0, 0), normal: (0, 0, 1), material: \"m\")],
    forces: [Gravity(g: (0, 0, -{G})), StokesDrag(viscosity: 1e3)],
    contacts: [(chain: \"floor.ron\", first: AllSpheres, second: AllPlanes, keep_distance: 1e-4)],
)"
    )
}

#[test]
fn a_resting_sphere_has_the_hertz_contact_area() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("floor.ron"),
        format!(
            "Chain(name: \"floor\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
             N_Hertz(effective_modulus: {E_HAT}, effective_radius: {R}), AssembleForces, \
             AssembleContactMatrix, Assemble_ContactArea_1])"
        ),
    )
    .unwrap();
    let mut sim = build(dir.path(), &floor_scene()).into_simulator();
    while sim.model.time < 2.0 - 1e-12 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let w = RHO * 4.0 / 3.0 * PI * R.powi(3) * G;
    let delta = (3.0 * w / (4.0 * E_HAT * R.sqrt())).powf(2.0 / 3.0);
    let expected = PI * R * delta;
    let a = contact_areas(&sim.model, sim.last_contacts());
    assert!(
        (a.spheres[0] - expected).abs() < 1e-6 * expected,
        "A = {}, πR̂δ = {expected}",
        a.spheres[0]
    );
    // The run's frames carry it as sphere point data.
    let out = dir.path().join("out");
    let opts = RunOptions {
        out: Some(out.clone()),
        progress: false,
        ..RunOptions::default()
    };
    run(build(dir.path(), &floor_scene()), &opts).unwrap_or_else(|e| panic!("{e}"));
    let last = (std::fs::read_dir(out.join("frames")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "vtp"))
        .max()
        .unwrap();
    let text = std::fs::read_to_string(last).unwrap();
    let at = text
        .find("Name=\"contact_area\"")
        .expect("contact_area point data");
    let value: f64 = text[at..]
        .split('>')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (value - expected).abs() < 1e-6 * expected,
        "{value} vs {expected}"
    );
}

#[test]
fn two_jkr_spheres_rest_at_the_zero_load_contact_radius() {
    let (w, r_hat) = (0.05, R / 2.0);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pair.ron"),
        format!(
            "Chain(name: \"pair\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_JKR(surface_energy: {w}, effective_modulus: {E_HAT}, effective_radius: {r_hat}), \
             AssembleForces, AssembleContactMatrix, Assemble_ContactArea_1, Assemble_ContactArea_2])"
        ),
    )
    .unwrap();
    let touching = 2.0 * R - 1e-7;
    let scene = format!(
        "Scene(
    name: \"jkr\",
    time: (dt: 0.01, duration: 2.0, integrator: Overdamped),
    solver: (force_tol: 1e-12, step_tol: 0),
    materials: {{ \"m\": (youngs_modulus: 1e8, poisson_ratio: 0.3, density: {RHO}) }},
    spheres: [
        (name: \"a\", material: \"m\", radius: {R}, center: (0, 0, 0)),
        (name: \"b\", material: \"m\", radius: {R}, center: ({touching}, 0, 0)),
    ],
    forces: [StokesDrag(viscosity: 1.0)],
    contacts: [(chain: \"pair.ron\", first: AllSpheres, second: AllSpheres, keep_distance: 1e-4)],
)"
    );
    let mut sim = build(dir.path(), &scene).into_simulator();
    while sim.model.time < 2.0 - 1e-12 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let a0 = (9.0 * PI * w * r_hat * r_hat / (2.0 * E_HAT)).cbrt();
    let expected = PI * a0 * a0;
    let a = contact_areas(&sim.model, sim.last_contacts());
    for (k, area) in a.spheres.iter().enumerate() {
        assert!(
            (area - expected).abs() < 1e-6 * expected,
            "sphere {k}: A = {area}, πa₀² = {expected}"
        );
    }
}

#[test]
fn a_chain_without_an_area_law_is_refused() {
    let src = "Chain(name: \"c\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
               LinearDamper(damping: 1.0), AssembleForces, Assemble_ContactArea_1])";
    let err = Chain::<Builtin>::parse(src, Path::new("c.ron"))
        .expect_err("refused")
        .to_string();
    assert!(
        err.contains("Assemble_ContactArea_1") && err.contains("contact area"),
        "{err}"
    );
}
