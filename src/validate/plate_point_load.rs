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

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::plate_scene::PlateScene;
use super::support::{HERTZ_SPHERE_SHELL, replace_once, simulate, step, write_chain};
use crate::model::ShellBending;
use crate::scene::{ForceSpec, SceneSpec, parse_scene};
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
        let PlateScene {
            shell,
            plate,
            ball,
            steel,
            disk,
            rings,
            clamp,
        } = PlateScene::of(spec)?;
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
        self.profile(rim, 0.0)
    }

    /// Kirchhoff deflection (m) at distance `r` (m) from the centre (Timoshenko &
    /// Woinowsky-Krieger §§15–16, 19), zero beyond the rim:
    /// * clamped: `P/(16πD)(2r² ln(r/a) + a² − r²) + q(a² − r²)²/(64D)`;
    /// * simply supported: `P/(16πD)((3+ν)/(1+ν)(a² − r²) + 2r² ln(r/a))
    ///   + q(a² − r²)/(64D)((5+ν)/(1+ν)a² − r²)`.
    pub fn profile(&self, rim: Rim, r: f64) -> f64 {
        let (a, d, nu) = (self.radius(rim), self.rigidity, self.poisson);
        if r >= a {
            return 0.0;
        }
        let p = self.load / (16.0 * std::f64::consts::PI * d);
        let q = self.pressure / (64.0 * d);
        let log = if r > 0.0 {
            2.0 * r * r * (r / a).ln()
        } else {
            0.0
        };
        let (a2, r2) = (a * a, r * r);
        match rim {
            Rim::Clamped => p * (log + a2 - r2) + q * (a2 - r2).powi(2),
            Rim::SimplySupported => {
                p * ((3.0 + nu) / (1.0 + nu) * (a2 - r2) + log)
                    + q * (a2 - r2) * ((5.0 + nu) / (1.0 + nu) * a2 - r2)
            }
        }
    }
}

/// A settled plate.
#[derive(Debug, Clone)]
pub struct Settled {
    /// Centre deflection (m).
    pub deflection: f64,
    /// Its change over the last step (m).
    pub last_change: f64,
    /// `(r, w)` of every ring of nodes: distance from the axis and mean deflection (m).
    pub profile: Vec<(f64, f64)>,
}

/// Runs the plate on the shipped mesh (`refine` = 1) or with `refine` times as many rings.
pub fn settle(
    dir: &Path,
    bending: ShellBending,
    rim: Rim,
    refine: usize,
) -> Result<Settled, String> {
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
        let s = &sim.model.bodies.shells[0];
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
    // One point per ring: the mean deflection of the nodes at the same rest radius.
    let s = &sim.model.bodies.shells[0];
    let mut rings: Vec<(f64, f64, usize)> = Vec::new();
    for (rest, now) in s.mesh.nodes.iter().zip(s.nodes(&sim.model.q)) {
        let r = rest.x.hypot(rest.y);
        match rings.iter_mut().find(|g| (g.0 - r).abs() < 1e-9) {
            Some(g) => {
                g.1 += rest.z - now.z;
                g.2 += 1;
            }
            None => rings.push((r, rest.z - now.z, 1)),
        }
    }
    let profile = rings.iter().map(|g| (g.0, g.1 / g.2 as f64)).collect();
    Ok(Settled {
        deflection: z0 - last,
        last_change: change,
        profile,
    })
}

/// Runs both rims with mid-edge bending (judged) and hinge bending (reported), and the
/// clamped mid-edge plate on a mesh twice as fine.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let spec = parse_scene(SCENE, Path::new("examples/scenes/sphere_on_plate.ron"))
        .map_err(|e| e.to_string())?;
    let setup = Setup::of(&spec)?;
    let mut report = CaseReport::default();
    let mut clamped = Vec::new();
    let mut profiles = Vec::new();
    for (bending, rim, refine) in [
        (ShellBending::MidEdge, Rim::SimplySupported, 1),
        (ShellBending::MidEdge, Rim::Clamped, 1),
        (ShellBending::MidEdge, Rim::Clamped, 2),
        (ShellBending::Hinge, Rim::SimplySupported, 1),
        (ShellBending::Hinge, Rim::Clamped, 1),
    ] {
        let settled = settle(dir, bending, rim, refine)?;
        let (w, change) = (settled.deflection, settled.last_change);
        if bending == ShellBending::MidEdge && refine == 1 {
            profiles.push((rim, settled.profile));
        }
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
    let mut figure = Figure::new(
        "profile",
        "Deflection of the mid-edge plate under the ball and its weight (10 rings) against \
         Kirchhoff theory",
        "distance from the centre r (m)",
        "deflection w (m)",
    );
    for (rim, points) in profiles {
        let a = setup.radius(rim);
        let theory: Vec<(f64, f64)> = (0..=60)
            .map(|i| {
                let r = setup.disk * f64::from(i) / 60.0;
                (r, setup.profile(rim, r.min(a)))
            })
            .collect();
        figure = figure
            .with(Curve::new(
                format!("catena, {rim:?}"),
                points,
                Style::Points,
            ))
            .with(Curve::new(
                format!("Kirchhoff, {rim:?}"),
                theory,
                Style::Dashed,
            ));
    }
    report.figures.push(figure);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The profiles vanish at the rim, the clamped one with zero slope, and their centre values
    /// are the textbook ones.
    #[test]
    fn kirchhoff_profiles_meet_their_boundary_conditions() {
        let s = Setup {
            disk: 0.05,
            spacing: 0.005,
            clamp: 0.0449,
            rigidity: 0.1,
            poisson: 0.3,
            load: 0.04,
            pressure: 10.0,
        };
        for rim in [Rim::Clamped, Rim::SimplySupported] {
            let a = s.radius(rim);
            assert!(s.profile(rim, a * (1.0 - 1e-12)).abs() < 1e-15);
            assert!(s.profile(rim, 0.5 * a) < s.profile(rim, 0.0));
        }
        let a = s.radius(Rim::Clamped);
        let h = 1e-7 * a;
        let slope = (s.profile(Rim::Clamped, a - h) - s.profile(Rim::Clamped, a - 2.0 * h)) / h;
        assert!(slope.abs() < 1e-6 * s.theory(Rim::Clamped) / a, "{slope}");
        let centre = s.load * a * a / (16.0 * std::f64::consts::PI * s.rigidity)
            + s.pressure * a.powi(4) / (64.0 * s.rigidity);
        assert!((s.theory(Rim::Clamped) - centre).abs() < 1e-15);
    }
}
