//! The guide's example (`catena::guide`): a linear viscoelastic normal law written in a user
//! crate, checked, run from RON in a scene and timed. No file of catena is edited.
//!
//! 1. `n_viscoelastic.rs` holds the element (started with
//!    `catena new-element Viscoelastic --kind normal`);
//! 2. `catena::element_set!` registers it next to the built-ins;
//! 3. `catena::verify::jacobians` checks its ∂f/∂x, ∂f/∂v and f = −∇E on random configurations;
//! 4. `spheres.ron` names the chain `viscoelastic.ron`, which names `N_Viscoelastic`;
//! 5. the chain's evaluation is timed per pair.
//!
//! Run: `cargo run --release --example viscoelastic`

mod n_viscoelastic;

use catena::contact::{Chain, Env};
use catena::scene::{build_scene_with, load_scene};
use catena::verify::{Options, Rng, configuration, jacobians, probe_model};
use std::path::Path;
use std::time::Instant;

catena::element_set! {
    /// The built-in elements plus this crate's own.
    pub enum MyElements {
        /// Every built-in element.
        Builtin(catena::contact::Builtin): set,
        /// Standard-linear-solid normal contact.
        Viscoelastic(n_viscoelastic::Viscoelastic),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/viscoelastic");

    // Verify before trusting: every element of the chain against finite differences.
    let chain = Chain::<MyElements>::load(&dir.join("viscoelastic.ron"))?;
    let report = jacobians(&chain, &Options::default())?;
    println!("{report}\n");
    if !report.passed() {
        return Err("N_Viscoelastic's derivatives disagree with finite differences".into());
    }

    // Use it from RON in a scene: the spheres fall, are caught by the viscoelastic contact,
    // and come to rest.
    let scene = dir.join("spheres.ron");
    let (spec, source) = load_scene(&scene)?;
    let mut sim = build_scene_with::<MyElements>(&spec, &source, &scene)?.into_simulator();
    let steps = (0.3 / sim.dt).round() as usize;
    let (mut iterations, mut max_pen) = (0, 0.0_f64);
    for _ in 0..steps {
        let r = sim.step()?;
        iterations += r.newton.iterations;
        max_pen = max_pen.max(r.contacts.max_penetration);
    }
    let m = &sim.model;
    let (za, zb) = (
        m.bodies.spheres[0].center(&m.q).z,
        m.bodies.spheres[1].center(&m.q).z,
    );
    println!(
        "{steps} steps, {iterations} Newton iterations; sphere heights {za:.5} m and {zb:.5} m, \
         max penetration {:.3} mm",
        max_pen * 1e3
    );
    // At rest, k∞ δ carries the weight: δ = m g / k∞ (2.3 µm and 7.6 µm).
    for (z, r, s) in [
        (za, 0.01, &m.bodies.spheres[0]),
        (zb, 0.015, &m.bodies.spheres[1]),
    ] {
        let expected = r - s.mass() * 9.81 / 2e4;
        if (z - expected).abs() > 0.1 * (r - expected) {
            return Err(format!("a sphere rests at {z} m, expected {expected} m").into());
        }
    }

    // Benchmark: the chain on random overlapping configurations, Jacobians included.
    let model = probe_model();
    let mut rng = Rng::new(1);
    let configs: Vec<_> = (0..1000)
        .map(|i| configuration(&model, &mut rng, chain.kinds(), 0.0, true, 5 * i))
        .collect();
    let start = Instant::now();
    let mut active = 0;
    for _ in 0..20 {
        for c in &configs {
            let env = Env {
                model: &model,
                q: &c.q,
                v: &c.v,
            };
            let ctx = chain.evaluate(&env, c.first, c.second, Default::default(), 1e-3, true);
            active += usize::from(!ctx.reject);
        }
    }
    let per_pair = start.elapsed().as_secs_f64() / (20.0 * configs.len() as f64);
    println!(
        "chain evaluation: {:.0} ns per pair ({active} of {} evaluations in contact)",
        per_pair * 1e9,
        20 * configs.len()
    );
    Ok(())
}
