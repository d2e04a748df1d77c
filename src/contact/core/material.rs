//! [`ContactMaterial`]: the material of one side of a pair as contact laws see it.

use crate::model::Material;

/// Material parameters bound by a data element.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactMaterial {
    /// Young's modulus (Pa).
    pub youngs_modulus: f64,
    /// Poisson's ratio.
    pub poisson_ratio: f64,
    /// Density (kg/m³).
    pub density: f64,
    /// Mass of the body (kg) (rod: its node mass; sphere: its mass; static: ∞).
    pub mass: f64,
}

impl ContactMaterial {
    /// The contact material of an elastic body of material `m` and mass `mass` (ν recovered
    /// from E and G).
    pub fn of(m: &Material, mass: f64) -> Self {
        Self {
            youngs_modulus: m.youngs_modulus,
            poisson_ratio: m.youngs_modulus / (2.0 * m.shear_modulus) - 1.0,
            density: m.density,
            mass,
        }
    }
}
