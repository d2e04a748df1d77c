//! A Discrete Elastic Rod: rest geometry, stiffness, lumped mass and DOF layout.
//!
//! DOFs of a rod with `N` nodes (seed 001 §2): `q = [x₀, θ⁰, x₁, θ¹, …, x_{N−2}, θ^{N−2}, x_{N−1}]`,
//! `4N − 1` values interleaved so that the global Jacobian is banded per rod. Node `i` sits at
//! local DOFs `4i..4i+3`, the twist angle of edge `i` at `4i + 3`.
//!
//! Mass is lumped (seed 004 §2): node `i` carries `ρ A Δl̄ᵢ` with the rest Voronoi length
//! `Δl̄ᵢ = (|ē^{i−1}| + |ēⁱ|)/2` (half an edge at the ends); the twist DOF of edge `i` carries
//! the rotational inertia `ρ I_p |ēⁱ|` with `I_p` the polar moment of the cross-section.

use crate::elastic::{NodeStencil, material_curvature};
use crate::math::Vec3;
use crate::model::{CrossSection, Material, RodFrames, Window};

/// Why a node list does not make a rod.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RodGeometryError {
    /// Fewer than two nodes.
    #[error("a rod needs at least 2 nodes, got {0}")]
    TooFewNodes(usize),
    /// A coordinate is NaN or infinite.
    #[error("node {0} has a non-finite coordinate")]
    NonFinite(usize),
    /// Two consecutive nodes coincide (or nearly so).
    #[error("edge {0} has zero length: consecutive nodes {0} and {next} coincide", next = .0 + 1)]
    ZeroLengthEdge(usize),
    /// Two consecutive edges fold back onto each other (turning angle π), where DER curvature is undefined.
    #[error("the rod folds back on itself at node {0} (turning angle of 180°)")]
    FoldBack(usize),
}

/// One Discrete Elastic Rod.
#[derive(Debug, Clone)]
pub struct Rod {
    /// Name given in the scene.
    pub name: String,
    /// Index of the rod's first DOF in the global vector.
    pub offset: usize,
    /// Global number of the rod's first node (nodes of all rods are numbered consecutively).
    pub first_node: usize,
    /// Number of nodes `N`.
    pub n_nodes: usize,
    /// Cross-section.
    pub section: CrossSection,
    /// Material.
    pub material: Material,
    /// Rest lengths `|ēⁱ|` (m), one per edge.
    pub rest_lengths: Vec<f64>,
    /// Rest Voronoi lengths `Δl̄ᵢ` (m), one per node (half an edge at the ends).
    pub voronoi: Vec<f64>,
    /// Rest arc length `s̄ᵢ` of node `i` from node 0 (m).
    pub arc_length: Vec<f64>,
    /// Natural material curvatures `(κ̄₁, κ̄₂)` (dimensionless, discrete), one per node; zero at the ends.
    pub kappa_bar: Vec<[f64; 2]>,
    /// Natural twist `τ̄` (rad), one per node; zero at the ends.
    pub tau_bar: Vec<f64>,
    /// Optional actuation: natural curvature ramped linearly from the rest shape to a target.
    pub curvature_ramp: Option<CurvatureRamp>,
    /// Nodes whose coordinates are another body's: `(node, first global DOF)`.
    pub shared: Vec<(usize, usize)>,
}

/// Ramp of the natural curvature, `κ̄(t) = κ̄₀ + s(t)(κ̄₁ − κ̄₀)`: how seed 004 §7.1 actuates a
/// PneuNet (pressure changes the natural curvature). `s(t) = min(t/T, 1)` (linear from `t = 0`,
/// the paper's), or, staged, `s(t) = a(t)`, the C¹ smoothstep envelope of a [`Window`]
/// (from κ̄₀ at `start` to κ̄₁ after `ramp`, and back to κ̄₀ at `end`).
#[derive(Debug, Clone, PartialEq)]
pub struct CurvatureRamp {
    /// Natural curvature at `t = 0`, one per node.
    pub from: Vec<[f64; 2]>,
    /// Natural curvature reached at `t = T`, one per node.
    pub to: Vec<[f64; 2]>,
    /// Ramp duration `T` (s) of the linear ramp.
    pub duration: f64,
    /// The staged schedule, replacing the linear ramp when present.
    pub window: Option<Window>,
}

impl Rod {
    /// Builds a rod through `nodes`, with rest shape equal to the given shape (natural curvature
    /// from the initial configuration, zero natural twist), its space-parallel reference frames,
    /// and its local DOF vector (`θ = 0`: material frame equal to reference frame).
    pub fn new(
        name: &str,
        nodes: &[Vec3],
        section: CrossSection,
        material: Material,
        first_director: Option<Vec3>,
    ) -> Result<(Rod, RodFrames, Vec<f64>), RodGeometryError> {
        let n = nodes.len();
        if n < 2 {
            return Err(RodGeometryError::TooFewNodes(n));
        }
        if let Some(i) = nodes.iter().position(|x| !x.iter().all(|c| c.is_finite())) {
            return Err(RodGeometryError::NonFinite(i));
        }
        let rest_lengths: Vec<f64> = (0..n - 1)
            .map(|i| (nodes[i + 1] - nodes[i]).norm())
            .collect();
        let scale = rest_lengths.iter().cloned().fold(0.0, f64::max);
        if let Some(i) = rest_lengths
            .iter()
            .position(|&l| l <= 1e-12 * scale.max(1e-300))
        {
            return Err(RodGeometryError::ZeroLengthEdge(i));
        }
        for i in 1..n - 1 {
            let a = (nodes[i] - nodes[i - 1]) / rest_lengths[i - 1];
            let b = (nodes[i + 1] - nodes[i]) / rest_lengths[i];
            if a.dot(&b) < -1.0 + 1e-10 {
                return Err(RodGeometryError::FoldBack(i));
            }
        }
        let mut voronoi = vec![0.0; n];
        for (i, l) in rest_lengths.iter().enumerate() {
            voronoi[i] += 0.5 * l;
            voronoi[i + 1] += 0.5 * l;
        }
        let frames = RodFrames::space_parallel(nodes, first_director);
        let mut kappa_bar = vec![[0.0; 2]; n];
        for (i, kb) in kappa_bar.iter_mut().enumerate().take(n - 1).skip(1) {
            *kb = material_curvature(&NodeStencil {
                x0: nodes[i - 1],
                x1: nodes[i],
                x2: nodes[i + 1],
                theta_f: 0.0,
                theta_e: 0.0,
                d1f: frames.d1[i - 1],
                d2f: frames.d2[i - 1],
                d1e: frames.d1[i],
                d2e: frames.d2[i],
                ref_twist: 0.0,
            });
        }
        let mut q = vec![0.0; 4 * n - 1];
        for (i, x) in nodes.iter().enumerate() {
            q[4 * i..4 * i + 3].copy_from_slice(x.as_slice());
        }
        let arc_length = std::iter::once(0.0)
            .chain(rest_lengths.iter().scan(0.0, |s, l| {
                *s += l;
                Some(*s)
            }))
            .collect();
        let rod = Rod {
            name: name.to_string(),
            arc_length,
            offset: 0,
            first_node: 0,
            n_nodes: n,
            section,
            material,
            rest_lengths,
            voronoi,
            kappa_bar,
            tau_bar: vec![0.0; n],
            curvature_ramp: None,
            shared: Vec::new(),
        };
        Ok((rod, frames, q))
    }

    /// Sets a uniform natural curvature `(k₁, k₂)` in 1/m at every interior node; the discrete
    /// value is `κ̄ᵢ = k Δl̄ᵢ` (seed 004 §7.1: discrete curvature is dimensionless).
    pub fn set_natural_curvature(&mut self, k: [f64; 2]) {
        for i in 1..self.n_nodes - 1 {
            self.kappa_bar[i] = [k[0] * self.voronoi[i], k[1] * self.voronoi[i]];
        }
    }

    /// Ramps the natural curvature from its current value to the uniform `k` (1/m) over
    /// `duration` seconds (see [`CurvatureRamp`]); `duration = 0` sets it at once.
    pub fn ramp_natural_curvature(&mut self, k: [f64; 2], duration: f64) {
        let from = self.kappa_bar.clone();
        self.set_natural_curvature(k);
        if duration > 0.0 {
            let to = std::mem::replace(&mut self.kappa_bar, from.clone());
            self.curvature_ramp = Some(CurvatureRamp {
                from,
                to,
                duration,
                window: None,
            });
        }
    }

    /// Moves the natural curvature from its current value to the uniform `k` (1/m) and back
    /// along the envelope of `window` (see [`CurvatureRamp`]); the current value holds until
    /// the window's start.
    pub fn schedule_natural_curvature(&mut self, k: [f64; 2], window: Window) {
        let from = self.kappa_bar.clone();
        self.set_natural_curvature(k);
        let to = std::mem::replace(&mut self.kappa_bar, from.clone());
        self.curvature_ramp = Some(CurvatureRamp {
            from,
            to,
            duration: 0.0,
            window: Some(window),
        });
    }

    /// Applies the curvature ramp (if any) for time `t`.
    pub fn actuate(&mut self, t: f64) {
        if let Some(r) = &self.curvature_ramp {
            let s = match &r.window {
                None => (t / r.duration).clamp(0.0, 1.0),
                Some(w) => w.envelope(t),
            };
            for ((k, a), b) in self.kappa_bar.iter_mut().zip(&r.from).zip(&r.to) {
                *k = [a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1])];
            }
        }
    }

    /// Sets a uniform natural twist rate `τ` in rad/m at every interior node (`τ̄ᵢ = τ Δl̄ᵢ`).
    pub fn set_natural_twist(&mut self, tau: f64) {
        for i in 1..self.n_nodes - 1 {
            self.tau_bar[i] = tau * self.voronoi[i];
        }
    }

    /// Number of DOFs, `4N − 1`.
    pub fn n_dofs(&self) -> usize {
        4 * self.n_nodes - 1
    }
    /// Number of edges, `N − 1`.
    pub fn n_edges(&self) -> usize {
        self.n_nodes - 1
    }
    /// Global index of the first coordinate of node `i`: its own, or the DOFs of the node it
    /// shares (another rod's or a shell's, see [`crate::model::Model::share_rod_node`]).
    pub fn node_dof(&self, i: usize) -> usize {
        if !self.shared.is_empty()
            && let Some(&(_, d)) = self.shared.iter().find(|(n, _)| *n == i)
        {
            return d;
        }
        self.own_node_dof(i)
    }
    /// Global index of the first of the rod's own three coordinates for node `i` (held fixed
    /// and unused when the node is shared).
    pub fn own_node_dof(&self, i: usize) -> usize {
        self.offset + 4 * i
    }
    /// Global index of the twist angle of edge `i`.
    pub fn twist_dof(&self, i: usize) -> usize {
        self.offset + 4 * i + 3
    }
    /// Position of node `i` in the global DOF vector `q`.
    pub fn node(&self, q: &[f64], i: usize) -> Vec3 {
        let k = self.node_dof(i);
        Vec3::new(q[k], q[k + 1], q[k + 2])
    }
    /// Stretching stiffness `EA` (N).
    pub fn ea(&self) -> f64 {
        self.material.youngs_modulus * self.section.area()
    }
    /// Bending stiffnesses `(EI₁, EI₂)` (N·m²).
    pub fn ei(&self) -> (f64, f64) {
        let (i1, i2) = self.section.second_moments();
        let e = self.material.youngs_modulus;
        (e * i1, e * i2)
    }
    /// Twisting stiffness `GJ` (N·m²).
    pub fn gj(&self) -> f64 {
        self.material.shear_modulus * self.section.torsion_constant()
    }
    /// Lumped mass of node `i` (kg).
    pub fn node_mass(&self, i: usize) -> f64 {
        self.material.density * self.section.area() * self.voronoi[i]
    }
    /// Rotational inertia of the twist DOF of edge `i` (kg·m²).
    pub fn twist_inertia(&self, i: usize) -> f64 {
        self.material.density * self.section.polar_moment() * self.rest_lengths[i]
    }
    /// Total mass (kg).
    pub fn mass(&self) -> f64 {
        (0..self.n_nodes).map(|i| self.node_mass(i)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mat() -> Material {
        Material::from_poisson(1e7, 0.5, 1000.0)
    }

    #[test]
    fn straight_rod_layout_and_mass() {
        let nodes: Vec<Vec3> = (0..5)
            .map(|i| Vec3::new(0.1 * i as f64, 0.0, 0.0))
            .collect();
        let (rod, frames, q) =
            Rod::new("r", &nodes, CrossSection::Circle(0.01), mat(), None).unwrap();
        assert_eq!(rod.n_dofs(), 19);
        assert_eq!(q.len(), 19);
        assert_eq!(frames.n_edges(), 4);
        let m_expected = 1000.0 * std::f64::consts::PI * 1e-4 * 0.4;
        assert!((rod.mass() - m_expected).abs() < 1e-12);
        for kb in &rod.kappa_bar {
            assert!(kb[0].abs() < 1e-14 && kb[1].abs() < 1e-14);
        }
        assert_eq!(rod.node(&q, 3), nodes[3]);
    }

    #[test]
    fn bad_geometry_is_rejected() {
        let m = mat();
        let s = CrossSection::Circle(0.01);
        assert_eq!(
            Rod::new("r", &[Vec3::zeros()], s, m, None).unwrap_err(),
            RodGeometryError::TooFewNodes(1)
        );
        let dup = [Vec3::zeros(), Vec3::x(), Vec3::x()];
        assert_eq!(
            Rod::new("r", &dup, s, m, None).unwrap_err(),
            RodGeometryError::ZeroLengthEdge(1)
        );
        let nan = [Vec3::zeros(), Vec3::new(f64::NAN, 0.0, 0.0)];
        assert_eq!(
            Rod::new("r", &nan, s, m, None).unwrap_err(),
            RodGeometryError::NonFinite(1)
        );
        let fold = [Vec3::zeros(), Vec3::x(), Vec3::zeros()];
        assert_eq!(
            Rod::new("r", &fold, s, m, None).unwrap_err(),
            RodGeometryError::FoldBack(1)
        );
    }
}
