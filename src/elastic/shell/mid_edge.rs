//! Mid-edge normal bending of a shell triangle (seed 004 §3.3.2, Eqs. 19–20 and Appendix A;
//! Grinspun, Gingold, Reisman & Zorin 2006, "Computing discrete shape operators on general
//! meshes").
//!
//! # The discrete shape operator (seed 004 Eq. 19)
//!
//! Triangle `x_0, x_1, x_2` (counter-clockwise about its unit normal `n`); edge `k` is the one
//! opposite `x_k`, locally oriented `e_k = x_{k+2} − x_{k+1}` (indices mod 3), with the in-plane
//! outward edge normal `t̂_k = ê_k × n`. Every shell edge carries one scalar DOF `ξ_k`, the
//! projection of its mid-edge normal `n^m_k` on the edge's reference direction
//! `τ_k = n^avg_k × ê_k`, `n^avg_k = (n + n'_k)/|n + n'_k|` with `n'_k` the unit normal of the
//! neighbouring triangle across edge `k`. The seed's per-triangle shape operator is
//!
//! `Λ = Σ_k (s_k ξ_k − n·τ_k) / (Ā ‖ē_k‖ (t̂_k·τ_k)) · t_k ⊗ t_k`,  `t_k = e_k × n`,
//!
//! where `s_k = ±1` says whether the triangle's local orientation of edge `k` is the edge's
//! global one (`ξ_k` is stored once per edge, for its global orientation: the two triangles of
//! an interior edge see it with opposite signs). [`MidEdgeParams::signs`] is that input.
//!
//! # What is held fixed, and catena's choice
//!
//! MAT-DiSMech computes `τ_k` at the start of every time step and **freezes** it (`τ^{k,0}`)
//! for the Newton iterations of the step; the derivatives of `c^k = 1/(Ā‖ē_k‖(t̂_k·τ^{k,0}))` and
//! of `t_k` are dropped (seed 004 Appendix A). Its energy is then a function of the DOFs *and*
//! of the configuration at the start of the step, and `ξ_k` changes meaning at every reset: the
//! static answer depends on how the load is split into steps, and the forces are not the exact
//! gradient of any one energy.
//!
//! catena evaluates `τ_k` **at the current DOFs**. Since `n`, `n'_k`, `n^avg_k`, `t̂_k` and `τ_k`
//! all lie in the plane normal to the shared edge, `n·τ_k = n^avg_k·t̂_k` and
//! `t̂_k·τ_k = −n^avg_k·n`, and with the hinge angle `φ_k` of edge `k` (the signed angle from
//! `n` to `n'_k`, [`hinge_angle`](super::hinge_angle) of the stencil
//! `(x_{k+1}, x_{k+2}, x_k, x'_k)`, `x'_k` the neighbour's opposite vertex) the coefficient of
//! edge `k` becomes the exact closed form
//!
//! `m_k = (s_k ξ_k − n·τ_k)/(t̂_k·τ_k) = tan(φ_k/2) − s_k ξ_k / cos(φ_k/2)`  (dimensionless).
//!
//! The energy below is therefore a function of the DOFs alone — no reference direction, no
//! history — and invariant under rigid motions; it takes the same value as DiSMech's at the
//! instant DiSMech resets its `τ^{k,0}` (and is the energy DiSMech's scheme approaches as the
//! reset frequency grows). `ξ_k = sin α_k`, where `α_k` is the angle of the mid-edge normal
//! from `n^avg_k` about `ê_k`; `ξ_k = 0` puts it on the bisector of the two faces. The price
//! is the stencil: `m_k` depends on the neighbour's opposite vertex `x'_k`, so a triangle's
//! energy has **21 local DOFs** `[x_0, x_1, x_2, x'_0, x'_1, x'_2, ξ_0, ξ_1, ξ_2]` rather than
//! DiSMech's 12. A boundary edge has no neighbour: `n^avg_k = n`, `φ_k = 0` and
//! `m_k = −s_k ξ_k` (its `x'_k` rows and columns are zero). The mesh must be consistently
//! oriented (the neighbour `(x_{k+2}, x_{k+1}, x'_k)` counter-clockwise about `n'_k`); the
//! formula holds for `|φ_k| < π`.
//!
//! # Energy (seed 004 Eq. 20)
//!
//! The shape operator is measured in the **rest** triangle: with `Ā`, `ē_k` the rest area and
//! edges, `w_k = m_k ‖ē_k‖/Ā` (1/m) and the rest edge normals `t̄̂_k`,
//! `Λ = Σ_k w_k t̄̂_k ⊗ t̄̂_k`, so that `Tr Λ = Σ_k w_k` and
//! `Tr(Λ²) = Σ_{ij} w_i w_j C_ij`, `C_ij = (t̄̂_i·t̄̂_j)² = (ē_i·ē_j)²/(‖ē_i‖²‖ē_j‖²)`. With the
//! natural coefficients `m̄_k` of the rest configuration ([`MidEdgeParams::from_rest`]),
//! `δ_k = (m_k − m̄_k)‖ē_k‖/Ā`,
//!
//! `E = k_b Ā [(1 − ν) Tr((Λ − Λ̄)²) + ν (Tr Λ − Tr Λ̄)²] = k_b Ā δᵀ[(1 − ν) C + ν 𝟙𝟙ᵀ]δ`,
//!
//! `k_b = E h³/(24(1 − ν²))` ([`mid_edge_stiffness`], seed 004 Eq. 20) `= D/2` with the plate
//! bending stiffness `D = E h³/(12(1 − ν²))`: `E/Ā` is the Kirchhoff–Love plate energy density
//! `(D/2)[(1 − ν) Tr(ΔΛ²) + ν (Tr ΔΛ)²]`, which is `½ D κ²` for a cylindrical bend of
//! curvature `κ`. Measured by `cylinder_energy_density` and
//! `cylinder_energy_density_irregular_mesh` (central triangles of a 14 × 14-cell patch bent
//! isometrically onto a cylinder, edge DOFs at their energy minimum, ν = 0.3): on the
//! equilateral and right-isosceles lattices in six bending directions (0° … 90°),
//! `E/(½ D κ² Ā)` is within 6.5·10⁻³ of 1 at a/R = 0.2, 1.5·10⁻³ at 0.1 and 2.1·10⁻⁴ at 0.05
//! (second order), with `R² Tr(Λ²)` and `−R Tr Λ` as close; on an equilateral lattice with
//! every node jittered by ±0.2 a it is 0.9999 … 1.0000 at a/R = 0.05, while freezing the
//! mid-edge normals on the face bisectors (`ξ = 0`) leaves a 7–9 % excess that refinement does
//! not remove: the edge DOFs are what makes the model mesh-independent. (Compare the hinge
//! model's factor 2 between bending directions, [`hinge_stiffness`](super::hinge_stiffness).) Seed 004 Eq. 19 uses
//! the current `t_k` (and `‖e_k‖² / ‖ē_k‖`); measuring in the rest triangle gives the same
//! value whenever the triangle is not stretched, compares `Λ` and `Λ̄` in the same frame (the
//! seed's `Tr(ΛΛ̄)` mixes current and rest vectors and is not invariant under rotations when
//! `Λ̄ ≠ 0`), and keeps the membrane strain out of the bending energy — the assumption under
//! which the seed drops the derivatives of `c^k` and `t_k`. Here the derivatives are exact.
//!
//! # Derivatives
//!
//! With `g(φ, ζ) = tan(φ/2) − ζ sec(φ/2)`, `ζ = s ξ`:
//! `g_φ = ½ sec²(φ/2) − ½ ζ sec(φ/2) tan(φ/2)`,
//! `g_φφ = ½ sec²(φ/2) tan(φ/2) − ¼ ζ [sec(φ/2) tan²(φ/2) + sec³(φ/2)]`,
//! `g_ζ = −sec(φ/2)`, `g_φζ = −½ sec(φ/2) tan(φ/2)`, `g_ζζ = 0`; so
//! `∇m_k = g_φ ∇φ_k + s_k g_ζ ∇ξ_k` and
//! `∇²m_k = g_φφ ∇φ_k∇φ_kᵀ + g_φ ∇²φ_k + s_k g_φζ (∇φ_k∇ξ_kᵀ + ∇ξ_k∇φ_kᵀ)`, with the exact
//! `∇φ_k`, `∇²φ_k` of [`hinge_angle_grad_hess`](super::hinge_angle_grad_hess). With
//! `K = k_b Ā Δ Q Δ`, `Δ = diag(‖ē_k‖/Ā)`, `Q = (1 − ν) C + ν 𝟙𝟙ᵀ` and `r = m − m̄`:
//! `E = rᵀ K r`, `∇E = Σ_k (2Kr)_k ∇m_k`, `∇²E = 2 Σ_{kl} K_kl ∇m_k ∇m_lᵀ + Σ_k (2Kr)_k ∇²m_k`.
//!
//! # Sign of `Λ`
//!
//! With `t_k = e_k × n` (the seed's and DiSMech's choice) `Λ` is positive when the surface
//! bends away from `n` (`φ_k > 0`): `Λ = +κ t ⊗ t` on a cylinder whose normal points away
//! from the axis, the opposite of the sign of Eq. 18. The energy does not depend on it (`Λ̄`
//! has the same convention).

use nalgebra::{Matrix3, SMatrix, SVector, Vector3};

use super::hinge::{hinge_angle, hinge_angle_grad_hess};
use crate::math::{Mat3, Vec3};

/// Number of local DOFs of a mid-edge triangle:
/// `[x_0, x_1, x_2 (9), x'_0, x'_1, x'_2 (9), ξ_0, ξ_1, ξ_2 (3)]`.
pub const MID_EDGE_DOFS: usize = 21;

/// Local gradient of the mid-edge energy (see [`MID_EDGE_DOFS`] for the layout).
pub type MidEdgeGrad = SVector<f64, MID_EDGE_DOFS>;

/// Local Hessian of the mid-edge energy (see [`MID_EDGE_DOFS`] for the layout).
pub type MidEdgeHess = SMatrix<f64, MID_EDGE_DOFS, MID_EDGE_DOFS>;

/// The configuration seen by one triangle's mid-edge bending energy.
#[derive(Debug, Clone, Copy)]
pub struct MidEdgeStencil {
    /// Triangle nodes `x_0, x_1, x_2` (m), counter-clockwise about the triangle's normal.
    pub x: [Vec3; 3],
    /// `x'_k` (m): the vertex of the neighbouring triangle across edge `k` (the edge opposite
    /// `x_k`); `None` on a boundary edge.
    pub opposite: [Option<Vec3>; 3],
    /// Edge DOFs `ξ_k` (dimensionless) of the three edges, for their global orientations.
    pub xi: [f64; 3],
}

/// Material and rest data of one triangle for the mid-edge bending energy.
#[derive(Debug, Clone, Copy)]
pub struct MidEdgeParams {
    /// Bending stiffness `k_b` (N·m); see [`mid_edge_stiffness`].
    pub kb: f64,
    /// Poisson's ratio `ν` (dimensionless).
    pub nu: f64,
    /// Rest edge vectors `ē_k = x̄_{k+2} − x̄_{k+1}` (m), in any frame (only their lengths and
    /// mutual dot products are used); they give `Ā`, `‖ē_k‖` and `C`.
    pub rest_edges: [Vec3; 3],
    /// `s_k = ±1`: `+1` when the triangle's local orientation of edge `k`
    /// (`x_{k+1} → x_{k+2}`) is the edge's global orientation, for which `ξ_k` is defined.
    pub signs: [f64; 3],
    /// Natural coefficients `m̄_k` (dimensionless) of the rest configuration; see
    /// [`MidEdgeParams::from_rest`].
    pub natural: [f64; 3],
}

impl MidEdgeParams {
    /// Parameters whose natural shape is the configuration `rest` (rest positions, neighbours
    /// and natural edge DOFs `ξ̄_k`, usually 0: mid-edge normals on the face bisectors), so
    /// that the energy and its gradient vanish there: `m̄_k = tan(φ̄_k/2) − s_k ξ̄_k sec(φ̄_k/2)`.
    pub fn from_rest(kb: f64, nu: f64, signs: [f64; 3], rest: &MidEdgeStencil) -> Self {
        let x = &rest.x;
        let mut p = Self {
            kb,
            nu,
            rest_edges: std::array::from_fn(|k| x[(k + 2) % 3] - x[(k + 1) % 3]),
            signs,
            natural: [0.0; 3],
        };
        p.natural = mid_edge_coefficients(&p, rest);
        p
    }

    /// Rest area `Ā = ½ ‖ē_0 × ē_1‖` (m²).
    pub fn rest_area(&self) -> f64 {
        0.5 * self.rest_edges[0].cross(&self.rest_edges[1]).norm()
    }

    /// `K = k_b Ā Δ Q Δ` (J): the energy is `E = (m − m̄)ᵀ K (m − m̄)`.
    fn weights(&self) -> Matrix3<f64> {
        let area = self.rest_area();
        let l2: [f64; 3] = std::array::from_fn(|k| self.rest_edges[k].norm_squared());
        Matrix3::from_fn(|i, j| {
            let c = if i == j {
                1.0
            } else {
                let d = self.rest_edges[i].dot(&self.rest_edges[j]);
                d * d / (l2[i] * l2[j])
            };
            let q = (1.0 - self.nu) * c + self.nu;
            self.kb * q * (l2[i] * l2[j]).sqrt() / area
        })
    }
}

/// Mid-edge bending stiffness `k_b = E h³/(24(1 − ν²))` (N·m) of seed 004 Eq. 20 (`youngs` =
/// `E` in Pa, `thickness` = `h` in m, `nu` = `ν`): half the plate bending stiffness
/// `D = E h³/(12(1 − ν²))`.
pub fn mid_edge_stiffness(youngs: f64, thickness: f64, nu: f64) -> f64 {
    youngs * thickness.powi(3) / (24.0 * (1.0 - nu * nu))
}

/// The hinge stencil `(x_{k+1}, x_{k+2}, x_k, x'_k)` of edge `k`, if it has a neighbour.
fn hinge_of(s: &MidEdgeStencil, k: usize) -> Option<[Vec3; 4]> {
    s.opposite[k].map(|o| [s.x[(k + 1) % 3], s.x[(k + 2) % 3], s.x[k], o])
}

/// The edge coefficients `m_k = tan(φ_k/2) − s_k ξ_k / cos(φ_k/2)` (dimensionless) of the
/// triangle (module documentation): `w_k = m_k ‖ē_k‖/Ā` is the normal curvature (1/m) of the
/// shape operator across edge `k`.
pub fn mid_edge_coefficients(p: &MidEdgeParams, s: &MidEdgeStencil) -> [f64; 3] {
    std::array::from_fn(|k| {
        let phi = hinge_of(s, k).map_or(0.0, |h| hinge_angle(&h[0], &h[1], &h[2], &h[3]));
        let (sn, cs) = (0.5 * phi).sin_cos();
        (sn - p.signs[k] * s.xi[k]) / cs
    })
}

/// The triangle's shape operator (1/m) in the current configuration, as a 3×3 tensor:
/// `Λ = Σ_k (m_k ‖ē_k‖/Ā) t̂_k ⊗ t̂_k` with the current `t̂_k = ê_k × n` (seed 004 Eq. 19 with
/// `τ_k` at the current DOFs, for an unstretched triangle). For diagnostics (principal
/// curvatures and directions); the energy measures `Λ` in the rest triangle.
pub fn mid_edge_shape_operator(p: &MidEdgeParams, s: &MidEdgeStencil) -> Mat3 {
    let m = mid_edge_coefficients(p, s);
    let area = p.rest_area();
    let n = (s.x[1] - s.x[0]).cross(&(s.x[2] - s.x[0])).normalize();
    (0..3).fold(Mat3::zeros(), |acc, k| {
        let t = (s.x[(k + 2) % 3] - s.x[(k + 1) % 3]).normalize().cross(&n);
        acc + t * t.transpose() * (m[k] * p.rest_edges[k].norm() / area)
    })
}

/// Mid-edge bending energy (J) of the triangle:
/// `E = k_b Ā [(1 − ν) Tr((Λ − Λ̄)²) + ν (Tr Λ − Tr Λ̄)²]` (seed 004 Eq. 20) with the shape
/// operator of the module documentation.
pub fn mid_edge_energy(p: &MidEdgeParams, s: &MidEdgeStencil) -> f64 {
    let m = mid_edge_coefficients(p, s);
    let r = Vector3::from_fn(|k, _| m[k] - p.natural[k]);
    (r.transpose() * p.weights() * r)[0]
}

/// Second-order data of one edge coefficient `m_k` with a neighbour: `∇φ_k` over the hinge's
/// 12 coordinates, `g_φφ ∇φ_k∇φ_kᵀ + g_φ ∇²φ_k`, and `∂²m_k/∂φ_k∂ξ_k = s_k g_φζ`.
#[derive(Clone, Copy)]
struct EdgeSecond {
    gphi: SVector<f64, 12>,
    h12: SMatrix<f64, 12, 12>,
    cross: f64,
}

/// Mid-edge bending energy (J) of the triangle with its exact gradient and exactly symmetric
/// Hessian with respect to the 21 local DOFs `[x_0, x_1, x_2, x'_0, x'_1, x'_2, ξ_0, ξ_1, ξ_2]`
/// (gradient entries in N for positions and J for the dimensionless `ξ`). Formulas in the
/// module documentation; the Hessian is exact, not projected. Rows and columns of a missing
/// neighbour `x'_k` are zero.
pub fn mid_edge_energy_grad_hess(
    p: &MidEdgeParams,
    s: &MidEdgeStencil,
) -> (f64, MidEdgeGrad, MidEdgeHess) {
    // Rows ∇m_kᵀ, and per edge the local second derivatives of m_k.
    let mut gm = SMatrix::<f64, 3, MID_EDGE_DOFS>::zeros();
    let mut m = Vector3::zeros();
    let mut second: [Option<EdgeSecond>; 3] = [None; 3];
    let mut block = [[0usize; 4]; 3];
    for k in 0..3 {
        let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
        block[k] = [3 * k1, 3 * k2, 3 * k, 9 + 3 * k];
        let zeta = p.signs[k] * s.xi[k];
        let hinge = hinge_of(s, k).map(|h| hinge_angle_grad_hess(&h[0], &h[1], &h[2], &h[3]));
        let phi = hinge.as_ref().map_or(0.0, |h| h.0);
        let (sn, cs) = (0.5 * phi).sin_cos();
        let (sec, tan) = (1.0 / cs, sn / cs);
        m[k] = tan - zeta * sec;
        let g_phi = 0.5 * sec * sec - 0.5 * zeta * sec * tan;
        let g_phiphi = 0.5 * sec * sec * tan - 0.25 * zeta * (sec * tan * tan + sec * sec * sec);
        let g_zeta = -sec;
        let g_phizeta = -0.5 * sec * tan;
        gm[(k, 18 + k)] = p.signs[k] * g_zeta;
        if let Some((_, gphi, hphi)) = hinge {
            for (a, &start) in block[k].iter().enumerate() {
                for c in 0..3 {
                    gm[(k, start + c)] = g_phi * gphi[3 * a + c];
                }
            }
            let h12 = gphi * gphi.transpose() * g_phiphi + hphi * g_phi;
            second[k] = Some(EdgeSecond {
                gphi,
                h12,
                cross: p.signs[k] * g_phizeta,
            });
        }
    }
    let r = Vector3::from_fn(|k, _| m[k] - p.natural[k]);
    let kw = p.weights();
    let energy = (r.transpose() * kw * r)[0];
    let w = kw * r * 2.0;
    let grad = gm.transpose() * w;
    let mut hess = gm.transpose() * kw * gm * 2.0;
    for k in 0..3 {
        let Some(EdgeSecond { gphi, h12, cross }) = &second[k] else {
            continue;
        };
        let at = |j: usize| block[k][j / 3] + j % 3;
        let xi = 18 + k;
        for i in 0..12 {
            for j in 0..12 {
                hess[(at(i), at(j))] += w[k] * h12[(i, j)];
            }
            let c = w[k] * cross * gphi[i];
            hess[(at(i), xi)] += c;
            hess[(xi, at(i))] += c;
        }
    }
    let hess = (hess + hess.transpose()) * 0.5;
    (energy, grad, hess)
}

#[cfg(test)]
mod tests {
    use nalgebra::{DMatrix, DVector};

    use super::super::test_mesh::{Lattice, Mesh, bend};
    use super::*;
    use crate::math::rotate_about_axis;
    use crate::verify::{Rng, gradient, jacobian, max_error_relative_to};

    /// A triangle of size `len` (height ratio `aspect`) whose neighbours across the edges with
    /// `Some(φ_k)` are folded to the hinge angles `φ_k`, with random edge DOFs of magnitude
    /// `xi`, rigidly moved to a random place.
    fn folded(
        rng: &mut Rng,
        phis: [Option<f64>; 3],
        len: f64,
        aspect: f64,
        xi: f64,
    ) -> MidEdgeStencil {
        let x = [
            Vec3::zeros(),
            Vec3::new(len, 0.0, 0.0),
            Vec3::new(
                rng.uniform(0.1, 0.9) * len,
                rng.uniform(0.6, 1.1) * aspect * len,
                0.0,
            ),
        ];
        let opposite = std::array::from_fn(|k| {
            phis[k].map(|phi| {
                let (p, q) = (x[(k + 1) % 3], x[(k + 2) % 3]);
                let t = (q - p).normalize();
                let foot = p + t * (x[k] - p).dot(&t);
                let mirror =
                    -(x[k] - foot) * rng.uniform(0.7, 1.3) + t * (rng.signed() * 0.3 * len);
                foot + rotate_about_axis(&mirror, &t, phi)
            })
        });
        let (axis, angle, shift) = (rng.direction(), rng.uniform(-3.0, 3.0), rng.vector(len));
        let mv = |v: Vec3| rotate_about_axis(&v, &axis, angle) + shift;
        let s = MidEdgeStencil {
            x: x.map(mv),
            opposite: opposite.map(|o: Option<Vec3>| o.map(mv)),
            xi: std::array::from_fn(|_| rng.signed() * xi),
        };
        for (k, phi) in phis.iter().enumerate() {
            if let (Some(phi), Some(h)) = (phi, hinge_of(&s, k)) {
                let now = hinge_angle(&h[0], &h[1], &h[2], &h[3]);
                assert!((now - phi).abs() < 1e-9, "{now} vs {phi}");
            }
        }
        s
    }

    fn signs(rng: &mut Rng) -> [f64; 3] {
        std::array::from_fn(|_| if rng.unit() < 0.5 { 1.0 } else { -1.0 })
    }

    fn pack(s: &MidEdgeStencil) -> MidEdgeGrad {
        let mut q = MidEdgeGrad::zeros();
        for k in 0..3 {
            q.fixed_rows_mut::<3>(3 * k).copy_from(&s.x[k]);
            if let Some(o) = s.opposite[k] {
                q.fixed_rows_mut::<3>(9 + 3 * k).copy_from(&o);
            }
            q[18 + k] = s.xi[k];
        }
        q
    }

    fn unpack(q: &MidEdgeGrad, like: &MidEdgeStencil) -> MidEdgeStencil {
        MidEdgeStencil {
            x: std::array::from_fn(|k| q.fixed_rows::<3>(3 * k).into_owned()),
            opposite: std::array::from_fn(|k| {
                like.opposite[k].map(|_| q.fixed_rows::<3>(9 + 3 * k).into_owned())
            }),
            xi: std::array::from_fn(|k| q[18 + k]),
        }
    }

    /// FD errors (gradient, Hessian) relative to the analytic maxima.
    fn fd(p: &MidEdgeParams, s: &MidEdgeStencil, len: f64) -> (f64, f64) {
        let (e, g, h) = mid_edge_energy_grad_hess(p, s);
        assert!((e - mid_edge_energy(p, s)).abs() <= 1e-12 * e.abs().max(1e-300));
        assert_eq!(h, h.transpose());
        let q = pack(s);
        // Positions step ~1e-6 len; ξ (dimensionless) step 1e-6.
        let scale = MidEdgeGrad::from_fn(|i, _| if i < 18 { len } else { 1.0 });
        let fq = |d: &MidEdgeGrad| unpack(&(q + d.component_mul(&scale)), s);
        let z = MidEdgeGrad::zeros();
        let gfd = gradient(|d| mid_edge_energy(p, &fq(d)), &z, 1e-6).component_div(&scale);
        let hfd = jacobian(|d| mid_edge_energy_grad_hess(p, &fq(d)).1, &z, 1e-6);
        let hfd = MidEdgeHess::from_fn(|i, j| hfd[(i, j)] / scale[j]);
        (
            max_error_relative_to(gfd.as_slice(), g.as_slice()),
            max_error_relative_to(hfd.as_slice(), h.as_slice()),
        )
    }

    fn run(
        name: &str,
        seed: u64,
        phi: impl Fn(&mut Rng) -> Option<f64>,
        aspect: f64,
        xi: f64,
        tol: f64,
    ) {
        let mut rng = Rng::new(seed);
        let mut worst = (0.0f64, 0.0f64);
        for _ in 0..12 {
            let len = rng.log_uniform(1e-3, 1.0);
            let phis = std::array::from_fn(|_| phi(&mut rng));
            let s = folded(&mut rng, phis, len, aspect, xi);
            let rest_phis = std::array::from_fn(|k| phis[k].map(|_| rng.uniform(-1.0, 1.0)));
            let rest_len = len * rng.uniform(0.8, 1.2);
            let rest = folded(&mut rng, rest_phis, rest_len, aspect, 0.2);
            let sg = signs(&mut rng);
            let p = MidEdgeParams::from_rest(
                rng.log_uniform(1e-6, 1e2),
                rng.uniform(0.0, 0.5),
                sg,
                &rest,
            );
            let r = fd(&p, &s, len);
            worst = (worst.0.max(r.0), worst.1.max(r.1));
        }
        println!(
            "mid-edge {name}: FD grad {:.2e}, hess {:.2e}",
            worst.0, worst.1
        );
        assert!(worst.0 < tol && worst.1 < tol, "{name}: {worst:?}");
    }

    #[test]
    fn mid_edge_fd_random() {
        run("random", 1, |r| Some(r.uniform(-2.0, 2.0)), 1.0, 0.3, 1e-6);
    }

    #[test]
    fn mid_edge_fd_near_flat() {
        let pick = |r: &mut Rng| Some([0.0, 1e-4, -1e-4, 1e-7][(r.unit() * 4.0) as usize]);
        run("near flat", 2, pick, 1.0, 1e-4, 1e-6);
    }

    #[test]
    fn mid_edge_fd_strongly_folded() {
        let pi = std::f64::consts::PI;
        let pick = |r: &mut Rng| {
            Some(if r.unit() < 0.5 {
                pi - 0.05
            } else {
                -(pi - 0.1)
            })
        };
        run("strongly folded", 3, pick, 1.0, 0.3, 1e-6);
    }

    #[test]
    fn mid_edge_fd_thin_triangles() {
        run(
            "thin (aspect 1:50)",
            4,
            |r| Some(r.uniform(-1.5, 1.5)),
            2e-2,
            0.3,
            1e-5,
        );
    }

    #[test]
    fn mid_edge_fd_boundary_edges() {
        let pick = |r: &mut Rng| (r.unit() < 0.5).then(|| r.uniform(-2.0, 2.0));
        run("boundary edges", 5, pick, 1.0, 0.3, 1e-6);
    }

    #[test]
    fn mid_edge_rest_is_minimum() {
        let mut rng = Rng::new(6);
        for _ in 0..6 {
            let phis = std::array::from_fn(|_| (rng.unit() < 0.8).then(|| rng.uniform(-2.5, 2.5)));
            let rest = folded(&mut rng, phis, 0.05, 1.0, 0.2);
            let sg = signs(&mut rng);
            let p = MidEdgeParams::from_rest(1.3, 0.3, sg, &rest);
            let (e, g, h) = mid_edge_energy_grad_hess(&p, &rest);
            assert!(e.abs() < 1e-24, "{e}");
            assert!(g.norm() < 1e-11, "{g}");
            let eig = h.symmetric_eigenvalues();
            assert!(eig.min() > -1e-9 * eig.max(), "{eig}");
        }
    }

    #[test]
    fn mid_edge_rigid_motion_invariance() {
        let mut rng = Rng::new(7);
        for _ in 0..10 {
            let phis = std::array::from_fn(|_| (rng.unit() < 0.8).then(|| rng.uniform(-2.5, 2.5)));
            let s = folded(&mut rng, phis, 0.1, 1.0, 0.3);
            let rest_phis = std::array::from_fn(|k| phis[k].map(|_| rng.uniform(-1.0, 1.0)));
            let rest = folded(&mut rng, rest_phis, 0.1, 1.0, 0.1);
            let p = MidEdgeParams::from_rest(1.0, 0.4, signs(&mut rng), &rest);
            let e0 = mid_edge_energy(&p, &s);
            let (axis, angle, shift) = (rng.direction(), rng.uniform(-3.0, 3.0), rng.vector(3.0));
            let mv = |v: Vec3| rotate_about_axis(&v, &axis, angle) + shift;
            let moved = MidEdgeStencil {
                x: s.x.map(mv),
                opposite: s.opposite.map(|o| o.map(mv)),
                xi: s.xi,
            };
            let e1 = mid_edge_energy(&p, &moved);
            assert!((e1 - e0).abs() <= 1e-10 * e0, "{e0} vs {e1}");
        }
    }

    /// The closed form `m_k = tan(φ_k/2) − s_k ξ_k sec(φ_k/2)` is seed 004 Eq. 19 evaluated
    /// literally with `τ_k = n^avg_k × ê_k` at the current configuration, and for an
    /// unstretched triangle with a flat natural shape the energy is Eq. 20 with that `Λ`.
    #[test]
    fn mid_edge_matches_seed_eq_19_20() {
        let mut rng = Rng::new(8);
        for _ in 0..10 {
            let phis = std::array::from_fn(|_| Some(rng.uniform(-2.5, 2.5)));
            let s = folded(&mut rng, phis, 0.2, 1.0, 0.4);
            let sg = signs(&mut rng);
            // Natural shape: the same triangle, flat, with the mid-edge normals on the faces.
            let flat = MidEdgeStencil {
                opposite: std::array::from_fn(|k| {
                    let (p, q) = (s.x[(k + 1) % 3], s.x[(k + 2) % 3]);
                    Some(p + q - s.x[k])
                }),
                xi: [0.0; 3],
                ..s
            };
            let (kb, nu) = (0.7, 0.3);
            let p = MidEdgeParams::from_rest(kb, nu, sg, &flat);
            assert!(p.natural.iter().all(|m| m.abs() < 1e-12));
            let n = (s.x[1] - s.x[0]).cross(&(s.x[2] - s.x[0])).normalize();
            let area = p.rest_area();
            let mut lambda = Mat3::zeros();
            let m = mid_edge_coefficients(&p, &s);
            for k in 0..3 {
                let (a, b, o) = (s.x[(k + 1) % 3], s.x[(k + 2) % 3], s.opposite[k].unwrap());
                let e = b - a;
                let n2 = (a - b).cross(&(o - b)).normalize();
                let n_avg = (n + n2).normalize();
                let tau = n_avg.cross(&e.normalize());
                let t = e.cross(&n);
                let t_hat = t.normalize();
                let coeff = (sg[k] * s.xi[k] - n.dot(&tau)) / t_hat.dot(&tau);
                assert!(
                    (coeff - m[k]).abs() < 1e-10 * (1.0 + coeff.abs()),
                    "{coeff} vs {}",
                    m[k]
                );
                lambda += t * t.transpose() * (coeff / (area * e.norm()));
            }
            let seed =
                kb * area * ((1.0 - nu) * (lambda * lambda).trace() + nu * lambda.trace().powi(2));
            let e = mid_edge_energy(&p, &s);
            assert!((e - seed).abs() < 1e-10 * seed, "{e} vs {seed}");
            let diag = mid_edge_shape_operator(&p, &s);
            assert!((diag - lambda).norm() < 1e-10 * lambda.norm());
        }
    }

    /// Energy density (J/m², relative to `½ D κ² = k_b/R²`) of the central triangles of a
    /// patch bent onto a cylinder of radius `radius`, with the edge DOFs at their optimum (the
    /// energy is quadratic in `ξ`: one Newton step) or all zero, and the mean `R² Tr(Λ²)`, `R Tr Λ` there.
    fn cylinder(mesh: &Mesh, radius: f64, nu: f64, optimise: bool) -> (f64, f64, f64) {
        let kb = 1.0;
        let pos = bend(&mesh.nodes, radius);
        let zero = vec![0.0; mesh.n_edges];
        let params: Vec<MidEdgeParams> = (0..mesh.tris.len())
            .map(|t| {
                MidEdgeParams::from_rest(
                    kb,
                    nu,
                    mesh.tri_signs[t],
                    &mesh.stencil(t, &mesh.nodes, &zero),
                )
            })
            .collect();
        let mut h = DMatrix::<f64>::zeros(mesh.n_edges, mesh.n_edges);
        let mut g = DVector::<f64>::zeros(mesh.n_edges);
        for (t, p) in params.iter().enumerate() {
            let (_, gl, hl) = mid_edge_energy_grad_hess(p, &mesh.stencil(t, &pos, &zero));
            let ids = mesh.tri_edges[t];
            for i in 0..3 {
                g[ids[i]] += gl[18 + i];
                for j in 0..3 {
                    h[(ids[i], ids[j])] += hl[(18 + i, 18 + j)];
                }
            }
        }
        let xi = if optimise {
            let chol = h.cholesky().expect("ξ Hessian is positive definite");
            chol.solve(&(-g))
        } else {
            DVector::zeros(mesh.n_edges)
        };
        let (mut energy, mut area, mut tr2, mut tr, mut count) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (t, p) in params.iter().enumerate() {
            if !mesh.central(&mesh.centroid(t)) {
                continue;
            }
            let s = mesh.stencil(t, &pos, xi.as_slice());
            energy += mid_edge_energy(p, &s);
            area += mesh.area(t);
            let l = mid_edge_shape_operator(p, &s);
            tr2 += (l * l).trace();
            tr += l.trace();
            count += 1.0;
        }
        (
            energy / area * radius * radius / kb,
            tr2 / count * radius * radius,
            tr / count * radius,
        )
    }

    /// A flat patch bent into a cylinder of radius `R` (an isometry) stores the plate energy
    /// density `½ D κ²` (`κ = 1/R`), whatever the lattice and its orientation, with
    /// `Tr(Λ²) → 1/R²` and `Tr Λ → −1/R` (the normal points to the axis: the surface bends
    /// towards `n`). Measured on the central triangles of a 14 × 14-cell patch, for edge/radius
    /// ratios 0.2, 0.1, 0.05, with the edge DOFs at their energy minimum.
    #[test]
    fn cylinder_energy_density() {
        let nu = 0.3;
        let mut worst_fine = 0.0f64;
        for lattice in [Lattice::Equilateral, Lattice::RightIsosceles] {
            for deg in [0.0f64, 15.0, 30.0, 45.0, 60.0, 90.0] {
                let mesh = Mesh::patch(lattice, 14, 1.0, deg.to_radians());
                let mut line = format!("mid-edge {lattice:?} {deg:>4}°:");
                let mut errs = Vec::new();
                for a_over_r in [0.2, 0.1, 0.05] {
                    let (density, tr2, tr) = cylinder(&mesh, 1.0 / a_over_r, nu, true);
                    line += &format!(
                        "  a/R={a_over_r}: E/(½Dκ²A)={density:.5} R²TrΛ²={tr2:.5} R·TrΛ={tr:.5}"
                    );
                    errs.push(
                        (density - 1.0)
                            .abs()
                            .max((tr2 - 1.0).abs())
                            .max((tr + 1.0).abs()),
                    );
                }
                let (frozen, _, _) = cylinder(&mesh, 20.0, nu, false);
                line += &format!("  (ξ = 0, a/R=0.05: {frozen:.5})");
                println!("{line}");
                // Converges under refinement, to within 1 % at a/R = 0.05.
                assert!(
                    errs[2] < errs[0] || errs[2] < 1e-3,
                    "{lattice:?} {deg}°: {errs:?}"
                );
                worst_fine = worst_fine.max(errs[2]);
            }
        }
        println!("mid-edge cylinder: worst error at a/R = 0.05: {worst_fine:.2e}");
        assert!(worst_fine < 1e-2, "{worst_fine}");
    }

    /// The same bend on an irregular mesh (equilateral lattice with every node jittered by up
    /// to ±0.2 a): the mid-edge energy still converges to `½ D κ²` once the edge DOFs take
    /// their optimum; with the mid-edge normals frozen on the face bisectors (`ξ = 0`) it does
    /// not converge (printed for comparison).
    #[test]
    fn cylinder_energy_density_irregular_mesh() {
        let nu = 0.3;
        let mut rows = Vec::new();
        for deg in [0.0f64, 30.0, 45.0] {
            let mut rng = Rng::new(40 + deg as u64);
            let mesh = Mesh::patch(Lattice::Equilateral, 14, 1.0, deg.to_radians())
                .jittered(&mut rng, 1.0, 0.2);
            let free: Vec<f64> = [0.2, 0.1, 0.05]
                .iter()
                .map(|ar| cylinder(&mesh, 1.0 / ar, nu, true).0)
                .collect();
            let frozen: Vec<f64> = [0.2, 0.1, 0.05]
                .iter()
                .map(|ar| cylinder(&mesh, 1.0 / ar, nu, false).0)
                .collect();
            println!(
                "mid-edge jittered {deg:>4}°: E/(½Dκ²A) with optimal ξ: {:.5} {:.5} {:.5}; with ξ = 0: {:.5} {:.5} {:.5} (a/R = 0.2, 0.1, 0.05)",
                free[0], free[1], free[2], frozen[0], frozen[1], frozen[2]
            );
            rows.push((free, frozen));
        }
        for (free, frozen) in rows {
            assert!((free[2] - 1.0).abs() < 1e-3, "{free:?}");
            assert!(
                (free[2] - 1.0).abs() <= (free[0] - 1.0).abs() + 1e-4,
                "{free:?}"
            );
            // The edge DOFs matter on an irregular mesh.
            assert!(
                (frozen[2] - 1.0).abs() > 10.0 * (free[2] - 1.0).abs(),
                "{frozen:?}"
            );
        }
    }
}
