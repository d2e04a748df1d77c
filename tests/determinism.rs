//! Results do not depend on the number of worker threads: the same scene run in a rayon pool
//! of 1 and of 2 threads gives the same state, bit for bit (`catena --threads N` promises
//! "Results are identical for any count"), and so do two runs with every core of the machine.
//! (After a kill and a resume, too: `tests/resume.rs`.)

use catena::scene::{build_scene, load_scene};
use std::path::Path;

/// Runs `steps` steps of a scene inside a pool of `threads` threads; returns the bits of `q`
/// and `v`, and the Newton iterations and active contacts of every step.
fn run(path: &str, steps: u64, threads: usize) -> (Vec<u64>, Vec<u64>, Vec<(u32, u64)>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    pool.install(|| {
        let p = Path::new(path);
        let (spec, source) = load_scene(p).expect("load");
        let built = build_scene(&spec, &source, p).expect("build");
        let mut sim = built.into_simulator();
        let mut iterations = Vec::new();
        for k in 1..=steps {
            let rep = sim
                .step()
                .unwrap_or_else(|e| panic!("{path}, {threads} thread(s): step {k}: {e}"));
            iterations.push((rep.newton.iterations, rep.contacts.active));
        }
        assert!(
            sim.model.q.iter().all(|x| x.is_finite()),
            "{path}: non-finite state"
        );
        (
            sim.model.q.iter().map(|x| x.to_bits()).collect(),
            sim.model.v.iter().map(|x| x.to_bits()).collect(),
            iterations,
        )
    })
}

/// Checks a scene; returns the number of steps with an active contact.
fn check(path: &str, steps: u64) -> usize {
    let (q1, v1, it1) = run(path, steps, 1);
    let (q2, v2, it2) = run(path, steps, 2);
    assert_eq!(
        it1, it2,
        "{path}: Newton iteration or contact counts differ"
    );
    assert_eq!(q1.len(), q2.len());
    let differing: Vec<usize> = (0..q1.len()).filter(|&i| q1[i] != q2[i]).collect();
    assert!(
        differing.is_empty(),
        "{path}: after {steps} steps q differs between 1 and 2 threads at {} DOFs, first {:?}: {} vs {}",
        differing.len(),
        differing.first(),
        f64::from_bits(q1[differing[0]]),
        f64::from_bits(q2[differing[0]])
    );
    assert!(v1 == v2, "{path}: v differs between 1 and 2 threads");
    let all = std::thread::available_parallelism().map_or(2, |n| n.get());
    let first = run(path, steps, all);
    let second = run(path, steps, all);
    assert!(first == second, "{path}: two runs on {all} threads differ");
    assert!(first.0 == q1, "{path}: {all} threads differ from 1 thread");
    let with_contact = it1.iter().filter(|(_, c)| *c > 0).count();
    eprintln!(
        "{path}: {steps} steps, {} DOFs identical for 1 and 2 threads \
         ({} Newton iterations, {with_contact} steps with contact)",
        q1.len(),
        it1.iter().map(|(n, _)| n).sum::<u32>()
    );
    with_contact
}

#[test]
fn helix_relax_is_bitwise_reproducible_across_thread_counts() {
    check("examples/scenes/helix_relax.ron", 30);
}

#[test]
fn pneunet_is_bitwise_reproducible_across_thread_counts() {
    check("examples/scenes/pneunet.ron", 30);
}

/// Contact detection and assembly run in parallel too; the crossing rods touch after ~50 steps.
#[test]
fn rods_crossing_is_bitwise_reproducible_across_thread_counts() {
    let with_contact = check("examples/scenes/rods_crossing.ron", 80);
    assert!(with_contact > 0, "the rods should touch within 80 steps");
}
