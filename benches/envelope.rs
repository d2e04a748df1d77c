//! The envelope LU on rod systems (issue 37): one factorisation and solve of two 51-node rods
//! (4 DOFs per node, the DER bending stencil coupling each node with two neighbours on each
//! side), alone and crossing (three 12×12 segment–segment contact blocks between the rods'
//! middles, as `rods_crossing_51` has in contact), with diagonally dominant unsymmetric
//! values like an implicit-dynamics Jacobian. Prints the envelope's size and multiply–adds.
//!
//! Run: `cargo bench --bench envelope`

use catena::model::DofMap;
use catena::system::{EnvelopeLu, SparsityPattern};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// The pattern of two rods of `nodes` nodes each (rod 2 numbered after rod 1), every node
/// coupled with its next two, and of segment `a` of rod 1 against segment `b` of rod 2 for each
/// listed contact.
fn pattern(nodes: usize, contacts: &[(usize, usize)]) -> SparsityPattern {
    let dofs_of =
        |ns: &[usize]| -> Vec<usize> { ns.iter().flat_map(|&k| 4 * k..4 * k + 4).collect() };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for rod in 0..2 {
        for a in 0..nodes {
            let stencil: Vec<usize> = (a..(a + 3).min(nodes)).map(|k| rod * nodes + k).collect();
            groups.push(dofs_of(&stencil));
        }
    }
    for &(a, b) in contacts {
        groups.push(dofs_of(&[a, a + 1, nodes + b, nodes + b + 1]));
    }
    let dofs = DofMap::new(8 * nodes);
    SparsityPattern::build(&dofs, groups.iter().map(|g| &g[..]), 1)
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
        let p = pattern(nodes, contacts);
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
