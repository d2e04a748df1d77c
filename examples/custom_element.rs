//! Extending catena with a contact law defined outside the library: per-pair memory and an
//! adaptive parameter included.
//!
//! `N_PowerLaw` is a normal law `F = k δ^p` (δ the overlap). It is declared here, in a user
//! crate, registered together with every built-in element by `catena::element_set!`, named from
//! a RON chain file (`examples/custom/power_law.ron`), checked against finite differences with
//! `catena::verify::check_pair`, and run in a small scene. No file of catena is edited.
//!
//! * **Typed per-pair memory**: each pair remembers the deepest overlap it has reached
//!   ([`Peak`], one word), committed with every accepted step and reported at the end.
//! * **Adaptive parameter**: with `max_overlap` set, the stiffness doubles at the start of a
//!   step whenever some candidate pair overlaps by more than `max_overlap` (a penetration
//!   bound enforced by adapting `k`, as IPC adapts its κ); its typed state ([`Stiffness`]) is
//!   what checkpoints store.
//!
//! Run: `cargo run --release --example custom_element`

use catena::contact::{
    Adaptive, Caps, Category, ChainElement, ContactCtx, ElementDoc, Env, Gives, Memory, MemorySpec,
    Needs, PairMemory, PlanePrim, PrimId, ScalarForce, SpherePrim, StepInfo, StepNeeds,
    add_normal_force,
};
use catena::scene::{build_scene_with, load_scene};
use catena::verify::check_pair;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Power-law normal contact: `E = k δ^{p+1}/(p+1)`, `F = k δ^p`, `∂F/∂δ = k p δ^{p−1}`.
/// Units: k in N/m^p.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerLaw {
    /// Initial stiffness k (N/m^p).
    pub stiffness: f64,
    /// Exponent p (≥ 1 for a C¹ force).
    pub exponent: f64,
    /// Largest overlap tolerated at the start of a step (m); `None`: k stays fixed.
    #[serde(default)]
    pub max_overlap: Option<f64>,
    /// The adapted stiffness.
    #[serde(skip)]
    state: Stiffness,
}

/// `N_PowerLaw`'s adaptive state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Stiffness {
    /// How many times k was doubled.
    pub doublings: u32,
}

/// `N_PowerLaw`'s per-pair memory: the deepest overlap the pair has reached (m).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Peak {
    /// Deepest overlap (m).
    pub overlap: f64,
}

impl Memory for Peak {
    const WORDS: usize = 1;
    fn load(w: &[f64]) -> Self {
        Peak { overlap: w[0] }
    }
    fn store(&self, w: &mut [f64]) {
        w[0] = self.overlap;
    }
}

impl PowerLaw {
    /// The stiffness in force now (N/m^p).
    pub fn k(&self) -> f64 {
        self.stiffness * 2f64.powi(self.state.doublings as i32)
    }
}

impl Default for PowerLaw {
    fn default() -> Self {
        Self {
            stiffness: 1e5,
            exponent: 1.5,
            max_overlap: None,
            state: Stiffness::default(),
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_PowerLaw",
    category: Category::Normal,
    summary: "power-law penalty F = k δ^p, k doubled while overlaps exceed a bound (user element)",
    details: "Parameters: stiffness k (N/m^p), exponent p ≥ 1, max_overlap (m, optional). \
              E = kδ^{p+1}/(p+1), f = kδ^p ∇Δ. Memory: the deepest overlap of each pair.",
};

impl ChainElement for PowerLaw {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY).with_memory(MemorySpec::of::<Peak>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.stiffness > 0.0 && self.exponent >= 1.0) {
            return Err(format!(
                "need stiffness > 0 and exponent ≥ 1, got {} and {}",
                self.stiffness, self.exponent
            ));
        }
        if let Some(m) = self.max_overlap
            && (m.is_nan() || m <= 0.0)
        {
            return Err(format!(
                "max_overlap must be a positive length (m), got {m}"
            ));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if delta <= 0.0 {
            ctx.reject = true;
            return;
        }
        let peak: Peak = ctx.memory();
        ctx.set_memory(&Peak {
            overlap: peak.overlap.max(delta),
        });
        let (k, p) = (self.k(), self.exponent);
        add_normal_force(
            ctx,
            ScalarForce {
                force: k * delta.powf(p),
                d_overlap: k * p * delta.powf(p - 1.0),
                d_rate: 0.0,
                energy: k * delta.powf(p + 1.0) / (p + 1.0),
            },
        );
    }
}

impl Adaptive for PowerLaw {
    type State = Stiffness;
    fn step_needs(&self) -> StepNeeds {
        StepNeeds {
            forces: false,
            pairs: self.max_overlap.is_some(),
        }
    }
    fn begin_step(&mut self, step: &StepInfo) {
        let Some(bound) = self.max_overlap else {
            return;
        };
        let deepest = step.pairs.iter().map(|p| -p.gap).fold(0.0, f64::max);
        if deepest > bound {
            self.state.doublings += 1;
        }
    }
    fn state(&self) -> Stiffness {
        self.state
    }
    fn set_state(&mut self, state: Stiffness) {
        self.state = state;
    }
}

catena::element_set! {
    /// The built-in elements plus this crate's own.
    pub enum MyElements {
        /// Every built-in element.
        Builtin(catena::contact::Builtin): set,
        /// Power-law normal contact.
        PowerLaw(PowerLaw): adaptive,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scene = root.join("examples/custom/spheres.ron");
    let (spec, source) = load_scene(&scene)?;
    let built = build_scene_with::<MyElements>(&spec, &source, &scene)?;

    // Verify the new law's Jacobian on an overlapping configuration before trusting it.
    let chain =
        catena::contact::Chain::<MyElements>::load(&root.join("examples/custom/power_law.ron"))?;
    let mut q = built.model.q.clone();
    let s = &built.model.bodies.spheres[0];
    q[s.offset + 2] = 0.0093; // 0.7 mm overlap with the ground
    let v = vec![0.0; q.len()];
    let check = check_pair(
        &chain,
        &built.model,
        &q,
        &v,
        PrimId::Sphere(SpherePrim { index: 0 }),
        PrimId::Plane(PlanePrim { index: 0 }),
        PairMemory::default(),
        built.dt,
        1e-8,
    )
    .ok_or("the check configuration does not overlap")?;
    println!(
        "N_PowerLaw Jacobian check: relative error of ∂f/∂x = {:.2e}",
        check.dfdx_error
    );
    if check.dfdx_error > 1e-6 {
        return Err("N_PowerLaw Jacobian does not match finite differences".into());
    }

    // Run the scene: the spheres fall, bounce on the power-law contact and come to rest.
    let mut sim = built.into_simulator();
    let steps = (0.3 / sim.dt).round() as usize;
    let mut iterations = 0;
    let mut max_pen: f64 = 0.0;
    for _ in 0..steps {
        let r = sim.step()?;
        iterations += r.newton.iterations;
        max_pen = max_pen.max(r.contacts.max_penetration);
    }
    let m = &sim.model;
    let za = m.bodies.spheres[0].center(&m.q).z;
    let zb = m.bodies.spheres[1].center(&m.q).z;
    println!(
        "{steps} steps, {iterations} Newton iterations; sphere heights {za:.5} m and {zb:.5} m, max penetration {:.3} mm",
        max_pen * 1e3
    );
    // Both spheres must end up resting on the ground, touching it.
    if !(za > 0.0085 && za < 0.0101 && zb > 0.0135 && zb < 0.0151) {
        return Err("spheres did not come to rest on the ground".into());
    }

    // The memory: every pair resting on the ground remembers its deepest overlap, at least
    // its final one; the adaptive state: how often k was doubled to hold max_overlap.
    let state = sim
        .assembler()
        .contact_state()
        .ok_or("the scene has contacts")?;
    let peaks: Vec<f64> = state
        .memories
        .iter()
        .map(|(_, mem)| chain.memory_of::<Peak>(mem, 3).overlap)
        .collect();
    let saved = state.elements[0][3]
        .as_ref()
        .ok_or("N_PowerLaw is adaptive")?;
    let stiffness: Stiffness = ron::from_str(&saved.state)?;
    println!(
        "deepest overlaps per pair: {peaks:?} m; N_PowerLaw doubled k {} time(s) to hold the \
         overlaps at the start of a step under max_overlap",
        stiffness.doublings
    );
    if stiffness.doublings == 0 {
        return Err("the impacts should have made N_PowerLaw stiffen".into());
    }
    if peaks.len() != 2 || peaks.iter().any(|&p| !(p > 0.0 && p <= max_pen)) {
        return Err(
            format!("unexpected per-pair peaks {peaks:?} (max penetration {max_pen})").into(),
        );
    }
    Ok(())
}
