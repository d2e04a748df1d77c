//! Case `plate_point_load`: a steel ball rests on the centre of a circular plate through Hertz
//! contact with the plate's triangles; the settled centre deflection is compared with Kirchhoff
//! plate theory for a clamped and a simply supported rim.
//!
//! A circular plate of radius `a`, flexural rigidity `D = E h³/(12(1 − ν²))` (N·m), loaded by a
//! central force `P` (N) and its own weight `q = ρ g h` (Pa) deflects at its centre by
//! (Timoshenko & Woinowsky-Krieger, *Theory of Plates and Shells*, 1959, §§15–16, §19):
//! * clamped rim: `w = P a²/(16π D) + q a⁴/(64 D)`;
//! * simply supported rim: `w = (3 + ν) P a²/(16π (1 + ν) D) + (5 + ν) q a⁴/(64 (1 + ν) D)`.
//!
//! The shipped scene `examples/scenes/sphere_on_plate.ron` clamps the two outer rings of a
//! disk mesh (the clamped radius `a` is the inner one; clamped edges hold their mid-edge `ξ`);
//! the simply supported variant pins the mesh boundary (`pin: [Boundary]`, `a` = the disk's
//! radius): a mid-edge shell whose boundary edges' `ξ` are free carries no bending moment there. `P = m g` is the ball's weight, which the contact
//! carries to the plate once the ball has settled. Hinge bending has no Poisson effect and a
//! mesh-dependent stiffness: its figures are reported.

use super::case::CaseReport;
use super::check::{Check, Criterion};
use super::support::{HERTZ_SPHERE_SHELL, replace_once, simulate, step, write_chain};
use crate::model::ShellBending;
use crate::scene::{ForceSpec, MeshSpec, RegionSpec, SceneSpec, parse_scene};
use std::path::Path;

/// The shipped scene.
pub const SCENE: &str = include_str!("../../examples/scenes/sphere_on_plate.ron");

/// How the rim is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rim {
    /// Two outer rings of nodes fixed.
    Clamped,
    /// The boundary nodes fixed, rotations free.
    SimplySupported,
}

/// Plate, ball and load read from the scene.
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    /// Disk radius (m).
    pub disk: f64,
    /// Ring spacing of the disk mesh (m).
    pub spacing: f64,
    /// Radius beyond which nodes are clamped (m).
    pub clamp: f64,
    /// D (N·m).
    pub rigidity: f64,
    /// ν.
    pub poisson: f64,
    /// Central load P = m g (N).
    pub load: f64,
    /// Own weight per area q = ρ g h (Pa).
    pub pressure: f64,
}

impl Setup {
    /// Reads the setup from the parsed scene.
    pub fn of(spec: &SceneSpec) -> Result<Self, String> {
        let shell = spec.shells.first().ok_or("no shell")?;
        let plate = spec
            .materials
            .get(&shell.material)
            .ok_or("no plate material")?;
        let ball = spec.spheres.first().ok_or("no ball")?;
        let steel = spec
            .materials
            .get(&ball.material)
            .ok_or("no ball material")?;
        let (disk, rings) = match &shell.mesh {
            MeshSpec::Disk { radius, rings } => (*radius, *rings),
            _ => return Err("expected a Disk mesh".into()),
        };
        let clamp = shell
            .clamp
            .iter()
            .find_map(|r| match r {
                RegionSpec::Beyond { radius, .. } => Some(*radius),
                _ => None,
            })
            .ok_or("expected a Beyond clamp")?;
        let g = spec
            .forces
            .iter()
            .find_map(|f| match f {
                ForceSpec::Gravity { g, .. } => Some(g.vec().norm()),
                _ => None,
            })
            .ok_or("no gravity")?;
        let (e, nu, h) = (
            plate.youngs_modulus.0,
            plate.poisson_ratio.ok_or("the plate needs ν")?,
            shell.thickness.0,
        );
        let r = ball.radius.0;
        Ok(Self {
            disk,
            spacing: disk / rings as f64,
            clamp,
            rigidity: e * h.powi(3) / (12.0 * (1.0 - nu * nu)),
            poisson: nu,
            load: steel.density.0 * 4.0 / 3.0 * std::f64::consts::PI * r.powi(3) * g,
            pressure: plate.density.0 * g * h,
        })
    }

    /// The plate radius `a` (m) of a rim: the first ring at or beyond the clamp radius, or the
    /// disk's edge.
    pub fn radius(&self, rim: Rim) -> f64 {
        match rim {
            Rim::Clamped => (self.clamp / self.spacing - 1e-9).ceil() * self.spacing,
            Rim::SimplySupported => self.disk,
        }
    }

    /// Kirchhoff centre deflection (m).
    pub fn theory(&self, rim: Rim) -> f64 {
        let (a, d, nu) = (self.radius(rim), self.rigidity, self.poisson);
        let point = self.load * a * a / (16.0 * std::f64::consts::PI * d);
        let own = self.pressure * a.powi(4) / (64.0 * d);
        match rim {
            Rim::Clamped => point + own,
            Rim::SimplySupported => (3.0 + nu) / (1.0 + nu) * point + (5.0 + nu) / (1.0 + nu) * own,
        }
    }
}

/// Settled centre deflection (m) and the last step's change of it (m), on the shipped mesh
/// (`refine` = 1) or with `refine` times as many rings.
pub fn settle(
    dir: &Path,
    bending: ShellBending,
    rim: Rim,
    refine: usize,
) -> Result<(f64, f64), String> {
    let chain = write_chain(dir, "hertz_sphere_shell.ron", HERTZ_SPHERE_SHELL)?;
    let mut src = replace_once(SCENE, "../../chains/hertz_sphere_shell.ron", &chain)?;
    if bending == ShellBending::Hinge {
        src = replace_once(&src, "bending: MidEdge", "bending: Hinge")?;
    }
    if rim == Rim::SimplySupported {
        src = replace_once(
            &src,
            "clamp: [Beyond(center: (0, 0, 0), radius: 0.0449)]",
            "pin: [Boundary]",
        )?;
    }
    if refine != 1 {
        src = replace_once(&src, "rings: 10", &format!("rings: {}", 10 * refine))?;
    }
    let name = format!("plate_{bending:?}_{rim:?}_{refine}.ron").to_lowercase();
    let mut sim = simulate(dir, &name, &src)?;
    let centre = |sim: &crate::system::Simulator| {
        let s = &sim.model.shells[0];
        let nodes = s.nodes(&sim.model.q);
        // The disk's centre node: the one closest to the axis.
        let (i, _) = s
            .mesh
            .nodes
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.x.hypot(p.y)))
            .fold((0, f64::INFINITY), |b, c| if c.1 < b.1 { c } else { b });
        nodes[i].z
    };
    let z0 = centre(&sim);
    let steps = (sim.model.time + 0.4 / sim.dt).round() as usize;
    let (mut last, mut change) = (z0, f64::INFINITY);
    for _ in 0..steps {
        step(&mut sim, &name)?;
        let z = centre(&sim);
        change = (z - last).abs();
        last = z;
    }
    Ok((z0 - last, change))
}

/// Runs both rims with mid-edge bending (judged) and hinge bending (reported), and the
/// clamped mid-edge plate on a mesh twice as fine.
pub fn run(dir: &Path) -> Result<CaseReport, String> {
    let spec = parse_scene(SCENE, Path::new("examples/scenes/sphere_on_plate.ron"))
        .map_err(|e| e.to_string())?;
    let setup = Setup::of(&spec)?;
    let mut report = CaseReport::default();
    let mut clamped = Vec::new();
    for (bending, rim, refine) in [
        (ShellBending::MidEdge, Rim::SimplySupported, 1),
        (ShellBending::MidEdge, Rim::Clamped, 1),
        (ShellBending::MidEdge, Rim::Clamped, 2),
        (ShellBending::Hinge, Rim::SimplySupported, 1),
        (ShellBending::Hinge, Rim::Clamped, 1),
    ] {
        let (w, change) = settle(dir, bending, rim, refine)?;
        let theory = setup.theory(rim);
        let criterion = if (bending, rim) == (ShellBending::MidEdge, Rim::SimplySupported) {
            Criterion::Relative(0.02)
        } else {
            Criterion::Report
        };
        let label = format!("{bending:?}, {rim:?}, {} rings", 10 * refine);
        if (bending, rim) == (ShellBending::MidEdge, Rim::Clamped) {
            clamped.push(w);
        }
        report.checks.push(Check::new(
            format!("centre deflection under the ball, {label}"),
            "m",
            w,
            theory,
            criterion,
        ));
        report.checks.push(Check::new(
            format!("settled: centre motion in the last step / w, {label}"),
            "−",
            change / w,
            1e-3,
            Criterion::AtMost,
        ));
    }
    // First-order Richardson extrapolation (the order measured in `shell_cantilever`).
    report.checks.push(Check::new(
        "centre deflection, MidEdge, Clamped: 2 w(20 rings) − w(10 rings)",
        "m",
        2.0 * clamped[1] - clamped[0],
        setup.theory(Rim::Clamped),
        Criterion::Relative(0.05),
    ));
    report.notes.push(format!(
        "Shipped scene `examples/scenes/sphere_on_plate.ron` (disk of radius {} m in 10 rings, \
         h = 1 mm, E = 1 GPa, ν = 0.3, ρ = 1000 kg/m³; steel ball r = 5 mm, P = {:.4e} N; own \
         weight q = {:.3} Pa), chain `hertz_sphere_shell.ron`. Clamped: nodes beyond 44.9 mm \
         and the ξ of the edges between them held, a = {:.3} m, w = Pa²/(16πD) + qa⁴/(64D); \
         simply supported (`pin: [Boundary]`, ξ free): a = {} m, w = (3+ν)Pa²/(16π(1+ν)D) + \
         (5+ν)qa⁴/(64(1+ν)D). The simply supported mid-edge plate is held to 2 %. The clamped \
         one converges slowly (the clamp acts through the ξ of the clamped edges, at their \
         midpoints): it is reported on 10 and 20 rings and its first-order extrapolation held \
         to 5 %. Hinge bending (no ν, mesh-dependent stiffness) is reported. The ball touches \
         the six triangles around the centre node, each pair carrying part of P.",
        setup.disk,
        setup.load,
        setup.pressure,
        setup.radius(Rim::Clamped),
        setup.disk,
    ));
    Ok(report)
}
