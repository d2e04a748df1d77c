//! Elastic material and cross-section of a rod.
//!
//! Stiffnesses of Kirchhoff rods (seed 001 Eq. 5, seed 004 §3): stretching `EA`,
//! bending `EI₁`, `EI₂` about the two material directors, twisting `GJ`.

use serde::{Deserialize, Serialize};

/// An isotropic linear-elastic material.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Material {
    /// Young's modulus `E` (Pa).
    pub youngs_modulus: f64,
    /// Shear modulus `G` (Pa); `E / (2(1 + ν))` when given through Poisson's ratio.
    pub shear_modulus: f64,
    /// Mass density `ρ` (kg/m³).
    pub density: f64,
}

impl Material {
    /// A material from `E`, Poisson's ratio `ν` and `ρ`, with `G = E / (2(1 + ν))`.
    pub fn from_poisson(youngs_modulus: f64, poisson_ratio: f64, density: f64) -> Self {
        Self {
            youngs_modulus,
            shear_modulus: youngs_modulus / (2.0 * (1.0 + poisson_ratio)),
            density,
        }
    }
}

/// The cross-section of a rod, uniform along it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum CrossSection {
    /// A disc of radius `r` (m): `A = πr²`, `I₁ = I₂ = πr⁴/4`, `J = πr⁴/2`.
    Circle(f64),
    /// An ellipse with semi-axis `a` along the first material director `m₁` and `b` along `m₂` (m):
    /// `A = πab`, `I₁ = πab³/4` (bending about `m₁`), `I₂ = πa³b/4`, `J = πa³b³/(a² + b²)`
    /// (Saint-Venant torsion constant of an ellipse).
    Ellipse(f64, f64),
}

impl CrossSection {
    /// Area `A` (m²).
    pub fn area(&self) -> f64 {
        match *self {
            Self::Circle(r) => std::f64::consts::PI * r * r,
            Self::Ellipse(a, b) => std::f64::consts::PI * a * b,
        }
    }
    /// Second moments `(I₁, I₂)` (m⁴) for bending about `m₁` and `m₂`; `κ₁` is the
    /// curvature component that bends about `m₁`, paired with `I₁` (seed 001 Eq. 5).
    pub fn second_moments(&self) -> (f64, f64) {
        use std::f64::consts::PI;
        match *self {
            Self::Circle(r) => {
                let i = PI * r.powi(4) / 4.0;
                (i, i)
            }
            Self::Ellipse(a, b) => (PI * a * b.powi(3) / 4.0, PI * a.powi(3) * b / 4.0),
        }
    }
    /// Torsion constant `J` (m⁴).
    pub fn torsion_constant(&self) -> f64 {
        use std::f64::consts::PI;
        match *self {
            Self::Circle(r) => PI * r.powi(4) / 2.0,
            Self::Ellipse(a, b) => PI * a.powi(3) * b.powi(3) / (a * a + b * b),
        }
    }
    /// Polar second moment of area `∫r² dA` (m⁴), used for the rotational inertia of the twist DOF.
    pub fn polar_moment(&self) -> f64 {
        use std::f64::consts::PI;
        match *self {
            Self::Circle(r) => PI * r.powi(4) / 2.0,
            Self::Ellipse(a, b) => PI * a * b * (a * a + b * b) / 4.0,
        }
    }
    /// Radius used for contact and rendering (m): the circle radius, or the larger semi-axis.
    pub fn contact_radius(&self) -> f64 {
        match *self {
            Self::Circle(r) => r,
            Self::Ellipse(a, b) => a.max(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ellipse_reduces_to_circle() {
        let c = CrossSection::Circle(0.002);
        let e = CrossSection::Ellipse(0.002, 0.002);
        assert!((c.area() - e.area()).abs() < 1e-18);
        assert!((c.second_moments().0 - e.second_moments().1).abs() < 1e-20);
        assert!((c.torsion_constant() - e.torsion_constant()).abs() < 1e-20);
        assert!((c.polar_moment() - e.polar_moment()).abs() < 1e-20);
    }

    #[test]
    fn shear_modulus_from_poisson() {
        let m = Material::from_poisson(3e6, 0.5, 1000.0);
        assert!((m.shear_modulus - 1e6).abs() < 1e-6);
    }
}
