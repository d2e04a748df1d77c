//! `T_CundallStrack`: tangential spring–dashpot friction with a Coulomb cap (mpacts
//! T_CundallStrack; Cundall & Strack, Géotechnique 29 (1979) 47; Pöschel & Schwager (2005)
//! §2.3, p. 24; the vector form with static and dynamic coefficients of Luding, Granular
//! Matter 10 (2008) 235, §2.2).
//!
//! The spring elongation `ζ` (m) lives in the pair's history. It starts at zero when the pair
//! comes into contact (a pair whose normal law rejects it loses its history), and at each
//! evaluation, with the committed `ζ₀`, the current normal `n` and tangential relative velocity
//! `v_t` of side 2 against side 1 (see [`super::contact_frame`]):
//! 1. rotate `ζ₀` into the current tangent plane, keeping its length:
//!    `ζ_r = ‖ζ₀‖ p/‖p‖`, `p = (I − nnᵀ) ζ₀`;
//! 2. integrate over the step (implicit Euler, `v_t` at the end of the step): `ζ = ζ_r + Δt v_t`;
//! 3. trial force on side 2 `f* = −k_t ζ − c_t v_t` (N), with a constant `k_t` or, with
//!    `mindlin: true`, Mindlin's `k_t = 8 G* √(R* δ)` of the current overlap (the spring's force
//!    is `k_t(δ) ζ`, total rather than incremental; `∂f*/∂x` gains `−ζ (∂k_t/∂x)ᵀ`);
//! 4. Coulomb cap `μ F_n`, with `μ = μ_s` if the contact was sticking at the start of the step
//!    and `μ_d` if it was sliding (the `sliding` flag of the history):
//!    * stick `‖f*‖ ≤ μF_n`: `F_t = f*`, the trial `ζ` is kept;
//!    * slip: `F_t = μF_n f*/‖f*‖`, and the spring is reset to match the capped force,
//!      `ζ = −(F_t + c_t v_t)/k_t` (so `‖k_tζ + c_tv_t‖ = μF_n`); the contact is now sliding.
//!
//!    The force's `min` is blended into a C¹ curve over `|‖f*‖/(μF_n) − 1| < ε`
//!    (`cap_smoothing`, see [`super::coulomb_cap`]), so that Newton sees a continuous `∂F_t`;
//!    the spring is not: it keeps its trial `ζ` while `‖f*‖ ≤ μF_n` and is reset to the
//!    exact cap, `ζ = −(μF_n f*/‖f*‖ + c_t v_t)/k_t`, beyond. Resetting it to the blended
//!    force instead would shorten every spring loaded between `(1 − ε)μF_n` and `μF_n` at
//!    every step, a creep of `ε/4` of the load per step at the limit that never lets a loaded
//!    packing come to rest (and grows as Δt shrinks).
//!
//! Within a Newton solve the history is a trial: it is committed only with the accepted step.
//! Because the cap equals the slip threshold within a step, the force is continuous in `(x, v)`
//! (Newton sees no jump); a contact that starts slipping feels `μ_s F_n` for that one step,
//! then `μ_d F_n` while it keeps sliding, and is held again by `μ_s` once it re-sticks.
//!
//! Jacobians, exactly: `∂ζ_r = (‖ζ₀‖/‖p‖)(I − p̂p̂ᵀ) ∂p`, `∂p = −((n·ζ₀) I + n ζ₀ᵀ) ∂n/∂x`;
//! `∂ζ/∂x = ∂ζ_r + Δt ∂v_t/∂x`, `∂ζ/∂v = Δt ∂v_t/∂v`; stick: `∂F_t = −k_t ∂ζ − c_t ∂v_t`;
//! slip: `∂F_t = μ t̂ (∂F_n)ᵀ + (μF_n/‖f*‖)(I − t̂t̂ᵀ) ∂f*`, `t̂ = f*/‖f*‖`; in the blend, the
//! derivative of [`super::coulomb_cap`].
//!
//! Under each time integrator (`ctx.step.scheme`), step 2 is always `ζ = ζ_r + Δt v_t`, the
//! spring at `tₙ₊₁`, which is what is committed:
//! * implicit Euler: `v_t` is the end-of-step velocity, the update is implicit Euler of
//!   `ζ̇ = v_t`, consistent with the scheme;
//! * BDF2: `v_t` is the BDF2 velocity `(3xₙ₊₁ − 4xₙ + xₙ₋₁)/(2Δt)`; the spring is still advanced
//!   by one implicit Euler step of it (first order in the tangential history);
//! * implicit midpoint: positions (hence `n`) are at the midpoint `z`, `v_t = (xₙ₊₁ − xₙ)/Δt` is
//!   the step's mean velocity, so `ζ_r + Δt v_t` is the spring at `tₙ₊₁` while the force acts at
//!   `t_{n+½}`: the spring force leads by half a step (first order in the tangential history;
//!   the elastic and normal parts stay second order).
//!
//! Compared with mpacts' `−min(k_t‖ζ‖ + c_t‖v_t‖, μ‖F_n‖) v̂_t`, the force points along the
//! trial force rather than along `v_t`, which is what lets the spring hold a body at rest
//! (`v_t = 0`).

use super::contact_frame::{ContactFrame, Mat3x12};
use super::coulomb::{check_smoothing, default_smoothing};
use super::coulomb_cap::cap;
use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Memory, MemorySpec, Needs, flag_word};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::normal::effective_radius;
use crate::math::{Mat3, Vec3};
use serde::{Deserialize, Serialize};

/// Cundall–Strack tangential spring with Coulomb cap.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CundallStrack {
    /// Static friction coefficient μ_s (−).
    pub mu_s: f64,
    /// Dynamic friction coefficient μ_d (−), default μ_s.
    #[serde(default)]
    pub mu_d: Option<f64>,
    /// Tangential spring stiffness `k_t` (N/m), constant; leave it out (0) with `mindlin`.
    #[serde(default)]
    pub k_t: f64,
    /// Overlap-dependent stiffness of Mindlin instead of `k_t`: `k_t = 8 G* √(R* δ)`.
    #[serde(default)]
    pub mindlin: bool,
    /// Tangential dashpot `c_t` (N·s/m), default 0.
    #[serde(default)]
    pub c_t: f64,
    /// Relative half-width ε of the C¹ blend of the Coulomb cap (−), default 0.02; 0 = exact cap.
    #[serde(default = "default_smoothing")]
    pub cap_smoothing: f64,
}

impl Default for CundallStrack {
    /// μ_s = 0.5, μ_d = 0.4, k_t = 10⁴ N/m, no dashpot.
    fn default() -> Self {
        Self {
            mu_s: 0.5,
            mu_d: Some(0.4),
            k_t: 1e4,
            mindlin: false,
            c_t: 0.0,
            cap_smoothing: default_smoothing(),
        }
    }
}

/// `T_CundallStrack`'s per-pair memory: the spring elongation and whether the contact slid.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SpringElongation {
    /// Elongation ζ (m), in the tangent plane of the step that wrote it.
    pub zeta: Vec3,
    /// The contact was sliding at the end of the step (the next step's Coulomb limit uses
    /// μ_d instead of μ_s).
    pub sliding: bool,
}

impl Memory for SpringElongation {
    const WORDS: usize = 4;
    fn load(w: &[f64]) -> Self {
        Self {
            zeta: Vec3::new(w[0], w[1], w[2]),
            sliding: w[3] != 0.0,
        }
    }
    fn store(&self, w: &mut [f64]) {
        w[..3].copy_from_slice(self.zeta.as_slice());
        w[3] = flag_word(self.sliding);
    }
}

impl CundallStrack {
    fn mu_d(&self) -> f64 {
        self.mu_d.unwrap_or(self.mu_s)
    }
}

/// The committed elongation rotated into the plane normal to `n`, with `∂ζ_r/∂x` from
/// `∂n/∂x` (zero when `dn_dx` is `None`).
fn rotate_into_plane(zeta0: &Vec3, n: &Vec3, dn_dx: Option<&Mat3x12>) -> (Vec3, Mat3x12) {
    let len = zeta0.norm();
    let p = zeta0 - n * n.dot(zeta0);
    let pn = p.norm();
    if len == 0.0 || pn == 0.0 {
        return (Vec3::zeros(), Mat3x12::zeros());
    }
    let ph = p / pn;
    let Some(dn_dx) = dn_dx else {
        return (ph * len, Mat3x12::zeros());
    };
    let dp = -(Mat3::identity() * n.dot(zeta0) + n * zeta0.transpose()) * dn_dx;
    let dz = (Mat3::identity() - ph * ph.transpose()) * dp * (len / pn);
    (ph * len, dz)
}

/// Mindlin's tangential stiffness `k_t = 8 G* √(R* δ)` (N/m) of the pair and `∂k_t/∂x =
/// −k_t/(2δ) ∇Δ`, with `1/G* = (2 − ν₁)/G₁ + (2 − ν₂)/G₂` (`G = E/(2(1 + ν))`; a rigid side
/// drops out), `R*` as for Hertz and `δ = −gap`; zero without overlap (Mindlin 1949; Di Renzo &
/// Di Maio, Chem. Eng. Sci. 59 (2004) 525, Eq. 9).
fn mindlin_stiffness(ctx: &ContactCtx) -> (f64, Vec12) {
    let delta = -ctx.gap;
    if delta.is_nan() || delta <= 0.0 {
        return (0.0, Vec12::zeros());
    }
    let compliance: f64 = ctx
        .material
        .iter()
        .filter(|m| m.youngs_modulus.is_finite())
        .map(|m| {
            let g = m.youngs_modulus / (2.0 * (1.0 + m.poisson_ratio));
            (2.0 - m.poisson_ratio) / g
        })
        .sum();
    let r = effective_radius(ctx, None);
    let k = 8.0 / compliance * (r * delta).sqrt();
    (k, -ctx.grad * (k / (2.0 * delta)))
}

static DOC: ElementDoc = ElementDoc {
    name: "T_CundallStrack",
    category: Category::Tangential,
    summary: "Cundall–Strack tangential spring–dashpot with Coulomb cap (μ_s, μ_d), history ζ",
    details: "Parameters: mu_s μ_s (−, ≥ 0), mu_d μ_d (−, default μ_s, ≤ μ_s), k_t (N/m, > 0) or mindlin: true \
              (k_t = 8G*√(R*δ), 1/G* = (2 − ν₁)/G₁ + (2 − ν₂)/G₂), c_t (N·s/m, default 0), \
              cap_smoothing ε (−, default 0.02: C¹ blend of the cap over |‖f*‖/(μF_n) − 1| < ε; 0 = exact). \
              Spring elongation ζ in the pair's history: rotated into the current tangent plane (length kept), \
              ζ = ζ_r + Δt v_t, trial force f* = −k_tζ − c_tv_t on side 2 (reaction on side 1). Stick if \
              ‖f*‖ ≤ μF_n (μ = μ_s after a sticking step, μ_d after a sliding one), else F_t = μF_n f*/‖f*‖ \
              and ζ = −(F_t + c_tv_t)/k_t. ζ starts at 0 at first contact, is a trial inside Newton and \
              committed per accepted step. Exact ∂f/∂x, ∂f/∂v in stick and slip. Put every normal law \
              first. Source: mpacts T_CundallStrack; Cundall & Strack (1979); Pöschel & Schwager (2005) \
              p. 24; Luding (2008) §2.2.",
};

impl ChainElement for CundallStrack {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE).with_memory(MemorySpec::of::<SpringElongation>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::TANGENTIAL_FORCE).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.mu_s.is_finite() && self.mu_s >= 0.0) {
            return Err(format!("mu_s must be ≥ 0, got {}", self.mu_s));
        }
        if let Some(md) = self.mu_d
            && !(md.is_finite() && md >= 0.0 && md <= self.mu_s)
        {
            return Err(format!(
                "mu_d must be in [0, mu_s = {}], got {md}",
                self.mu_s
            ));
        }
        if self.mindlin {
            if self.k_t != 0.0 {
                return Err(format!(
                    "give either k_t (N/m) or mindlin: true, not both (got k_t = {})",
                    self.k_t
                ));
            }
        } else if !(self.k_t.is_finite() && self.k_t > 0.0) {
            return Err(format!(
                "k_t must be a positive stiffness (N/m), got {}; or set mindlin: true for \
                 k_t = 8G*√(R*δ)",
                self.k_t
            ));
        }
        if !(self.c_t.is_finite() && self.c_t >= 0.0) {
            return Err(format!("c_t must be ≥ 0 (N·s/m), got {}", self.c_t));
        }
        check_smoothing(self.cap_smoothing)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        // Built in place: a ~2.8 kB frame returned by value is a copy.
        let mut fr = ContactFrame::zeroed();
        if !fr.compute(ctx) {
            return;
        }
        let (c, dt) = (self.c_t, ctx.dt);
        let (k, dk_dx) = if self.mindlin {
            mindlin_stiffness(ctx)
        } else {
            (self.k_t, Vec12::zeros())
        };
        let memory: SpringElongation = ctx.memory();
        let want = ctx.want_jacobian;
        let (zr, dzr) = rotate_into_plane(&memory.zeta, &fr.n, want.then_some(&fr.dn_dx));
        let zeta = zr + fr.vt * dt;
        let trial = -zeta * k - fr.vt * c;
        // Without Jacobians (a line-search trial) the frame's derivatives are zero and only the
        // force is used: its derivatives are left at zero rather than computed from zeros.
        let (dtrial_dx, dtrial_dv): (Mat3x12, Mat3x12) = if want {
            (
                -(dzr + fr.dvt_dx * dt) * k - fr.dvt_dx * c - zeta * dk_dx.transpose(),
                -fr.dvt_dv * (k * dt + c),
            )
        } else {
            (Mat3x12::zeros(), Mat3x12::zeros())
        };
        let mu = if memory.sliding {
            self.mu_d()
        } else {
            self.mu_s
        };
        let limit = mu * fr.normal_force;
        let capped = cap(
            trial,
            (&dtrial_dx, &dtrial_dv),
            limit,
            (&(fr.dfn_dx * mu), &(fr.dfn_dv * mu)),
            self.cap_smoothing,
        );
        fr.add_force(ctx, capped.force, &capped.dx, &capped.dv);
        // The spring of exact Coulomb's: kept while the trial force is within the limit (in
        // the blend too, where the force is a little below it), reset to the limit beyond.
        let m = trial.norm();
        let zeta_new = if m <= limit || k == 0.0 {
            zeta
        } else {
            -(trial * (limit / m) + fr.vt * c) / k
        };
        ctx.set_memory(&SpringElongation {
            zeta: zeta_new,
            sliding: capped.sliding,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::builtin::Builtin;
    use crate::contact::element::PairMemory;
    use crate::contact::law_test_support::{
        jacobian_errors, random_state, sphere_chain, spheres_and_ground,
    };
    use crate::contact::normal::DampedHertz;
    use crate::contact::primitive::{PlanePrim, PrimId, PrimKind, SpherePrim};
    use crate::verify::Rng;

    #[test]
    fn jacobians_match_finite_differences_in_stick_and_slip() {
        // Damped Hertz (F_n depends on x and v) with δ ≈ 0.1 mm: μF_n ≈ 0.4 N; k_t = 1e3 N/m,
        // so committed springs of 10 µm stick and of 2 mm slip. The committed spring is tilted
        // out of the current tangent plane, exercising its rotation.
        // With Mindlin's stiffness (k_t = 8G*√(R*δ) ≈ 9e3 N/m here) the same springs stick
        // and slip, and k_t's dependence on the overlap enters ∂f/∂x.
        for mindlin in [false, true] {
            jacobians_in_stick_and_slip(CundallStrack {
                mu_s: 0.5,
                mu_d: Some(0.3),
                k_t: if mindlin { 0.0 } else { 1e3 },
                mindlin,
                c_t: 0.05,
                cap_smoothing: 0.02,
            });
        }
    }

    fn jacobians_in_stick_and_slip(cs: CundallStrack) {
        let m = spheres_and_ground();
        let laws = || {
            vec![
                Builtin::DampedHertz(DampedHertz {
                    damping_time: 1e-3,
                    ..Default::default()
                }),
                Builtin::CundallStrack(cs),
            ]
        };
        let mut rng = Rng::new(9);
        // Data, data, resolver, normal law, then this law.
        let at = 4;
        for second in [PrimKind::Sphere, PrimKind::Plane] {
            let chain = sphere_chain(second, laws());
            for (spring, sliding) in [(1e-5, false), (1e-5, true), (2e-3, false), (2e-3, true)] {
                let (mut stick, mut slip) = (0, 0);
                for _ in 0..30 {
                    let (q, v) = random_state(&m, &mut rng, second, 1e-4, 1e-3);
                    let history = chain.memory_with(
                        at,
                        &SpringElongation {
                            zeta: rng.vector(spring),
                            sliding,
                        },
                    );
                    let env = Env {
                        model: &m,
                        q: &q,
                        v: &v,
                    };
                    let (a, b) = (
                        PrimId::Sphere(SpherePrim { index: 0 }),
                        if second == PrimKind::Plane {
                            PrimId::Plane(PlanePrim { index: 0 })
                        } else {
                            PrimId::Sphere(SpherePrim { index: 1 })
                        },
                    );
                    let ctx = chain.evaluate(&env, a, b, history, 1e-3, false);
                    if ctx.reject {
                        continue;
                    }
                    if let Some((ex, ev)) = jacobian_errors(&chain, &m, &q, &v, second, history) {
                        assert!(
                            ex < 1e-6 && ev < 1e-6,
                            "{second:?}, ζ₀ ~ {spring}, sliding {sliding}: ∂f/∂x error {ex:e}, ∂f/∂v error {ev:e}"
                        );
                        if chain.memory_of::<SpringElongation>(&ctx.memory, at).sliding {
                            slip += 1;
                        } else {
                            stick += 1;
                        }
                    }
                }
                if spring < 1e-4 {
                    assert!(stick > 20, "{second:?}: {stick} stick configurations");
                } else {
                    assert!(slip > 20, "{second:?}: {slip} slip configurations");
                }
            }
        }
    }

    /// The first sphere of `m` pressed 0.1 mm into the ground, moving along x at `vx` (m/s):
    /// its `(q, v)`.
    fn pressed_in(m: &crate::model::Model, vx: f64) -> (Vec<f64>, Vec<f64>) {
        let (mut q, mut v) = (m.q.clone(), vec![0.0; m.q.len()]);
        let s = &m.bodies.spheres[0];
        q[s.offset + 2] = s.radius - 1e-4;
        v[s.offset] = vx;
        (q, v)
    }

    fn sphere_and_plane() -> (PrimId, PrimId) {
        (
            PrimId::Sphere(SpherePrim { index: 0 }),
            PrimId::Plane(PlanePrim { index: 0 }),
        )
    }

    #[test]
    fn spring_holds_then_caps_and_commits_a_consistent_elongation() {
        // Sphere on the ground, pressed in by 0.1 mm, moving tangentially at 1 mm/s for one step.
        let m = spheres_and_ground();
        let chain = sphere_chain(
            PrimKind::Plane,
            vec![
                Builtin::Hertz(crate::contact::normal::Hertz::default()),
                Builtin::CundallStrack(CundallStrack {
                    mu_s: 0.5,
                    mu_d: Some(0.25),
                    k_t: 1e3,
                    mindlin: false,
                    c_t: 0.0,
                    cap_smoothing: 0.0,
                }),
            ],
        );
        let (q, v) = pressed_in(&m, 1e-3);
        let env = Env {
            model: &m,
            q: &q,
            v: &v,
        };
        let (a, b) = sphere_and_plane();
        let dt = 1e-3;
        let at = 4;
        let spring = |c: &ContactCtx| chain.memory_of::<SpringElongation>(&c.memory, at);
        let fresh = chain.evaluate(&env, a, b, PairMemory::default(), dt, false);
        let fn_ = fresh.force[2];
        // Stick: the ground (side 2) moves at −v relative to the sphere, so ζ = −Δt v; the
        // ground feels −k_t ζ and the sphere the reaction, f_x = −k_t Δt v.
        assert!(!spring(&fresh).sliding);
        assert!((spring(&fresh).zeta.x + dt * 1e-3).abs() < 1e-18);
        assert!((fresh.force[0] + 1e3 * dt * 1e-3).abs() < 1e-12);
        // A committed spring far beyond the cap: slip at μ_s (it was sticking), then at μ_d.
        let big = chain.memory_with(
            at,
            &SpringElongation {
                zeta: Vec3::new(-0.01, 0.0, 0.0),
                sliding: false,
            },
        );
        let c1 = chain.evaluate(&env, a, b, big, dt, false);
        assert!(spring(&c1).sliding);
        assert!(
            (c1.force[0] + 0.5 * fn_).abs() < 1e-9 * fn_,
            "{}",
            c1.force[0]
        );
        let c2 = chain.evaluate(&env, a, b, c1.memory, dt, false);
        assert!(
            (c2.force[0] + 0.25 * fn_).abs() < 1e-9 * fn_,
            "{}",
            c2.force[0]
        );
        // The committed spring matches the capped force: k_t‖ζ‖ = μ F_n.
        assert!((1e3 * spring(&c2).zeta.norm() - 0.25 * fn_).abs() < 1e-9 * fn_);
    }

    #[test]
    fn a_spring_loaded_in_the_blend_holds_and_one_beyond_is_reset_to_the_cap() {
        // A sphere at rest on the ground (0.1 mm in), with the default C¹ blend of the cap
        // (ε = 0.02): a spring at 99 % of μF_n is inside the blend, where the force is a little
        // below the trial. Held still for 100 steps, it must keep its elongation to the bit
        // (resetting it to the blended force would shorten it every step: creep), and the
        // force stays s(0.99) μF_n.
        let m = spheres_and_ground();
        let (mu, k) = (0.5, 1e3);
        let chain = sphere_chain(
            PrimKind::Plane,
            vec![
                Builtin::Hertz(crate::contact::normal::Hertz::default()),
                Builtin::CundallStrack(CundallStrack {
                    mu_s: mu,
                    k_t: k,
                    ..CundallStrack::default()
                }),
            ],
        );
        let (q, v) = pressed_in(&m, 0.0);
        let env = Env {
            model: &m,
            q: &q,
            v: &v,
        };
        let (a, b) = sphere_and_plane();
        let (dt, at) = (1e-3, 4);
        let spring = |c: &ContactCtx| chain.memory_of::<SpringElongation>(&c.memory, at);
        let limit = mu
            * chain
                .evaluate(&env, a, b, PairMemory::default(), dt, false)
                .force[2];
        let zeta0 = Vec3::new(-0.99 * limit / k, 0.0, 0.0);
        let mut memory = chain.memory_with(
            at,
            &SpringElongation {
                zeta: zeta0,
                sliding: false,
            },
        );
        let (held, _) = super::super::coulomb_cap::saturation(0.99, 0.02);
        for _ in 0..100 {
            let c = chain.evaluate(&env, a, b, memory, dt, false);
            assert_eq!(spring(&c).zeta, zeta0);
            assert!(!spring(&c).sliding);
            assert!(
                (c.force[0] + held * limit).abs() < 1e-12 * limit,
                "{}",
                c.force[0]
            );
            memory = c.memory;
        }
        // Beyond the cap the spring is reset to the exact limit, k‖ζ‖ = μF_n (not to the
        // blended force s(1) μF_n, which would creep on).
        let over = chain.memory_with(
            at,
            &SpringElongation {
                zeta: zeta0 * 1.5,
                sliding: false,
            },
        );
        let c = chain.evaluate(&env, a, b, over, dt, false);
        assert!(spring(&c).sliding);
        assert!((k * spring(&c).zeta.norm() - limit).abs() < 1e-12 * limit);
    }

    #[test]
    fn rotation_keeps_length_and_lands_in_the_plane() {
        let z0 = Vec3::new(1e-4, 2e-5, 3e-5);
        let n = Vec3::new(0.1, 0.2, 1.0).normalize();
        let (zr, _) = rotate_into_plane(&z0, &n, None);
        assert!((zr.norm() - z0.norm()).abs() < 1e-18);
        assert!(zr.dot(&n).abs() < 1e-18);
    }

    #[test]
    fn bad_parameters_are_named() {
        let base = CundallStrack {
            mu_s: 0.5,
            mu_d: Some(0.4),
            k_t: 1e3,
            mindlin: false,
            c_t: 0.0,
            cap_smoothing: 0.02,
        };
        assert!(base.validate().is_ok());
        let both = CundallStrack {
            mindlin: true,
            ..base
        };
        assert!(both.validate().unwrap_err().contains("not both"));
        let mindlin = CundallStrack {
            mindlin: true,
            k_t: 0.0,
            ..base
        };
        assert!(mindlin.validate().is_ok());
        let e = CundallStrack {
            mu_d: Some(0.6),
            ..base
        };
        assert!(e.validate().unwrap_err().contains("mu_d"));
        let e = CundallStrack { k_t: 0.0, ..base };
        assert!(e.validate().unwrap_err().contains("k_t"));
        let e = CundallStrack { mu_s: -1.0, ..base };
        assert!(e.validate().unwrap_err().contains("mu_s"));
        let e = CundallStrack { c_t: -1.0, ..base };
        assert!(e.validate().unwrap_err().contains("c_t"));
    }
}
