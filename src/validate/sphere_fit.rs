//! The least-squares sphere through a cloud of points: the free caps of the cell doublet
//! (`validate::doublet`), where each cap is a sphere by Laplace's law.

use crate::math::Vec3;
use nalgebra::{Matrix4, Vector4};

/// The least-squares sphere through `points`: centre and radius (m). Fits
/// `|x|² = 2 c·x + (R² − |c|²)`, linear in `(c, R² − |c|²)`.
pub fn fit_sphere(points: &[Vec3]) -> Option<(Vec3, f64)> {
    let scale = points
        .iter()
        .map(|p| p.norm())
        .fold(0.0, f64::max)
        .max(1e-300);
    let mut m = Matrix4::<f64>::zeros();
    let mut b = Vector4::<f64>::zeros();
    for p in points {
        let q = p / scale;
        let row = Vector4::new(2.0 * q.x, 2.0 * q.y, 2.0 * q.z, 1.0);
        m += row * row.transpose();
        b += row * q.norm_squared();
    }
    let s = m.lu().solve(&b)?;
    let c = Vec3::new(s[0], s[1], s[2]);
    let r2 = s[3] + c.norm_squared();
    (r2 > 0.0).then(|| (c * scale, r2.sqrt() * scale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_sphere_recovers_a_cap() {
        let (c, r) = (Vec3::new(1e-6, -2e-6, 3e-6), 4e-6);
        let points: Vec<Vec3> = (0..200)
            .map(|k| {
                let t = 0.3 + 1.2 * (k as f64 / 200.0);
                let p = 2.399963 * k as f64;
                c + Vec3::new(t.sin() * p.cos(), t.sin() * p.sin(), t.cos()) * r
            })
            .collect();
        let (fc, fr) = fit_sphere(&points).unwrap();
        assert!(
            (fc - c).norm() < 1e-12 && (fr - r).abs() < 1e-12,
            "{fc} {fr}"
        );
    }
}
