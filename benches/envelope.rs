//! The envelope LU on rod systems (issue 37): one factorisation and solve of two 51-node rods
//! (4 DOFs per node, the DER bending stencil coupling each node with two neighbours on each
//! side), alone and crossing (three 12×12 segment–segment contact blocks between the rods'
//! middles, as `rods_crossing_51` has in contact), with diagonally dominant unsymmetric
//! values like an implicit-dynamics Jacobian. Prints the envelope's size and multiply–adds.
//!
//! Run: `cargo bench --bench envelope`

use catena::system::{EnvelopeLu, SparsityPattern};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Entries of two rods of `nodes` nodes each (rod 2 numbered after rod 1) and 12×12 blocks
/// between segment `a` of rod 1 and segment `b` of rod 2 for each listed pair.
fn entries(nodes: usize, contacts: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut e = vec![];
    let block = |a: usize, b: usize, e: &mut Vec<(usize, usize)>| {
        for i in 0..4 {
            for j in 0..4 {
                e.push((4 * a + i, 4 * b + j));
            }
        }
    };
    for rod in 0..2 {
        let base = rod * nodes;
        for a in 0..nodes {
            for b in a..(a + 3).min(nodes) {
                block(base + a, base + b, &mut e);
            }
        }
    }
    for &(a, b) in contacts {
        for da in 0..2 {
            for db in 0..2 {
                block(a + da, nodes + b + db, &mut e);
            }
        }
    }
    e
}

/// The structurally symmetric CSC pattern of `entries` with its diagonal.
fn pattern(n: usize, entries: &[(usize, usize)]) -> SparsityPattern {
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
    SparsityPattern::from_csc(n, ptr, rows, 1)
}

/// Deterministic values in [−1, 1) off the diagonal, 60 ± 1 on it.
fn values(p: &SparsityPattern) -> Vec<f64> {
    let mut state = 7u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    };
    let sym = p.symbolic();
    let mut v = vec![0.0; p.nnz()];
    for c in 0..p.n() {
        let range = sym.col_ptr()[c] as usize..sym.col_ptr()[c + 1] as usize;
        for (x, &r) in v[range.clone()].iter_mut().zip(&sym.row_idx()[range]) {
            *x = if r as usize == c {
                60.0 + next()
            } else {
                next()
            };
        }
    }
    v
}

fn envelope(c: &mut Criterion) {
    let nodes = 51;
    let n = 8 * nodes;
    for (name, contacts) in [
        ("rods_51_apart", &[][..]),
        ("rods_51_crossing", &[(24, 24), (25, 24), (24, 25)][..]),
    ] {
        let p = pattern(n, &entries(nodes, contacts));
        let v = values(&p);
        let b: Vec<f64> = (0..n).map(|i| (i as f64 * 0.37).sin()).collect();
        let mut lu = EnvelopeLu::default();
        let mut x = b.clone();
        lu.solve(&p, &v, &mut x).expect("envelope solve");
        eprintln!(
            "{name}: n = {n}, envelope {} entries per triangle, {} multiply–adds per factorisation",
            lu.envelope_entries(),
            lu.factor_work()
        );
        c.bench_function(&format!("envelope_lu/{name}"), |bench| {
            bench.iter(|| {
                x.copy_from_slice(&b);
                lu.solve(&p, black_box(&v), &mut x).expect("envelope solve");
                black_box(&x);
            })
        });
    }
}

criterion_group!(benches, envelope);
criterion_main!(benches);
