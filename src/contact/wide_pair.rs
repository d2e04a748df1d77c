//! [`WidePair`]: a pair whose points do not fit the four 3-slots of a [`ContactCtx`] — two
//! triangles (`RoundedTriangle_RoundedTriangle`, mpacts, seed 003): six nodes, 18 local
//! coordinates.
//!
//! Layout: slots 0–2 hold side 1's triangle and slot 3 side 2's first node, as in every pair;
//! side 2's other two nodes are the *overflow* points, local coordinates `12..18`, kept here
//! with their velocities and first DOFs. The laws' force and Jacobians over all 18
//! coordinates are added here too, and their part over the first twelve also to the record's
//! `force`, `dfdx` and `dfdv`, so that everything reading the twelve (energy roles, the
//! assembly's pair block) sees it. What reaches beyond — the overflow rows, and the twelve
//! rows' derivatives over the overflow coordinates — reaches the global system as the pair's
//! extra-coordinate term ([`RingTerm`](crate::contact::RingTerm) with its `cross` block; see
//! [`WidePair::extra_term`]).

use super::core::{Mat18, NO_DOF, Vec18};
use super::ctx::ContactCtx;
use super::normal::RingTerm;
use crate::math::Vec3;
use crate::time::Coefficients;

/// Most overflow points: a triangle's second and third nodes after another triangle's three.
pub const MAX_OVERFLOW: usize = 2;

/// The overflow points of a pair and what the laws added over its 18 coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct WidePair {
    /// Number of overflow points.
    pub n: usize,
    /// Their positions (m).
    pub x: [Vec3; MAX_OVERFLOW],
    /// Their velocities (m/s).
    pub v: [Vec3; MAX_OVERFLOW],
    /// Their first global DOFs, or [`NO_DOF`] when constrained (static or prescribed: no force).
    pub dof: [u32; MAX_OVERFLOW],
    /// Generalised force over the 18 local coordinates (N).
    pub force: Vec18,
    /// `∂f/∂x` over the 18 coordinates (N/m).
    pub dfdx: Mat18,
    /// `∂f/∂v` over the 18 coordinates (N·s/m).
    pub dfdv: Mat18,
    /// The normal laws' Jacobians at this state, once computed (both distributors read them).
    pub normal_jacobians: Option<Box<(Mat18, Mat18)>>,
}

impl Default for WidePair {
    fn default() -> Self {
        Self {
            n: 0,
            x: [Vec3::zeros(); MAX_OVERFLOW],
            v: [Vec3::zeros(); MAX_OVERFLOW],
            dof: [NO_DOF; MAX_OVERFLOW],
            force: Vec18::zeros(),
            dfdx: Mat18::zeros(),
            dfdv: Mat18::zeros(),
            normal_jacobians: None,
        }
    }
}

impl WidePair {
    /// Appends an overflow point; `false` when there is no room.
    pub fn push(&mut self, x: Vec3, v: Vec3, dof: u32) -> bool {
        if self.n == MAX_OVERFLOW {
            return false;
        }
        (self.x[self.n], self.v[self.n], self.dof[self.n]) = (x, v, dof);
        self.n += 1;
        true
    }

    /// The six nodes' positions and velocities of a two-triangle pair in `ctx` (side 1's
    /// triangle, then side 2's); `None` for any other pair.
    pub fn six(ctx: &ContactCtx) -> Option<([Vec3; 6], [Vec3; 6])> {
        let w = ctx.wide.as_deref()?;
        if ctx.points != [3, 1] || w.n != 2 {
            return None;
        }
        let x = [ctx.x[0], ctx.x[1], ctx.x[2], ctx.x[3], w.x[0], w.x[1]];
        let v = [ctx.v[0], ctx.v[1], ctx.v[2], ctx.v[3], w.v[0], w.v[1]];
        Some((x, v))
    }

    /// Adds the local rows `rows` of `force` and, when given, of the Jacobians `(∂f/∂x, ∂f/∂v)`
    /// to the pair: all 18 columns here, the part within the first twelve rows and columns
    /// also to `ctx.force`, `ctx.dfdx`, `ctx.dfdv`. Nothing when `ctx` is not a wide pair.
    pub fn add_rows(
        ctx: &mut ContactCtx,
        rows: std::ops::Range<usize>,
        force: &Vec18,
        jacobians: Option<(&Mat18, &Mat18)>,
    ) {
        let Some(mut w) = ctx.wide.take() else {
            return;
        };
        for r in rows {
            w.force[r] += force[r];
            if r < 12 {
                ctx.force[r] += force[r];
            }
            let Some((dx, dv)) = jacobians else {
                continue;
            };
            for c in 0..18 {
                w.dfdx[(r, c)] += dx[(r, c)];
                w.dfdv[(r, c)] += dv[(r, c)];
                if r < 12 && c < 12 {
                    ctx.dfdx[(r, c)] += dx[(r, c)];
                    ctx.dfdv[(r, c)] += dv[(r, c)];
                }
            }
        }
        ctx.wide = Some(w);
    }

    /// The force on the overflow coordinates 12..18 of `ctx`'s wide pair, if it is one (N).
    pub fn overflow_force(ctx: &ContactCtx) -> Option<[f64; 6]> {
        let w = ctx.wide.as_deref()?;
        Some(std::array::from_fn(|k| w.force[12 + k]))
    }

    /// `values` over the overflow coordinates 12..18 in the order of [`Self::extra_term`]'s
    /// `coords` (constrained points left out; zero when side 2's rows are not assembled).
    pub fn in_extra_order(&self, ctx: &ContactCtx, values: &[f64; 6]) -> [f64; 6] {
        let mut out = [0.0; 6];
        if !ctx.assemble_forces[1] {
            return out;
        }
        let free = (0..self.n).filter(|&j| self.dof[j] != NO_DOF);
        for (slot, j) in free.enumerate() {
            out[3 * slot..3 * slot + 3].copy_from_slice(&values[3 * j..3 * j + 3]);
        }
        out
    }

    /// The pair's term beyond its twelve coordinates, as the assembly adds it: the free
    /// overflow coordinates (three per point whose DOF is not [`NO_DOF`]), their force (when
    /// side 2 is assembled), and with a Jacobian the system block in the chain's matrix mode
    /// (see [`ContactCtx::system_value`]) of their rows over the twelve and their own columns
    /// (`matrix`) and of the twelve rows over their columns (`cross`). `None` when the pair
    /// has no overflow point that receives anything.
    pub fn extra_term(ctx: &ContactCtx, c: &Coefficients) -> Option<RingTerm> {
        let w = ctx.wide.as_deref()?;
        let local: Vec<usize> = (0..w.n)
            .filter(|&j| w.dof[j] != NO_DOF)
            .flat_map(|j| (0..3).map(move |k| 12 + 3 * j + k))
            .collect();
        if local.is_empty() {
            return None;
        }
        let coords = (0..w.n)
            .filter(|&j| w.dof[j] != NO_DOF)
            .flat_map(|j| (0..3).map(move |k| w.dof[j] + k))
            .collect();
        let assembled = ctx.assemble_forces[1];
        let force = local
            .iter()
            .map(|&r| if assembled { w.force[r] } else { 0.0 })
            .collect();
        let (mut matrix, mut cross) = (Vec::new(), Vec::new());
        if ctx.want_jacobian && ctx.assemble_matrix {
            let value =
                |r: usize, col: usize| ctx.system_value(c, w.dfdx[(r, col)], w.dfdv[(r, col)]);
            for &r in &local {
                let cols = (0..12).chain(local.iter().copied());
                matrix.extend(cols.map(|col| if assembled { value(r, col) } else { 0.0 }));
            }
            for r in 0..12 {
                cross.extend(local.iter().map(|&col| value(r, col)));
            }
        }
        Some(RingTerm {
            coords,
            force,
            matrix,
            cross,
        })
    }
}

/// The free overflow coordinates of the pair `(first, second)` in `model` (what
/// [`WidePair::extra_term`] lists at evaluation, for the sparsity pattern): side 2's points
/// beyond the four slots, three coordinates per point whose first DOF is free.
pub fn overflow_coordinates(
    model: &crate::model::Model,
    first: super::PrimId,
    second: super::PrimId,
) -> Vec<u32> {
    let n1 = first.point_dofs(model).n;
    let d2 = second.point_dofs(model);
    let room = 4usize.saturating_sub(n1);
    d2.as_slice()
        .iter()
        .skip(room)
        .filter(|&&d| !model.dofs.is_constrained(d))
        .flat_map(|&d| (0..3).map(move |k| (d + k) as u32))
        .collect()
}
