//! `N_Dividing` and `N_Budding` (mpacts, seed 003): the force that drives the two particles of
//! a cell in cytokinesis (or a mother and its bud) apart, a linear controller on the *division
//! error* — the desired separation at the time since the division began, less the actual one.
//!
//! With the centre distance `d = Δ` (m), the time `τ` (s) since the division began (at the end
//! of the step being solved) and the desired separation
//!
//! `d*(τ) = d₀ + (d_f − d₀) s(τ)`, `s(τ) = min(τ/T, 1)`,
//!
//! where `d₀` is the separation at the end of the pair's first step (the step in which the
//! binding first evaluates it: the division's start),
//! `d_f` the final separation (`separation`, default `r₁ + r₂`: the daughters just touching)
//! and `T` the division's `duration`:
//! * error `e = d* − d` (m); force `F = k e` along the normal (N, positive pushes apart) with
//!   `k = k_repulsion` when `e > 0` and `k_attraction` otherwise (N/m);
//! * energy `E = ½ k e²` at the step's `τ` (J), so that the energy line search sees the
//!   controller as a spring whose rest length moves from step to step (it does work on the
//!   cell: the energy columns of a run do not balance while it acts);
//! * in the overlap variables of [`super::scalar_force`]: `∂F/∂δ = k` (`δ = r₁ + r₂ − d`).
//!
//! In that first step `d₀` is the distance itself, so `e = s (d_f − d)`: the law is
//! the spring `F = k s (d_f − d)`, `E = ½ k s (d_f − d)²`, `∂F/∂δ = k s`. After `T` the
//! controller holds `d_f`: the two particles stay a doublet (mpacts ends a division with a
//! command that forgets the partnership; catena has no such event).
//!
//! **Partners.** mpacts marks the two particles of a dividing cell as each other's division
//! partner, and the law *replaces* the chain's other normal laws for them (it sets the force
//! rather than adding to it and hides the overlap from the laws after it). In catena a chain is
//! bound to body groups, so the partners are designated by a binding of their own — a contact
//! entry naming the two spheres (`first: Spheres(["a"]), second: Spheres(["b"])`), with this law
//! and no other normal law — and the general binding excludes the pair (`exclude:
//! [("a", "b")]`), which is what "replaces" means there. Give the partner binding a
//! `keep_distance` above `d_f`, or the pair, and its history, leaves the candidates.
//! The two start as close as the user places them (the scene refuses two spheres at the same
//! centre, whose normal is undefined, but not an excluded pair's large overlap).
//!
//! The history (`d₀`, `τ`) is the pair's memory, committed with each accepted step, so a
//! resumed run continues the division where it was.
//!
//! `N_Budding` is the same controller for a mother (side 1) and its bud (side 2); mpacts sets
//! the two roles' desired separations through its budding command, which catena leaves to
//! `separation` and `duration`.

use super::effective::{check_optional_positive, check_positive};
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, Memory, MemorySpec, Needs, SolverNeeds,
    flag_word,
};
use serde::{Deserialize, Serialize};

/// The division controller; `BUDDING` selects the name (`N_Budding` or `N_Dividing`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Division<const BUDDING: bool> {
    /// Stiffness `k` (N/m) while the particles are closer than desired (`e > 0`, pushing).
    pub k_repulsion: f64,
    /// Stiffness `k` (N/m) while they are farther apart than desired (`e < 0`, pulling).
    pub k_attraction: f64,
    /// Duration `T` (s) over which the desired separation goes from `d₀` to `d_f`.
    pub duration: f64,
    /// Final separation `d_f` (m); default: the sum of the two radii.
    #[serde(default)]
    pub separation: Option<f64>,
}

/// `N_Dividing`: the two particles of a cell in cytokinesis.
pub type Dividing = Division<false>;
/// `N_Budding`: a mother (side 1) and its bud (side 2).
pub type Budding = Division<true>;

impl<const BUDDING: bool> Default for Division<BUDDING> {
    /// `k` = 1 N/m both ways over 1 s.
    fn default() -> Self {
        Self {
            k_repulsion: 1.0,
            k_attraction: 1.0,
            duration: 1.0,
            separation: None,
        }
    }
}

/// The per-pair memory of a division: where it started and how long it has run.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DivisionState {
    /// The separation `d₀` (m) when the division began.
    pub start: f64,
    /// The time `τ` (s) since it began, at the end of the last accepted step.
    pub age: f64,
    /// Whether the division has begun (`start` and `age` hold).
    pub begun: bool,
}

impl Memory for DivisionState {
    const WORDS: usize = 3;
    fn load(w: &[f64]) -> Self {
        Self {
            start: w[0],
            age: w[1],
            begun: w[2] != 0.0,
        }
    }
    fn store(&self, w: &mut [f64]) {
        w[0] = self.start;
        w[1] = self.age;
        w[2] = flag_word(self.begun);
    }
}

impl<const BUDDING: bool> Division<BUDDING> {
    /// The desired separation's progress `s(τ) = min(τ/T, 1)`.
    pub fn progress(&self, age: f64) -> f64 {
        (age / self.duration).min(1.0)
    }

    /// `F(d)` for the division begun at separation `d0` with progress `s` towards `d_f`, in
    /// the overlap variables; `fresh` when `d0` is the current distance itself (the first step).
    pub fn scalar(&self, d: f64, d0: f64, d_f: f64, s: f64, fresh: bool) -> ScalarForce {
        let target = d0 + (d_f - d0) * s;
        let e = target - d;
        let k = if e > 0.0 {
            self.k_repulsion
        } else {
            self.k_attraction
        };
        if fresh {
            // e = s (d_f − d) with d₀ = d: a spring of stiffness k s at rest length d_f.
            let ks = k * s;
            let x = d_f - d;
            return ScalarForce {
                force: ks * x,
                d_overlap: ks,
                d_rate: 0.0,
                energy: 0.5 * ks * x * x,
            };
        }
        ScalarForce {
            force: k * e,
            d_overlap: k,
            d_rate: 0.0,
            energy: 0.5 * k * e * e,
        }
    }
}

static DIVIDING: ElementDoc = ElementDoc {
    name: "N_Dividing",
    category: Category::Normal,
    summary: "division force: linear controller F = k (d*(τ) − d) driving a dividing cell's two particles apart",
    details: "Parameters: k_repulsion and k_attraction (N/m, > 0; k while pushing, e > 0, and pulling), \
              duration T (s, > 0), separation d_f (m, default r₁ + r₂). d = Δ the centre distance, τ the \
              time since the division's start (the first step in which the binding evaluates the pair; τ at \
              the end of the step), d₀ the distance at the end of that first step; d*(τ) = d₀ + (d_f − d₀) min(τ/T, 1), e = d* − d, F = k e along the normal \
              (positive pushes apart), E = ½ k e² at the step's τ, exact ∂f/∂x; in the first step (d₀ = d) \
              F = k s (d_f − d). After T it holds d_f. d₀ and τ are the pair's history. Bind the partners \
              by a binding of their own (Spheres([a]) against Spheres([b]), this law its only normal \
              law, keep_distance above d_f) and exclude them from the general binding: that is mpacts' \
              'replaces the other laws for division partners'. Does work: energy columns do not balance \
              while it acts. Source: mpacts N_Dividing (seed 003).",
};

static BUDDING_DOC: ElementDoc = ElementDoc {
    name: "N_Budding",
    summary: "budding force: linear controller F = k (d*(τ) − d) driving a mother (side 1) and its bud (side 2) apart",
    details: "The N_Dividing controller for a mother (side 1) and its bud (side 2): parameters \
              k_repulsion, k_attraction (N/m), duration T (s), separation d_f (m, default r₁ + r₂); \
              d*(τ) = d₀ + (d_f − d₀) min(τ/T, 1), F = k (d* − d), E = ½ k (d* − d)². mpacts sets the \
              roles' desired separations through its budding command; catena through separation and \
              duration. Bind the pair on its own and exclude it from the general binding, as for \
              N_Dividing. Source: mpacts N_Budding (seed 003).",
    ..DIVIDING
};

impl<const BUDDING: bool> ChainElement for Division<BUDDING> {
    fn doc(&self) -> &'static ElementDoc {
        if BUDDING { &BUDDING_DOC } else { &DIVIDING }
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_solver(SolverNeeds::BEYOND_REACH)
            .with_memory(MemorySpec::of::<DivisionState>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("k_repulsion", "N/m", self.k_repulsion)?;
        check_positive("k_attraction", "N/m", self.k_attraction)?;
        check_positive("duration", "s", self.duration)?;
        check_optional_positive("separation", "m", self.separation)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let d = ctx.distance;
        if !d.is_finite() {
            ctx.reject = true;
            return;
        }
        let mut h: DivisionState = ctx.memory();
        let fresh = !h.begun;
        if fresh {
            h = DivisionState {
                start: d,
                age: 0.0,
                begun: true,
            };
        }
        h.age += ctx.dt;
        ctx.set_memory(&h);
        let d_f = self.separation.unwrap_or(ctx.radius[0] + ctx.radius[1]);
        let s = self.progress(h.age);
        add_normal_force(ctx, self.scalar(d, h.start, d_f, s, fresh));
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    fn law() -> Dividing {
        Dividing {
            k_repulsion: 40.0,
            k_attraction: 300.0,
            duration: 2.0,
            separation: Some(0.02),
        }
    }

    #[test]
    fn partials_match_finite_differences_on_both_sides_and_fresh() {
        // δ = r₁ + r₂ − d with r₁ + r₂ = 0.02: d = 0.02 − δ.
        let l = law();
        for &fresh in &[false, true] {
            for &d in &[0.004, 0.011, 0.019, 0.024] {
                check_partials(
                    |dl, _| l.scalar(0.02 - dl, 0.008, 0.02, 0.4, fresh),
                    0.02 - d,
                    0.0,
                    1e-6,
                );
            }
        }
    }

    #[test]
    fn the_target_moves_from_the_start_to_the_final_separation() {
        let l = law();
        assert_eq!(l.progress(0.5), 0.25);
        assert_eq!(l.progress(7.0), 1.0);
        // At τ = T/4 from d₀ = 8 mm the target is 11 mm: at d = 10 mm it pushes with k_rep.
        let f = l.scalar(0.010, 0.008, 0.02, 0.25, false);
        assert!((f.force - 40.0 * 0.001).abs() < 1e-15, "{f:?}");
        // Beyond the target it pulls with k_att.
        let f = l.scalar(0.012, 0.008, 0.02, 0.25, false);
        assert!((f.force + 300.0 * 0.001).abs() < 1e-15, "{f:?}");
        // Fresh: the spring k s towards d_f.
        let f = l.scalar(0.010, 0.010, 0.02, 0.25, true);
        assert!((f.force - 40.0 * 0.25 * 0.01).abs() < 1e-15, "{f:?}");
    }
}
