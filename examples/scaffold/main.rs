//! The output of `catena new-element` for every kind, as a user's crate would hold it:
//!
//! ```text
//! catena new-element MyLaw --kind normal --out examples/scaffold
//! catena new-element MyFriction --kind tangential --out examples/scaffold
//! catena new-element MyResolver --kind resolver --out examples/scaffold
//! ```
//!
//! Each file compiles against catena's public API alone and carries its own Jacobian test
//! (`cargo test --release --example scaffold`). Here the three are registered in one element
//! set, combined in one chain and checked together.
//!
//! Run: `cargo run --release --example scaffold`

mod n_my_law;
mod r_my_resolver;
mod t_my_friction;

use catena::contact::Chain;
use catena::verify::{Options, jacobians};

catena::element_set! {
    /// The built-in elements plus the three scaffolds.
    pub enum MyElements {
        /// Every built-in element.
        Builtin(catena::contact::Builtin): set,
        /// A linear penalty normal law.
        MyLaw(n_my_law::MyLaw),
        /// Regularised Coulomb friction.
        MyFriction(t_my_friction::MyFriction),
        /// Sphere–sphere by centre distance.
        MyResolver(r_my_resolver::MyResolver),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let chain = Chain::<MyElements>::parse(
        "Chain(name: \"scaffolds\", elements: [Sphere_1_Data, Sphere_2_Data, MyResolver, \
         N_MyLaw(stiffness: 1e4), T_MyFriction(mu: 0.3, eps_v: 1e-3), AssembleForces, \
         AssembleContactMatrix])",
        std::path::Path::new("scaffolds.ron"),
    )?;
    let report = jacobians(&chain, &Options::default())?;
    println!("{report}");
    if !report.passed() {
        return Err("a scaffold's Jacobian disagrees with finite differences".into());
    }
    Ok(())
}
