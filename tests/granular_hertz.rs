//! Hertz-family laws against theory.
//!
//! * Head-on collision of two elastic spheres under `N_Hertz` (shipped chain
//!   `hertz_cundall_strack.ron`): contact duration `t_c = 2.87 (m̂²/(R̂ Ê² v))^{1/5}` and maximum
//!   overlap `δ_max = (15 m̂ v²/(16 Ê √R̂))^{2/5}` (Johnson 1985 §11.4; Pöschel & Schwager 2005
//!   Eq. 2.11), within 2 % at Δt = t_c/1000.
//! * `N_DampedHertz` (Kuwabara–Kono): the coefficient of restitution falls monotonically as the
//!   dissipative constant Â grows, from 1 (elastic) downwards, and for weak damping matches the
//!   first-order theory: the dashpot's work along the elastic trajectory,
//!   `W = 2 K Â v δ_max^{3/2} I` with `K = (4/3)Ê√R̂`, `I = ∫₀¹ √u √(1 − u^{5/2}) du`, gives
//!   `1 − ε = W/(m̂v²)` (Brilliantov et al., Phys. Rev. E 53 (1996) 5382; Schwager & Pöschel,
//!   Phys. Rev. E 57 (1998) 650, leading term).
//! * The other shipped sphere chains in the same collision: `hertz_coulomb.ron` and `jkr.ron`
//!   (adhesion is negligible at 1 m/s: (3/2)πwR̂ ≈ 1 mN against a peak force of ≈ 14 N) keep the
//!   Hertz contact duration; `damped_hertz_cundall_strack.ron` restitutes exactly as its normal
//!   law alone (head-on, the tangential spring carries nothing).
//!
//! The collision and the theory are `catena::validate::hertz`, shared with `catena validate`.

use catena::system::Simulator;
use catena::validate::hertz::{self, V, crossings as crossing_times, effective, theory};
use catena::validate::support::write_chain;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The head-on collision of `catena::validate::hertz` (shared with `catena validate hertz`),
/// with the chain at `chain` relative to `dir`; the scene file is written into a temporary
/// directory holding a copy of the chain.
fn collision(dir: &Path, chain: &str, dt: f64) -> Simulator {
    let tmp = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(dir.join(chain)).unwrap();
    let name = Path::new(chain)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let chain = write_chain(tmp.path(), &name, &text).unwrap();
    hertz::collision(tmp.path(), &chain, dt).unwrap()
}

fn run(sim: &mut Simulator, max_steps: usize) -> (Vec<f64>, f64) {
    hertz::gaps(sim, max_steps).unwrap()
}

fn crossings(gaps: &[f64], dt: f64) -> (f64, f64) {
    crossing_times(gaps, dt).expect("the spheres touched and separated")
}

#[test]
fn hertz_collision_duration_and_maximum_overlap_match_theory() {
    let (tc, dmax) = theory();
    let dt = tc / 1000.0;
    let mut sim = collision(
        &root().join("tests"),
        "../chains/hertz_cundall_strack.ron",
        dt,
    );
    let (gaps, v_out) = run(&mut sim, 3000);
    let (t0, t1) = crossings(&gaps, dt);
    let measured_tc = t1 - t0;
    let measured_dmax = -gaps.iter().copied().fold(f64::INFINITY, f64::min);
    let e_tc = measured_tc / tc - 1.0;
    let e_d = measured_dmax / dmax - 1.0;
    println!(
        "t_c: {measured_tc:.6e} s vs theory {tc:.6e} s ({:+.3} %); δ_max: {measured_dmax:.6e} m vs \
         theory {dmax:.6e} m ({:+.3} %); restitution {:.4}",
        100.0 * e_tc,
        100.0 * e_d,
        v_out / V
    );
    assert!(
        e_tc.abs() < 0.02,
        "contact duration off by {:.2} %",
        100.0 * e_tc
    );
    assert!(
        e_d.abs() < 0.02,
        "maximum overlap off by {:.2} %",
        100.0 * e_d
    );
    // Elastic: only implicit Euler's numerical damping, O((ω Δt)² · steps) ≈ 0.5 %, is lost.
    assert!(
        v_out / V > 0.98 && v_out / V <= 1.0,
        "restitution {}",
        v_out / V
    );
}

#[test]
fn damped_hertz_restitution_falls_monotonically_with_damping() {
    let (tc, _) = theory();
    let dt = tc / 500.0;
    let dir = tempfile::tempdir().unwrap();
    let mut restitution = Vec::new();
    let times = [0.0, 2e-6, 5e-6, 1e-5, 2e-5, 4e-5];
    for a in times {
        let chain = format!(
            "Chain(name: \"kk\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
             N_DampedHertz(damping_time: {a:e}), AssembleForces, AssembleContactMatrix])"
        );
        std::fs::write(dir.path().join("kk.ron"), chain).unwrap();
        let mut sim = collision(dir.path(), "kk.ron", dt);
        let (gaps, v_out) = run(&mut sim, 4000);
        assert!(gaps.last().unwrap() > &0.0, "Â = {a}: the spheres stuck");
        restitution.push(v_out / V);
    }
    println!("Â (s): {times:?}\nrestitution: {restitution:?}");
    assert!(restitution[0] > 0.98, "elastic limit: {}", restitution[0]);
    for (i, w) in restitution.windows(2).enumerate() {
        assert!(
            w[1] < w[0] - 1e-3,
            "restitution does not fall from Â = {} to {}: {} → {}",
            times[i],
            times[i + 1],
            w[0],
            w[1]
        );
    }
    assert!(
        *restitution.last().unwrap() < 0.8,
        "strong damping should dissipate: {restitution:?}"
    );
    // Weak damping against the first-order theory. Implicit Euler's own loss (the Â = 0 run) is
    // a factor on top, divided out.
    let (m, r, e) = effective();
    let k = 4.0 / 3.0 * e * r.sqrt();
    let dmax = (5.0 * m * V * V / (4.0 * k)).powf(0.4);
    let n = 1_000_000;
    let integral: f64 = (0..n)
        .map(|i| {
            let u = (i as f64 + 0.5) / n as f64;
            u.sqrt() * (1.0 - u.powf(2.5)).sqrt()
        })
        .sum::<f64>()
        / n as f64;
    for (i, &a) in times.iter().enumerate().take(3).skip(1) {
        let loss = 1.0 - restitution[i] / restitution[0];
        let theory = 2.0 * k * a * V * dmax.powf(1.5) * integral / (m * V * V);
        println!(
            "Â = {a:e} s: 1 − ε = {loss:.5} vs first-order theory {theory:.5} ({:+.2} %)",
            100.0 * (loss / theory - 1.0)
        );
        assert!(
            (loss / theory - 1.0).abs() < 0.05,
            "Â = {a}: 1 − ε = {loss} vs {theory}"
        );
    }
}

#[test]
fn shipped_sphere_chains_in_a_head_on_collision() {
    let (tc, _) = theory();
    let dt = tc / 1000.0;
    let dir = root().join("tests");
    for chain in ["hertz_coulomb.ron", "jkr.ron"] {
        let mut sim = collision(&dir, &format!("../chains/{chain}"), dt);
        let (gaps, v_out) = run(&mut sim, 3000);
        let (t0, t1) = crossings(&gaps, dt);
        let e = (t1 - t0) / tc - 1.0;
        println!(
            "{chain}: t_c off by {:+.3} %, restitution {:.4}",
            100.0 * e,
            v_out / V
        );
        assert!(
            e.abs() < 0.02,
            "{chain}: contact duration off by {:.2} %",
            100.0 * e
        );
        assert!(v_out / V > 0.98 && v_out / V <= 1.0);
    }
    let mut sim = collision(&dir, "../chains/damped_hertz_cundall_strack.ron", dt);
    let (_, v_shipped) = run(&mut sim, 3000);
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("kk.ron"),
        "Chain(name: \"kk\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
         N_DampedHertz(damping_time: 2e-5), AssembleForces, AssembleContactMatrix])",
    )
    .unwrap();
    let mut sim = collision(tmp.path(), "kk.ron", dt);
    let (_, v_alone) = run(&mut sim, 3000);
    println!(
        "damped_hertz_cundall_strack.ron: restitution {:.6} vs N_DampedHertz alone {:.6}",
        v_shipped / V,
        v_alone / V
    );
    assert!((v_shipped - v_alone).abs() < 1e-9 * V);
    assert!(v_shipped / V < 0.95);
}
