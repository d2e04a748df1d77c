//! The cell energies of every cell ([`InternalEnergy`]): per cell, `E_A(A) + E_V(V)` with `A`
//! and `V` summed over its triangles ([`crate::elastic::cell`]).
//!
//! The sparse pattern receives each triangle's local Hessian `E′_A ∇²aₜ + E′_V ∇²vₜ` (one 9×9
//! block per triangle, in the pattern already through the membrane); the dense rank-one parts
//! `E″_A ∇A ∇Aᵀ` and `E″_V ∇V ∇Vᵀ` are handed to the linear solver as [`RankOne`] terms, which it
//! adds by the Sherman–Morrison–Woodbury formula: the system stays as sparse as the shell's.
//!
//! Triangles are evaluated in parallel and summed in triangle order: the bits do not depend on
//! the number of threads.

use crate::elastic::cell::{
    IntegralLaws, cone_volume, cone_volume_grad_hess, triangle_area, triangle_area_grad_hess,
};
use crate::model::body::energy::{
    EnergyInput, InternalEnergies, InternalEnergy, NO_SLOT, RankOne, SlotMap, scatter_block,
};
use crate::model::{DofMap, Shell};
use nalgebra::{SMatrix, SVector};
use rayon::prelude::*;

/// One cell: its shell, its laws and its triangles' DOFs and slots.
#[derive(Debug, Clone)]
struct CellEntry {
    shell: usize,
    laws: IntegralLaws,
    /// The nine DOFs of each triangle (corner by corner).
    dofs: Vec<[usize; 9]>,
    /// Row-major slots of each triangle's 9×9 block.
    slots: Vec<[u32; 81]>,
}

/// The cell energies of a model's cells.
#[derive(Debug, Clone, Default)]
pub struct CellStencils {
    cells: Vec<CellEntry>,
}

/// One triangle's area and cone volume with their gradients and Hessians.
type Local = (
    f64,
    f64,
    SVector<f64, 9>,
    SVector<f64, 9>,
    SMatrix<f64, 9, 9>,
    SMatrix<f64, 9, 9>,
);

impl CellStencils {
    /// The cells among `shells` (shells with a [`super::CellMembrane`]).
    pub fn new(shells: &[Shell]) -> Self {
        let cells = shells
            .iter()
            .enumerate()
            .filter_map(|(s, sh)| {
                let laws = sh.cell.as_ref()?.laws();
                let dofs = sh
                    .mesh
                    .triangles
                    .iter()
                    .map(|t| {
                        let d = t.map(|n| sh.node_dof(n as usize));
                        std::array::from_fn(|k| d[k / 3] + k % 3)
                    })
                    .collect();
                Some(CellEntry {
                    shell: s,
                    laws,
                    dofs,
                    slots: Vec::new(),
                })
            })
            .collect();
        Self { cells }
    }

    /// Whether there is no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

impl CellEntry {
    /// Every triangle's area and volume terms at `q`, the cone apex `p` the cell's centroid.
    fn locals(&self, sh: &Shell, q: &[f64]) -> Vec<Local> {
        let p = sh.centroid(q);
        sh.mesh
            .triangles
            .par_iter()
            .with_min_len(256)
            .map(|t| {
                let [a, b, c] = t.map(|n| sh.node(q, n as usize));
                let (ar, ga, ha) = triangle_area_grad_hess(&a, &b, &c);
                let (vo, gv, hv) = cone_volume_grad_hess(&p, &a, &b, &c);
                (ar, vo, ga, gv, ha, hv)
            })
            .collect()
    }

    /// Total area and volume of `locals`, in triangle order.
    fn totals(locals: &[Local]) -> (f64, f64) {
        locals
            .iter()
            .fold((0.0, 0.0), |(a, v), l| (a + l.0, v + l.1))
    }

    /// Energy at `q` without derivatives (J).
    fn energy(&self, sh: &Shell, q: &[f64]) -> f64 {
        let p = sh.centroid(q);
        let (mut a, mut v) = (0.0, 0.0);
        for t in &sh.mesh.triangles {
            let [x0, x1, x2] = t.map(|n| sh.node(q, n as usize));
            a += triangle_area(&x0, &x1, &x2);
            v += cone_volume(&p, &x0, &x1, &x2);
        }
        self.laws.energy(a, v)
    }
}

impl InternalEnergy for CellStencils {
    fn groups(&self) -> Box<dyn Iterator<Item = &[usize]> + '_> {
        Box::new(
            self.cells
                .iter()
                .flat_map(|c| c.dofs.iter().map(|d| &d[..])),
        )
    }

    fn bind(&mut self, dofs: &DofMap, slots: &dyn SlotMap) {
        for c in &mut self.cells {
            c.slots = c
                .dofs
                .iter()
                .map(|d| {
                    let mut s = [NO_SLOT; 81];
                    slots.block_slots(dofs, d, &mut s);
                    s
                })
                .collect();
        }
    }

    fn evaluate(
        &self,
        at: &EnergyInput,
        grad: &mut [f64],
        mut jac: Option<&mut [f64]>,
        hessian_scale: f64,
    ) -> f64 {
        let mut energy = 0.0;
        for c in &self.cells {
            let sh = &at.bodies.shells[c.shell];
            // Each triangle's terms once; the slopes need the totals before the local blocks
            // can be weighted.
            let locals = c.locals(sh, at.q);
            let (a, v) = CellEntry::totals(&locals);
            energy += c.laws.energy(a, v);
            let (sa, sv) = (c.laws.area.slope(a), c.laws.volume.slope(v));
            for (d, l) in c.dofs.iter().zip(&locals) {
                for k in 0..9 {
                    grad[d[k]] += sa * l.2[k] + sv * l.3[k];
                }
            }
            if let Some(j) = jac.as_deref_mut() {
                let (wa, wv) = (sa * hessian_scale, sv * hessian_scale);
                for (s, l) in c.slots.iter().zip(&locals) {
                    let h = wa * l.4 + wv * l.5;
                    // Row-major block: h is symmetric, so its column-major storage serves.
                    scatter_block(j, s, h.as_slice());
                }
            }
        }
        energy
    }

    fn rank_one_terms(&self, at: &EnergyInput, hessian_scale: f64, out: &mut Vec<RankOne>) {
        for c in &self.cells {
            let sh = &at.bodies.shells[c.shell];
            let locals = c.locals(sh, at.q);
            let n = sh.n_nodes();
            let dofs: Vec<usize> = (0..3 * n).map(|k| sh.node_dof(0) + k).collect();
            let gather = |pick: fn(&Local) -> &SVector<f64, 9>| {
                let mut u = vec![0.0; 3 * n];
                for (d, l) in c.dofs.iter().zip(&locals) {
                    for k in 0..9 {
                        u[d[k] - dofs[0]] += pick(l)[k];
                    }
                }
                u
            };
            for (law, pick) in [
                (
                    c.laws.area,
                    (|l: &Local| &l.2) as fn(&Local) -> &SVector<f64, 9>,
                ),
                (c.laws.volume, |l: &Local| &l.3),
            ] {
                let weight = law.curvature() * hessian_scale;
                if weight != 0.0 {
                    out.push(RankOne {
                        dofs: dofs.clone(),
                        u: gather(pick),
                        weight,
                    });
                }
            }
        }
    }

    /// Cell energies count as membrane energy (`shell_stretch`), added after the shells'.
    fn energies(&self, at: &EnergyInput, out: &mut InternalEnergies) {
        out.shell_stretch += self
            .cells
            .iter()
            .map(|c| c.energy(&at.bodies.shells[c.shell], at.q))
            .sum::<f64>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::{MeshTopology, icosphere};
    use crate::model::{Bodies, CellMembrane, Material, ShellBending};
    use crate::verify::{jacobian_columns, max_error_relative_to};

    /// Slots of a dense row-major `n × n` matrix.
    struct Dense(usize);
    impl SlotMap for Dense {
        fn block_slots(&self, dofs: &DofMap, group: &[usize], out: &mut [u32]) {
            let m = group.len();
            for a in 0..m {
                for b in 0..m {
                    out[a * m + b] = match (dofs.free_index(group[a]), dofs.free_index(group[b])) {
                        (Some(r), Some(c)) => self.slot_free(r, c),
                        _ => NO_SLOT,
                    };
                }
            }
        }
        fn slot_free(&self, r: usize, c: usize) -> u32 {
            (r * self.0 + c) as u32
        }
    }

    /// A cell of every term, on a distorted icosphere far from the origin.
    fn cell_bodies() -> (Bodies, Vec<f64>) {
        let mesh = icosphere(2e-6, 1).unwrap();
        let topology = MeshTopology::new(&mesh).unwrap();
        let material = Material::from_poisson(1e3, 0.3, 1000.0);
        let mut sh = Shell::new("c", mesh, topology, material, 1e-7, ShellBending::Hinge);
        let (a, v) = {
            let q: Vec<f64> = sh.mesh.nodes.iter().flat_map(|x| [x.x, x.y, x.z]).collect();
            sh.area_and_volume(&q)
        };
        sh.cell = Some(CellMembrane {
            tension: 1e-3,
            area_modulus: 0.2,
            rest_area: 0.9 * a,
            bulk_modulus: 5e4,
            rest_volume: 1.1 * v,
            pressure: 30.0,
        });
        let q: Vec<f64> = sh
            .mesh
            .nodes
            .iter()
            .enumerate()
            .flat_map(|(i, x)| {
                let wobble = 1.0 + 0.1 * (i as f64 * 1.7).sin();
                let y = x * wobble + crate::math::Vec3::new(3.0, -1.0, 0.5);
                [y.x, y.y, y.z]
            })
            .collect();
        let bodies = Bodies {
            shells: vec![sh],
            ..Bodies::default()
        };
        (bodies, q)
    }

    fn gradient_of(st: &CellStencils, bodies: &Bodies, q: &[f64]) -> (f64, Vec<f64>) {
        let at = EnergyInput {
            bodies,
            frames: &[],
            q,
        };
        let mut g = vec![0.0; q.len()];
        let e = st.evaluate(&at, &mut g, None, 1.0);
        (e, g)
    }

    /// Energy, gradient and Hessian (sparse part plus rank-one terms) against central
    /// differences, far from the origin (the centroid as cone apex keeps the cancellation
    /// small there).
    #[test]
    fn cell_gradient_and_hessian_match_finite_differences() {
        let (bodies, q) = cell_bodies();
        let n = q.len();
        let dofs = DofMap::new(n);
        let mut st = CellStencils::new(&bodies.shells);
        st.bind(&dofs, &Dense(n));
        let at = EnergyInput {
            bodies: &bodies,
            frames: &[],
            q: &q,
        };
        let mut g = vec![0.0; n];
        let mut h = vec![0.0; n * n];
        let e = st.evaluate(&at, &mut g, Some(&mut h), 1.0);
        let mut terms = Vec::new();
        st.rank_one_terms(&at, 1.0, &mut terms);
        assert_eq!(terms.len(), 2, "area and volume penalties");
        for t in &terms {
            for (a, &i) in t.dofs.iter().enumerate() {
                for (b, &j) in t.dofs.iter().enumerate() {
                    h[i * n + j] += t.weight * t.u[a] * t.u[b];
                }
            }
        }
        let mut energies = InternalEnergies::default();
        st.energies(&at, &mut energies);
        assert!((energies.shell_stretch - e).abs() <= 1e-12 * e.abs());
        let step = 1e-11;
        let all: Vec<usize> = (0..n).collect();
        let fd_g = jacobian_columns(|y| vec![gradient_of(&st, &bodies, y).0], &q, &all, step);
        let err = max_error_relative_to(fd_g.as_slice(), &g);
        assert!(err < 1e-6, "gradient error {err}");
        let fd_h = jacobian_columns(|y| gradient_of(&st, &bodies, y).1, &q, &all, step);
        // fd_h is column-major with column j = ∂g/∂q_j: h is symmetric, so compare directly.
        let err = max_error_relative_to(fd_h.as_slice(), &h);
        assert!(err < 1e-5, "Hessian error {err}");
    }
}
