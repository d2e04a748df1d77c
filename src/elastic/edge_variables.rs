//! The 8 edge variables `y = [e_f (0..3), e_e (3..6), θ_f (6), θ_e (7)]` of an interior-node
//! stencil, in which the curvature and twist derivatives are computed, and their map to the 11
//! local node DOFs `[x_{i−1} (0..3), θ^{i−1} (3), x_i (4..7), θ^i (7), x_{i+1} (8..11)]`
//! (`e_f = x_i − x_{i−1}`, `e_e = x_{i+1} − x_i`).

use nalgebra::{SMatrix, SVector};

/// Gradient with respect to the 8 edge variables `[e_f, e_e, θ_f, θ_e]`.
pub(crate) type Vec8 = SVector<f64, 8>;
/// Hessian with respect to the 8 edge variables `[e_f, e_e, θ_f, θ_e]`.
pub(crate) type Mat8 = SMatrix<f64, 8, 8>;
/// Gradient with respect to the 11 local node DOFs.
pub(crate) type Vec11 = SVector<f64, 11>;
/// Hessian with respect to the 11 local node DOFs.
pub(crate) type Mat11 = SMatrix<f64, 11, 11>;

/// Offset of `e_f` in the edge variables.
pub(crate) const YF: usize = 0;
/// Offset of `e_e` in the edge variables.
pub(crate) const YE: usize = 3;
/// Index of `θ_f` in the edge variables.
pub(crate) const YTF: usize = 6;
/// Index of `θ_e` in the edge variables.
pub(crate) const YTE: usize = 7;

/// Maps a gradient in the edge variables to the 11 node DOFs (`Jᵀ g` with
/// `e_f = x_i − x_{i−1}`, `e_e = x_{i+1} − x_i`).
#[inline]
pub(crate) fn map_grad(g8: &Vec8) -> Vec11 {
    let gf = g8.fixed_rows::<3>(YF);
    let ge = g8.fixed_rows::<3>(YE);
    let mut g = Vec11::zeros();
    g.fixed_rows_mut::<3>(0).copy_from(&(-gf));
    g.fixed_rows_mut::<3>(4).copy_from(&(gf - ge));
    g.fixed_rows_mut::<3>(8).copy_from(&ge);
    g[3] = g8[YTF];
    g[7] = g8[YTE];
    g
}

/// Maps a Hessian in the edge variables to the 11 node DOFs (`Jᵀ H J` with `e_f = x_i − x_{i−1}`,
/// `e_e = x_{i+1} − x_i`), using its symmetric part so that the result is exactly symmetric.
#[inline]
pub(crate) fn map_hess_sym(h8: &Mat8) -> Mat11 {
    let hs = (h8 + h8.transpose()) * 0.5;
    let a = hs.fixed_view::<3, 3>(YF, YF).into_owned();
    let b = hs.fixed_view::<3, 3>(YF, YE).into_owned();
    let c = hs.fixed_view::<3, 3>(YE, YE).into_owned();
    let bbt = b + b.transpose(); // exactly symmetric
    // Node blocks (x0, x1, x2) at offsets 0, 4, 8.
    let b00 = a;
    let b01 = b - a;
    let b02 = -b;
    let b11 = (a + c) - bbt; // exactly symmetric
    let b12 = b - c;
    let b22 = c;
    let mut h = Mat11::zeros();
    h.fixed_view_mut::<3, 3>(0, 0).copy_from(&b00);
    h.fixed_view_mut::<3, 3>(4, 4).copy_from(&b11);
    h.fixed_view_mut::<3, 3>(8, 8).copy_from(&b22);
    for (r, cc, m) in [(0, 4, &b01), (0, 8, &b02), (4, 8, &b12)] {
        h.fixed_view_mut::<3, 3>(r, cc).copy_from(m);
        h.fixed_view_mut::<3, 3>(cc, r).copy_from(&m.transpose());
    }
    // Twist-angle columns: θ_f → DOF 3, θ_e → DOF 7.
    for (y, q) in [(YTF, 3usize), (YTE, 7usize)] {
        let vf = hs.fixed_view::<3, 1>(YF, y).into_owned();
        let ve = hs.fixed_view::<3, 1>(YE, y).into_owned();
        for (r, v) in [(0usize, -vf), (4, vf - ve), (8, ve)] {
            h.fixed_view_mut::<3, 1>(r, q).copy_from(&v);
            h.fixed_view_mut::<1, 3>(q, r).copy_from(&v.transpose());
        }
    }
    h[(3, 3)] = hs[(YTF, YTF)];
    h[(7, 7)] = hs[(YTE, YTE)];
    h[(3, 7)] = hs[(YTF, YTE)];
    h[(7, 3)] = hs[(YTF, YTE)];
    h
}
