//! `Spring`: a linear spring on the centre distance with a reference length, separate
//! stiffnesses in stretch and compression, and an optional rupture length (mpacts Spring).
//! `Spring_Damper` ([`super::SpringDamper`]) adds a dashpot through the same kernel.
//!
//! With the distance `d = Δ` (m) between the primitives' centres (centre lines) and the
//! reference distance `d₀` (m):
//! * `F = k (d₀ − d) − c ḋ` (N, positive = pushing apart), `k = k_compress` for `d < d₀`,
//!   `k_stretch` otherwise, `ḋ = Δ̇` (m/s), `c = 0` for `Spring`;
//! * energy `E = ½ k (d − d₀)²` (J);
//! * in the overlap variables of [`super::scalar_force`]: `∂F/∂δ = k`, `∂F/∂δ̇ = c`.
//!
//! When `rest_length` is not given, `d₀` is the distance at the first evaluation of the pair
//! and is kept in the pair's history (`established`, `value`); during that first step the
//! spring force is zero (`d₀` follows `d`). When `d > rupture_length` the spring breaks for
//! good (`broken` in the history) and the pair is rejected from then on. The history is lost
//! when the pair leaves the candidate set (beyond the binding's keep distance).
//!
//! The law records its state in [`ContactCtx::spring`] ([`SpringRecord`]) for a
//! `SerialDashpot` after it, which relaxes the rest length in the memory; a rest length in the
//! memory then takes precedence over a given `rest_length`.

use super::effective::{check_non_negative, check_optional_positive};
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Gives, Memory, MemorySlot, MemorySpec, Needs, SolverNeeds, flag_word,
};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Linear spring with reference length.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spring {
    /// Stiffness `k` (N/m) in stretch and compression, unless overridden below.
    #[serde(default)]
    pub stiffness: Option<f64>,
    /// Stiffness when stretched, `d > d₀` (N/m).
    #[serde(default)]
    pub k_stretch: Option<f64>,
    /// Stiffness when compressed, `d < d₀` (N/m).
    #[serde(default)]
    pub k_compress: Option<f64>,
    /// Reference distance `d₀` (m); default: the distance when the pair is first evaluated.
    #[serde(default)]
    pub rest_length: Option<f64>,
    /// The spring breaks permanently when the distance exceeds this (m); default: never.
    #[serde(default)]
    pub rupture_length: Option<f64>,
}

/// The per-pair memory of `Spring` and `Spring_Damper`: the rest length set at first contact,
/// and whether the spring has ruptured.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RestLength {
    /// The rest length d₀ (m), once set.
    pub value: f64,
    /// Whether `value` has been set (the rest length was not given).
    pub established: bool,
    /// The spring has ruptured, for good.
    pub broken: bool,
}

impl Memory for RestLength {
    const WORDS: usize = 3;
    fn load(w: &[f64]) -> Self {
        Self {
            value: w[0],
            established: w[1] != 0.0,
            broken: w[2] != 0.0,
        }
    }
    fn store(&self, w: &mut [f64]) {
        w[0] = self.value;
        w[1] = flag_word(self.established);
        w[2] = flag_word(self.broken);
    }
}

/// What a spring law records for the elements after it (`MaxwellFluidShell`,
/// `SerialDashpot`): where its rest length lives and the spring's state at this evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpringRecord {
    /// The spring law's memory slot (its [`RestLength`]).
    pub slot: MemorySlot,
    /// The memory the law wrote (or would write) in this evaluation.
    pub memory: RestLength,
    /// The stiffness `k` (N/m) on the current side of the rest length.
    pub stiffness: f64,
    /// The rest length `d₀` (m) the force used (the one committed with the last step).
    pub rest_length: f64,
    /// The distance `d` (m).
    pub distance: f64,
    /// The dashpot coefficient `c` (N·s/m) a `MaxwellFluidShell` set; NaN when none did.
    pub dashpot: f64,
}

impl SpringRecord {
    /// The elastic spring force `f = k (d₀ − d)` (N, positive pushing apart).
    pub fn force(&self) -> f64 {
        self.stiffness * (self.rest_length - self.distance)
    }
}

/// The parameters shared by `Spring` and `Spring_Damper`, resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SpringLaw {
    pub k_stretch: f64,
    pub k_compress: f64,
    pub rest_length: Option<f64>,
    pub rupture_length: Option<f64>,
    pub damping: f64,
}

impl Spring {
    /// The stiffnesses `(k_stretch, k_compress)` (N/m); NaN when not given.
    pub(crate) fn stiffnesses(
        stiffness: Option<f64>,
        k_stretch: Option<f64>,
        k_compress: Option<f64>,
    ) -> (f64, f64) {
        (
            k_stretch.or(stiffness).unwrap_or(f64::NAN),
            k_compress.or(stiffness).unwrap_or(f64::NAN),
        )
    }

    fn law(&self) -> SpringLaw {
        let (ks, kc) = Self::stiffnesses(self.stiffness, self.k_stretch, self.k_compress);
        SpringLaw {
            k_stretch: ks,
            k_compress: kc,
            rest_length: self.rest_length,
            rupture_length: self.rupture_length,
            damping: 0.0,
        }
    }
}

impl SpringLaw {
    /// Checks the parameters, naming the one at fault.
    pub(crate) fn validate(&self) -> Result<(), String> {
        for (name, k) in [
            ("k_stretch", self.k_stretch),
            ("k_compress", self.k_compress),
        ] {
            if k.is_nan() {
                return Err(format!(
                    "{name} is not set: give `stiffness` (N/m) or both `k_stretch` and `k_compress`"
                ));
            }
            if !(k.is_finite() && k > 0.0) {
                return Err(format!("{name} must be a positive number (N/m), got {k}"));
            }
        }
        check_optional_positive("rest_length", "m", self.rest_length)?;
        check_optional_positive("rupture_length", "m", self.rupture_length)?;
        if let (Some(d0), Some(dr)) = (self.rest_length, self.rupture_length)
            && dr <= d0
        {
            return Err(format!(
                "rupture_length ({dr} m) must exceed rest_length ({d0} m)"
            ));
        }
        check_non_negative("damping", "N·s/m", self.damping)
    }

    /// `F(d, ḋ)` with reference `d0`, in the overlap variables (`∂/∂δ = −∂/∂d`).
    pub(crate) fn scalar(&self, d: f64, d0: f64, rate: f64) -> ScalarForce {
        let k = if d < d0 {
            self.k_compress
        } else {
            self.k_stretch
        };
        let x = d0 - d;
        ScalarForce {
            force: k * x + self.damping * rate,
            d_overlap: k,
            d_rate: self.damping,
            energy: 0.5 * k * x * x,
        }
    }

    /// Evaluates the spring on the pair, reading and writing its memory.
    pub(crate) fn evaluate(&self, ctx: &mut ContactCtx) {
        let mut h: RestLength = ctx.memory();
        if h.broken {
            ctx.set_memory(&h);
            ctx.reject = true;
            return;
        }
        let d = ctx.distance;
        if d.is_nan() {
            ctx.reject = true;
            return;
        }
        if let Some(dr) = self.rupture_length
            && d > dr
        {
            h.broken = true;
            ctx.set_memory(&h);
            ctx.reject = true;
            return;
        }
        let (_, rate) = overlap_and_rate(ctx);
        // A rest length in the memory (set at first contact, or moved by `SerialDashpot`)
        // takes precedence over the given one.
        let (d0, fresh) = match self.rest_length {
            _ if h.established => (h.value, false),
            Some(d0) => (d0, false),
            None => {
                h.established = true;
                h.value = d;
                (d, true)
            }
        };
        if self.rest_length.is_none() || self.rupture_length.is_some() {
            ctx.set_memory(&h);
        }
        let mut s = self.scalar(d, d0, rate);
        ctx.spring = ctx.slot.map(|slot| SpringRecord {
            slot,
            memory: h,
            stiffness: s.d_overlap,
            rest_length: d0,
            distance: d,
            dashpot: f64::NAN,
        });
        if fresh {
            // d₀ = d(x) in this step: the elastic force is identically zero.
            s.force = self.damping * rate;
            s.d_overlap = 0.0;
            s.energy = 0.0;
        }
        add_normal_force(ctx, s);
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "Spring",
    category: Category::Normal,
    summary: "linear spring on the centre distance, F = k (d₀ − d), with rupture",
    details: "Parameters: stiffness k (N/m) or k_stretch and k_compress (N/m) for d > d₀ and d < d₀; \
              rest_length d₀ (m, default: the distance at first evaluation, kept in the pair's history); \
              rupture_length d_max (m, default none: the spring breaks for good when d > d_max). \
              d = Δ is the centre(-line) distance. F = k(d₀ − d) along the normal (positive pushes apart), \
              E = ½k(d − d₀)², exact ∂f/∂x. Acts at any distance within the binding's keep distance. \
              Source: mpacts Spring.",
};

impl ChainElement for Spring {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_solver(SolverNeeds::BEYOND_REACH)
            .with_memory(MemorySpec::of::<RestLength>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::SPRING_REST))
    }
    fn validate(&self) -> Result<(), String> {
        self.law().validate()
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        self.law().evaluate(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    fn law(damping: f64) -> SpringLaw {
        SpringLaw {
            k_stretch: 50.0,
            k_compress: 400.0,
            rest_length: Some(0.02),
            rupture_length: Some(0.03),
            damping,
        }
    }

    #[test]
    fn partials_match_finite_differences_in_stretch_and_compression() {
        // δ = r₁ + r₂ − d with r₁ + r₂ = 0.02: d = 0.02 − δ.
        for &c in &[0.0, 0.7] {
            let l = law(c);
            for &d in &[0.015, 0.0199, 0.0201, 0.028] {
                check_partials(|dl, r| l.scalar(0.02 - dl, 0.02, r), 0.02 - d, 0.1, 1e-6);
            }
        }
    }

    #[test]
    fn stiffness_depends_on_the_side_of_the_rest_length() {
        let l = law(0.0);
        assert!((l.scalar(0.019, 0.02, 0.0).force - 400.0 * 0.001).abs() < 1e-15);
        assert!((l.scalar(0.021, 0.02, 0.0).force + 50.0 * 0.001).abs() < 1e-15);
    }

    #[test]
    fn parameters_are_checked_by_name() {
        let s = Spring::default();
        assert!(s.validate().unwrap_err().contains("k_stretch"));
        let s = Spring {
            stiffness: Some(10.0),
            k_compress: Some(-1.0),
            ..Default::default()
        };
        assert!(s.validate().unwrap_err().contains("k_compress"));
        let s = Spring {
            stiffness: Some(10.0),
            rest_length: Some(0.02),
            rupture_length: Some(0.01),
            ..Default::default()
        };
        assert!(s.validate().unwrap_err().contains("rupture_length"));
    }
}
