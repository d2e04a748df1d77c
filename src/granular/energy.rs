//! Kinetic energies of the spheres.

use crate::model::Model;

/// Translational `Σ ½ m |v|²` and rotational `Σ ½ I |ω|²` kinetic energies of the spheres of
/// `model` at its committed velocity (J), with `I = 2/5 m r²` (ω is zero for spheres that do
/// not rotate).
pub fn sphere_kinetic_energies(model: &Model) -> (f64, f64) {
    model.bodies.spheres.iter().fold((0.0, 0.0), |(t, r), s| {
        let v = s.center(&model.v);
        let w = s.omega(&model.v);
        (
            t + 0.5 * s.mass() * v.norm_squared(),
            r + 0.5 * s.inertia() * w.norm_squared(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Vec3;
    use crate::model::{Material, Sphere};

    #[test]
    fn a_spinning_and_moving_sphere() {
        let mut m = Model::default();
        let mat = Material::from_poisson(1e7, 0.3, 2500.0);
        let i = m.add_sphere(
            Sphere::new("s", 0.01, mat),
            Vec3::zeros(),
            Vec3::new(0.0, 3.0, 4.0),
        );
        m.spin_sphere(i, Vec3::new(0.0, 0.0, 20.0));
        m.finalize();
        let s = &m.bodies.spheres[0];
        let (t, r) = sphere_kinetic_energies(&m);
        assert!((t - 0.5 * s.mass() * 25.0).abs() <= 1e-15 * t);
        let expected = 0.5 * 0.4 * s.mass() * 1e-4 * 400.0;
        assert!(
            (r - expected).abs() <= 1e-15 * expected,
            "{r} vs {expected}"
        );
        // The model's own kinetic energy ½ q̇ᵀ M q̇ includes both.
        assert!((m.kinetic_energy() - (t + r)).abs() <= 1e-12 * (t + r));
    }
}
