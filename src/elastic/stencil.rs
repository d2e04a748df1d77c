//! The stencil of one interior node of a Discrete Elastic Rod: its three nodes, the twist
//! angles and reference frames of its two edges (Bergou et al. 2008, §4), and the material frames
//! they give.

use crate::math::Vec3;

/// The geometric state of one interior-node stencil (Bergou et al. 2008, §4).
///
/// Local DOF order (11): `[x_{i−1} (0..3), θ^{i−1} (3), x_i (4..7), θ^i (7), x_{i+1} (8..11)]`.
/// `d1f, d2f` are the reference directors of edge `i−1` ("f" = first), `d1e, d2e` those of
/// edge `i` ("e"). They are the *current* reference frames, already time-parallel-transported
/// to the current tangents, orthonormal with `d2 = t × d1`. `ref_twist` is the current reference
/// twist `m_ref` (rad) of the node: the angle from the space-parallel transport of `d1f` onto
/// edge `i` to `d1e`, about `t^i`, kept continuous in time by the caller (not reduced mod 2π).
/// Material directors: `m1 = cos θ d1 + sin θ d2`, `m2 = −sin θ d1 + cos θ d2`.
#[derive(Debug, Clone, Copy)]
pub struct NodeStencil {
    /// Node `x_{i−1}` (m).
    pub x0: Vec3,
    /// Node `x_i` (m).
    pub x1: Vec3,
    /// Node `x_{i+1}` (m).
    pub x2: Vec3,
    /// Twist angle `θ^{i−1}` of edge `i−1` relative to its reference frame (rad).
    pub theta_f: f64,
    /// Twist angle `θ^i` of edge `i` relative to its reference frame (rad).
    pub theta_e: f64,
    /// First reference director of edge `i−1` (unit, ⟂ `t^{i−1}`).
    pub d1f: Vec3,
    /// Second reference director of edge `i−1` (`t^{i−1} × d1f`).
    pub d2f: Vec3,
    /// First reference director of edge `i` (unit, ⟂ `t^i`).
    pub d1e: Vec3,
    /// Second reference director of edge `i` (`t^i × d1e`).
    pub d2e: Vec3,
    /// Reference twist `m_ref` of the node (rad).
    pub ref_twist: f64,
}

/// Material directors `(m1, m2)` of a reference frame `(d1, d2)` twisted by `θ`.
#[inline]
pub(crate) fn material_frame(d1: &Vec3, d2: &Vec3, theta: f64) -> (Vec3, Vec3) {
    let (s, c) = theta.sin_cos();
    (d1 * c + d2 * s, d2 * c - d1 * s)
}
