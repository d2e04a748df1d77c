//! `N_LinearAdhesionForce` (mpacts, seed 003): an adhesive bond whose pull grows linearly with
//! the separation and breaks at a rupture length.
//!
//! With separation `s = gap = −δ` (m), once the bond is established (the pair overlapped,
//! `δ > 0`): `F = −f_d s/d_d` for `0 < s < d_d` (N, negative = attractive), 0 on overlap (a
//! repulsive law of the chain carries it); the bond breaks at `s = d_d` (the pull `f_d` then
//! drops to 0 and the pair's memory is forgotten) and forms again only by overlapping. The
//! adhesion energy is `W = f_d d_d/2` (J). Energy (for the line search, conservative while the
//! bond holds): `E = ½ (f_d/d_d) δ²` for `−d_d < δ < 0`, so that `dE/dδ = F`.

use super::effective::check_positive;
use super::jkr::Established;
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, MemorySpec, Needs, SolverNeeds,
};
use serde::{Deserialize, Serialize};

/// Linear adhesive bond: `F = −f_d s/d_d` up to the rupture length `d_d`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearAdhesionForce {
    /// Pull at rupture `f_d` (N).
    pub f_detach: f64,
    /// Rupture length `d_d` (m).
    pub d_detach: f64,
}

impl Default for LinearAdhesionForce {
    /// f_d = 1 mN, d_d = 10 µm.
    fn default() -> Self {
        Self {
            f_detach: 1e-3,
            d_detach: 1e-5,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_LinearAdhesionForce",
    category: Category::Normal,
    summary: "adhesive bond pulling linearly with separation, F = −f_d s/d_d, broken at d_d",
    details: "Parameters: f_detach f_d (N, > 0), d_detach d_d (m, > 0). Once the pair has overlapped \
              (state: established), at separation s = gap in (0, d_d): F = −f_d s/d_d (attractive), \
              E = ½(f_d/d_d)s²; no force on overlap (pair it with a repulsive law); at s ≥ d_d the bond \
              breaks (memory dropped) until the next overlap. Adhesion energy W = f_d d_d/2. Exact \
              ∂f/∂x. Source: mpacts N_LinearAdhesionForce (seed 003).",
};

impl LinearAdhesionForce {
    /// The scalar law at overlap `delta` (m) of an established bond.
    fn law(&self, delta: f64) -> ScalarForce {
        if delta >= 0.0 {
            return ScalarForce::default();
        }
        let k = self.f_detach / self.d_detach;
        ScalarForce {
            force: k * delta,
            d_overlap: k,
            d_rate: 0.0,
            energy: 0.5 * k * delta * delta,
        }
    }
}

impl ChainElement for LinearAdhesionForce {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_solver(SolverNeeds::BEYOND_REACH)
            .with_memory(MemorySpec::of::<Established>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("f_detach", "N", self.f_detach)?;
        check_positive("d_detach", "m", self.d_detach)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, _) = overlap_and_rate(ctx);
        if delta.is_nan() {
            ctx.reject = true;
            return;
        }
        // Not bonded yet, or broken at d_d: the pair is rejected and the bond forgotten.
        if Established::hold(ctx, delta, delta <= -self.d_detach) {
            add_normal_force(ctx, self.law(delta));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    #[test]
    fn partials_energy_and_adhesion_energy() {
        let law = LinearAdhesionForce {
            f_detach: 2e-3,
            d_detach: 5e-6,
        };
        for d in [-4e-6, -1e-6, -1e-8] {
            check_partials(|d, _| law.law(d), d, 0.0, 1e-6);
        }
        // The pull at rupture is f_d, and the work to break the bond is W = f_d d_d/2.
        assert!((law.law(-5e-6).force + 2e-3).abs() < 1e-15);
        assert!((law.law(-5e-6).energy - 0.5 * 2e-3 * 5e-6).abs() < 1e-20);
        assert_eq!(law.law(1e-7).force, 0.0);
        assert!(law.validate().is_ok());
        assert!(
            LinearAdhesionForce {
                f_detach: 0.0,
                ..law
            }
            .validate()
            .is_err()
        );
    }
}
