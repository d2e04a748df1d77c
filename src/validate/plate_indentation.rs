//! Case `plate_indentation`: a rigid steel ball pressed quasi-statically into the centre of a
//! clamped circular plate — `integrator: Static`, the ball's centre driven down by a prescribed
//! translation over ten load steps, one equilibrium each — and the force–deflection curve
//! against Kirchhoff plate theory at small load.
//!
//! * **Plate.** A clamped circular plate of radius `a` (m) and flexural rigidity
//!   `D = E h³/(12(1 − ν²))` (N·m) under a central force `P` (N) deflects at its centre by
//!   `w = P a²/(16π D)` (Timoshenko & Woinowsky-Krieger, *Theory of Plates and Shells*, 1959,
//!   §19): the curve is the line `P = 16π D w/a²`, of compliance `C = w/P = a²/(16π D)` (m/N).
//!   Linear theory holds while `w ≪ h`: membrane stretching stiffens a clamped plate by a
//!   relative `O((w/h)²)` (ibid. §§96–97), a fraction of a per cent at the `w/h ≈ 0.1` reached
//!   here, which the secant stiffness at the largest load over that at the smallest shows.
//! * **Mesh.** The scene is the plate of `examples/scenes/sphere_on_plate.ron` (mid-edge bending,
//!   10 rings, clamped beyond 44.9 mm: `a` = 45 mm) without gravity, so that `w` is the point
//!   load's alone. The clamped mid-edge plate converges at first order in the ring spacing
//!   (case `plate_point_load`), so the case runs 10 and 20 rings and judges, at every load step,
//!   the extrapolated compliance `2 C(20 rings) − C(10 rings)` against `a²/(16π D)` at ±5 % —
//!   `plate_point_load`'s tolerance for the same extrapolation; the compliance of each mesh is
//!   reported.
//! * **Indentation.** Hertz (Johnson 1985, §4.2, Eq. 4.23) for one contact between a sphere of
//!   radius `R` and a flat elastic surface: `P = (4/3) Ê √R δ^{3/2}`,
//!   `1/Ê = (1 − ν_b²)/E_b + (1 − ν_p²)/E_p`. The contact radius `√(Rδ)` stays below a tenth of
//!   `h`, so a half-space is the right reference for the plate's surface; but catena's
//!   `Sphere_Triangle` resolves the ball against each triangle around the centre node: the ball
//!   rests on the six facets of the dimple it presses (next to their shared vertex), each pair
//!   with the same overlap `δ` and its own Hertz force, `P = n (4/3) Ê √R δ^{3/2}` (the facets'
//!   tilt, a few mrad, changes `cos θ` by ppm) — an indentation `n^{−2/3}` of Hertz's, 0.30 for
//!   `n = 6`. The `n`-pair law is judged (it says the reaction `P` is the contact law's, summed
//!   over the pairs); Hertz's one-contact value is reported, and so is the ball's travel `u`
//!   less the centre node's deflection, `u − w`, which falls short of the overlap by the rise of
//!   the facets under the ball.
//! * **Reaction.** The contact force on the ball (its drive's reaction,
//!   [`crate::contact::sphere_loads`]) against the clamp's: the plate's equilibrium.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::plate_indentation_figures::{compliance_figure, force_deflection, indentation_figure};
use super::plate_scene::PlateScene;
use super::support::{HERTZ_SPHERE_SHELL, replace_once, simulate, step, write_chain};
use crate::model::Body;
use crate::scene::{SceneSpec, parse_scene};
use crate::system::Simulator;
use std::f64::consts::PI;
use std::path::Path;

/// The shipped scene.
pub const SCENE: &str = include_str!("../../examples/scenes/plate_indentation.ron");

/// Plate, ball and loading read from the scene.
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    /// Clamped radius `a` (m): the first ring of nodes at or beyond the clamp's radius.
    pub radius: f64,
    /// `D = E h³/(12(1 − ν²))` (N·m).
    pub rigidity: f64,
    /// Plate thickness `h` (m).
    pub thickness: f64,
    /// Ball radius `R` (m).
    pub ball: f64,
    /// Hertz's effective modulus `Ê` (Pa).
    pub modulus: f64,
    /// Load steps.
    pub load_steps: usize,
}

impl Setup {
    /// Reads the setup from the parsed scene.
    pub fn of(spec: &SceneSpec) -> Result<Self, String> {
        let parts = PlateScene::of(spec)?;
        let spacing = parts.spacing();
        let PlateScene {
            shell,
            plate,
            ball,
            steel,
            clamp,
            ..
        } = parts;
        let nu_p = plate.poisson_ratio.ok_or("the plate needs ν")?;
        let nu_b = steel.poisson_ratio.ok_or("the ball needs ν")?;
        let (e, h) = (plate.youngs_modulus.0, shell.thickness.0);
        let compliance = (1.0 - nu_b * nu_b) / steel.youngs_modulus.0 + (1.0 - nu_p * nu_p) / e;
        Ok(Self {
            radius: (clamp / spacing - 1e-9).ceil() * spacing,
            rigidity: e * h.powi(3) / (12.0 * (1.0 - nu_p * nu_p)),
            thickness: h,
            ball: ball.radius.0,
            modulus: 1.0 / compliance,
            load_steps: (spec.time.duration.0 / spec.time.dt.0).round() as usize,
        })
    }

    /// Kirchhoff's compliance of the clamped plate under a central load, `a²/(16π D)` (m/N).
    pub fn compliance(&self) -> f64 {
        self.radius * self.radius / (16.0 * PI * self.rigidity)
    }

    /// Hertz indentation (m) of `pairs` equal contacts sharing the load `load` (N):
    /// `δ = (3P/(4 n Ê √R))^{2/3}` (`n = 1`: Johnson 1985, Eq. 4.23).
    pub fn hertz(&self, load: f64, pairs: f64) -> f64 {
        (3.0 * load / (4.0 * pairs * self.modulus * self.ball.sqrt())).powf(2.0 / 3.0)
    }
}

/// The equilibrium of one load step.
#[derive(Debug, Clone, Copy)]
pub struct LoadStep {
    /// Prescribed travel of the ball's centre `u` (m).
    pub travel: f64,
    /// Contact force on the ball, upwards: the reaction of its drive `P` (N).
    pub force: f64,
    /// Centre deflection of the plate `w` (m).
    pub deflection: f64,
    /// Upward force of the clamp on the plate (N): the residual on its held rows.
    pub clamp: f64,
    /// Largest overlap over the active pairs (m), as the contact law sees it.
    pub overlap: f64,
    /// Active contact pairs.
    pub pairs: usize,
    /// Newton iterations.
    pub iterations: u32,
}

impl LoadStep {
    /// Indentation `δ = u − w` (m).
    pub fn indentation(&self) -> f64 {
        self.travel - self.deflection
    }

    /// Compliance `w/P` (m/N).
    pub fn compliance(&self) -> f64 {
        self.deflection / self.force
    }
}

/// Index of the plate's centre node: the one closest to the axis.
fn centre_node(sim: &Simulator) -> usize {
    let s = &sim.model.bodies.shells[0];
    let (i, _) = s
        .mesh
        .nodes
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.x.hypot(p.y)))
        .fold((0, f64::INFINITY), |b, c| if c.1 < b.1 { c } else { b });
    i
}

/// Reads the equilibrium `sim` just reached; `z0` are the heights of the plate's centre and
/// of the ball's centre at the start.
fn measure(sim: &Simulator, centre: usize, z0: (f64, f64), iterations: u32) -> LoadStep {
    let m = &sim.model;
    let shell = &m.bodies.shells[0];
    let contacts = sim.last_contacts();
    let load = crate::contact::sphere_loads(m, &m.q, contacts, &[0])[0];
    let residual = sim.last_residual();
    let clamp = (0..shell.n_nodes())
        .map(|i| shell.node_dof(i) + 2)
        .filter(|&k| m.dofs.is_constrained(k))
        .map(|k| residual[k])
        .sum();
    let active = contacts.iter().filter(|c| c.active);
    LoadStep {
        travel: z0.1 - m.bodies.spheres[0].center(&m.q).z,
        force: load[2],
        deflection: z0.0 - shell.node_position(&m.q, centre).z,
        clamp,
        overlap: active.clone().map(|c| -c.gap).fold(0.0, f64::max),
        pairs: active.count(),
        iterations,
    }
}

/// Runs the shipped scene with `refine` times as many rings through its `load_steps` load
/// steps: the equilibrium of each.
pub fn indent(dir: &Path, refine: usize, load_steps: usize) -> Result<Vec<LoadStep>, String> {
    let chain = write_chain(dir, "hertz_sphere_shell.ron", HERTZ_SPHERE_SHELL)?;
    let mut src = replace_once(SCENE, "../../chains/hertz_sphere_shell.ron", &chain)?;
    if refine != 1 {
        src = replace_once(&src, "rings: 10", &format!("rings: {}", 10 * refine))?;
    }
    let name = format!("plate_indentation_{}_rings.ron", 10 * refine);
    let mut sim = simulate(dir, &name, &src)?;
    let centre = centre_node(&sim);
    let m = &sim.model;
    let z0 = (
        m.bodies.shells[0].node_position(&m.q, centre).z,
        m.bodies.spheres[0].center(&m.q).z,
    );
    (0..load_steps)
        .map(|_| {
            let r = step(&mut sim, &name)?;
            Ok(measure(&sim, centre, z0, r.newton.iterations))
        })
        .collect()
}

/// Runs the 10- and 20-ring plates and judges them.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let spec = parse_scene(SCENE, Path::new("examples/scenes/plate_indentation.ron"))
        .map_err(|e| e.to_string())?;
    let setup = Setup::of(&spec)?;
    let n = setup.load_steps;
    let meshes = [indent(ctx.dir, 1, n)?, indent(ctx.dir, 2, n)?];
    let mut report = CaseReport::default();
    curve_checks(&mut report, &setup, &meshes);
    indentation_checks(&mut report, &setup, &meshes[0]);
    report.figures.push(force_deflection(&setup, &meshes));
    report.figures.push(compliance_figure(&setup, &meshes));
    report.figures.push(indentation_figure(&setup, &meshes));
    report.notes.push(notes(&setup, &meshes));
    Ok(report)
}

/// The force–deflection curve against Kirchhoff, its linearity, the reaction and Newton.
fn curve_checks(report: &mut CaseReport, setup: &Setup, meshes: &[Vec<LoadStep>; 2]) {
    let kirchhoff = setup.compliance();
    let [coarse, fine] = meshes;
    for (k, (c, f)) in coarse.iter().zip(fine).enumerate() {
        report.checks.push(Check::new(
            format!(
                "load step {}: w/P, 2 C(20 rings) − C(10 rings), P = {:.3} N",
                k + 1,
                f.force
            ),
            "m/N",
            2.0 * f.compliance() - c.compliance(),
            kirchhoff,
            Criterion::Relative(0.05),
        ));
    }
    for (steps, rings) in meshes.iter().zip([10, 20]) {
        let (first, last) = (steps[0], steps[steps.len() - 1]);
        for (s, which) in [(first, "smallest"), (last, "largest")] {
            report.checks.push(Check::new(
                format!(
                    "w/P at the {which} load (P = {:.3} N, w/h = {:.3}), {rings} rings",
                    s.force,
                    s.deflection / setup.thickness
                ),
                "m/N",
                s.compliance(),
                kirchhoff,
                Criterion::Report,
            ));
        }
        report.checks.push(Check::new(
            format!("linearity: P/w at the largest load over P/w at the smallest, {rings} rings"),
            "−",
            first.compliance() / last.compliance(),
            1.0,
            Criterion::Relative(0.02),
        ));
        report.checks.push(Check::new(
            format!(
                "reaction: the clamp's force on the plate against P, largest load, {rings} rings"
            ),
            "N",
            last.clamp,
            last.force,
            Criterion::Relative(1e-6),
        ));
        let later = steps[1..].iter().map(|s| s.iterations).max().unwrap_or(0);
        report.checks.push(Check::new(
            format!("Newton iterations of the first load step, {rings} rings"),
            "−",
            f64::from(first.iterations),
            8.0,
            Criterion::AtMost,
        ));
        report.checks.push(Check::new(
            format!("Newton iterations of the worst later load step, {rings} rings"),
            "−",
            f64::from(later),
            3.0,
            Criterion::AtMost,
        ));
    }
}

/// The indentation at the largest load: the overlap each pair's law sees against Hertz with
/// the load shared by the pairs (judged), against Hertz for one contact, and the ball's travel
/// less the centre node's deflection (reported).
fn indentation_checks(report: &mut CaseReport, setup: &Setup, steps: &[LoadStep]) {
    let last = steps[steps.len() - 1];
    let (p, n) = (last.force, last.pairs as f64);
    report.checks.push(Check::new(
        format!(
            "overlap of each pair against (3P/(4nÊ√R))^(2/3), n = {} pairs, largest load, \
             10 rings",
            last.pairs
        ),
        "m",
        last.overlap,
        setup.hertz(p, n),
        Criterion::Relative(0.01),
    ));
    report.checks.push(Check::new(
        "overlap of each pair against Hertz for one contact, (3P/(4Ê√R))^(2/3), largest load, \
         10 rings",
        "m",
        last.overlap,
        setup.hertz(p, 1.0),
        Criterion::Report,
    ));
    report.checks.push(Check::new(
        "indentation u − w (ball travel less centre-node deflection) against the pairs' \
         overlap, largest load, 10 rings",
        "m",
        last.indentation(),
        last.overlap,
        Criterion::Report,
    ));
}

fn notes(setup: &Setup, meshes: &[Vec<LoadStep>; 2]) -> String {
    let rows = |steps: &[LoadStep]| {
        steps
            .iter()
            .map(|s| {
                format!(
                    "{:.4} N / {:.4e} m ({} it.)",
                    s.force, s.deflection, s.iterations
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let last = meshes[0][meshes[0].len() - 1];
    format!(
        "Shipped scene `examples/scenes/plate_indentation.ron`: the clamped plate of \
         `sphere_on_plate.ron` (mid-edge bending, h = {} m, D = {:.4e} N·m, clamped beyond \
         44.9 mm, a = {} m) without gravity; a steel ball R = {} m touching it at t = 0, driven \
         {:.1e} m down over {} load steps of `integrator: Static` (`translate`, the time being \
         the load parameter); chain `hertz_sphere_shell.ron` (its friction sees no velocity \
         under Static). Kirchhoff: P = 16πDw/a², compliance a²/(16πD) = {:.4e} m/N. P is the \
         contact force on the ball (its drive's reaction, steps.csv `ball_fz`), w the centre \
         node's deflection. P, w (Newton iterations) per load step, 10 rings: {}; 20 rings: \
         {}. The extrapolation 2C(20) − C(10) assumes first-order convergence (case \
         `plate_point_load`); the coarse mesh's compliance is {:+.1} % off, the fine one's \
         {:+.1} %. Indentation: at the largest load the ball rests on the {} facets around the \
         centre node, each pair with the same overlap {:.4e} m and its own Hertz force, so the \
         overlap is n^(−2/3) = {:.3} of Hertz's for one contact carrying P (Ê = {:.4e} Pa): \
         per-triangle Hertz counts the contact once per facet it touches. The ball's travel \
         less the centre node's deflection, u − w = {:.4e} m, is below the overlap by the rise \
         of the facets under the ball. The plate's deflection depends on P only and is \
         unaffected.",
        setup.thickness,
        setup.rigidity,
        setup.radius,
        setup.ball,
        meshes[0][meshes[0].len() - 1].travel,
        setup.load_steps,
        setup.compliance(),
        rows(&meshes[0]),
        rows(&meshes[1]),
        100.0 * (last.compliance() / setup.compliance() - 1.0),
        100.0 * (meshes[1][meshes[1].len() - 1].compliance() / setup.compliance() - 1.0),
        last.pairs,
        last.overlap,
        (last.pairs as f64).powf(-2.0 / 3.0),
        setup.modulus,
        last.indentation(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The setup of the shipped scene: a = 45 mm, D = E h³/(12(1 − ν²)), ten load steps, and
    /// Hertz's indentation scales as P^(2/3) and n^(−2/3).
    #[test]
    fn setup_reads_the_shipped_scene() {
        let spec = parse_scene(SCENE, Path::new("plate_indentation.ron")).expect("scene");
        let s = Setup::of(&spec).expect("setup");
        assert!((s.radius - 0.045).abs() < 1e-12, "{}", s.radius);
        assert!((s.rigidity - 1e9 * 1e-9 / (12.0 * 0.91)).abs() < 1e-12);
        assert_eq!(s.load_steps, 10);
        let d = s.hertz(0.1, 1.0);
        assert!((s.hertz(0.8, 1.0) / d - 4.0).abs() < 1e-12);
        assert!((s.hertz(0.1, 8.0) / d - 0.25).abs() < 1e-12);
        // (4/3) Ê √R δ^{3/2} gives back the load.
        let p = 4.0 / 3.0 * s.modulus * s.ball.sqrt() * d.powf(1.5);
        assert!((p - 0.1).abs() < 1e-12);
    }
}
