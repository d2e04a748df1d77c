//! The derivatives of a [`ContactFrame`] and of the force it distributes, computed column by
//! column over the pair's local coordinates, only over the columns that can be non-zero.
//!
//! The formulas are those of [`super::contact_frame`]'s module docs. Every entry is computed with
//! the arithmetic, in the order, of the matrix expressions they write (`(a₀b₀ + a₁b₁) + a₂b₂`
//! for a row of a 3×3 product, sums over points from zero in point order), so the results are
//! the same bits; what is saved is the strided views, temporaries, and the columns that are
//! zero for the pair. A column is zero in every position derivative when `∇Δ`, the rows of
//! `∇²Δ` of the pair's points, the rows of `∂f/∂x` of side 1's points and the rigid sides'
//! `∂b_s/∂x` vanish there: a rotating sphere's spin slot, or the empty slots of a pair with
//! fewer than four. Those columns stay zero (the products over them would give `±0`).

use super::contact_frame::ContactFrame;
use crate::contact::core::{Mat3x12, Vec12};
use crate::contact::ctx::ContactCtx;
use crate::math::{Mat3, Vec3, cross_matrix};

/// Number of leading local coordinates over which position derivatives can be non-zero (see
/// the module docs).
pub(super) fn x_width(ctx: &ContactCtx, side1: usize, n_pts: usize) -> usize {
    let (h, f) = (ctx.hess.as_slice(), ctx.dfdx.as_slice());
    let zero_column = |j: usize| {
        ctx.grad[j] == 0.0
            && h[12 * j..12 * j + 3 * n_pts].iter().all(|&e| e == 0.0)
            && f[12 * j..12 * j + 3 * side1].iter().all(|&e| e == 0.0)
            && ctx.rigid.iter().flatten().all(|r| {
                let d = r.dlever_base.as_slice();
                d[3 * j..3 * j + 3].iter().all(|&e| e == 0.0)
            })
    };
    (0..12)
        .rev()
        .find(|&j| !zero_column(j))
        .map_or(0, |j| j + 1)
}

/// Row `i` of the 3×3 `a` times column `j` of the column-major 3×12 `b`.
#[inline(always)]
fn row_col(a: &Mat3, i: usize, b: &[f64], j: usize) -> f64 {
    a[(i, 0)] * b[3 * j] + a[(i, 1)] * b[3 * j + 1] + a[(i, 2)] * b[3 * j + 2]
}

/// Column `j` of the column-major 3×12 `b` dotted with `v`: `(bᵀ v)_j`.
#[inline(always)]
fn col_dot(b: &[f64], j: usize, v: &Vec3) -> f64 {
    b[3 * j] * v.x + b[3 * j + 1] * v.y + b[3 * j + 2] * v.z
}

/// The sum over points `k < pts` of rows `3k..3k+3` of the 12×12 `m`, over columns `< wx`.
pub(super) fn point_rows_sum(m: &nalgebra::SMatrix<f64, 12, 12>, pts: usize, wx: usize) -> Mat3x12 {
    let (m, mut s) = (m.as_slice(), Mat3x12::zeros());
    let out = s.as_mut_slice();
    for j in 0..wx {
        for k in 0..pts {
            for i in 0..3 {
                out[3 * j + i] += m[12 * j + 3 * k + i];
            }
        }
    }
    s
}

/// Fills the derivatives of `fr` (built from `ctx` with the projector `p = I − nnᵀ`, the norm
/// `ns` of side 1's summed `∇Δ`, the summed force `sf` on side 1 and the signed normal force),
/// following the module docs of [`super::contact_frame`].
#[allow(clippy::needless_range_loop)]
pub(super) fn fill(
    ctx: &ContactCtx,
    fr: &mut ContactFrame,
    p: &Mat3,
    ns: f64,
    sf: &Vec3,
    fn_signed: f64,
) {
    let (side1, n_pts) = (ctx.points[0], ctx.n_points());
    let wx = x_width(ctx, side1, n_pts);
    let n = fr.n;
    let h = ctx.hess.as_slice();
    let ds1 = point_rows_sum(&ctx.hess, side1, wx);
    let mut dn = Mat3x12::zeros();
    {
        let (d, s) = (dn.as_mut_slice(), ds1.as_slice());
        for j in 0..wx {
            for i in 0..3 {
                d[3 * j + i] = -row_col(p, i, s, j) / ns;
            }
        }
    }
    let mut dvrel_dx = Mat3x12::zeros();
    let mut dvrel_dv = Mat3x12::zeros();
    for k in 0..n_pts {
        let g = Vec3::new(ctx.grad[3 * k], ctx.grad[3 * k + 1], ctx.grad[3 * k + 2]);
        let mut dwk = Vec12::zeros();
        let vk = ctx.v[k];
        let (dv, dnn) = (dvrel_dx.as_mut_slice(), dn.as_slice());
        for j in 0..wx {
            let col = &h[12 * j + 3 * k..12 * j + 3 * k + 3];
            let a = col[0] * n.x + col[1] * n.y + col[2] * n.z;
            let w = a + col_dot(dnn, j, &g);
            dwk[j] = w;
            for i in 0..3 {
                dv[3 * j + i] += vk[i] * w;
            }
        }
        fr.dw_dx[k] = dwk;
        let wk = fr.w[k];
        let d = dvrel_dv.as_mut_slice();
        for c in 0..3 {
            for i in 0..3 {
                d[3 * (3 * k + c) + i] = if i == c { wk } else { 0.0 * wk };
            }
        }
    }
    for &(k, rho) in fr.spin.iter().flatten() {
        let om = ctx.v[k];
        let c = n.cross(&om);
        let x = cross_matrix(&om);
        let (dv, dnn) = (dvrel_dx.as_mut_slice(), dn.as_slice());
        for j in 0..wx {
            let g = ctx.grad[j] * 0.5;
            for i in 0..3 {
                dv[3 * j + i] += c[i] * g - row_col(&x, i, dnn, j) * rho;
            }
        }
        let nx = cross_matrix(&n);
        let d = dvrel_dv.as_mut_slice();
        for cc in 0..3 {
            for i in 0..3 {
                d[3 * (3 * k + cc) + i] = nx[(i, cc)] * rho;
            }
        }
    }
    for side in 0..2 {
        if let (Some((b, db)), Some((k, _))) = (&fr.lever_base[side], fr.spin[side]) {
            let s = if side == 0 { -1.0 } else { 1.0 };
            dvrel_dx += cross_matrix(&ctx.v[k]) * db * s;
            let mut cols = dvrel_dv.fixed_columns_mut::<3>(3 * k);
            cols -= cross_matrix(b) * s;
        }
    }
    let m = Mat3::identity() * n.dot(&fr.vrel) + n * fr.vrel.transpose();
    {
        let (out, dv, dnn) = (fr.dvt_dx.as_mut_slice(), dvrel_dx.as_slice(), dn.as_slice());
        for j in 0..wx {
            for i in 0..3 {
                out[3 * j + i] = row_col(p, i, dv, j) - row_col(&m, i, dnn, j);
            }
        }
    }
    fr.dvt_dv = p * dvrel_dv;
    fr.dvrel_dx = dvrel_dx;
    fr.dvrel_dv = dvrel_dv;
    if fn_signed > 0.0 {
        let dsf_dx = point_rows_sum(&ctx.dfdx, side1, wx);
        let dsf_dv = point_rows_sum(&ctx.dfdv, side1, 12);
        let (a, b) = (dn.as_slice(), dsf_dx.as_slice());
        for j in 0..wx {
            fr.dfn_dx[j] = -(col_dot(a, j, sf) + col_dot(b, j, &n));
        }
        let b = dsf_dv.as_slice();
        for j in 0..12 {
            fr.dfn_dv[j] = -col_dot(b, j, &n);
        }
    }
    fr.dn_dx = dn;
}

/// The Jacobian part of [`ContactFrame::add_force`]: `∂fₖ/∂x = f (∂wₖ/∂x)ᵀ + wₖ ∂f/∂x`,
/// `∂fₖ/∂v = wₖ ∂f/∂v` on each point, and the torque's derivatives on each rotating side.
#[allow(clippy::needless_range_loop)]
pub(super) fn add_force_jacobian(
    fr: &ContactFrame,
    ctx: &mut ContactCtx,
    f: &Vec3,
    df_dx: &Mat3x12,
    df_dv: &Mat3x12,
) {
    let (fx, fv) = (df_dx.as_slice(), df_dv.as_slice());
    // Columns past the frame's position derivatives and `∂f/∂x`'s add exact zeros to `∂f/∂x`.
    let wx = (0..12)
        .rev()
        .find(|&j| {
            fx[3 * j..3 * j + 3].iter().any(|&e| e != 0.0)
                || fr.dn_dx.as_slice()[3 * j..3 * j + 3]
                    .iter()
                    .any(|&e| e != 0.0)
                || ctx.grad[j] != 0.0
                || fr.dw_dx.iter().any(|dw| dw[j] != 0.0)
        })
        .map_or(0, |j| j + 1);
    for k in 0..ctx.n_points() {
        let (wk, dw) = (fr.w[k], &fr.dw_dx[k]);
        let (bx, bv) = (ctx.dfdx.as_mut_slice(), ctx.dfdv.as_mut_slice());
        for j in 0..12 {
            for i in 0..3 {
                let r = 12 * j + 3 * k + i;
                if j < wx {
                    bx[r] += f[i] * dw[j] + fx[3 * j + i] * wk;
                }
                bv[r] += fv[3 * j + i] * wk;
            }
        }
    }
    for &(k, rho) in fr.spin.iter().flatten() {
        let nf = -fr.n.cross(f);
        let (nx, fxm) = (cross_matrix(&fr.n), cross_matrix(f));
        let dn = fr.dn_dx.as_slice();
        let (bx, bv) = (ctx.dfdx.as_mut_slice(), ctx.dfdv.as_mut_slice());
        for j in 0..12 {
            let g = ctx.grad[j] * 0.5;
            for i in 0..3 {
                let r = 12 * j + 3 * k + i;
                if j < wx {
                    bx[r] +=
                        nf[i] * g + row_col(&fxm, i, dn, j) * rho - row_col(&nx, i, fx, j) * rho;
                }
                bv[r] += -row_col(&nx, i, fv, j) * rho;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::builtin::Builtin;
    use crate::contact::law_test_support::{
        evaluate_sphere_pair, random_state, sphere_chain, spheres_and_ground,
    };
    use crate::contact::normal::DampedHertz;
    use crate::contact::primitive::PrimKind;
    use crate::contact::tangential::CundallStrack;
    use crate::verify::Rng;

    /// Rotating spheres carry position derivatives over their centres only (3 coordinates per
    /// centre, none over the spin slots), so the frame's derivatives are computed over 6
    /// columns for a sphere pair and 3 for a sphere on a plane; every column past that width
    /// is zero in the frame and in the Jacobians the laws assembled (whose finite-difference
    /// checks are the laws' own tests).
    #[test]
    fn sphere_pairs_carry_position_derivatives_over_their_centres_only() {
        let m = spheres_and_ground();
        let laws = vec![
            Builtin::DampedHertz(DampedHertz {
                damping_time: 1e-3,
                ..Default::default()
            }),
            Builtin::CundallStrack(CundallStrack {
                mu_s: 0.5,
                mu_d: None,
                k_t: 1e3,
                mindlin: false,
                c_t: 0.05,
                cap_smoothing: 0.02,
            }),
        ];
        let mut rng = Rng::new(3);
        for (second, width) in [(PrimKind::Sphere, 6), (PrimKind::Plane, 3)] {
            let chain = sphere_chain(second, laws.clone());
            for _ in 0..10 {
                let (q, v) = random_state(&m, &mut rng, second, 1e-4, 1e-3);
                let ctx = evaluate_sphere_pair(&chain, &m, &q, &v, second);
                assert!(ctx.spins[0].is_some(), "the spheres rotate");
                let (side1, n_pts) = (ctx.points[0], ctx.n_points());
                assert_eq!(x_width(&ctx, side1, n_pts), width);
                let fr = ContactFrame::new(&ctx).expect("a normal");
                for j in width..12 {
                    assert!(fr.dn_dx.column(j).iter().all(|&e| e == 0.0));
                    assert!(fr.dvt_dx.column(j).iter().all(|&e| e == 0.0));
                    assert!(ctx.dfdx.column(j).iter().all(|&e| e == 0.0));
                }
                // The spin slots do enter the velocity derivatives.
                let k = ctx.spins[0].unwrap();
                assert!(fr.dvt_dv.column(3 * k).iter().any(|&e| e != 0.0));
            }
        }
    }
}
