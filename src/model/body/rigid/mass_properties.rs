//! Mass properties of a closed, consistently oriented triangle mesh by the divergence theorem:
//! each triangle `(a, b, c)` with the origin spans a signed tetrahedron of volume
//! `V_t = a·(b × c)/6`, first moment `V_t (a + b + c)/4` and second moment
//! `∫ x xᵀ dV = V_t/20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ)`, `s = a + b + c` (Tonon, *Explicit exact
//! formulas for the 3-D tetrahedron inertia tensor in terms of its vertex coordinates*,
//! J. Math. Stat. 1, 2005); their sums are the solid's (outward normals give positive volume).

use crate::math::{Mat3, Vec3};
use crate::model::TriMesh;

/// Volume, centroid and inertia of a solid of unit density (per kg/m³ of density).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MassProperties {
    /// Volume (m³).
    pub volume: f64,
    /// Centroid (m).
    pub centroid: Vec3,
    /// Inertia tensor about the centroid per unit density (m⁵):
    /// `∫ (|r|² I − r rᵀ) dV`, `r = x − centroid`.
    pub inertia: Mat3,
}

impl MassProperties {
    /// The properties of the solid `mesh` bounds, or `None` when its signed volume is not
    /// positive (an open mesh, inward normals, or a degenerate one).
    pub fn of_closed(mesh: &TriMesh) -> Option<Self> {
        let (mut volume, mut first, mut second) = (0.0, Vec3::zeros(), Mat3::zeros());
        for t in &mesh.triangles {
            let [a, b, c] = t.map(|i| mesh.nodes[i as usize]);
            let v = a.dot(&b.cross(&c)) / 6.0;
            let s = a + b + c;
            volume += v;
            first += s * (v / 4.0);
            second +=
                (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose())
                    * (v / 20.0);
        }
        if volume.is_nan() || volume <= 0.0 || !volume.is_finite() {
            return None;
        }
        let centroid = first / volume;
        // Second moment about the centroid, then the inertia tensor.
        let c = second - centroid * centroid.transpose() * volume;
        let inertia = Mat3::identity() * c.trace() - c;
        Some(Self {
            volume,
            centroid,
            inertia,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::body::rigid::shapes::{box_mesh, cylinder_mesh};

    #[test]
    fn a_box_has_its_textbook_inertia() {
        let (a, b, c) = (0.2, 0.3, 0.5);
        let mut mesh = box_mesh(Vec3::new(a, b, c)).unwrap();
        for x in &mut mesh.nodes {
            *x += Vec3::new(1.0, -2.0, 0.5);
        }
        let p = MassProperties::of_closed(&mesh).unwrap();
        assert!((p.volume - a * b * c).abs() < 1e-15);
        assert!((p.centroid - Vec3::new(1.0, -2.0, 0.5)).norm() < 1e-14);
        let v = a * b * c;
        let expected = Mat3::from_diagonal(&Vec3::new(
            v * (b * b + c * c) / 12.0,
            v * (a * a + c * c) / 12.0,
            v * (a * a + b * b) / 12.0,
        ));
        assert!((p.inertia - expected).norm() < 1e-15, "{}", p.inertia);
    }

    #[test]
    fn a_fine_cylinder_approaches_the_solid_cylinder() {
        let (r, l) = (0.1, 0.4);
        let p = MassProperties::of_closed(&cylinder_mesh(r, l, 256).unwrap()).unwrap();
        let v = std::f64::consts::PI * r * r * l;
        assert!((p.volume / v - 1.0).abs() < 1e-3, "{}", p.volume);
        let axial = 0.5 * v * r * r;
        let transverse = v * (3.0 * r * r + l * l) / 12.0;
        assert!((p.inertia[(2, 2)] / axial - 1.0).abs() < 2e-3);
        assert!((p.inertia[(0, 0)] / transverse - 1.0).abs() < 2e-3);
        assert!(p.inertia[(0, 1)].abs() < 1e-12);
    }

    #[test]
    fn inward_normals_are_not_a_solid() {
        let mut mesh = box_mesh(Vec3::new(1.0, 1.0, 1.0)).unwrap();
        for t in &mut mesh.triangles {
            t.swap(1, 2);
        }
        assert!(MassProperties::of_closed(&mesh).is_none());
    }
}
