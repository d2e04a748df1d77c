//! The Sherman–Morrison–Woodbury solve of `(J + Σ wⱼ uⱼ uⱼᵀ) x = r` (a cell's volume and area
//! conservation) against a dense LU of the same matrix, for every linear solver kind, with
//! constrained DOFs dropped from the terms.

use catena::model::{DofMap, Model, RankOne};
use catena::system::{LinearSolver, LinearSolverKind, SparsityPattern};
use nalgebra::{DMatrix, DVector};

/// A banded `n × n` pattern of half-width 3 and its values (diagonally dominant).
fn banded(n: usize) -> (SparsityPattern, Vec<f64>, DMatrix<f64>) {
    let mut ptr = vec![0u32];
    let mut rows = vec![];
    let mut values = vec![];
    let mut dense = DMatrix::zeros(n, n);
    for c in 0..n {
        for r in c.saturating_sub(3)..(c + 4).min(n) {
            rows.push(r as u32);
            let v = if r == c {
                20.0 + c as f64 * 0.1
            } else {
                ((r * 7 + c * 3) % 11) as f64 / 11.0 - 0.5
            };
            values.push(v);
            dense[(r, c)] = v;
        }
        ptr.push(rows.len() as u32);
    }
    (SparsityPattern::from_csc(n, ptr, rows, 77), values, dense)
}

#[test]
fn woodbury_matches_the_dense_solve_for_every_solver() {
    let n = 30;
    let (p, v, dense) = banded(n);
    // Two terms over overlapping, dense sets of DOFs, one DOF outside the free set.
    let terms = vec![
        RankOne {
            dofs: (0..n).collect(),
            u: (0..n).map(|k| (k as f64 * 0.37).sin()).collect(),
            weight: 50.0,
        },
        RankOne {
            dofs: (10..n).collect(),
            u: (10..n).map(|k| 1.0 + (k as f64 * 0.11).cos()).collect(),
            weight: 3.0,
        },
    ];
    let mut full = dense.clone();
    for t in &terms {
        for (a, &i) in t.dofs.iter().enumerate() {
            for (b, &j) in t.dofs.iter().enumerate() {
                full[(i, j)] += t.weight * t.u[a] * t.u[b];
            }
        }
    }
    let r: Vec<f64> = (0..n).map(|k| (k as f64 * 0.7).cos()).collect();
    let exact = full
        .clone()
        .lu()
        .solve(&DVector::from_vec(r.clone()))
        .unwrap();
    for kind in [
        LinearSolverKind::Auto,
        LinearSolverKind::Direct,
        LinearSolverKind::Envelope,
        LinearSolverKind::Iterative,
    ] {
        let mut solver = LinearSolver::new(&Model::default(), kind);
        let mut x = r.clone();
        solver
            .solve_with_rank_one(&DofMap::new(n), &p, &v, &[], &terms, &mut x, 0.0)
            .unwrap();
        let err = x
            .iter()
            .zip(exact.iter())
            .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
        assert!(err < 1e-12, "{kind:?}: error {err}");
        // Without terms, the plain solve.
        let mut plain = r.clone();
        solver
            .solve_with_rank_one(&DofMap::new(n), &p, &v, &[], &[], &mut plain, 0.0)
            .unwrap();
        let plain_exact = dense
            .clone()
            .lu()
            .solve(&DVector::from_vec(r.clone()))
            .unwrap();
        let err = plain
            .iter()
            .zip(plain_exact.iter())
            .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
        assert!(err < 1e-12, "{kind:?} without terms: error {err}");
    }
}

/// A constrained DOF's entries of a term are dropped: the free system is the restriction.
#[test]
fn constrained_dofs_leave_the_terms() {
    let n = 12;
    let (p, v, dense) = banded(n - 1);
    let mut dofs = DofMap::new(n);
    dofs.constrain(4);
    let u: Vec<f64> = (0..n).map(|k| 1.0 + k as f64).collect();
    let term = RankOne {
        dofs: (0..n).collect(),
        u: u.clone(),
        weight: 2.0,
    };
    let free_u: Vec<f64> = (0..n).filter(|&k| k != 4).map(|k| u[k]).collect();
    let mut full = dense;
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            full[(i, j)] += 2.0 * free_u[i] * free_u[j];
        }
    }
    let r: Vec<f64> = (0..n - 1).map(|k| k as f64 - 3.0).collect();
    let exact = full.lu().solve(&DVector::from_vec(r.clone())).unwrap();
    let mut x = r;
    LinearSolver::new(&Model::default(), LinearSolverKind::Direct)
        .solve_with_rank_one(&dofs, &p, &v, &[], &[term], &mut x, 0.0)
        .unwrap();
    let err = x
        .iter()
        .zip(exact.iter())
        .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
    assert!(err < 1e-12, "error {err}");
}
