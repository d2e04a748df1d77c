//! Detection that never misses a contact (issue 20, item 4).
//!
//! The reported case: Δt = 1e-3 s, `keep_distance: 1e-4` m, two spheres closing faster than the
//! keep distance covers. Detection at the start of the step sees a gap of 150 µm (> keep): no
//! candidate. Free flight over the step closes 350 µm, so without a check the step ends with
//! the spheres overlapping by 200 µm while `steps.csv` reports 0 candidates and 0 penetration,
//! and the next step throws them apart. With the coverage check, the motion (2 × 175 µm >
//! 100 µm) triggers a detection at the end of the step, the pair is found within reach, and the
//! step is solved again with it: the Hertz force stops the approach in the same step, and the
//! reported penetration is the true overlap of the centres.

use catena::system::{Simulator, StepReport};
use catena::validate::support::{simulate, step, write_chain};

/// Frictionless Hertz between rigid spheres.
const HERTZ: &str = "Chain(name: \"hertz\", elements: [Sphere_1_Data, Sphere_2_Data, \
                     Sphere_Sphere, N_Hertz(), AssembleForces, AssembleContactMatrix, Feedback])";
const R: f64 = 1e-3;
/// Speed of each sphere towards the other (m/s): 350 µm closed per step of 1 ms.
const V: f64 = 0.175;
const DT: f64 = 1e-3;
/// Gap at t = 0 (m): 150 µm after the first step.
const GAP0: f64 = 500e-6;

/// The two spheres on the x axis, bound with `keep_distance: keep`.
fn pair(dir: &std::path::Path, keep: f64) -> Simulator {
    let chain = write_chain(dir, "hertz.ron", HERTZ).unwrap();
    let x = R + 0.5 * GAP0;
    let src = format!(
        r#"Scene(
    name: "fast_pair",
    time: (dt: {DT:e}, duration: 1.0),
    materials: {{ "glassy": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
    rods: [],
    spheres: [
        (name: "a", material: "glassy", radius: {R:e}, center: (-{x:e}, 0, 0), velocity: ({V}, 0, 0)),
        (name: "b", material: "glassy", radius: {R:e}, center: ({x:e}, 0, 0), velocity: (-{V}, 0, 0)),
    ],
    contacts: [(chain: "{chain}", first: AllSpheres, second: AllSpheres, keep_distance: {keep:e})],
)
"#
    );
    simulate(dir, "fast_pair.ron", &src).unwrap()
}

/// Gap between the spheres' surfaces from their centres (m) and their relative velocity along
/// x (m/s, negative while approaching).
fn gap_and_speed(sim: &Simulator) -> (f64, f64) {
    let (a, b) = (
        sim.model.bodies.spheres[0].offset,
        sim.model.bodies.spheres[1].offset,
    );
    let (q, v) = (&sim.model.q, &sim.model.v);
    ((q[b] - q[a]) - 2.0 * R, v[b] - v[a])
}

fn advance(sim: &mut Simulator) -> StepReport {
    step(sim, "fast pair").unwrap()
}

#[test]
fn a_contact_closing_faster_than_the_keep_distance_is_caught_in_its_step() {
    let tmp = tempfile::tempdir().unwrap();
    let keep = 1e-4;
    let mut sim = pair(tmp.path(), keep);

    // Step 1: free flight, nothing within the keep distance before or after.
    let r1 = advance(&mut sim);
    let (gap_start, _) = gap_and_speed(&sim);
    assert_eq!((r1.contacts.candidates, r1.resolves), (0, 0));
    assert!((gap_start - 150e-6).abs() < 1e-12, "gap {gap_start:e}");
    // The reported case: the pair is out of reach of detection at the start of step 2, and
    // free flight over step 2 would end 200 µm deep.
    assert!(gap_start > keep);
    let free_flight = gap_start - 2.0 * V * DT;
    assert!((free_flight + 200e-6).abs() < 1e-12, "{free_flight:e}");

    // Step 2: the coverage check detects again at the end of the step and solves it again.
    let r2 = advance(&mut sim);
    let (gap, speed) = gap_and_speed(&sim);
    println!(
        "step 2: {} re-solve(s), {} Newton iterations, gap {gap:.4e} m (free flight {free_flight:.1e} m), \
         reported penetration {:.4e} m, relative velocity {speed:.4} m/s (was {:.3})",
        r2.resolves,
        r2.newton.iterations,
        r2.contacts.max_penetration,
        -2.0 * V
    );
    assert_eq!(r2.resolves, 1);
    assert_eq!((r2.contacts.candidates, r2.contacts.active), (1, 1));
    // The reported penetration and smallest gap are the true ones, from the centres.
    assert!(gap < 0.0);
    assert!((r2.contacts.max_penetration + gap).abs() < 1e-15);
    assert!((r2.contacts.min_gap - gap).abs() < 1e-15);
    // The Hertz force stopped the approach within the step: a few µm, not 200 µm. Implicit
    // Euler's velocity is the step's mean, (gap − gap_start)/Δt: less than half the approach
    // speed once the contact acts.
    assert!(-gap < 10e-6, "overlap {:e} m", -gap);
    assert!((speed - (gap - gap_start) / DT).abs() < 1e-9);
    assert!(speed > -V, "relative velocity {speed}");
    // Newton's first iterate of the re-solve sat at the missed 200 µm overlap.
    assert!((r2.newton.min_gap - free_flight).abs() < 1e-9);

    // The collision ends with the spheres separating, never deeper than in step 2's order of
    // magnitude (without the check, step 3 started 200 µm deep).
    let mut deepest = -gap;
    for _ in 0..20 {
        let r = advance(&mut sim);
        let (g, _) = gap_and_speed(&sim);
        if r.contacts.active > 0 {
            assert!((r.contacts.max_penetration + g).abs() < 1e-15);
        }
        deepest = deepest.max(-g);
    }
    let (g, speed) = gap_and_speed(&sim);
    assert!(
        g > 0.0 && speed > 0.0,
        "gap {g:e}, relative velocity {speed}"
    );
    assert!(deepest < 10e-6, "deepest overlap {deepest:e} m");
    let c = sim.coverage;
    println!(
        "deepest overlap {deepest:.4e} m, separating at {speed:.4} m/s; {c:?}; summary note: {:?}",
        c.note()
    );
    assert_eq!((c.resolved_steps, c.added_pairs), (1, 1));
    // The motion of step 2 needed a keep distance of 2 × 175 µm.
    assert!(
        (c.needed_keep - 2.0 * V * DT).abs() < 1e-9,
        "{}",
        c.needed_keep
    );
    assert!(
        c.note()
            .unwrap()
            .contains("keep_distance of at least 3.500e-4 m")
    );
}

#[test]
fn motion_within_the_keep_distance_pays_no_re_detection() {
    // A keep distance covering the motion (2 × 175 µm per step < 1 mm): the pair is a
    // candidate from the start of step 2 and no step is detected twice.
    let tmp = tempfile::tempdir().unwrap();
    let mut sim = pair(tmp.path(), 1e-3);
    let mut touched = false;
    for _ in 0..10 {
        let r = advance(&mut sim);
        assert_eq!(r.resolves, 0);
        touched |= r.contacts.active > 0;
    }
    assert!(touched);
    assert_eq!(sim.coverage.redetected_steps, 0);
    assert_eq!(sim.coverage.note(), None);
}
