//! Closed meshes for cells: an ellipsoid and the biconcave resting shape of a red blood cell,
//! both mapped from an [`icosphere`] (so with its node and triangle counts and outward
//! winding).

use super::error::MeshError;
use super::icosphere::icosphere;
use super::params::positive_length;
use super::trimesh::TriMesh;
use crate::math::Vec3;

/// The ellipsoid `x²/a² + y²/b² + z²/c² = 1` (semi-axes `radii` in m), the unit icosphere of
/// subdivision `level` scaled along each axis.
pub fn ellipsoid(radii: Vec3, level: usize) -> Result<TriMesh, MeshError> {
    for (k, name) in ["radii.x", "radii.y", "radii.z"].iter().enumerate() {
        positive_length("ellipsoid", name, radii[k])?;
    }
    let mut mesh = icosphere(1.0, level)?;
    for x in &mut mesh.nodes {
        *x = x.component_mul(&radii);
    }
    Ok(mesh)
}

/// Coefficients `(c₀, c₁, c₂)` of the Evans–Fung red-cell profile (Evans & Fung, Microvasc.
/// Res. 4 (1972) 335, Eq. 6; mean of their measured cells).
pub const EVANS_FUNG: [f64; 3] = [0.2072, 2.0026, -1.1228];

/// The biconcave resting shape of a red blood cell of radius `radius` (m; 3.91 µm for the mean
/// human cell): the Evans–Fung surface
/// `z(ρ) = ±(R/2) √(1 − ρ²) (c₀ + c₁ρ² + c₂ρ⁴)`, `ρ = r/R` ([`EVANS_FUNG`]), with its
/// axis along z. The unit icosphere of subdivision `level` is mapped by `(x, y) ↦ R (x, y)` and
/// `z ↦ sign(z) · z(ρ)`, which keeps the winding outward; the rim, where `z → 0`, holds
/// the icosphere's equatorial nodes.
pub fn red_cell(radius: f64, level: usize) -> Result<TriMesh, MeshError> {
    positive_length("red_cell", "radius", radius)?;
    let mut mesh = icosphere(1.0, level)?;
    let [c0, c1, c2] = EVANS_FUNG;
    for x in &mut mesh.nodes {
        let rho2 = (x.x * x.x + x.y * x.y).min(1.0);
        let half = 0.5 * radius * (1.0 - rho2).sqrt() * (c0 + c1 * rho2 + c2 * rho2 * rho2);
        *x = Vec3::new(radius * x.x, radius * x.y, half.copysign(x.z));
    }
    Ok(mesh)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn volume(mesh: &TriMesh) -> f64 {
        mesh.triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|n| mesh.nodes[n as usize]);
                a.dot(&b.cross(&c)) / 6.0
            })
            .sum()
    }

    /// The ellipsoid's volume tends to `4π abc/3` from below.
    #[test]
    fn ellipsoid_volume_converges() {
        let r = Vec3::new(2.0, 1.0, 0.5);
        let exact = 4.0 / 3.0 * std::f64::consts::PI * r.x * r.y * r.z;
        let v = volume(&ellipsoid(r, 4).unwrap());
        assert!(v < exact && v > 0.995 * exact, "{v} vs {exact}");
    }

    /// The Evans–Fung cell of R = 3.91 µm encloses about 94 µm³ (Evans & Fung 1972 report
    /// 94 ± 14 µm³ for their mean cell) and has an area near 135 µm².
    #[test]
    fn red_cell_has_the_measured_volume_and_area() {
        let mesh = red_cell(3.91e-6, 5).unwrap();
        let v = volume(&mesh) * 1e18;
        let a = mesh.total_area() * 1e12;
        assert!((v - 94.0).abs() < 5.0, "volume {v} µm³");
        assert!((a - 135.0).abs() < 8.0, "area {a} µm²");
        assert!(ellipsoid(Vec3::new(1.0, 0.0, 1.0), 1).is_err());
    }
}
