//! Reference frames of a discrete rod and their time-parallel transport.
//!
//! Each edge `eⁱ` carries a reference frame `{tⁱ, d₁ⁱ, d₂ⁱ}`. At `t = 0` the frame of the
//! first edge is chosen and the others follow by *space*-parallel transport along the rod.
//! During a time step, each edge's frame follows its own tangent by *time*-parallel
//! transport from the frame committed at the start of the step (Bergou et al. 2010, §5;
//! seed 001 §2). The reference twist `m_refⁱ` of node `i` is the signed angle, about `tⁱ`,
//! from the space-parallel transport of `d₁ⁱ⁻¹` onto edge `i` to `d₁ⁱ`; it is updated
//! incrementally so that it stays continuous in time (no 2π jumps).

use crate::math::{Vec3, parallel_transport, rotate_about_axis, signed_angle, unit_normal_to};

/// Per-edge reference frames and per-node reference twist of one rod.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RodFrames {
    /// Unit tangents `tⁱ`, one per edge.
    pub tangent: Vec<Vec3>,
    /// First reference directors `d₁ⁱ`, one per edge.
    pub d1: Vec<Vec3>,
    /// Second reference directors `d₂ⁱ = tⁱ × d₁ⁱ`, one per edge.
    pub d2: Vec<Vec3>,
    /// Reference twist `m_ref` (rad), one per node; zero at the two end nodes.
    pub ref_twist: Vec<f64>,
}

impl RodFrames {
    /// Space-parallel frames of a rod through `nodes`, with `d₁⁰` the projection of
    /// `first_director` onto the plane normal to the first tangent (or an arbitrary normal when
    /// `None` or when that projection vanishes). The reference twist is zero everywhere.
    pub fn space_parallel(nodes: &[Vec3], first_director: Option<Vec3>) -> Self {
        let ne = nodes.len().saturating_sub(1);
        let tangent: Vec<Vec3> = (0..ne)
            .map(|i| (nodes[i + 1] - nodes[i]).normalize())
            .collect();
        let mut d1 = Vec::with_capacity(ne);
        if ne > 0 {
            let t0 = tangent[0];
            let proj = first_director
                .map(|d| d - t0 * t0.dot(&d))
                .filter(|d| d.norm() > 1e-8);
            d1.push(proj.map_or_else(|| unit_normal_to(&t0), |d| d.normalize()));
            for i in 1..ne {
                let prev = d1[i - 1];
                let d = parallel_transport(&prev, &tangent[i - 1], &tangent[i]);
                d1.push((d - tangent[i] * tangent[i].dot(&d)).normalize());
            }
        }
        let d2 = tangent.iter().zip(&d1).map(|(t, d)| t.cross(d)).collect();
        Self {
            tangent,
            d1,
            d2,
            ref_twist: vec![0.0; nodes.len()],
        }
    }

    /// Transports the committed frames `self` to the edges of the current configuration:
    /// time-parallel transport of each `d₁ⁱ` to the new tangent, then the continuous update
    /// of the reference twist. `node(i)` returns the current position of node `i`.
    /// The result is written into `out` (resized as needed) to avoid allocation in Newton loops.
    pub fn transport_into(&self, node: impl Fn(usize) -> Vec3, out: &mut RodFrames) {
        let ne = self.tangent.len();
        out.tangent.resize(ne, Vec3::zeros());
        out.d1.resize(ne, Vec3::zeros());
        out.d2.resize(ne, Vec3::zeros());
        out.ref_twist.resize(ne + 1, 0.0);
        for i in 0..ne {
            let t = (node(i + 1) - node(i)).normalize();
            let d = parallel_transport(&self.d1[i], &self.tangent[i], &t);
            // Re-orthonormalise against round-off drift.
            let d = (d - t * t.dot(&d)).normalize();
            out.tangent[i] = t;
            out.d1[i] = d;
            out.d2[i] = t.cross(&d);
        }
        out.ref_twist[0] = 0.0;
        out.ref_twist[ne] = 0.0;
        for i in 1..ne {
            let old = self.ref_twist[i];
            let u = parallel_transport(&out.d1[i - 1], &out.tangent[i - 1], &out.tangent[i]);
            let u = rotate_about_axis(&u, &out.tangent[i], old);
            out.ref_twist[i] = old + signed_angle(&u, &out.d1[i], &out.tangent[i]);
        }
    }

    /// Number of edges.
    pub fn n_edges(&self) -> usize {
        self.tangent.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helix(n: usize) -> Vec<Vec3> {
        (0..n)
            .map(|i| {
                let s = i as f64 * 0.3;
                Vec3::new(s.cos(), s.sin(), 0.1 * s)
            })
            .collect()
    }

    #[test]
    fn space_parallel_frames_are_orthonormal_with_zero_twist() {
        let nodes = helix(12);
        let f = RodFrames::space_parallel(&nodes, None);
        for i in 0..f.n_edges() {
            assert!(f.tangent[i].dot(&f.d1[i]).abs() < 1e-12);
            assert!((f.d1[i].norm() - 1.0).abs() < 1e-12);
            assert!((f.d2[i].norm() - 1.0).abs() < 1e-12);
        }
        // Transporting to the same configuration gives zero reference twist.
        let mut out = f.clone();
        f.transport_into(|i| nodes[i], &mut out);
        for w in &out.ref_twist {
            assert!(w.abs() < 1e-12);
        }
    }

    #[test]
    fn transport_there_and_back_restores_the_frames() {
        // Time-parallel transport is not a rigid rotation of the frames (a finite rigid rotation
        // leaves a holonomy in the reference twist), but it is reversible: transporting to a
        // rotated configuration and back restores the frames and a zero reference twist.
        let nodes = helix(10);
        let f = RodFrames::space_parallel(&nodes, None);
        let axis = Vec3::new(0.2, 0.5, 1.0).normalize();
        let rotated: Vec<Vec3> = nodes
            .iter()
            .map(|x| rotate_about_axis(x, &axis, 0.4))
            .collect();
        let mut there = f.clone();
        f.transport_into(|i| rotated[i], &mut there);
        let mut back = f.clone();
        there.transport_into(|i| nodes[i], &mut back);
        for (a, b) in f.d1.iter().zip(&back.d1) {
            assert!((a - b).norm() < 1e-12);
        }
        for w in &back.ref_twist {
            assert!(w.abs() < 1e-12, "ref twist {w}");
        }
    }

    #[test]
    fn spinning_a_straight_rod_about_its_axis_keeps_zero_reference_twist() {
        let nodes: Vec<Vec3> = (0..6)
            .map(|i| Vec3::new(0.0, 0.0, 0.1 * i as f64))
            .collect();
        let f = RodFrames::space_parallel(&nodes, None);
        let mut out = f.clone();
        f.transport_into(|i| nodes[i], &mut out);
        for w in &out.ref_twist {
            assert!(w.abs() < 1e-14);
        }
    }
}
