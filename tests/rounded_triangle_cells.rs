//! Two meshed cells in contact through `RoundedTriangle_RoundedTriangle` (mpacts, seed 003;
//! Smeets et al. 2015), each pair of triangles with its six nodes in the global system:
//!
//! * two icospheres of radius R with R_t = R pressed by δ: every triangle's encompassing
//!   centre is its sphere's centre, so all pairs share one contact plane, the projections of
//!   the facing caps tile it, and the pairs' forces sum to Hertz's
//!   `F = (4/3) Ê √(R/2) δ^{3/2}` between the spheres, along the line of centres, with the
//!   two cells' totals equal and opposite (forces and moments);
//! * the assembled Jacobian (the pairs' 12×12 blocks plus the six overflow coordinates of each
//!   second triangle, its rows and its columns) matches central differences of the residual,
//!   with an undamped and a damped law, under implicit Euler and in the overdamped mode;

use catena::contact::NO_DOF;
use catena::math::Vec3;
use catena::scene::{build_scene, parse_scene};
use catena::system::{Evaluation, IntegratorKind, StepTargets};
use catena::verify::{Rng, jacobian_columns};
use std::path::Path;

const R: f64 = 0.01;

/// The two-triangle chain with the normal law `law` (and, after the distributors, `then`:
/// e.g. a friction law followed by a comma, or nothing).
fn chain_with(law: &str, then: &str) -> String {
    format!(
        "Chain(name: \"cc\", elements: [DeformableTriangle_1_Data, DeformableTriangle_2_Data, \
         RoundedTriangle_RoundedTriangle(inverse_curvature: {R}), {law}, \
         DistributeForcesAndMomentsToTriangle_1_Nodes, DistributeForcesAndMomentsToTriangle_2_Nodes, \
         {then} AssembleForces, AssembleContactMatrix])"
    )
}

fn chain(law: &str) -> String {
    chain_with(law, "")
}

const FRICTION: &str = "T_CoulombFriction_Int(mu: 0.4, c_t: 100.0),";

/// Two icosphere cells of radius R (level `level`), centres on the line `axis` at distance
/// 2R − δ, through the chain of `law` (`"normal+friction,"` for a friction law after the
/// distributors); `extra` goes into the scene (forces, pins).
fn scene(
    dir: &Path,
    law: &str,
    level: u32,
    delta: f64,
    axis: Vec3,
    extra: &str,
    time: &str,
) -> String {
    let chain_path = dir.join("cc.ron");
    let text = match law.split_once('+') {
        Some((normal, friction)) => chain_with(normal, friction),
        None => chain(law),
    };
    std::fs::write(&chain_path, text).unwrap();
    let c = axis.normalize() * (R - 0.5 * delta);
    format!(
        r#"Scene(
        time: ({time}),
        materials: {{ "m": (youngs_modulus: 1e5, poisson_ratio: 0.3, density: 1000) }},
        shells: [
            (name: "a", material: "m", thickness: 1e-4, bending: Hinge,
             mesh: Icosphere(radius: {R}, level: {level}), translate: ({}, {}, {})),
            (name: "b", material: "m", thickness: 1e-4, bending: Hinge,
             mesh: Icosphere(radius: {R}, level: {level}), translate: ({}, {}, {})),
        ],
        contacts: [(chain: "{}", first: AllShells, second: AllShells, keep_distance: 1e-3,
                    exclude: [("a", "a"), ("b", "b")])],
        {extra}
    )"#,
        -c.x,
        -c.y,
        -c.z,
        c.x,
        c.y,
        c.z,
        chain_path.display()
    )
}

/// The total contact force on each cell and its moment about the origin, summed over the
/// active pairs of `ev` (the twelve local coordinates and each pair's overflow coordinates).
fn totals(model: &catena::model::Model, ev: &Evaluation) -> ([Vec3; 2], [Vec3; 2], usize) {
    let shell_of = |dof: usize| {
        (0..model.bodies.shells.len())
            .find(|&s| {
                let sh = &model.bodies.shells[s];
                let (lo, hi) = (sh.node_dof(0), sh.node_dof(sh.n_nodes() - 1) + 3);
                (lo..hi).contains(&dof)
            })
            .unwrap()
    };
    let (mut f, mut m, mut active) = ([Vec3::zeros(); 2], [Vec3::zeros(); 2], 0);
    let mut add = |dof: usize, force: Vec3| {
        let s = shell_of(dof);
        let x = Vec3::new(model.q[dof], model.q[dof + 1], model.q[dof + 2]);
        f[s] += force;
        m[s] += x.cross(&force);
    };
    for c in ev.contacts.iter().filter(|c| c.active) {
        active += 1;
        for k in 0..4 {
            if c.dofs[3 * k] != NO_DOF {
                let fk = Vec3::new(c.force[3 * k], c.force[3 * k + 1], c.force[3 * k + 2]);
                add(c.dofs[3 * k] as usize, fk);
            }
        }
        if let Some(ring) = &c.ring {
            for (d, fk) in ring.coords.chunks(3).zip(ring.force.chunks(3)) {
                add(d[0] as usize, Vec3::new(fk[0], fk[1], fk[2]));
            }
        }
    }
    (f, m, active)
}

/// The model of a scene and its evaluation (residual, contacts, with the Jacobian when
/// `jacobian`) at its initial state, after the step's detection.
fn evaluate(
    text: &str,
    kind: IntegratorKind,
    jacobian: bool,
) -> (catena::model::Model, Evaluation) {
    let file = Path::new("cells.ron");
    let spec = parse_scene(text, file).unwrap();
    let mut sim = build_scene(&spec, text, file).unwrap().into_simulator();
    evaluate_state(&mut sim, kind, jacobian)
}

/// [`evaluate`] at the simulator's current state.
fn evaluate_state(
    sim: &mut catena::system::Simulator,
    kind: IntegratorKind,
    jacobian: bool,
) -> (catena::model::Model, Evaluation) {
    let (model, dt) = (sim.model.clone(), sim.dt);
    // The step starts from q − Δt v, so that the velocity at q is the model's.
    let start: Vec<f64> = model
        .q
        .iter()
        .zip(&model.v)
        .map(|(q, v)| q - dt * v)
        .collect();
    let mut integrator = catena::system::build_integrator(kind);
    integrator.begin_step(&start, &model.v, dt);
    let step = StepTargets {
        integrator: &*integrator,
        t: model.time + dt,
    };
    let asm = sim.assembler_mut();
    asm.begin_step(&model, &model.q, &model.v, dt).unwrap();
    let mut source = model.frames.clone();
    let q = model.q.clone();
    asm.rebase(&model, &mut source, &q, &step);
    let mut ev = Evaluation::default();
    asm.evaluate(&model, &source, &q, &step, jacobian, &mut ev);
    (model, ev)
}

#[test]
fn two_meshed_spheres_press_as_hertz() {
    let dir = tempfile::tempdir().unwrap();
    let e_hat = 1e5 / (2.0 * (1.0 - 0.09));
    for (delta, axis) in [
        (2e-4, Vec3::z()),
        (5e-4, Vec3::new(0.3, -0.2, 1.0)),
        (1e-3, Vec3::new(1.0, 0.7, 0.2)),
    ] {
        let text = scene(
            dir.path(),
            "N_Hertz_Int()",
            3,
            delta,
            axis,
            "",
            "dt: 1e-3, duration: 1",
        );
        let (model, ev) = evaluate(&text, IntegratorKind::ImplicitEuler, false);
        let (f, m, active) = totals(&model, &ev);
        let hertz = 4.0 / 3.0 * e_hat * (0.5 * R).sqrt() * delta.powf(1.5);
        let n = axis.normalize();
        let err = (f[1] - n * hertz).norm() / hertz;
        eprintln!(
            "δ = {delta:e}: {active} pairs, F = {:.6e} N (Hertz {hertz:.6e}), error {err:.2e}",
            f[1].dot(&n)
        );
        assert!(active >= 3, "{active} pairs in contact");
        assert!(
            err < 1e-2,
            "δ = {delta}: force {:?} against Hertz {hertz}: {err:e}",
            f[1]
        );
        // Newton's third law, forces and moments.
        assert!((f[0] + f[1]).norm() < 1e-10 * hertz, "{:?}", f[0] + f[1]);
        assert!(
            (m[0] + m[1]).norm() < 1e-10 * hertz * R,
            "{:?}",
            m[0] + m[1]
        );
    }
}

/// The assembled Jacobian against central differences of the residual (every free
/// coordinate of two level-1 cells, so every pair's overflow rows and columns).
#[test]
fn assembled_jacobian_matches_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    for (law, kind) in [
        ("N_Hertz_Int()", IntegratorKind::ImplicitEuler),
        (
            "N_DampedHertz_Int(damping_time: 0.3)",
            IntegratorKind::ImplicitEuler,
        ),
        ("N_Hertz_Int()", IntegratorKind::Overdamped),
        (
            &*format!("N_Hertz_Int()+{FRICTION}"),
            IntegratorKind::ImplicitEuler,
        ),
    ] {
        let extra = if kind == IntegratorKind::Overdamped {
            "forces: [SurfaceDrag(friction: 20)],"
        } else {
            ""
        };
        let time = if kind == IntegratorKind::Overdamped {
            "dt: 1e-3, duration: 1, integrator: Overdamped"
        } else {
            "dt: 1e-3, duration: 1"
        };
        let text = scene(
            dir.path(),
            law,
            1,
            8e-4,
            Vec3::new(0.2, 0.1, 1.0),
            extra,
            time,
        );
        let file = Path::new("cells.ron");
        let spec = parse_scene(&text, file).unwrap();
        let mut sim = build_scene(&spec, &text, file).unwrap().into_simulator();
        let mut rng = Rng::new(5);
        for k in sim.model.dofs.free_dofs().collect::<Vec<_>>() {
            sim.model.q[k] += 2e-5 * rng.signed();
        }
        let (model, dt) = (sim.model.clone(), sim.dt);
        // The step starts from q_n = q − Δt v with random velocities v (up to 1 cm/s), so
        // that the iterate moves and the damped law's rate terms act.
        let q_start: Vec<f64> = model
            .q
            .iter()
            .map(|q| q - dt * 0.01 * rng.signed())
            .collect();
        let mut integrator = catena::system::build_integrator(kind);
        integrator.begin_step(&q_start, &model.v, dt);
        let step = StepTargets {
            integrator: &*integrator,
            t: dt,
        };
        let asm = sim.assembler_mut();
        asm.begin_step(&model, &model.q, &model.v, dt).unwrap();
        let mut source = model.frames.clone();
        let q0 = model.q.clone();
        asm.rebase(&model, &mut source, &q0, &step);
        let mut ev = Evaluation::default();
        asm.evaluate(&model, &source, &q0, &step, true, &mut ev);
        let wide = ev
            .contacts
            .iter()
            .filter(|c| c.active && c.ring.as_ref().is_some_and(|r| !r.cross.is_empty()))
            .count();
        assert!(wide >= 3, "{law}: {wide} active two-triangle pairs");
        let jac = asm.pattern().to_dense(&ev.jacobian);
        let free: Vec<usize> = model.dofs.free_dofs().collect();
        let n = free.len();
        let mut at = Evaluation::default();
        let fd = jacobian_columns(
            |q| {
                asm.evaluate(&model, &source, q, &step, false, &mut at);
                free.iter().map(|&g| at.residual[g]).collect()
            },
            &q0,
            &free,
            1e-8,
        );
        // Per column, relative to the column's norm: the kernel's own Jacobian is a central
        // difference of step 1e-7 of an edge (quadrature points crossing the contact circle
        // bound its accuracy, ~1e-6 relative).
        let mut worst: f64 = 0.0;
        for c in 0..n {
            let (mut num, mut den) = (0.0, 0.0);
            for r in 0..n {
                num += (fd[(r, c)] - jac[r][c]).powi(2);
                den += jac[r][c].powi(2);
            }
            worst = worst.max((num / den).sqrt());
        }
        eprintln!("{law} ({kind}): {wide} pairs, worst column error {worst:e}");
        assert!(worst < 2e-5, "{law} ({kind}): worst column error {worst:e}");
    }
}

/// `catena check --jacobian` on the two-triangle example chain, with the Hertz, damped Hertz
/// and Maugis–Dugdale pressures and with Coulomb friction: the twelve slot coordinates per element and the six nodes'
/// 18 coordinates for the chain total agree with finite differences; and the damped Hertz
/// pressure against a sphere (whose overlap rate is a difference of the encompassing centre
/// too) does as well.
#[test]
fn check_jacobian_covers_two_triangle_chains_and_damped_laws() {
    use catena::contact::{Builtin, Chain};
    use catena::verify::{Options, jacobians};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rounded_triangle");
    let damped = "N_DampedHertz_Int(damping_time: 0.01)";
    let hertz = "N_Hertz_Int()";
    let md = "N_MaugisDugdale_Int(surface_energy: 0.01, range: 1e-5)";
    let last = "DistributeForcesAndMomentsToTriangle_2_Nodes,";
    let friction = format!("{last}\n        {FRICTION}");
    for (file, from, to) in [
        ("cell_cell_hertz_int.ron", hertz, hertz),
        ("cell_cell_hertz_int.ron", hertz, damped),
        ("cell_cell_hertz_int.ron", hertz, md),
        ("cell_cell_hertz_int.ron", last, &*friction),
        ("cell_sphere_hertz_int.ron", hertz, damped),
    ] {
        let law = to;
        let src = std::fs::read_to_string(dir.join(file))
            .unwrap()
            .replace(from, to);
        assert!(src.contains(to), "{file}: {to}");
        let chain = Chain::<Builtin>::parse(&src, &dir.join(file)).unwrap();
        let report = jacobians(
            &chain,
            &Options {
                samples: 40,
                ..Options::default()
            },
        )
        .unwrap();
        println!("{report}");
        assert!(report.passed(), "{file} with {law}:\n{report}");
        let total = report.row("chain total").expect("the total is reported");
        assert!(total.acted >= 10, "{file} with {law}: {}", total.acted);
        if file.starts_with("cell_cell") {
            let six = report
                .row("chain total, six nodes")
                .expect("the six nodes are checked");
            assert!(six.acted >= 10, "{file} with {law}: {}", six.acted);
        }
    }
}

/// Two cells in the overdamped mode, the lower held (every node pinned), the upper pushed down
/// by 10 mN spread over all its nodes through surface friction: the upper cell moves onto the
/// lower one, the two-triangle pairs take the load, and at rest the contact force on the upper
/// cell balances the push (Newton converged at every step, the membrane's own forces summing
/// to zero) with the cells overlapping near Hertz's overlap for that force.
#[test]
fn pushed_cell_comes_to_rest_on_the_contact() {
    let dir = tempfile::tempdir().unwrap();
    let chain_path = dir.path().join("cc.ron");
    std::fs::write(&chain_path, chain("N_Hertz_Int()")).unwrap();
    let (gap, push) = (1e-4, 1e-2);
    let text = format!(
        r#"Scene(
        time: (dt: 1e-4, duration: 0.05, integrator: Overdamped,
               until_rest: (speed: 1e-7, steps: 5)),
        materials: {{ "m": (youngs_modulus: 1e8, poisson_ratio: 0.3, density: 1000) }},
        shells: [
            (name: "a", material: "m", thickness: 2e-3, bending: Hinge,
             mesh: Icosphere(radius: {R}, level: 2), translate: (0, 0, {za}),
             pin: [Box(min: (-1, -1, -1), max: (1, 1, -1e-5))]),
            (name: "b", material: "m", thickness: 2e-3, bending: Hinge,
             mesh: Icosphere(radius: {R}, level: 2), translate: (0, 0, {zb})),
        ],
        contacts: [(chain: "{chain}", first: AllShells, second: AllShells, keep_distance: 1e-3,
                    exclude: [("a", "a"), ("b", "b")])],
        forces: [SurfaceDrag(friction: 20),
                 PatchForce(body: "b", center: (0, 0, {zb}), radius: 0.02, force: (0, 0, -{push}))],
    )"#,
        za = -R - 0.5 * gap,
        zb = R + 0.5 * gap,
        chain = chain_path.display(),
    );
    let file = Path::new("pushed.ron");
    let spec = parse_scene(&text, file).unwrap();
    let mut sim = build_scene(&spec, &text, file).unwrap().into_simulator();
    let mut steps = 0;
    while sim.model.time < 0.05 - 1e-12 {
        sim.step().unwrap();
        steps += 1;
        let speed = sim.model.v.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        if steps > 20 && speed < 1e-7 {
            break;
        }
    }
    let (model, ev) = evaluate_state(&mut sim, IntegratorKind::Overdamped, false);
    let (f, _, active) = totals(&model, &ev);
    let z_b = {
        let sh = &model.bodies.shells[1];
        (0..sh.n_nodes())
            .map(|i| model.q[sh.node_dof(i) + 2])
            .sum::<f64>()
            / sh.n_nodes() as f64
    };
    let e_hat = 1e8 / (2.0 * (1.0 - 0.09));
    let hertz_delta = (3.0 * push / (4.0 * e_hat * (0.5 * R).sqrt())).powf(2.0 / 3.0);
    let descent = R + 0.5 * gap - z_b;
    eprintln!(
        "{steps} steps, {active} pairs, contact force {:.6e} N on b, descent {descent:.3e} m \
         (gap {gap:e} + Hertz overlap {hertz_delta:.3e})",
        f[1].z
    );
    assert!(steps < 500, "not at rest after {steps} steps");
    assert!(active >= 3, "{active} pairs");
    assert!(
        (f[1].z - push).abs() < 1e-6 * push,
        "contact force {:?} against the push {push}",
        f[1]
    );
    assert!(f[1].x.abs() + f[1].y.abs() < 1e-3 * push, "{:?}", f[1]);
    // The centroid descends by the gap and the overlap (plus the membrane's flattening).
    assert!(
        descent > gap + 0.5 * hertz_delta && descent < gap + 3.0 * hertz_delta,
        "{descent}"
    );
}

/// The friction of two meshed spheres sliding past each other: every pair of facing triangles
/// weights the whole contact's Coulomb force by its polygon's share of the contact circle, and
/// the shares tile the circle, so the friction on the sliding cell is `μ F` against its
/// velocity (slip: `c_t v ≫ μF`), equal and opposite on the other cell.
/// Two level-3 icosphere cells pressed by δ = 5e-4 R through Hertz and Coulomb friction, the
/// second sliding at `slide` over the first: the simulator, `slide` and Hertz's force.
fn sliding_cells() -> (catena::system::Simulator, Vec3, f64) {
    let dir = tempfile::tempdir().unwrap();
    let e_hat = 1e5 / (2.0 * (1.0 - 0.09));
    let delta = 5e-4;
    let text = scene(
        dir.path(),
        &format!("N_Hertz_Int()+{FRICTION}"),
        3,
        delta,
        Vec3::z(),
        "",
        "dt: 1e-3, duration: 1",
    );
    let file = Path::new("cells.ron");
    let spec = parse_scene(&text, file).unwrap();
    let mut sim = build_scene(&spec, &text, file).unwrap().into_simulator();
    let slide = Vec3::new(0.3, 0.1, 0.0);
    let sh = sim.model.bodies.shells[1].clone();
    for i in 0..sh.n_nodes() {
        let d = sh.node_dof(i);
        for c in 0..3 {
            sim.model.v[d + c] = slide[c];
        }
    }
    let hertz = 4.0 / 3.0 * e_hat * (0.5 * R).sqrt() * delta.powf(1.5);
    (sim, slide, hertz)
}

#[test]
fn two_meshed_spheres_slide_with_coulomb_friction() {
    let (mut sim, slide, hertz) = sliding_cells();
    let (model, ev) = evaluate_state(&mut sim, IntegratorKind::ImplicitEuler, false);
    let (f, _, active) = totals(&model, &ev);
    let expect = -slide.normalize() * (0.4 * hertz);
    let tangential = f[1] - Vec3::z() * f[1].z;
    let err = (tangential - expect).norm() / expect.norm();
    eprintln!("{active} pairs: friction {tangential:?} against μF {expect:?}: {err:.2e}");
    assert!(
        err < 2e-3,
        "friction {tangential:?} against {expect:?}: {err:e}"
    );
    assert!((f[0] + f[1]).norm() < 1e-10 * hertz, "{:?}", f[0] + f[1]);
}

/// The energy account's friction work of the sliding cells counts every node of both
/// triangles of each pair, side 2's last two nodes too (they lie beyond the pair's twelve
/// coordinates): over one implicit Euler step of the sliding cell, `−Σ F_t·Δq` equals
/// `μ F |v| Δt` within the friction's own error.
#[test]
fn friction_work_of_sliding_cells_counts_all_six_nodes() {
    let (mut sim, slide, hertz) = sliding_cells();
    let (model, dt) = (sim.model.clone(), sim.dt);
    let q = model.q.clone();
    let mut start_model = model.clone();
    for (s, (q, v)) in start_model.q.iter_mut().zip(q.iter().zip(&model.v)) {
        *s = q - dt * v;
    }
    let mut integrator = catena::system::build_integrator(IntegratorKind::ImplicitEuler);
    integrator.begin_step(&start_model.q, &model.v, dt);
    let step = StepTargets {
        integrator: &*integrator,
        t: model.time + dt,
    };
    let asm = sim.assembler_mut();
    asm.begin_step(&model, &model.q, &model.v, dt).unwrap();
    let mut source = model.frames.clone();
    asm.rebase(&model, &mut source, &q, &step);
    let mut ev = Evaluation::default();
    asm.evaluate(&model, &source, &q, &step, false, &mut ev);
    let wide = ev
        .contacts
        .iter()
        .filter(|c| c.active && c.ring.is_some())
        .count();
    assert!(wide > 0, "no active pair carries side 2's last nodes");
    let work = asm.step_work(&start_model, &*integrator, &q, model.time + dt, &ev);
    let expect = 0.4 * hertz * slide.norm() * dt;
    let err = (work.friction - expect).abs() / expect;
    eprintln!(
        "friction work {:.6e} J against μF|v|Δt {expect:.6e} J: {err:.2e}",
        work.friction
    );
    assert!(
        err < 3e-3,
        "friction work {} against {expect}: {err:e}",
        work.friction
    );
}
