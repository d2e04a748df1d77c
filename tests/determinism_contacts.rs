//! Contacts are evaluated in parallel and assembled in candidate order: a run gives the same
//! bits on 1 and 2 threads.

use catena::scene::{build_scene, load_scene};
use std::path::Path;

fn run(scene: &str, steps: usize, threads: usize) -> Vec<u64> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let p = Path::new(scene);
        let (spec, src) = load_scene(p).unwrap();
        let mut sim = build_scene(&spec, &src, p).unwrap().into_simulator();
        let mut active = 0;
        for _ in 0..steps {
            active += sim.step().unwrap().contacts.active;
        }
        assert!(active > 0, "{scene}: no contact in {steps} steps");
        sim.model.q.iter().map(|x| x.to_bits()).collect()
    })
}

#[test]
fn rods_crossing_is_bitwise_deterministic_across_thread_counts() {
    assert_eq!(
        run("examples/scenes/rods_crossing.ron", 120, 1),
        run("examples/scenes/rods_crossing.ron", 120, 2)
    );
}

#[test]
fn spheres_box_is_bitwise_deterministic_across_thread_counts() {
    assert_eq!(
        run("examples/scenes/spheres_box.ron", 200, 1),
        run("examples/scenes/spheres_box.ron", 200, 2)
    );
}
