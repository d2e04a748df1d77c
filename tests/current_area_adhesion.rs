//! `N_AdhesivePressure(area: Current)`: a node's adhesion paid on its current area share
//! `A_i(x)`, whose gradient reaches the node's ring of triangles beyond the pair's twelve
//! coordinates (`catena::contact::RingTerm`). The assembled system of two adhering cells —
//! the pairs' blocks, the ring's rows and their transpose — matches central finite
//! differences of the residual, and the residual is the gradient of the incremental
//! potential, under the overdamped and the inertial integrators.

use catena::scene::{build_scene, parse_scene};
use catena::system::{Evaluation, IntegratorKind, StepTargets};
use catena::verify::{Rng, jacobian_columns, max_error_relative_to};
use std::path::Path;

/// Two level-1 cells (42 nodes each) overlapping by 0.6 µm at their poles, adhering with a 1.2 µm range, every node
/// perturbed by up to 0.15 µm: some nodes within the range, some overlapping.
fn scene(chain: &Path, integrator: &str) -> String {
    format!(
        r#"Scene(
    time: (dt: 0.05, duration: 1.0, integrator: {integrator}),
    materials: {{ "cortex": (youngs_modulus: 100, poisson_ratio: 0.3333, density: 1000) }},
    shells: [
        (name: "a", material: "cortex", thickness: 1e-7,
         mesh: Icosphere(radius: 5e-6, level: 1), translate: (0, 0, -4.7e-6),
         cell: (tension: 1e-3, bulk_modulus: 1e6)),
        (name: "b", material: "cortex", thickness: 1e-7,
         mesh: Icosphere(radius: 5e-6, level: 1), translate: (0, 0, 4.7e-6),
         cell: (tension: 1e-3, bulk_modulus: 1e6)),
    ],
    contacts: [(chain: "{}", first: AllShells, second: AllShells, keep_distance: 3e-6,
                exclude: [("a", "a"), ("b", "b")])],
    forces: [SurfaceDrag(friction: 2e8)],
)"#,
        chain.display()
    )
}

fn chain_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("adhesion.ron");
    std::fs::write(
        &path,
        r#"Chain(
    name: "current_area_adhesion",
    elements: [
        Point_1_Data,
        DeformableTriangle_2_Data,
        Point_Triangle,
        N_AdhesivePressure(energy: 5e-4, range: 1.2e-6, stiffness: 1e9, area: Current),
        AssembleForces,
        AssembleContactMatrix,
    ],
)"#,
    )
    .unwrap();
    path
}

#[test]
fn current_area_adhesion_system_matches_finite_differences() {
    let dir = tempfile::tempdir().unwrap();
    let chain = chain_file(dir.path());
    for (name, kind) in [
        ("Overdamped", IntegratorKind::Overdamped),
        ("ImplicitEuler", IntegratorKind::ImplicitEuler),
    ] {
        let src = scene(&chain, name);
        let file = dir.path().join("doublet.ron");
        let spec = parse_scene(&src, &file).unwrap();
        let mut sim = build_scene(&spec, &src, &file).unwrap().into_simulator();
        let mut model = sim.model.clone();
        let mut rng = Rng::new(7);
        for k in model.dofs.free_dofs().collect::<Vec<_>>() {
            model.q[k] += 1.5e-7 * rng.signed();
        }
        let dt = sim.dt;
        let mut integrator = catena::system::build_integrator(kind);
        integrator.begin_step(&sim.model.q, &sim.model.v, dt);
        let step = StepTargets {
            integrator: &*integrator,
            t: model.time + dt,
        };
        let q0 = model.q.clone();
        let asm = sim.assembler_mut();
        asm.begin_step(&model, &q0, &model.v, dt).unwrap();
        let mut source = model.frames.clone();
        asm.rebase(&model, &mut source, &q0, &step);
        let mut ev = Evaluation::default();
        asm.evaluate(&model, &source, &q0, &step, true, &mut ev);
        let rings = ev.contacts.iter().filter(|c| c.ring.is_some()).count();
        let active = ev.contacts.iter().filter(|c| c.active).count();
        assert!(
            rings >= 8 && rings == active,
            "{name}: {rings} ring terms of {active} active pairs"
        );
        let jac = asm.pattern().to_dense(&ev.jacobian);
        let mut jac = jac;
        for t in &ev.rank_one {
            for (a, &i) in t.dofs.iter().enumerate() {
                for (b, &j) in t.dofs.iter().enumerate() {
                    if let (Some(fi), Some(fj)) =
                        (model.dofs.free_index(i), model.dofs.free_index(j))
                    {
                        jac[fi][fj] += t.weight * t.u[a] * t.u[b];
                    }
                }
            }
        }
        let free: Vec<usize> = model.dofs.free_dofs().collect();
        let n = free.len();
        let mut at = Evaluation::default();
        let fd = jacobian_columns(
            |q| {
                asm.evaluate(&model, &source, q, &step, false, &mut at);
                free.iter()
                    .map(|&g| at.residual[g])
                    .chain([at.incremental_potential.unwrap()])
                    .collect()
            },
            &q0,
            &free,
            1e-12,
        );
        let residual: Vec<f64> = free.iter().map(|&g| ev.residual[g]).collect();
        let grad_fd: Vec<f64> = fd.row(n).iter().copied().collect();
        let grad_err = max_error_relative_to(&grad_fd, &residual);
        let mut worst: f64 = 0.0;
        for c in 0..n {
            let (mut num, mut den) = (0.0, 0.0);
            for r in 0..n {
                let sym = 0.5 * (fd[(r, c)] + fd[(c, r)]);
                num += (sym - jac[r][c]).powi(2);
                den += jac[r][c].powi(2);
            }
            worst = worst.max((num / den).sqrt());
        }
        eprintln!(
            "{name}: {rings} ring terms; gradient error {grad_err:e}, worst column error {worst:e}"
        );
        assert!(grad_err < 1e-6, "{name}: residual ≠ ∇Π: {grad_err:e}");
        assert!(worst < 1e-6, "{name}: Jacobian column error {worst:e}");
    }
}

/// The current area share `A_i = Σ A_t/3` of every node of a perturbed cell: its gradient and
/// Hessian over the node and its ring match central differences, and the shares of all nodes
/// add up to the membrane's area.
#[test]
fn current_node_area_gradient_and_hessian_match_finite_differences() {
    use catena::contact::{PrimId, ShellNode, current_node_area};
    let dir = tempfile::tempdir().unwrap();
    let chain = chain_file(dir.path());
    let src = scene(&chain, "Overdamped");
    let file = dir.path().join("doublet.ron");
    let spec = parse_scene(&src, &file).unwrap();
    let mut model = build_scene(&spec, &src, &file).unwrap().model;
    let mut rng = Rng::new(11);
    for k in model.dofs.free_dofs().collect::<Vec<_>>() {
        model.q[k] += 4e-7 * rng.signed();
    }
    let sh = &model.bodies.shells[0];
    let total: f64 = sh
        .mesh
        .triangles
        .iter()
        .map(|t| {
            let x = t.map(|c| sh.node(&model.q, c as usize));
            catena::elastic::cell::triangle_area(&x[0], &x[1], &x[2])
        })
        .sum();
    let mut shares = 0.0;
    let mut worst: (f64, f64) = (0.0, 0.0);
    for node in 0..sh.n_nodes() as u32 {
        let prim = PrimId::ShellNode(ShellNode { shell: 0, node });
        let a = current_node_area(&model, &model.q, prim, true).unwrap();
        shares += a.area;
        let d = sh.node_dof(node as usize) as u32;
        let coords: Vec<usize> = [d, d + 1, d + 2]
            .iter()
            .chain(&a.coords)
            .map(|&c| c as usize)
            .collect();
        let n = coords.len();
        let fd = jacobian_columns(
            |q| {
                let b = current_node_area(&model, q, prim, false).unwrap();
                std::iter::once(b.area).chain(b.grad).collect()
            },
            &model.q,
            &coords,
            1e-12,
        );
        let g_fd: Vec<f64> = (0..n).map(|c| fd[(0, c)]).collect();
        let h_fd: Vec<f64> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .map(|(r, c)| fd[(1 + r, c)])
            .collect();
        worst.0 = worst.0.max(max_error_relative_to(&g_fd, &a.grad));
        worst.1 = worst.1.max(max_error_relative_to(&h_fd, &a.hess));
    }
    eprintln!("gradient error {:e}, Hessian error {:e}", worst.0, worst.1);
    assert!(worst.0 < 1e-6 && worst.1 < 1e-5, "{worst:?}");
    assert!((shares / total - 1.0).abs() < 1e-12, "{shares} {total}");
}
