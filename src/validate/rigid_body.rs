//! Case `rigid_body`: rigid bodies with a mesh surface against rigid-body theory.
//!
//! * **flip** — torque-free rotation of an asymmetric box (the intermediate-axis theorem,
//!   Dzhanibekov effect): spun about its intermediate principal axis with a 1 % perturbation,
//!   it flips over and back. Under the implicit midpoint rule (Simo & Wong's energy–momentum
//!   scheme, [`crate::model::body::rigid::momentum`]) the kinetic energy and the world angular
//!   momentum stay constant to the solver's tolerance, and the first flip (the body-frame
//!   angular velocity about the intermediate axis changing sign) comes when Euler's equations
//!   `J ω̇ = (Jω) × ω`, integrated by fourth-order Runge–Kutta at a step 100× finer, say;
//!   implicit Euler keeps the momentum too and loses energy (reported).
//! * **cylinder** — a sphere rolling without slipping inside a fixed horizontal cylinder (a
//!   rigid body, 2048 facets; Hertz with Cundall–Strack friction): small oscillations about
//!   the bottom with period `T = 2π √(7(R − r)/(5g))` (the 7/5 of a rolling solid sphere).
//! * **rod_over_box** — a soft rod draped over a fixed rigid box (its nodes against the box's
//!   triangles, its edges against the box's edges), settled in a viscous medium: the box
//!   carries the rod's whole weight.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{simulate, step, write_chain};
use crate::math::{Mat3, Vec3};
use crate::model::body::rigid::momentum::world_inertia;
use crate::system::Simulator;
use std::path::Path;

const G: f64 = 9.81; // m/s²

/// Runs the parts asked for.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    if ctx.wants("flip") {
        flip(ctx.dir, &mut report)?;
        ctx.write_partial(&report.checks)?;
    }
    if ctx.wants("cylinder") {
        cylinder(ctx.dir, &mut report)?;
        ctx.write_partial(&report.checks)?;
    }
    if ctx.wants("rod_over_box") {
        rod_over_box(ctx.dir, &mut report)?;
    }
    Ok(report)
}

/// Edge lengths of the flipping box (m): inertia about x < y < z, y intermediate.
const BOX: [f64; 3] = [0.1, 0.06, 0.02];
/// Spin about the intermediate axis (rad/s) and the relative perturbation.
const SPIN: f64 = 10.0;
const PERTURBATION: f64 = 0.01;
const FLIP_DT: f64 = 1e-3;
const FLIP_T: f64 = 3.0;

/// The principal inertia of the box per unit mass (m²).
fn box_inertia() -> Vec3 {
    let [a, b, c] = BOX;
    Vec3::new(b * b + c * c, a * a + c * c, a * a + b * b) / 12.0
}

/// First time the y component of the body-frame angular velocity changes sign under Euler's
/// equations from `w0`, by RK4 at step `h` (s).
fn reference_flip(w0: Vec3, h: f64) -> Option<f64> {
    let j = box_inertia();
    let f = |w: &Vec3| {
        let l = w.component_mul(&j);
        l.cross(w).component_div(&j)
    };
    let (mut w, mut t) = (w0, 0.0);
    while t < FLIP_T {
        let k1 = f(&w);
        let k2 = f(&(w + k1 * (h / 2.0)));
        let k3 = f(&(w + k2 * (h / 2.0)));
        let k4 = f(&(w + k3 * h));
        let next = w + (k1 + k2 * 2.0 + k3 * 2.0 + k4) * (h / 6.0);
        if next.y * w.y < 0.0 {
            // Linear interpolation of the crossing within the step.
            return Some(t + h * w.y / (w.y - next.y));
        }
        w = next;
        t += h;
    }
    None
}

fn flip(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let w0 = Vec3::new(PERTURBATION * SPIN, SPIN, PERTURBATION * SPIN);
    let reference = reference_flip(w0, FLIP_DT / 100.0).ok_or("the reference never flips")?;
    let mut curves = Vec::new();
    for (integrator, label) in [
        ("ImplicitMidpoint", "midpoint"),
        ("ImplicitEuler", "implicit Euler"),
    ] {
        let [a, b, c] = BOX;
        let src = format!(
            r#"Scene(
    name: "flip_{label}",
    time: (dt: {FLIP_DT:e}, duration: {FLIP_T}, integrator: {integrator}),
    solver: (abs_tol: 1e-13),
    materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) }},
    rigid_bodies: [(name: "box", material: "m", mesh: Box(size: ({a}, {b}, {c})),
                    angular_velocity: ({:e}, {:e}, {:e}))],
)
"#,
            w0.x, w0.y, w0.z
        );
        let mut sim = simulate(dir, &format!("flip_{}.ron", label.replace(' ', "_")), &src)?;
        let measure = |sim: &Simulator| {
            let body = &sim.model.bodies.rigid[0];
            let w = body.omega(&sim.model.v);
            let iw: Mat3 = world_inertia(&body.state.orientation, &body.inertia);
            let r = body.state.orientation.to_rotation_matrix();
            (iw * w, 0.5 * w.dot(&(iw * w)), r.matrix().transpose() * w)
        };
        let (l0, e0, _) = measure(&sim);
        let (mut l_err, mut e_last, mut first_flip) = (0.0_f64, e0, None);
        let mut prev_wy = w0.y;
        let mut path = Vec::new();
        while sim.model.time < FLIP_T - 0.5 * FLIP_DT {
            step(&mut sim, "rigid_body flip")?;
            let (l, e, wb) = measure(&sim);
            l_err = l_err.max((l - l0).norm() / l0.norm());
            e_last = e;
            if first_flip.is_none() && wb.y * prev_wy < 0.0 {
                let t = sim.model.time;
                first_flip = Some(t - FLIP_DT * wb.y / (wb.y - prev_wy));
            }
            prev_wy = wb.y;
            path.push((sim.model.time, wb.y / SPIN));
        }
        report.checks.push(Check::new(
            format!("world angular momentum drift, {label}"),
            "−",
            l_err,
            1e-9,
            Criterion::AtMost,
        ));
        if label == "midpoint" {
            report.checks.push(Check::new(
                "kinetic energy change over 3 s, midpoint",
                "−",
                (e_last / e0 - 1.0).abs(),
                1e-9,
                Criterion::AtMost,
            ));
            report.checks.push(Check::new(
                "first flip of the intermediate axis (ω_y = 0), midpoint",
                "s",
                first_flip.unwrap_or(f64::NAN),
                reference,
                Criterion::Relative(0.01),
            ));
        } else {
            report.checks.push(Check::new(
                "kinetic energy change over 3 s, implicit Euler (dissipates)",
                "−",
                e_last / e0 - 1.0,
                0.0,
                Criterion::Report,
            ));
        }
        curves.push(Curve {
            label: format!("ω_y/Ω, {label}"),
            points: path,
            style: if label == "midpoint" {
                Style::Line
            } else {
                Style::Dashed
            },
        });
    }
    report.figures.push(Figure {
        stem: "flip".into(),
        title: "Torque-free box spun about its intermediate axis".into(),
        x_label: "t (s)".into(),
        y_label: "body-frame ω_y / Ω".into(),
        log_x: false,
        log_y: false,
        curves,
    });
    Ok(())
}

/// Cylinder radius, sphere radius (m) and the initial angle from the bottom (rad).
const CYL_R: f64 = 0.05;
const SPHERE_R: f64 = 0.005;
const AMPLITUDE: f64 = 0.08;
/// Facets of the cylinder.
const SEGMENTS: usize = 2048;
/// Young's modulus of the ball and the cylinder (Pa).
const E_STEEL: f64 = 2e11;

fn cylinder(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let chain = write_chain(
        dir,
        "sphere_rigid.ron",
        "Chain(name: \"sphere_rigid\", elements: [Sphere_1_Data, DeformableTriangle_2_Data, \
         Sphere_Triangle, N_HertzRestitution(restitution: 0.3), \
         T_CundallStrack(mu_s: 0.8, mindlin: true), \
         AssembleForces, AssembleContactMatrix, Feedback])",
    )?;
    let rho = CYL_R - SPHERE_R;
    let period = 2.0 * std::f64::consts::PI * (7.0 * rho / (5.0 * G)).sqrt();
    // The cylinder turned about its axis by half a facet, so that a facet's middle is at the
    // bottom, then laid along y; the ball rests there at its Hertz overlap under its weight
    // and starts rolling at the speed of an oscillation of angular amplitude AMPLITUDE.
    let half = std::f64::consts::PI / SEGMENTS as f64;
    let turn = nalgebra::UnitQuaternion::from_scaled_axis(Vec3::x() * std::f64::consts::FRAC_PI_2)
        * nalgebra::UnitQuaternion::from_scaled_axis(Vec3::z() * half);
    let rv = turn.scaled_axis();
    let e_star = E_STEEL / (1.0 - 0.3 * 0.3) / 2.0;
    let mass = 7800.0 * 4.0 / 3.0 * std::f64::consts::PI * SPHERE_R.powi(3);
    let overlap = (mass * G / (4.0 / 3.0 * e_star * SPHERE_R.sqrt())).powf(2.0 / 3.0);
    let z0 = -(CYL_R * half.cos() - SPHERE_R + overlap);
    let v0 = AMPLITUDE * rho * 2.0 * std::f64::consts::PI / period;
    let w0 = v0 / (SPHERE_R - 0.5 * overlap);
    let dt = 1e-3;
    let duration = 2.2 * period;
    let src = format!(
        r#"Scene(
    name: "sphere_in_cylinder",
    time: (dt: {dt:e}, duration: {duration:e}, integrator: ImplicitMidpoint),
    solver: (force_tol: 1e-8),
    materials: {{ "steel": (youngs_modulus: {E_STEEL:e}, poisson_ratio: 0.3, density: 7800) }},
    spheres: [(name: "ball", material: "steel", radius: {SPHERE_R}, center: (0, 0, {z0:e}),
               velocity: ({v0:e}, 0, 0), angular_velocity: (0, {w0:e}, 0))],
    rigid_bodies: [(name: "cylinder", material: "steel", motion: Fixed,
                    mesh: Cylinder(radius: {CYL_R}, length: 0.03, segments: {SEGMENTS}),
                    rotate: ({:e}, {:e}, {:e}))],
    forces: [Gravity(g: (0, 0, -{G}))],
    contacts: [(chain: "{chain}", first: AllSpheres, second: AllRigid, keep_distance: 0.004)],
)
"#,
        rv.x, rv.y, rv.z
    );
    let mut sim = simulate(dir, "sphere_in_cylinder.ron", &src)?;
    let offset = sim.model.bodies.spheres[0].offset;
    let mut path = vec![(0.0, 0.0)];
    while sim.model.time < duration - 0.5 * dt {
        step(&mut sim, "rigid_body cylinder")?;
        path.push((sim.model.time, sim.model.q[offset]));
    }
    // Downward zero crossings of x(t), interpolated; the period is their spacing.
    let crossings: Vec<f64> = path
        .windows(2)
        .filter(|w| w[0].1 > 0.0 && w[1].1 <= 0.0)
        .map(|w| w[0].0 + (w[1].0 - w[0].0) * (-w[0].1) / (w[1].1 - w[0].1))
        .collect();
    let measured = match crossings.as_slice() {
        [a, b, ..] => b - a,
        _ => f64::NAN,
    };
    report.checks.push(Check::new(
        "period of small rolling oscillations, 2π√(7(R−r)/5g)",
        "s",
        measured,
        period,
        Criterion::Relative(0.005),
    ));
    report.figures.push(Figure {
        stem: "cylinder".into(),
        title: "A steel ball rolling inside a fixed cylinder".into(),
        x_label: "t (s)".into(),
        y_label: "x (m)".into(),
        log_x: false,
        log_y: false,
        curves: vec![Curve {
            label: "ball centre".into(),
            points: path,
            style: Style::Line,
        }],
    });
    Ok(())
}

fn rod_over_box(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let nodes = write_chain(
        dir,
        "node_box.ron",
        "Chain(name: \"node_box\", elements: [Point_1_Data, DeformableTriangle_2_Data, \
         Point_Triangle, N_LinearForce(stiffness: 200.0, damping: 0.01), \
         AssembleForces, AssembleContactMatrix, Feedback])",
    )?;
    let edges = write_chain(
        dir,
        "edge_box.ron",
        "Chain(name: \"edge_box\", elements: [Deformable_Capsule_1_Data, \
         Deformable_Capsule_2_Data, Capsule_Capsule, N_LinearForce(stiffness: 200.0, \
         damping: 0.01), AssembleForces, AssembleContactMatrix, Feedback])",
    )?;
    let src = format!(
        r#"Scene(
    name: "rod_over_box",
    time: (dt: 2e-3, duration: 1.5),
    materials: {{
        "rubber": (youngs_modulus: 2e5, poisson_ratio: 0.5, density: 1200),
        "steel": (youngs_modulus: 2e11, poisson_ratio: 0.3, density: 7800),
    }},
    rods: [(name: "rod", material: "rubber", radius: 2e-3,
            geometry: Straight(start: (-0.15, 0.003, 0.0275), end: (0.15, 0.003, 0.0275), nodes: 31))],
    rigid_bodies: [(name: "box", material: "steel", motion: Fixed, skin: 1e-3,
                    mesh: Box(size: (0.06, 0.06, 0.05)))],
    forces: [Gravity(g: (0, 0, -{G})), ViscousDrag(viscosity: 0.05)],
    contacts: [
        (chain: "{nodes}", first: AllRods, second: AllRigid, keep_distance: 0.01),
        (chain: "{edges}", first: AllRods, second: AllRigid, keep_distance: 0.01),
    ],
)
"#
    );
    let mut sim = simulate(dir, "rod_over_box.ron", &src)?;
    while sim.model.time < 1.5 - 1e-3 {
        step(&mut sim, "rigid_body rod_over_box")?;
    }
    let weight = sim.model.bodies.rods[0].mass() * G;
    let fz: f64 = sim
        .last_contacts()
        .iter()
        .flat_map(|lc| lc.rigid_loads.iter().flat_map(|l| l.iter().flatten()))
        .map(|l| l.force.z)
        .sum();
    report.checks.push(Check::new(
        "vertical contact force on the box at rest / rod weight",
        "N",
        -fz,
        weight,
        Criterion::Relative(0.01),
    ));
    Ok(())
}
