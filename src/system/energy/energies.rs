//! The energy balance of a run (issue 19): the conservative energies at the accepted state and
//! the cumulative work and dissipation of the non-conservative forces, one [`Energies`] per
//! accepted step (`steps.csv` columns, `summary.json`, `StepReport.energy` in Python).
//!
//! # What is measured (J)
//!
//! At the state `(qₙ₊₁, vₙ₊₁)` after the step:
//! * kinetic `K = ½ vᵀMv` over every DOF: translation of rod, shell and sphere nodes, rotation
//!   of rod edges (twist DOFs, inertia in `M`) and of spheres (`½ I ω²`);
//! * elastic energies of rods (stretch, bend, twist; seed 001 Eqs. 2–5) and shells (membrane:
//!   edge springs or constant-strain triangles; bending: hinges or mid-edge elements; seed 004
//!   §3.2–3.3), each the sum of the stencil energies at `qₙ₊₁`;
//! * the potential of the external forces that have one (gravity with buoyancy, `−Σ mᵢ g_eff·xᵢ`);
//! * the contact potential `U_c`: the energies of the conservative contact laws (IMC, IPC,
//!   Hertz, JKR, DMT, springs, …) of the active pairs; laws that dissipate (dashpots, damped
//!   Hertz, restitution) and tangential laws add nothing to it.
//!
//! Summed over the accepted steps, with `Δq = qₙ₊₁ − qₙ` and every force evaluated where the
//! integrator evaluates it (the evaluation point `z`, velocity `v(qₙ₊₁)`; see
//! [`crate::system::TimeIntegrator`]):
//! * `external_work` `W_f = Σ F_f·Δq` of the external forces without a potential that are not
//!   drags (point forces, forces of extension crates);
//! * `boundary_work` `W_b`: what prescribed DOFs bring in, `Σ_{k prescribed} (ΔK_k − F_k Δq_k)`
//!   with `F_k` the force the system applies on the DOF (elastic and external): the kinetic
//!   energy the DOF gains beyond the work of those forces is the work of the reaction that
//!   makes it follow its path (fixed DOFs, `Δq = 0`, do none);
//! * `actuation_work` `W_a`: the change of the elastic energy at `qₙ` when the natural shape is
//!   moved from `tₙ` to `tₙ₊₁` (curvature ramps, hinge actuation);
//! * `friction_dissipated` `D_t = −Σ F_t·Δq` of the tangential contact laws;
//! * `drag_dissipated` `D_d = −Σ F_d·Δq` of the drags (viscous, RSS fluid, aerodynamic);
//! * `damping_dissipated` `D_n = −Σ F_n·Δq` of the dissipative normal contact laws (their whole
//!   force, elastic part included: per step it can be negative while a damped contact gives
//!   back what it stored, over a closed impact it is what the impact lost);
//! * `integrator_dissipated`, the balance residual
//!   `D_int = W_f + W_b + W_a − D_t − D_d − D_n − ΔK − ΔU`, `U` the sum of the potentials above.
//!
//! The total `K + U + D_t + D_d + D_n + D_int − W_f − W_b − W_a` is constant along a run, by
//! construction; what it tells is how `D_int` is made.
//!
//! # The integrator's dissipation (derivations)
//!
//! Write the step's equation of motion row by row as `M a = F + r`, with `F` every force the
//! system assembles at the evaluation point and `r` the Newton residual (zero to the solver's
//! tolerance on free rows). Split `F = −∇U + F_nc` and let
//! `H̄ = 2∫₀¹ (1−s) ∇²U(qₙ₊₁ − sΔq) ds` be the averaged Hessian of `U` along the step, so that
//! `−∇U(qₙ₊₁)·Δq = −ΔU − ½ ΔqᵀH̄Δq` (Taylor's formula with integral remainder at `qₙ₊₁`).
//! On prescribed rows the definition of `W_b` absorbs the balance exactly, so only free rows
//! (subscript `f`) are left. With `Δv = vₙ₊₁ − vₙ`:
//!
//! * **Implicit Euler** (`Δq = Δt vₙ₊₁`, `M Δv/Δt = F + r`): `F·Δq = vₙ₊₁ᵀMΔv − r·Δq` and
//!   `vₙ₊₁ᵀMΔv = ΔK + ½ ΔvᵀMΔv` (from `a·(a − b) = ½(|a|² − |b|²) + ½|a − b|²`), hence
//!   `D_int = ½ Δv_fᵀ M Δv_f + ½ ΔqᵀH̄Δq − r_f·Δq`:
//!   the kinetic term removes energy at `O(Δt)` per unit time (seed 001's numerical damping);
//!   the potential term is `≥ 0` for convex `U` and of second order in the step.
//! * **Implicit midpoint** (`Δq = Δt (vₙ + vₙ₊₁)/2`, `M Δv/Δt = F(z) + r` at
//!   `z = (qₙ + qₙ₊₁)/2`): `F·Δq = ΔK − r·Δq` exactly, and the midpoint quadrature
//!   `U(qₙ₊₁) − U(qₙ) = ∇U(z)·Δq + (1/24) ∇³U(z)[Δq, Δq, Δq] + O(|Δq|⁵)` gives
//!   `D_int = −(1/24) ∇³U(z)[Δq, Δq, Δq] + O(|Δq|⁵) − r_f·Δq`: zero for a quadratic `U` (the
//!   linear oscillator keeps its energy to round-off), third order and of either sign
//!   otherwise (no drift on average: the rule is symplectic). Prescribed DOFs take the mean
//!   velocity of the step; `W_b` accounts for them.
//! * **BDF2** (constant step; `vₙ₊₁ = (3qₙ₊₁ − 4qₙ + qₙ₋₁)/(2Δt)`, `M a = F + r` with
//!   `a = (3vₙ₊₁ − 4vₙ + vₙ₋₁)/(2Δt)`): `D_int = ΔqᵀM a − ΔK + ½ ΔqᵀH̄Δq − r_f·Δq`. The inertial
//!   part is not a difference of kinetic energies: as in the G-stability identity of BDF2
//!   (Hairer & Wanner, *Solving ODEs II*, §V.6), `(3a − 4b + c)·a = ½(|a|² + |2a − b|²)
//!   − ½(|b|² + |2b − c|²) + ½|a − 2b + c|²`, what it removes is carried by the second
//!   difference `vₙ₊₁ − 2vₙ + vₙ₋₁`, so that for smooth motion it dissipates at `O(Δt³)` per
//!   unit time, far less than implicit Euler (`tests/energy_balance.rs` measures both). Its
//!   start-up step (and a step after a change of Δt) is implicit Euler.
//!
//! `D_int` also collects what the other columns do not model: energy a contact law loses in its
//! per-step memory (JKR's snap-off, IPC's adaptive κ rescaling its barrier), and the work of
//! contact forces on prescribed points (the system does not apply them there).

use serde::{Deserialize, Serialize};

/// Number of energy columns.
pub const N_ENERGIES: usize = 15;

/// The energies after one accepted step (J): the state's energies, and the cumulative work and
/// dissipation since the start of the run (see the module notes for their definitions).
/// Serialised under the column names of [`Energies::NAMES`]; JSON writes a non-finite value as
/// `null`, which reads back as NaN (RON keeps `inf` and `NaN`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Energies {
    /// Kinetic energy `½ vᵀMv`, rotations of rod edges and spheres included (J).
    #[serde(rename = "kinetic_energy", with = "number_or_null")]
    pub kinetic: f64,
    /// Stretching energy of the rods (J).
    #[serde(rename = "stretch_energy", with = "number_or_null")]
    pub stretch: f64,
    /// Bending energy of the rods (J).
    #[serde(rename = "bend_energy", with = "number_or_null")]
    pub bend: f64,
    /// Twisting energy of the rods (J).
    #[serde(rename = "twist_energy", with = "number_or_null")]
    pub twist: f64,
    /// Membrane energy of the shells (edge springs or constant-strain triangles) (J).
    #[serde(rename = "shell_stretch_energy", with = "number_or_null")]
    pub shell_stretch: f64,
    /// Bending energy of the shells (hinges or mid-edge elements) (J).
    #[serde(rename = "shell_bend_energy", with = "number_or_null")]
    pub shell_bend: f64,
    /// Potential of gravity (with buoyancy), and of any external force with a potential (J).
    #[serde(rename = "gravity_energy", with = "number_or_null")]
    pub gravity: f64,
    /// Potential of the conservative contact laws of the active pairs (J).
    #[serde(rename = "contact_energy", with = "number_or_null")]
    pub contact: f64,
    /// Cumulative work of the external forces without a potential, drags aside (J).
    #[serde(with = "number_or_null")]
    pub external_work: f64,
    /// Cumulative work of the prescribed motions (J).
    #[serde(with = "number_or_null")]
    pub boundary_work: f64,
    /// Cumulative work of the natural-shape actuation (J).
    #[serde(with = "number_or_null")]
    pub actuation_work: f64,
    /// Cumulative energy dissipated by friction (the tangential contact laws) (J).
    #[serde(with = "number_or_null")]
    pub friction_dissipated: f64,
    /// Cumulative energy dissipated by drags (viscous, RSS fluid, aerodynamic) (J).
    #[serde(with = "number_or_null")]
    pub drag_dissipated: f64,
    /// Cumulative energy dissipated by the dissipative normal contact laws (J).
    #[serde(with = "number_or_null")]
    pub damping_dissipated: f64,
    /// Cumulative energy dissipated by the time integrator: the balance residual (J).
    #[serde(with = "number_or_null")]
    pub integrator_dissipated: f64,
}

impl Energies {
    /// Column names, in the order of [`Energies::values`] (the `steps.csv` columns).
    pub const NAMES: [&'static str; N_ENERGIES] = [
        "kinetic_energy",
        "stretch_energy",
        "bend_energy",
        "twist_energy",
        "shell_stretch_energy",
        "shell_bend_energy",
        "gravity_energy",
        "contact_energy",
        "external_work",
        "boundary_work",
        "actuation_work",
        "friction_dissipated",
        "drag_dissipated",
        "damping_dissipated",
        "integrator_dissipated",
    ];

    /// The values in the order of [`Energies::NAMES`] (J).
    pub fn values(&self) -> [f64; N_ENERGIES] {
        [
            self.kinetic,
            self.stretch,
            self.bend,
            self.twist,
            self.shell_stretch,
            self.shell_bend,
            self.gravity,
            self.contact,
            self.external_work,
            self.boundary_work,
            self.actuation_work,
            self.friction_dissipated,
            self.drag_dissipated,
            self.damping_dissipated,
            self.integrator_dissipated,
        ]
    }

    /// The record of values in the order of [`Energies::NAMES`] (J).
    pub fn from_values(v: [f64; N_ENERGIES]) -> Self {
        Self {
            kinetic: v[0],
            stretch: v[1],
            bend: v[2],
            twist: v[3],
            shell_stretch: v[4],
            shell_bend: v[5],
            gravity: v[6],
            contact: v[7],
            external_work: v[8],
            boundary_work: v[9],
            actuation_work: v[10],
            friction_dissipated: v[11],
            drag_dissipated: v[12],
            damping_dissipated: v[13],
            integrator_dissipated: v[14],
        }
    }

    /// Elastic energy of rods and shells (J).
    pub fn elastic(&self) -> f64 {
        self.stretch + self.bend + self.twist + self.shell_stretch + self.shell_bend
    }

    /// Potential energy `U`: elastic, gravity and contact (J).
    pub fn potential(&self) -> f64 {
        self.elastic() + self.gravity + self.contact
    }

    /// Work brought in from outside: external forces, prescribed motions, actuation (J).
    pub fn work_in(&self) -> f64 {
        self.external_work + self.boundary_work + self.actuation_work
    }

    /// Energy dissipated by friction, drag, contact damping and the integrator (J).
    pub fn dissipated(&self) -> f64 {
        self.friction_dissipated
            + self.drag_dissipated
            + self.damping_dissipated
            + self.integrator_dissipated
    }

    /// The same energies with the elastic columns of `other`.
    pub(crate) fn with_elastic_of(mut self, other: &Energies) -> Self {
        self.stretch = other.stretch;
        self.bend = other.bend;
        self.twist = other.twist;
        self.shell_stretch = other.shell_stretch;
        self.shell_bend = other.shell_bend;
        self
    }

    /// The same state energies with the cumulative columns of `totals`.
    pub(crate) fn with_totals_of(mut self, totals: &Energies) -> Self {
        self.external_work = totals.external_work;
        self.boundary_work = totals.boundary_work;
        self.actuation_work = totals.actuation_work;
        self.friction_dissipated = totals.friction_dissipated;
        self.drag_dissipated = totals.drag_dissipated;
        self.damping_dissipated = totals.damping_dissipated;
        self.integrator_dissipated = totals.integrator_dissipated;
        self
    }
}

/// Serde adapter: an `f64` written as is (JSON writes a non-finite one as `null`, RON as `inf`
/// or `NaN`), read from a number or from `null`/`None` (as NaN).
mod number_or_null {
    use serde::de::{self, Deserializer, Visitor};
    use serde::ser::Serializer;

    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(*x)
    }

    struct NumberOrNull;

    impl<'de> Visitor<'de> for NumberOrNull {
        type Value = f64;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a number or null")
        }
        fn visit_f64<E: de::Error>(self, x: f64) -> Result<f64, E> {
            Ok(x)
        }
        fn visit_i64<E: de::Error>(self, x: i64) -> Result<f64, E> {
            Ok(x as f64)
        }
        fn visit_u64<E: de::Error>(self, x: u64) -> Result<f64, E> {
            Ok(x as f64)
        }
        fn visit_unit<E: de::Error>(self) -> Result<f64, E> {
            Ok(f64::NAN)
        }
        fn visit_none<E: de::Error>(self) -> Result<f64, E> {
            Ok(f64::NAN)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<f64, D::Error> {
            d.deserialize_any(self)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        d.deserialize_any(NumberOrNull)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_sums() {
        let v: [f64; N_ENERGIES] = std::array::from_fn(|k| (k + 1) as f64);
        let e = Energies::from_values(v);
        assert_eq!(e.values(), v);
        assert_eq!(e.elastic(), 2.0 + 3.0 + 4.0 + 5.0 + 6.0);
        assert_eq!(e.potential(), e.elastic() + 7.0 + 8.0);
        assert_eq!(e.work_in(), 9.0 + 10.0 + 11.0);
        assert_eq!(e.dissipated(), 12.0 + 13.0 + 14.0 + 15.0);
        let names: std::collections::BTreeSet<_> = Energies::NAMES.iter().collect();
        assert_eq!(names.len(), N_ENERGIES);
        // Serialised under the column names.
        let json = serde_json::to_value(e).expect("json");
        let keys: std::collections::BTreeSet<&str> = json
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, Energies::NAMES.into_iter().collect());
        assert_eq!(json["integrator_dissipated"], 15.0);
        let back: Energies = serde_json::from_value(json).expect("back");
        assert_eq!(back, e);
        // A non-finite value is `null` in JSON and NaN back; RON keeps it.
        let odd = Energies {
            contact: f64::INFINITY,
            ..e
        };
        let text = serde_json::to_string(&odd).expect("json");
        assert!(text.contains("\"contact_energy\":null"), "{text}");
        let back: Energies = serde_json::from_str(&text).expect("back");
        assert!(back.contact.is_nan() && back.kinetic == 1.0);
        let ron_text = ron::to_string(&odd).expect("ron");
        let back: Energies = ron::from_str(&ron_text).expect("ron back");
        assert_eq!(back, odd);
        let mixed = Energies::default().with_totals_of(&e);
        assert_eq!(mixed.kinetic, 0.0);
        assert_eq!(mixed.integrator_dissipated, 15.0);
        assert_eq!(mixed.external_work, 9.0);
    }
}
