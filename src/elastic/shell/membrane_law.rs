//! Isotropic hyperelastic laws of a two-dimensional membrane, written on the invariants of the
//! in-plane stretch that red-cell mechanics uses (Skalak, Tozeren, Zarda & Chien 1973):
//!
//! `I₁ = λ₁² + λ₂² − 2`, `I₂ = λ₁²λ₂² − 1` (−),
//!
//! `λ₁, λ₂` the principal stretches of the membrane (`I₂ = J² − 1` measures the change of area,
//! `J = λ₁λ₂`). A law gives the energy per unit reference area `W(I₁, I₂)` (J/m² = N/m) and its
//! first and second partial derivatives; `hyperelastic.rs` turns it into a triangle's energy.
//!
//! * **Skalak** (Skalak et al. 1973, Biophys. J. 13:245, Eq. 32; the form of Barthès-Biesel,
//!   Diaz & Dhenin 2002, J. Fluid Mech. 460:211, Eq. 2.6):
//!   `W = (G_s/4)(I₁² + 2I₁ − 2I₂) + (C G_s/4) I₂²`, with the shear modulus `G_s` (N/m) and the
//!   dimensionless `C` that sets the resistance to area change: at small strain the membrane is
//!   linear with shear modulus `G_s` and area-dilation modulus `K = G_s(1 + 2C)`. It hardens in
//!   shear at large strain (the spectrin network's response) and, for `C ≫ 1`, keeps the local
//!   area of the lipid bilayer.
//! * **Yeoh** — the incompressible thin-sheet form of the hyperelastic law Dao, Lim & Suresh
//!   (2003, J. Mech. Phys. Solids 51:2259) and Mills, Qie, Dao, Lim & Suresh (2004, Mech. Chem.
//!   Biosyst. 1:169) fitted to the optical-tweezers stretch of red cells:
//!   `W = (μ/2)(I − 3) + C₃ (I − 3)³`, `I = λ₁² + λ₂² + λ₃²` with the thickness stretch
//!   `λ₃ = 1/(λ₁λ₂)` of an incompressible sheet, i.e. `I − 3 = I₁ − 1 + 1/(1 + I₂)`; `μ` (N/m) is
//!   the membrane's initial shear modulus (their `μ₀`, the bulk modulus times the thickness) and
//!   `C₃` (N/m) the hardening term (Mills et al.: `μ₀ = 5.3 µN/m`, `C₃ = μ₀/30`). At small strain
//!   it is linear with shear modulus `μ` and area-dilation modulus `3μ` (the Skalak law with
//!   `C = 1`); it resists a triangle's collapse (`W → ∞` as `J → 0`).

/// A membrane law `W(I₁, I₂)` (N/m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MembraneLaw {
    /// Skalak et al. (1973): shear modulus `G_s` (N/m) and area constant `C` (−).
    Skalak {
        /// Shear modulus `G_s` (N/m).
        shear_modulus: f64,
        /// `C` (−): small-strain area-dilation modulus `G_s(1 + 2C)`.
        c: f64,
    },
    /// Dao et al. (2003), Mills et al. (2004): initial shear modulus `μ` (N/m) and hardening
    /// `C₃` (N/m) of an incompressible sheet.
    Yeoh {
        /// Initial shear modulus `μ₀` (N/m).
        shear_modulus: f64,
        /// Hardening coefficient `C₃` (N/m).
        c3: f64,
    },
}

/// `W` (N/m) and its partial derivatives over `(I₁, I₂)`: `[W₁, W₂]` and
/// `[[W₁₁, W₁₂], [W₁₂, W₂₂]]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LawValue {
    /// `W` (N/m).
    pub w: f64,
    /// `∂W/∂I₁`, `∂W/∂I₂` (N/m).
    pub d: [f64; 2],
    /// `∂²W/∂I₁²`, `∂²W/∂I₁∂I₂`, `∂²W/∂I₂²` (N/m).
    pub dd: [f64; 3],
}

impl MembraneLaw {
    /// The small-strain shear modulus (N/m).
    pub fn shear_modulus(&self) -> f64 {
        match *self {
            Self::Skalak { shear_modulus, .. } | Self::Yeoh { shear_modulus, .. } => shear_modulus,
        }
    }

    /// The small-strain area-dilation modulus `K` (N/m): `G_s(1 + 2C)` (Skalak), `3μ` (Yeoh).
    pub fn area_modulus(&self) -> f64 {
        match *self {
            Self::Skalak { shear_modulus, c } => shear_modulus * (1.0 + 2.0 * c),
            Self::Yeoh { shear_modulus, .. } => 3.0 * shear_modulus,
        }
    }

    /// `W(I₁, I₂)` (N/m); see the module documentation. `I₂ > −1` (a triangle that is not
    /// collapsed).
    pub fn energy(&self, i1: f64, i2: f64) -> f64 {
        match *self {
            Self::Skalak { shear_modulus, c } => {
                0.25 * shear_modulus * (i1 * i1 + 2.0 * i1 - 2.0 * i2 + c * i2 * i2)
            }
            Self::Yeoh { shear_modulus, c3 } => {
                let s = i1 - 1.0 + 1.0 / (1.0 + i2);
                0.5 * shear_modulus * s + c3 * s * s * s
            }
        }
    }

    /// `W` with its first and second partial derivatives over `(I₁, I₂)`.
    pub fn evaluate(&self, i1: f64, i2: f64) -> LawValue {
        match *self {
            Self::Skalak {
                shear_modulus: g,
                c,
            } => LawValue {
                w: self.energy(i1, i2),
                d: [0.5 * g * (i1 + 1.0), 0.5 * g * (c * i2 - 1.0)],
                dd: [0.5 * g, 0.0, 0.5 * c * g],
            },
            Self::Yeoh {
                shear_modulus: mu,
                c3,
            } => {
                // W(s), s = I₁ − 1 + 1/(1 + I₂): s₁ = 1, s₂ = −1/(1 + I₂)², s₂₂ = 2/(1 + I₂)³.
                let j2 = 1.0 + i2;
                let s = i1 - 1.0 + 1.0 / j2;
                let s2 = -1.0 / (j2 * j2);
                let s22 = 2.0 / (j2 * j2 * j2);
                let ws = 0.5 * mu + 3.0 * c3 * s * s;
                let wss = 6.0 * c3 * s;
                LawValue {
                    w: 0.5 * mu * s + c3 * s * s * s,
                    d: [ws, ws * s2],
                    dd: [wss, wss * s2, wss * s2 * s2 + ws * s22],
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rng, derivative};

    fn laws(rng: &mut Rng) -> [MembraneLaw; 2] {
        let g = rng.log_uniform(1e-6, 1e-2);
        [
            MembraneLaw::Skalak {
                shear_modulus: g,
                c: rng.log_uniform(0.1, 100.0),
            },
            MembraneLaw::Yeoh {
                shear_modulus: g,
                c3: g * rng.uniform(0.0, 0.2),
            },
        ]
    }

    /// The partial derivatives against central differences over random invariants (stretches
    /// 0.5 … 2).
    #[test]
    fn law_derivatives_match_finite_differences() {
        let mut rng = Rng::new(41);
        let mut worst = 0.0f64;
        for _ in 0..200 {
            let (l1, l2) = (rng.uniform(0.5, 2.0), rng.uniform(0.5, 2.0));
            let (i1, i2) = (l1 * l1 + l2 * l2 - 2.0, l1 * l1 * l2 * l2 - 1.0);
            for law in laws(&mut rng) {
                let v = law.evaluate(i1, i2);
                assert_eq!(v.w, law.energy(i1, i2));
                let h = 1e-6;
                let d1 = derivative(|x| law.energy(x, i2), i1, h);
                let d2 = derivative(|x| law.energy(i1, x), i2, h);
                let dd11 = derivative(|x| law.evaluate(x, i2).d[0], i1, h);
                let dd12 = derivative(|x| law.evaluate(i1, x).d[0], i2, h);
                let dd21 = derivative(|x| law.evaluate(x, i2).d[1], i1, h);
                let dd22 = derivative(|x| law.evaluate(i1, x).d[1], i2, h);
                for (fd, exact) in [
                    (d1, v.d[0]),
                    (d2, v.d[1]),
                    (dd11, v.dd[0]),
                    (dd12, v.dd[1]),
                    (dd21, v.dd[1]),
                    (dd22, v.dd[2]),
                ] {
                    let scale = exact.abs().max(law.shear_modulus());
                    worst = worst.max((fd - exact).abs() / scale);
                }
            }
        }
        println!("membrane laws FD: {worst:.2e}");
        assert!(worst < 1e-7, "{worst:e}");
    }

    /// At rest a law stores nothing and is stress-free; at small strain it is the linear
    /// membrane `G_s(ε₁² + ε₂²) + ½(K − G_s)(ε₁ + ε₂)²` with its area modulus `K`.
    #[test]
    fn small_strain_limit_is_linear_with_the_stated_moduli() {
        let mut rng = Rng::new(5);
        for law in laws(&mut rng) {
            let rest = law.evaluate(0.0, 0.0);
            assert_eq!(rest.w, 0.0);
            // Stress-free: dW/dλ₁ = 2λ₁(W₁ + λ₂² W₂) = 0 at λ = 1 (and likewise for λ₂).
            assert!((rest.d[0] + rest.d[1]).abs() < 1e-15 * law.shear_modulus());
            let (g, k) = (law.shear_modulus(), law.area_modulus());
            for (e1, e2) in [(1e-5, 0.0), (1e-5, -1e-5), (1e-5, 1e-5), (2e-5, 7e-6)] {
                let (l1, l2): (f64, f64) = (1.0 + e1, 1.0 + e2);
                let w = law.energy(l1 * l1 + l2 * l2 - 2.0, l1 * l1 * l2 * l2 - 1.0);
                let linear = g * (e1 * e1 + e2 * e2) + 0.5 * (k - g) * (e1 + e2) * (e1 + e2);
                assert!(
                    (w - linear).abs() < 1e-3 * linear,
                    "{law:?} at ({e1}, {e2}): {w:e} vs {linear:e}"
                );
            }
        }
    }

    /// Skalak's law hardens: its uniaxial tension grows faster than linearly, while the Yeoh
    /// sheet's first-order (`C₃ = 0`) neo-Hookean response softens.
    #[test]
    fn skalak_hardens_and_neo_hookean_softens() {
        // Nominal tension dW/dλ₁ in a strip held at λ₂ = 1.
        let tension = |law: &MembraneLaw, l: f64| {
            let h = 1e-6;
            let w = |l: f64| law.energy(l * l - 1.0, l * l - 1.0);
            (w(l + h) - w(l - h)) / (2.0 * h)
        };
        let skalak = MembraneLaw::Skalak {
            shear_modulus: 1.0,
            c: 1.0,
        };
        let neo = MembraneLaw::Yeoh {
            shear_modulus: 1.0,
            c3: 0.0,
        };
        for law in [skalak, neo] {
            let secant = |l: f64| tension(&law, l) / (l - 1.0);
            let (small, large) = (secant(1.01), secant(1.8));
            match law {
                MembraneLaw::Skalak { .. } => assert!(large > 2.0 * small, "{small} {large}"),
                MembraneLaw::Yeoh { .. } => assert!(large < small, "{small} {large}"),
            }
        }
    }
}
