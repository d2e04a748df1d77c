//! The global system is consistent with finite differences on perturbed configurations of the
//! shipped scenes (elastic DER stencils + external forces + inertia), under every time
//! integrator (implicit Euler, BDF2 with its two-step history, implicit midpoint):
//!
//! * the residual is the gradient of the incremental potential
//!   `½ c_M (q − q̃)ᵀM(q − q̃) + (E(z) + Σ Φ_ext(z))/c_x`;
//! * the Jacobian is the symmetric part of the finite-difference Jacobian of the residual.
//!   (With time-parallel-transported reference frames the map q ↦ ∇E has a small
//!   antisymmetric Jacobian part; the energy Hessian, which Newton uses, is its symmetric part —
//!   see `catena::elastic`.)

use catena::scene::{build_scene, load_scene};
use catena::system::{Assembler, Evaluation, IntegratorKind, StepTargets};
use catena::verify::{Rng, jacobian_columns, max_error_relative_to};
use std::path::Path;

fn check_scene(path: &str, amplitude: f64, seed: u64) {
    for kind in IntegratorKind::ALL {
        check_scene_with(path, amplitude, seed, kind, true);
    }
}

/// Checks the assembled Jacobian of the scene at `path`, perturbed by `amplitude`, against
/// central differences of the residual; for a `conservative` scene also the residual against
/// the gradient of the incremental potential, with the symmetrised differences.
fn check_scene_with(
    path: &str,
    amplitude: f64,
    seed: u64,
    kind: IntegratorKind,
    conservative: bool,
) {
    let p = Path::new(path);
    let (spec, src) = load_scene(p).unwrap();
    let b = build_scene(&spec, &src, p).unwrap();
    let mut model = b.model;
    let mut rng = Rng::new(seed);
    let mut rnd = || rng.signed();
    let q_prev = model.q.clone();
    for k in model.dofs.free_dofs().collect::<Vec<_>>() {
        model.q[k] += amplitude * rnd();
    }
    for v in model.v.iter_mut() {
        *v = 0.01 * rnd();
    }
    let dt = b.dt;
    let mut integrator = catena::system::build_integrator(kind);
    // A first step from an earlier state gives BDF2 its equal-step history.
    let q_before: Vec<f64> = q_prev
        .iter()
        .map(|q| q - 1e-3 * amplitude * rnd())
        .collect();
    integrator.begin_step(&q_before, &model.v, dt);
    let mut v_prev = model.v.clone();
    integrator.finish_step(&q_prev, &mut v_prev, &|_| false);
    integrator.begin_step(&q_prev, &model.v, dt);
    assert_eq!(integrator.coefficients().scheme, kind);
    let mut asm = Assembler::new(&model, b.externals);
    let step = StepTargets {
        integrator: &*integrator,
        t: dt,
    };
    let mut ev = Evaluation::default();
    let q0 = model.q.clone();
    let mut source = model.frames.clone();
    asm.rebase(&model, &mut source, &q0, &step);
    asm.evaluate(&model, &source, &q0, &step, true, &mut ev);
    let mut jac = asm.pattern().to_dense(&ev.jacobian);
    // The dense rank-one terms the solver adds by Woodbury (a cell's volume and area laws).
    for t in &ev.rank_one {
        for (a, &i) in t.dofs.iter().enumerate() {
            for (b, &j) in t.dofs.iter().enumerate() {
                if let (Some(fi), Some(fj)) = (model.dofs.free_index(i), model.dofs.free_index(j)) {
                    jac[fi][fj] += t.weight * t.u[a] * t.u[b];
                }
            }
        }
    }
    let free: Vec<usize> = model.dofs.free_dofs().collect();
    let n = free.len();
    let h = 1e-7;
    // Rows 0..n: the free residual entries; row n: the incremental potential.
    let mut at = Evaluation::default();
    let fd = jacobian_columns(
        |q| {
            asm.evaluate(&model, &source, q, &step, false, &mut at);
            let potential = if conservative {
                at.incremental_potential.unwrap()
            } else {
                0.0
            };
            free.iter()
                .map(|&g| at.residual[g])
                .chain([potential])
                .collect()
        },
        &q0,
        &free,
        h,
    );
    // Residual = gradient of the incremental potential.
    let residual: Vec<f64> = free.iter().map(|&g| ev.residual[g]).collect();
    let grad_fd: Vec<f64> = fd.row(n).iter().copied().collect();
    let grad_err = if conservative {
        max_error_relative_to(&grad_fd, &residual)
    } else {
        0.0
    };
    assert!(
        grad_err < 1e-5,
        "{path} ({kind}): residual ≠ ∇(incremental potential): {grad_err:e}"
    );
    let mut worst: f64 = 0.0;
    for c in 0..n {
        let mut num = 0.0;
        let mut den = 0.0;
        for r in 0..n {
            let sym = if conservative {
                0.5 * (fd[(r, c)] + fd[(c, r)])
            } else {
                fd[(r, c)]
            };
            num += (sym - jac[r][c]).powi(2);
            den += jac[r][c].powi(2);
        }
        let err = (num / den).sqrt();
        worst = worst.max(err);
        assert!(
            err < 1e-6,
            "{path} ({kind}): Jacobian column {c} relative error {err:e}"
        );
    }
    eprintln!("{path} ({kind}): worst column error {worst:e}, gradient error {grad_err:e}");
}

#[test]
fn cantilever_system_matches_finite_differences() {
    check_scene("examples/scenes/cantilever.ron", 2e-4, 1);
}

#[test]
fn pneunet_system_matches_finite_differences() {
    check_scene("examples/scenes/pneunet.ron", 2e-4, 2);
}

#[test]
fn helix_system_matches_finite_differences() {
    check_scene("examples/scenes/helix_relax.ron", 3e-4, 3);
}

#[test]
fn helix_at_rest_system_matches_finite_differences() {
    check_scene("examples/scenes/helix_relax.ron", 1e-12, 4);
}

/// A rod resting on the ground through `chains/ipc_ground.ron` (barrier + lagged friction), after
/// two steps (so that the friction's lagging point holds a normal force): under every integrator
/// the residual is the gradient of the incremental potential, barrier and friction energies
/// included (IPC friction's `D = hΨ(v)` with `h = c_x v_div`), and the Jacobian matches the
/// finite differences of the residual.
#[test]
fn ipc_ground_contact_with_friction_matches_finite_differences_under_every_integrator() {
    let chain = Path::new(env!("CARGO_MANIFEST_DIR")).join("chains/ipc_ground.ron");
    let src = format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 1.0),
    materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
    rods: [(name: "rod", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 1.004e-3), end: (0.05, 0, 1.004e-3), nodes: 6))],
    planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -9.81))],
    contacts: [(chain: "{}", first: AllRods, second: AllPlanes, keep_distance: 1e-3)],
)"#,
        chain.display()
    );
    let file = Path::new("ipc_rod_on_ground.ron");
    for kind in IntegratorKind::ALL {
        let spec = catena::scene::parse_scene(&src, file).unwrap();
        let mut sim = build_scene(&spec, &src, file)
            .unwrap()
            .into_simulator()
            .with_integrator(kind);
        // Push the rod sideways so friction slides, and let it settle on the barrier.
        for k in sim.model.dofs.free_dofs().collect::<Vec<_>>() {
            if k % 4 == 0 {
                sim.model.v[k] = 0.02;
            }
        }
        for _ in 0..2 {
            sim.step().unwrap();
        }
        let model = sim.model.clone();
        let dt = sim.dt;
        let mut integrator = catena::system::build_integrator(kind);
        let q_before: Vec<f64> = model
            .q
            .iter()
            .zip(&model.v)
            .map(|(q, v)| q - dt * v)
            .collect();
        integrator.begin_step(&q_before, &model.v, dt);
        let mut v = model.v.clone();
        integrator.finish_step(&model.q, &mut v, &|_| false);
        integrator.begin_step(&model.q, &v, dt);
        assert_eq!(integrator.coefficients().scheme, kind);
        let step = StepTargets {
            integrator: &*integrator,
            t: model.time + dt,
        };
        // The iterate: slid by 2 µm along x (beyond the friction's ε_v Δt), lifted by 1 µm.
        let mut q0 = model.q.clone();
        for k in model.dofs.free_dofs() {
            q0[k] += match k % 4 {
                0 => 2e-6,
                2 => 1e-6,
                _ => 0.0,
            };
        }
        let asm = sim.assembler_mut();
        let mut source = model.frames.clone();
        asm.rebase(&model, &mut source, &q0, &step);
        let mut ev = Evaluation::default();
        asm.evaluate(&model, &source, &q0, &step, true, &mut ev);
        assert!(
            ev.contacts.iter().any(|c| c.active),
            "{kind}: no active contact"
        );
        let jac = asm.pattern().to_dense(&ev.jacobian);
        let free: Vec<usize> = model.dofs.free_dofs().collect();
        let h = 1e-10;
        let n = free.len();
        // Rows 0..n: the free residual entries; row n: the incremental potential.
        let mut at = Evaluation::default();
        let fd = jacobian_columns(
            |q| {
                asm.evaluate(&model, &source, q, &step, false, &mut at);
                let potential = at.incremental_potential.unwrap();
                free.iter()
                    .map(|&g| at.residual[g])
                    .chain([potential])
                    .collect()
            },
            &q0,
            &free,
            h,
        );
        let residual: Vec<f64> = free.iter().map(|&g| ev.residual[g]).collect();
        let grad_fd: Vec<f64> = fd.row(n).iter().copied().collect();
        let grad_err = max_error_relative_to(&grad_fd, &residual);
        // Entry-wise over the whole matrix, relative to its largest entry.
        let jac_fd: Vec<f64> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .map(|(r, c)| fd[(r, c)])
            .collect();
        let jac_flat: Vec<f64> = jac.iter().flatten().copied().collect();
        assert_eq!(jac_flat.len(), n * n);
        let jac_err = max_error_relative_to(&jac_fd, &jac_flat);
        eprintln!("{kind}: gradient error {grad_err:e}, Jacobian error {jac_err:e}");
        assert!(grad_err < 1e-4, "{kind}: residual ≠ ∇Π: {grad_err:e}");
        assert!(jac_err < 1e-4, "{kind}: Jacobian error {jac_err:e}");
    }
}

/// A small clamped plate of each bending and membrane model, perturbed out of plane: the
/// assembled residual of shell stretching (edge springs, CST or hyperelastic membrane: Skalak,
/// Yeoh) and hinge or mid-edge bending (with its ξ DOFs) is the gradient of the incremental
/// potential and the Jacobian matches finite differences, under every integrator.
#[test]
fn shell_systems_match_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let models = [
        ("Hinge", "Springs"),
        ("MidEdge", "Springs"),
        ("Hinge", "Cst"),
        ("MidEdge", "Cst"),
        ("Hinge", "Skalak(shear_modulus: 5e3, c: 10)"),
        ("MidEdge", "Yeoh(shear_modulus: 5e3)"),
    ];
    for (k, (bending, membrane)) in models.iter().enumerate() {
        let scene = format!(
            r#"Scene(
                time: (dt: 1e-3, duration: 1.0),
                materials: {{ "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) }},
                rods: [],
                shells: [(name: "p", material: "m", thickness: 1e-3, bending: {bending},
                          membrane: {membrane},
                          mesh: Plate(lx: 0.04, ly: 0.02, nx: 4, ny: 2, diagonals: Alternating),
                          clamp: [Box(min: (-1, -1, -1), max: (0.001, 1, 1))])],
                forces: [Gravity(g: (0, 0, -9.81))],
            )"#
        );
        let path = dir.path().join(format!("plate_{k}_{bending}.ron"));
        std::fs::write(&path, scene).unwrap();
        check_scene(path.to_str().unwrap(), 1e-3, 10 + k as u64);
    }
}

/// A falling plate under aerodynamic drag (seed 004 §5.4): the drag's 9×9 face blocks (normal
/// rotating with the nodes, velocity of the iterate) make the system Jacobian non-symmetric;
/// it matches central differences of the residual under every integrator. The medium is made
/// dense and the plate soft so that the drag dominates every column (hinge bending: the ξ
/// columns of mid-edge bending would be round-off against a drag that large).
#[test]
fn aero_drag_on_a_shell_matches_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let scene = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e4, poisson_ratio: 0.3, density: 1000) },
        shells: [(name: "p", material: "m", thickness: 1e-3, bending: Hinge,
                  mesh: Plate(lx: 0.04, ly: 0.02, nx: 4, ny: 2, diagonals: Alternating),
                  clamp: [Box(min: (-1, -1, -1), max: (0.001, 1, 1))])],
        forces: [Gravity(g: (0, 0, -9.81)), AeroDrag(medium_density: 1e6, drag_coefficient: 1e3)],
    )"#;
    let path = dir.path().join("aero.ron");
    std::fs::write(&path, scene).unwrap();
    for kind in IntegratorKind::ALL {
        check_scene_with(path.to_str().unwrap(), 1e-3, 21, kind, false);
    }
}

/// A deformable cell with every cell term (cortical tension, area and volume conservation,
/// imposed pressure), membrane viscosity (`ShellViscosity`) and surface friction
/// (`SurfaceDrag`), one node held: the residual is the gradient of the incremental potential
/// and the Jacobian — sparse part plus the rank-one terms — its Hessian, under every integrator.
/// A 10 cm cell, so that the differences' absolute step suits it.
#[test]
fn cell_system_matches_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let scene = r#"Scene(
        time: (dt: 1e-2, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e3, poisson_ratio: 0.3, density: 1000) },
        shells: [(name: "c", material: "m", thickness: 1e-3, bending: Hinge,
                  mesh: Ellipsoid(radii: (0.1, 0.08, 0.06), level: 1),
                  pin: [Box(min: (0.09, -1, -1), max: (1, 1, 1))],
                  cell: (tension: 5, area_modulus: 40, area: 0.07, bulk_modulus: 2e3,
                         volume: 0.0025, pressure: 30))],
        forces: [Gravity(g: (0, 0, -9.81)), ShellViscosity(viscosity: 50),
                 SurfaceDrag(friction: 20)],
    )"#;
    let path = dir.path().join("cell.ron");
    std::fs::write(&path, scene).unwrap();
    check_scene(path.to_str().unwrap(), 3e-3, 31);
}

/// A rod hanging from a pinned plate's corner (the rod's first node is the plate's node) and a
/// second rod sharing the first's last node, which carries a point mass: every stencil acts on
/// the shared DOFs, and the system is still the exact Hessian of its incremental potential.
#[test]
fn rod_shell_junction_system_matches_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let scene = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) },
        rods: [
            (name: "a", material: "m", radius: 1e-3,
             geometry: Straight(start: (0.04, 0.02, 0), end: (0.04, 0.02, -0.03), nodes: 4)),
            (name: "b", material: "m", radius: 1e-3,
             geometry: Straight(start: (0.07, 0.02, -0.03), end: (0.04, 0.02, -0.03), nodes: 4)),
        ],
        shells: [(name: "p", material: "m", thickness: 1e-3, bending: Hinge,
                  mesh: Plate(lx: 0.04, ly: 0.02, nx: 4, ny: 2, diagonals: Alternating),
                  pin: [Box(min: (-1, -1, -1), max: (0.001, 1, 1))])],
        shared_nodes: [[ShellNear("p", (0.04, 0.02, 0)), Rod("a", 0)], [Rod("a", -1), Rod("b", -1)]],
        point_masses: [(node: Rod("a", -1), mass: 0.01)],
        forces: [Gravity(g: (0, 0, -9.81))],
    )"#;
    let path = dir.path().join("junction.ron");
    std::fs::write(&path, scene).unwrap();
    check_scene(path.to_str().unwrap(), 1e-3, 31);
}

/// The overdamped and static schemes: a clamped rod in a viscous medium under gravity ramped
/// over 1 s (the load factor of static load stepping), and rotating spheres in a fluid (Stokes
/// drag on centres and spins, squeeze-film lubrication between close pairs, Hertz with a
/// constant friction matrix between touching ones). The rod's residual is the gradient of the
/// incremental potential (no inertia, drag as `hΨ`); every Jacobian matches finite differences
/// of the residual.
#[test]
fn overdamped_and_static_systems_match_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let rod = r#"Scene(
        time: (dt: 1e-2, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.5, density: 1000) },
        rods: [(name: "beam", material: "m", radius: 1e-3,
                geometry: Straight(start: (0, 0, 0), end: (0.05, 0, 0), nodes: 8))],
        boundary_conditions: [Clamp(rod: "beam", end: Start)],
        forces: [Gravity(g: (0, 0, -9.81), ramp: 0.5), ViscousDrag(viscosity: 0.3)],
    )"#;
    let path = dir.path().join("rod.ron");
    std::fs::write(&path, rod).unwrap();
    for kind in [IntegratorKind::Overdamped, IntegratorKind::Static] {
        check_scene_with(path.to_str().unwrap(), 2e-4, 31, kind, true);
    }
    let chains = Path::new(env!("CARGO_MANIFEST_DIR")).join("chains");
    let spheres = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0, integrator: Overdamped),
        materials: {{ "m": (youngs_modulus: 1e5, poisson_ratio: 0.3, density: 2000) }},
        spheres: [
            (name: "a", material: "m", radius: 1e-3, center: (0, 0, 0), angular_velocity: (0, 0, 1)),
            (name: "b", material: "m", radius: 1e-3, center: (2.2e-3, 0, 0), angular_velocity: (1, 0, 0)),
            (name: "c", material: "m", radius: 1e-3, center: (2.2e-3, 1.99e-3, 0)),
        ],
        forces: [Gravity(g: (0, 0, -9.81), medium_density: 1000), StokesDrag(viscosity: 0.5)],
        contacts: [
            (chain: "{lub}", first: AllSpheres, second: AllSpheres, keep_distance: 6e-4),
            (chain: "{res}", first: AllSpheres, second: AllSpheres, keep_distance: 6e-4),
        ],
    )"#,
        lub = chains.join("lubrication.ron").display(),
        res = chains.join("resistance.ron").display(),
    );
    let file = Path::new("spheres.ron");
    let spec = catena::scene::parse_scene(&spheres, file).unwrap();
    let mut sim = build_scene(&spec, &spheres, file).unwrap().into_simulator();
    sim.step().unwrap();
    let model = sim.model.clone();
    let dt = sim.dt;
    let mut integrator = catena::system::build_integrator(IntegratorKind::Overdamped);
    integrator.begin_step(&model.q, &model.v, dt);
    let step = StepTargets {
        integrator: &*integrator,
        t: model.time + dt,
    };
    let mut rng = Rng::new(33);
    let mut q0 = model.q.clone();
    for k in model.dofs.free_dofs() {
        q0[k] += 2e-6 * rng.signed();
    }
    let asm = sim.assembler_mut();
    let mut source = model.frames.clone();
    asm.rebase(&model, &mut source, &q0, &step);
    let mut ev = Evaluation::default();
    asm.evaluate(&model, &source, &q0, &step, true, &mut ev);
    // a–b lubricated across 0.2 mm, b–c touching (Hertz and the friction matrix).
    let active = ev.contacts.iter().filter(|c| c.active).count();
    assert!(active >= 2, "{active} active contacts");
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
        1e-9,
    );
    let jac_fd: Vec<f64> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .map(|(r, c)| fd[(r, c)])
        .collect();
    let jac_flat: Vec<f64> = jac.iter().flatten().copied().collect();
    let jac_err = max_error_relative_to(&jac_fd, &jac_flat);
    eprintln!("spheres (Overdamped): Jacobian error {jac_err:e}");
    assert!(jac_err < 1e-5, "Jacobian error {jac_err:e}");
}

/// A load-controlled piston (`motion: Loaded`: free along z only, pushed by its load against
/// its dashpot) pressing a rotating sphere on a plane through Hertz and Cundall–Strack
/// contacts: the assembled system, with the piston's one free coordinate, matches central
/// differences of the residual under every integrator.
#[test]
fn loaded_piston_system_matches_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let chains = Path::new(env!("CARGO_MANIFEST_DIR")).join("chains");
    let text = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 2000) }},
        spheres: [(name: "a", material: "m", radius: 1e-3, center: (0, 0, 0.99e-3))],
        planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "m")],
        rigid_bodies: [
            (name: "piston", material: "m", mesh: Box(size: (0.004, 0.004, 0.001)),
             translate: (2e-4, -1e-4, 2.48e-3),
             motion: Loaded(direction: (0, 0, -1), load: 0.05, resistance: 2.0)),
        ],
        forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 0.5)],
        contacts: [
            (chain: "{plane}", first: AllSpheres, second: AllPlanes, keep_distance: 2e-4),
            (chain: "{rigid}", first: AllSpheres, second: AllRigid, keep_distance: 2e-4),
        ],
    )"#,
        plane = chains.join("granular_plane_onset.ron").display(),
        rigid = chains.join("granular_rigid.ron").display(),
    );
    let path = dir.path().join("piston.ron");
    std::fs::write(&path, text).unwrap();
    for kind in IntegratorKind::ALL
        .into_iter()
        .chain([IntegratorKind::Overdamped])
    {
        check_scene_with(path.to_str().unwrap(), 1e-7, 37, kind, false);
    }
}
