//! `catena::verify::jacobians` and `catena check --jacobian`: every shipped chain passes, every
//! pair type is generated in all its cases, chains that can touch a rigid body are checked on
//! one's surface too, and a wrong Jacobian in a user element is caught and named (one that is
//! wrong only on a rigid body's surface too).

use catena::contact::{
    Builtin, Caps, Category, Chain, ChainElement, ContactCtx, ElementDoc, Env, Gives, Needs,
};
use catena::verify::{Checked, Options, RIGID_EVERY, Report, jacobians, rigid_supported};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn shipped_chains() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("chains"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_shipped_chain_passes_the_jacobian_check_in_every_case() {
    let chains = shipped_chains();
    assert!(chains.len() >= 17, "{chains:?}");
    for file in chains {
        let chain = Chain::<Builtin>::load(&file).unwrap();
        let report = jacobians(&chain, &Options::default()).unwrap();
        println!("{report}\n");
        assert!(report.passed(), "{}:\n{report}", file.display());
        let resolver = report
            .rows
            .iter()
            .find(|r| r.checked == Checked::Geometry)
            .unwrap();
        let cases = &resolver.cases;
        if chain.kinds().0 == catena::contact::PrimKind::Capsule
            && chain.kinds().1 == catena::contact::PrimKind::Capsule
        {
            for case in ["PP", "PE", "EE"] {
                assert!(cases.get(case).copied().unwrap_or(0) >= 30, "{report}");
            }
        }
        assert!(
            cases.get("separation").copied().unwrap_or(0) > 0,
            "{report}"
        );
        let ipc = chain.name().starts_with("ipc");
        assert_eq!(cases.contains_key("overlap"), !ipc, "{report}");
        // One configuration in four on the rigid box, for every chain a rigid body can be
        // bound to; none for the others.
        let rigid = cases.get("rigid").copied().unwrap_or(0);
        if rigid_supported(chain.kinds()) && chain.rigid_refusal().is_none() {
            assert!(
                rigid >= Options::default().samples / RIGID_EVERY * 9 / 10,
                "{report}"
            );
        } else {
            assert_eq!(rigid, 0, "{report}");
        }
        // Every normal law acted in many configurations, and so did the whole chain.
        for row in &report.rows {
            let category = chain
                .elements()
                .get(row.position.unwrap_or(usize::MAX).wrapping_sub(1))
                .map(|e| e.doc().category);
            if category == Some(Category::Normal) || row.checked == Checked::Total {
                assert!(row.acted >= 100, "{}: {report}", row.name);
            }
        }
    }
}

/// How many configurations of each row of `report` had the rigid box on a side.
fn rigid_count(report: &Report, name: &str) -> usize {
    let row = report.rows.iter().find(|r| r.name == name).unwrap();
    row.cases.get("rigid").copied().unwrap_or(0)
}

/// The shipped chains for rigid bodies, and those of other bodies whose pair type a rigid body
/// takes part in, are checked on the probe model's rigid box: a sphere or a rod node against
/// its triangles, a rod edge against its edges, its vertices on the ground. Every element
/// acts there and agrees with finite differences over the box's centre and rotation DOFs.
#[test]
fn chains_that_can_touch_a_rigid_body_pass_on_its_surface() {
    let options = Options::default();
    let share = options.samples / RIGID_EVERY;
    for name in [
        "granular_rigid",
        "rod_node_rigid",
        "rod_edge_rigid",
        "hertz_sphere_shell",
        "linear_rod_ground",
    ] {
        let file = root().join(format!("chains/{name}.ron"));
        let chain = Chain::<Builtin>::load(&file).unwrap();
        assert_eq!(chain.rigid_refusal(), None, "{name}");
        let report = jacobians(&chain, &options).unwrap();
        println!("{report}\n");
        assert!(report.passed(), "{name}:\n{report}");
        for row in &report.rows {
            let category = chain
                .elements()
                .get(row.position.unwrap_or(usize::MAX).wrapping_sub(1))
                .map(|e| e.doc().category);
            let least = match (row.checked, category) {
                // Every rigid configuration is resolved (none left to a neighbouring feature).
                (Checked::Geometry | Checked::Total, _) => share,
                // Three in five overlap, where these laws act.
                (_, Some(Category::Normal | Category::Tangential)) => share / 2,
                _ => continue,
            };
            let n = rigid_count(&report, &row.name);
            assert!(
                n >= least,
                "{name}: {} acted in {n} rigid configurations:\n{report}",
                row.name
            );
            let worst = row.rigid;
            let at = worst.at.expect("a rigid configuration was measured");
            assert!(
                at.rigid && worst.error <= options.tolerance,
                "{name}:\n{report}"
            );
            println!(
                "{name}: {:<20} worst on the rigid box {:.1e} ({n} configurations)",
                row.name, worst.error
            );
        }
        assert!(report.to_string().contains("on a rigid body"), "{report}");
    }
    // Chains refused against rigid bodies (friction written for points, a barrier capped by
    // CCD) are not placed on one.
    for name in ["imc_shell", "imc_ground", "ipc_ground", "shell_ground"] {
        let chain = Chain::<Builtin>::load(&root().join(format!("chains/{name}.ron"))).unwrap();
        assert!(rigid_supported(chain.kinds()) && chain.rigid_refusal().is_some());
        let report = jacobians(
            &chain,
            &Options {
                samples: 20,
                ..options
            },
        )
        .unwrap();
        assert!(
            report.rows.iter().all(|r| !r.cases.contains_key("rigid")),
            "{report}"
        );
    }
}

#[test]
fn every_pair_type_is_generated_and_checked() {
    for head in [
        "Deformable_Capsule_1_Data, Sphere_2_Data, Capsule_Sphere",
        "Sphere_1_Data, Point_2_Data, Sphere_Point",
        "Point_1_Data, Point_2_Data, Point_Point",
        "Deformable_Capsule_1_Data, Plane_2_Data, Capsule_Plane",
        "Sphere_1_Data, Plane_2_Data, Sphere_Plane",
    ] {
        let src = format!(
            "Chain(name: \"t\", elements: [{head}, N_DampedHertz(damping_time: 1e-3), \
             T_CoulombFriction(mu: 0.3, c_t: 1.0), AssembleForces])"
        );
        let chain = Chain::<Builtin>::parse(&src, Path::new("inline.ron")).unwrap();
        let report = jacobians(
            &chain,
            &Options {
                samples: 60,
                ..Options::default()
            },
        )
        .unwrap();
        assert!(report.passed(), "{head}:\n{report}");
        for law in ["N_DampedHertz", "T_CoulombFriction"] {
            assert!(report.row(law).unwrap().acted >= 20, "{head}:\n{report}");
        }
        if head.contains("Capsule_Sphere") {
            let cases = &report.row("Capsule_Sphere").unwrap().cases;
            assert!(
                cases.contains_key("PP") && cases.contains_key("PE"),
                "{report}"
            );
        }
    }
}

/// Every triangle resolver (`Point_Triangle`, `Sphere_Triangle`, `Triangle_Plane`, …) is used
/// by a shipped chain, so the test above checks it in its own chain, with the laws it ships
/// with; and in each, every law acts (no friction law idle on a three-point side).
#[test]
fn every_triangle_resolver_is_checked_in_a_shipped_chain() {
    use catena::contact::ElementSet;
    let chains: Vec<(PathBuf, Chain<Builtin>)> = shipped_chains()
        .into_iter()
        .map(|f| {
            let c = Chain::<Builtin>::load(&f).unwrap();
            (f, c)
        })
        .collect();
    let resolvers: Vec<&str> = Builtin::catalogue()
        .iter()
        .map(|e| e.doc())
        // Rounded triangles (`RoundedTriangle_*`) have their own probe placements
        // (`verify::rounded_configuration`); their example chains are checked in
        // tests/rounded_adhesion.rs and tests/rounded_triangle.rs.
        .filter(|d| {
            d.category == Category::Resolver
                && d.name.contains("Triangle")
                && !d.name.starts_with("RoundedTriangle_")
        })
        .map(|d| d.name)
        .collect();
    assert!(resolvers.contains(&"Triangle_Plane"), "{resolvers:?}");
    for name in resolvers {
        let users: Vec<&(PathBuf, Chain<Builtin>)> = chains
            .iter()
            .filter(|(_, c)| c.elements().iter().any(|e| e.doc().name == name))
            .collect();
        assert!(!users.is_empty(), "no shipped chain uses {name}");
        for (file, chain) in users {
            let report = jacobians(chain, &Options::default()).unwrap();
            assert!(report.passed(), "{}:\n{report}", file.display());
            for row in &report.rows {
                let category = chain
                    .elements()
                    .get(row.position.unwrap_or(usize::MAX).wrapping_sub(1))
                    .map(|e| e.doc().category);
                if matches!(category, Some(Category::Normal | Category::Tangential)) {
                    assert!(
                        row.acted >= 100,
                        "{}: {}:\n{report}",
                        file.display(),
                        row.name
                    );
                }
            }
        }
    }
}

/// A linear penalty `F = k δ` whose Jacobian forgets the geometric term `F ∇²Δ` (the error a
/// hand-derived Jacobian most often has) and whose damping has the wrong sign in `∂f/∂v`; or,
/// with `symmetric_rate`, whose damping takes `∂(∇Δ·v)/∂x` as `∇²Δ v` (right only where `∇²Δ`
/// is symmetric, so wrong only on a rigid side, where it is not). `damping` is `c` (N·s/m).
#[derive(Debug, Clone, Copy, Deserialize)]
struct Careless {
    #[serde(default)]
    forget_curvature: bool,
    #[serde(default)]
    symmetric_rate: bool,
    #[serde(default = "half")]
    damping: f64,
}

fn half() -> f64 {
    0.5
}

impl Default for Careless {
    fn default() -> Self {
        Self {
            forget_curvature: false,
            symmetric_rate: false,
            damping: half(),
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_Careless",
    category: Category::Normal,
    summary: "a penalty law with a wrong Jacobian (test)",
    details: "F = k δ + c δ̇ with k = 1e4 N/m, c = 0.5 N·s/m unless given.",
};

impl ChainElement for Careless {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        // The damping force derives from no energy.
        Gives::caps(Caps::NORMAL_FORCE).dissipative()
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if delta <= 0.0 {
            ctx.reject = true;
            return;
        }
        let (k, c) = (1e4, self.damping);
        let f = k * delta - c * ctx.normal_velocity();
        ctx.normal_force += f;
        ctx.force += ctx.grad * f;
        if ctx.want_jacobian {
            let ggt = ctx.grad * ctx.grad.transpose();
            ctx.dfdx -= ggt * k;
            if !self.forget_curvature {
                // Correct: F ∇²Δ, and the damping's −c ∇Δ ((∇²Δ)ᵀ v)ᵀ term.
                let v = ctx.velocity();
                let hv = if self.symmetric_rate {
                    ctx.hess * v
                } else {
                    ctx.rate_gradient(&v)
                };
                ctx.dfdx += ctx.hess * f - ctx.grad * hv.transpose() * c;
                ctx.dfdv -= ggt * c;
            } else {
                ctx.dfdv += ggt * c;
            }
        }
    }
}

catena::element_set! {
    /// Built-ins plus the careless law.
    enum TestElements {
        /// Every built-in element.
        Builtin(Builtin): set,
        /// The careless law.
        Careless(Careless),
    }
}

#[test]
fn a_wrong_jacobian_in_a_user_element_is_caught_and_named() {
    let chain = |forget: bool| {
        let src = format!(
            "Chain(name: \"careless\", elements: [Deformable_Capsule_1_Data, \
             Deformable_Capsule_2_Data, Capsule_Capsule, N_Careless(forget_curvature: {forget}), \
             T_CoulombFriction(mu: 0.3, c_t: 1.0), AssembleForces])"
        );
        Chain::<TestElements>::parse(&src, Path::new("careless.ron")).unwrap()
    };
    let options = Options {
        samples: 60,
        ..Options::default()
    };
    let good = jacobians(&chain(false), &options).unwrap();
    assert!(good.passed(), "{good}");

    let bad = jacobians(&chain(true), &options).unwrap();
    assert!(!bad.passed());
    let failed: Vec<&str> = bad.failures().map(|r| r.name.as_str()).collect();
    // The careless law is the first failure; the resolver before it passes. The friction law
    // after it builds its Jacobian on the accumulated ∂F_n, so it inherits the error.
    assert_eq!(
        failed,
        ["N_Careless", "T_CoulombFriction", "chain total"],
        "{bad}"
    );
    assert!(
        bad.row("Capsule_Capsule")
            .unwrap()
            .passed(options.tolerance)
    );
    let row = bad.row("N_Careless").unwrap();
    assert!(row.dfdx.error > 1e-3 && row.dfdv.error > 0.5, "{bad}");
    let at = row.worst().at.unwrap();
    assert!(at.gap < 0.0, "{bad}");
    let text = bad.to_string();
    assert!(
        text.contains("FAIL: the derivatives of N_Careless disagree"),
        "{text}"
    );
    assert!(
        text.contains(&format!("configuration #{}", at.sample)),
        "{text}"
    );
}

/// A mistake that only a rigid side reveals (its `∇²Δ` is not symmetric) is caught on the
/// rigid box's configurations, and the report says so.
#[test]
fn a_jacobian_wrong_only_on_a_rigid_body_is_caught_there() {
    let chain = |symmetric: bool| {
        let src = format!(
            "Chain(name: \"careless\", elements: [Point_1_Data, DeformableTriangle_2_Data, \
             Point_Triangle, N_Careless(symmetric_rate: {symmetric}, damping: 100.0), \
             AssembleForces])"
        );
        Chain::<TestElements>::parse(&src, Path::new("careless.ron")).unwrap()
    };
    let options = Options::default();
    let good = jacobians(&chain(false), &options).unwrap();
    assert!(good.passed(), "{good}");
    assert!(rigid_count(&good, "N_Careless") >= 20, "{good}");

    let bad = jacobians(&chain(true), &options).unwrap();
    let failed: Vec<&str> = bad.failures().map(|r| r.name.as_str()).collect();
    assert_eq!(failed, ["N_Careless", "chain total"], "{bad}");
    let row = bad.row("N_Careless").unwrap();
    let at = row.worst().at.unwrap();
    assert!(at.rigid && row.rigid.error == row.worst().error, "{bad}");
    assert!(
        row.dfdx.error > 1e-4 && row.dfdv.error <= options.tolerance,
        "{bad}"
    );
    assert!(
        bad.to_string()
            .contains(&format!("configuration #{}: point–", at.sample)),
        "{bad}"
    );
    assert!(bad.to_string().contains("on a rigid body"), "{bad}");
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let chain = Chain::<Builtin>::load(&root().join("chains/imc_friction.ron")).unwrap();
    let options = Options {
        samples: 30,
        seed: 42,
        ..Options::default()
    };
    let a = jacobians(&chain, &options).unwrap();
    let b = jacobians(&chain, &options).unwrap();
    assert_eq!(a, b);
    let c = jacobians(
        &chain,
        &Options {
            seed: 43,
            ..options
        },
    )
    .unwrap();
    assert_ne!(a, c);
}

fn catena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

#[test]
fn cli_check_jacobian_prints_a_table_and_sets_the_exit_code() {
    let out = catena(&[
        "check",
        "--jacobian",
        "chains/imc_friction.ron",
        "--samples",
        "40",
        "--seed",
        "3",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for s in [
        "Capsule_Capsule",
        "N_IMC",
        "T_IMC",
        "chain total",
        "∂f/∂x",
        "pass",
    ] {
        assert!(stdout.contains(s), "missing {s}:\n{stdout}");
    }
    // A tolerance no finite difference can meet: the check fails with exit code 1.
    let out = catena(&[
        "check",
        "--jacobian",
        "chains/imc_friction.ron",
        "--samples",
        "10",
        "--tol",
        "1e-16",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("FAIL"));

    // A scene is not a chain.
    let out = catena(&["check", "--jacobian", "examples/scenes/cantilever.ron"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("needs a chain file"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Options of the check without the check.
    let out = catena(&["check", "chains/imc.ron", "--samples", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--jacobian"));
    // Zero samples.
    let out = catena(&["check", "--jacobian", "chains/imc.ron", "--samples", "0"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("samples > 0"), "{stderr}");
}
