//! How a cell's total area `A` and enclosed volume `V` become energy: a linear term (a cortical
//! tension, an imposed pressure) plus a quadratic penalty about a target (area or volume
//! conservation), as in mpacts' deformable cell model (seed 003; Odenthal et al. 2013, PLoS
//! Comput. Biol. 9 e1003267, §Methods: cortical tension and volume conservation).
//!
//! `E(Q) = λ Q + ½ K (Q − Q₀)²/Q₀`, so `E′(Q) = λ + K (Q − Q₀)/Q₀` and `E″(Q) = K/Q₀`.
//!
//! * Area `A` (m²): `λ = T` the cortical tension (N/m), `K = K_A` the area modulus (N/m).
//! * Volume `V` (m³): `λ = −P_ext` an imposed inner pressure (Pa, inflating when positive),
//!   `K = K_V` the bulk modulus (Pa). The cell's inner pressure (the force per area the
//!   volume term exerts outward) is `P = −E′(V)`.
//!
//! Summed over triangles, `Q = Σₜ qₜ(x)`, the Hessian of `E(Q(x))` is
//! `E″(Q) ∇Q ∇Qᵀ + E′(Q) Σₜ ∇²qₜ`: the second term is local (one 9×9 block per triangle), the
//! first is dense over the cell but of rank one — the linear solver adds it by the
//! Sherman–Morrison–Woodbury formula instead of filling the sparse pattern.

/// `E(Q) = λ Q + ½ K (Q − Q₀)²/Q₀` over one integral `Q` of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct IntegralLaw {
    /// Linear coefficient `λ` (N/m for the area: a tension; Pa for the volume: −pressure).
    pub linear: f64,
    /// Penalty modulus `K` (N/m for the area, Pa for the volume); 0 for none.
    pub modulus: f64,
    /// Target `Q₀` (m² or m³), positive.
    pub target: f64,
}

impl IntegralLaw {
    /// Energy `E(Q)` (J).
    pub fn energy(&self, q: f64) -> f64 {
        let d = q - self.target;
        self.linear * q + 0.5 * self.modulus * d * d / self.target
    }

    /// `E′(Q)`: N/m for the area, Pa for the volume.
    pub fn slope(&self, q: f64) -> f64 {
        self.linear + self.modulus * (q - self.target) / self.target
    }

    /// `E″(Q) = K/Q₀`.
    pub fn curvature(&self) -> f64 {
        self.modulus / self.target
    }

    /// Whether the law adds nothing (`λ = K = 0`).
    pub fn is_zero(&self) -> bool {
        self.linear == 0.0 && self.modulus == 0.0
    }
}

/// The area and volume laws of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct IntegralLaws {
    /// Law of the total area `A` (m²).
    pub area: IntegralLaw,
    /// Law of the enclosed volume `V` (m³).
    pub volume: IntegralLaw,
}

impl IntegralLaws {
    /// Energy at total area `a` and volume `v` (J).
    pub fn energy(&self, a: f64, v: f64) -> f64 {
        self.area.energy(a) + self.volume.energy(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::derivative;

    #[test]
    fn slope_and_curvature_are_the_derivatives_of_the_energy() {
        let law = IntegralLaw {
            linear: 2e-3,
            modulus: 5e4,
            target: 3e-10,
        };
        for q in [1e-10, 3e-10, 4.5e-10] {
            let d1 = derivative(|x| law.energy(x), q, 1e-16);
            assert!((d1 - law.slope(q)).abs() < 1e-6 * law.slope(q).abs().max(1.0));
            let d2 = derivative(|x| law.slope(x), q, 1e-16);
            assert!((d2 - law.curvature()).abs() < 1e-6 * law.curvature());
        }
        assert!(
            IntegralLaw {
                target: 1.0,
                ..Default::default()
            }
            .is_zero()
        );
    }
}
