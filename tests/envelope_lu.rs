//! The envelope LU against the pivoting sparse LU: same solutions on rod-like systems in any
//! numbering, zero blocks kept out of the envelope, analysis reused while the structure
//! holds, and the fallbacks (small pivot, wide pattern) taken by the linear solver.

use catena::model::{DofMap, Model};
use catena::system::{
    EnvelopeFailure, EnvelopeLu, LinearSolver, LinearSolverKind, MAX_MEAN_WIDTH, SparseLu,
    SparsityPattern,
};

/// A deterministic pseudo-random stream in [−1, 1).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// A CSC pattern with the given entries (the diagonal always included), rows sorted.
fn pattern(n: usize, entries: &[(usize, usize)], fingerprint: u64) -> SparsityPattern {
    let mut cols = vec![vec![]; n];
    for (c, col) in cols.iter_mut().enumerate() {
        col.push(c as u32);
    }
    for &(r, c) in entries {
        cols[c].push(r as u32);
        cols[r].push(c as u32);
    }
    let mut ptr = vec![0u32];
    let mut rows = vec![];
    for mut col in cols {
        col.sort_unstable();
        col.dedup();
        rows.extend(col);
        ptr.push(rows.len() as u32);
    }
    SparsityPattern::from_csc(n, ptr, rows, fingerprint)
}

/// Entries of `nodes` rod nodes of 4 DOFs coupled over two neighbours (the DER bending
/// stencil), numbered through `label`, plus 12×12 couplings between the listed node pairs.
fn rod_entries(
    nodes: usize,
    label: &dyn Fn(usize) -> usize,
    contacts: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut e = vec![];
    let block = |a: usize, b: usize, e: &mut Vec<(usize, usize)>| {
        for i in 0..4 {
            for j in 0..4 {
                e.push((label(4 * a + i), label(4 * b + j)));
            }
        }
    };
    for a in 0..nodes {
        for b in a..(a + 3).min(nodes) {
            block(a, b, &mut e);
        }
    }
    for &(a, b) in contacts {
        for da in 0..2 {
            for db in 0..2 {
                block(a + da, b + db, &mut e);
            }
        }
    }
    e
}

/// Nonsymmetric values on `p`, made diagonally dominant like an implicit-dynamics Jacobian;
/// entries whose (row, column) satisfies `zero` are exactly 0.
fn values(p: &SparsityPattern, rng: &mut Lcg, zero: &dyn Fn(usize, usize) -> bool) -> Vec<f64> {
    let sym = p.symbolic();
    let mut v = vec![0.0; p.nnz()];
    for c in 0..p.n() {
        let range = sym.col_ptr()[c] as usize..sym.col_ptr()[c + 1] as usize;
        for (x, &r) in v[range.clone()].iter_mut().zip(&sym.row_idx()[range]) {
            let r = r as usize;
            *x = if r == c {
                60.0 + rng.next()
            } else if zero(r, c) {
                0.0
            } else {
                rng.next()
            };
        }
    }
    v
}

fn max_diff(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .fold(0.0_f64, |m, (x, y)| m.max((x - y).abs()))
}

fn solve_both(p: &SparsityPattern, v: &[f64], b: &[f64], env: &mut EnvelopeLu) -> f64 {
    let mut x_env = b.to_vec();
    env.solve(p, v, &mut x_env).expect("envelope solve");
    let mut x_lu = b.to_vec();
    SparseLu::default().solve(p, v, &mut x_lu, 0.0).unwrap();
    let scale = x_lu.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    max_diff(&x_env, &x_lu) / scale
}

#[test]
fn matches_the_pivoting_lu_on_rod_systems_in_any_numbering() {
    let nodes = 60;
    let n = 4 * nodes;
    let mut rng = Lcg(7);
    // Numbered along the rod, and shuffled (a fixed multiplicative permutation of 0..n).
    let shuffle = |k: usize| (k * 97) % n;
    for (label, name) in [
        (&(|k: usize| k) as &dyn Fn(usize) -> usize, "natural"),
        (&shuffle, "shuffled"),
    ] {
        let p = pattern(n, &rod_entries(nodes, label, &[(3, 40), (10, 55)]), 1);
        let v = values(&p, &mut rng, &|_, _| false);
        let b: Vec<f64> = (0..n).map(|_| rng.next()).collect();
        let mut env = EnvelopeLu::default();
        let err = solve_both(&p, &v, &b, &mut env);
        assert!(err < 1e-13, "{name}: relative difference {err:e}");
        // The reordering recovers a narrow envelope in both numberings.
        assert!(
            env.envelope_entries() < 40 * n,
            "{name}: envelope {}",
            env.envelope_entries()
        );
    }
}

#[test]
fn zero_contact_blocks_stay_out_of_the_envelope_and_analyses_are_reused() {
    let nodes = 50;
    let n = 4 * nodes;
    let far = [(2, 45), (5, 30), (12, 40)];
    let p = pattern(n, &rod_entries(nodes, &|k| k, &far), 3);
    let mut rng = Lcg(11);
    // Candidates beyond reach: their coupling blocks are exactly zero.
    let coupling = |r: usize, c: usize| r.abs_diff(c) > 12;
    let v0 = values(&p, &mut rng, &coupling);
    let b: Vec<f64> = (0..n).map(|_| rng.next()).collect();
    let mut env = EnvelopeLu::default();
    assert!(solve_both(&p, &v0, &b, &mut env) < 1e-13);
    let banded = env.envelope_entries();
    assert!(banded <= 12 * n, "envelope of the band alone: {banded}");
    assert_eq!(env.analyses, 1);
    // New values on the same structure: no new analysis.
    let v1 = values(&p, &mut rng, &coupling);
    assert!(solve_both(&p, &v1, &b, &mut env) < 1e-13);
    assert_eq!(env.analyses, 1);
    // A contact becomes active: the structure changes, the envelope widens, still exact.
    let v2 = values(&p, &mut rng, &|_, _| false);
    assert!(solve_both(&p, &v2, &b, &mut env) < 1e-13);
    assert_eq!(env.analyses, 2);
    assert!(env.envelope_entries() > banded);
}

#[test]
fn a_zero_pivot_is_refused_and_the_solver_falls_back_to_pivoting() {
    // [[0, 1], [1, 0]] x = (2, 3): no LU without row exchanges.
    let p = pattern(2, &[(0, 1)], 5);
    let v = vec![0.0, 1.0, 1.0, 0.0];
    let mut rhs = vec![2.0, 3.0];
    let mut env = EnvelopeLu::default();
    assert_eq!(
        env.solve(&p, &v, &mut rhs),
        Err(EnvelopeFailure::SmallPivot(0))
    );
    assert_eq!(rhs, vec![2.0, 3.0], "rhs untouched on failure");
    let mut solver = LinearSolver::new(&Model::default(), LinearSolverKind::Auto);
    solver
        .solve(&DofMap::new(2), &p, &v, &[], &mut rhs, 0.0)
        .unwrap();
    assert!(max_diff(&rhs, &[3.0, 2.0]) < 1e-15);
    assert_eq!(solver.envelope_fallbacks, 1);
}

#[test]
fn a_dense_system_is_left_to_the_sparse_lu() {
    let n = 2 * MAX_MEAN_WIDTH + 40;
    let all: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let p = pattern(n, &all, 9);
    let mut rng = Lcg(3);
    let v = values(&p, &mut rng, &|_, _| false);
    let b: Vec<f64> = (0..n).map(|_| rng.next()).collect();
    let mut rhs = b.clone();
    let mut env = EnvelopeLu::default();
    assert_eq!(env.solve(&p, &v, &mut rhs), Err(EnvelopeFailure::TooWide));
    let mut solver = LinearSolver::new(&Model::default(), LinearSolverKind::Auto);
    solver
        .solve(&DofMap::new(n), &p, &v, &[], &mut rhs, 0.0)
        .unwrap();
    let mut x_lu = b;
    SparseLu::default().solve(&p, &v, &mut x_lu, 0.0).unwrap();
    assert_eq!(
        rhs, x_lu,
        "the wide system is solved by the sparse LU itself"
    );
    assert_eq!(solver.envelope_fallbacks, 0);
}
