//! Extending catena with a contact law defined outside the library.
//!
//! `N_PowerLaw` is a normal law `F = k δ^p` (δ the overlap). It is declared here, in a user
//! crate, registered together with every built-in element by `catena::element_set!`, named from
//! a RON chain file (`examples/custom/power_law.ron`), checked against finite differences with
//! `catena::contact::check_pair`, and run in a small scene. No file of catena is edited.
//!
//! Run: `cargo run --release --example custom_element`

use catena::contact::{
    Caps, Category, ChainElement, ContactCtx, ElementDoc, Env, Gives, History, Needs, Primitive,
    check_pair,
};
use catena::scene::{build_scene_with, load_scene};
use serde::Deserialize;
use std::path::Path;

/// Power-law normal contact: `E = k δ^{p+1}/(p+1)`, `F = k δ^p`, `f = F ∇Δ`,
/// `∂f/∂x = −k p δ^{p−1} ∇Δ∇Δᵀ + F ∇²Δ`, `∂f/∂v = 0`. Units: k in N/m^p.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerLaw {
    /// Stiffness k (N/m^p).
    pub stiffness: f64,
    /// Exponent p (≥ 1 for a C¹ force).
    pub exponent: f64,
}

impl Default for PowerLaw {
    fn default() -> Self {
        Self {
            stiffness: 1e5,
            exponent: 1.5,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_PowerLaw",
    category: Category::Normal,
    summary: "power-law penalty F = k δ^p (user element)",
    details: "Parameters: stiffness k (N/m^p), exponent p ≥ 1. E = kδ^{p+1}/(p+1), f = kδ^p ∇Δ.",
};

impl ChainElement for PowerLaw {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
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
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if delta <= 0.0 {
            ctx.reject = true;
            return;
        }
        let (k, p) = (self.stiffness, self.exponent);
        let f = k * delta.powf(p);
        ctx.normal_force += f;
        ctx.energy += k * delta.powf(p + 1.0) / (p + 1.0);
        ctx.force += ctx.grad * f;
        if ctx.want_jacobian {
            let g = ctx.grad;
            ctx.dfdx += -(g * g.transpose()) * (k * p * delta.powf(p - 1.0)) + ctx.hess * f;
        }
    }
}

catena::element_set! {
    /// The built-in elements plus this crate's own.
    pub enum MyElements {
        /// Power-law normal contact.
        "N_PowerLaw" => PowerLaw(PowerLaw),
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
    let s = &built.model.spheres[0];
    q[s.offset + 2] = 0.0093; // 0.7 mm overlap with the ground
    let v = vec![0.0; q.len()];
    let check = check_pair(
        &chain,
        &built.model,
        &q,
        &v,
        Primitive::Sphere { index: 0 },
        Primitive::Plane { index: 0 },
        History::default(),
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
    let za = m.spheres[0].center(&m.q).z;
    let zb = m.spheres[1].center(&m.q).z;
    println!(
        "{steps} steps, {iterations} Newton iterations; sphere heights {za:.5} m and {zb:.5} m, max penetration {:.3} mm",
        max_pen * 1e3
    );
    // Both spheres must end up resting on the ground, touching it.
    if !(za > 0.0085 && za < 0.0101 && zb > 0.0135 && zb < 0.0151) {
        return Err("spheres did not come to rest on the ground".into());
    }
    Ok(())
}
