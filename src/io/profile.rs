//! `catena run --profile`: the stage breakdown of a run (issue 18), from its summary.

use super::Summary;
use crate::system::StageTimes;

/// A table of where a run's wall-clock time went: per stage the total (s), the share of the
/// run's wall time and the mean per step (ms), then `other` (output, progress, bookkeeping
/// outside the timed stages: the wall time less the stages).
pub fn profile_table(s: &Summary) -> String {
    let steps = s.steps.max(1) as f64;
    let wall_ms = s.wall_time_s * 1e3;
    let share = |ms: f64| {
        if wall_ms > 0.0 {
            100.0 * ms / wall_ms
        } else {
            0.0
        }
    };
    let mut out = format!(
        "{:<12} {:>10} {:>7} {:>12}\n",
        "stage", "total (s)", "share", "per step (ms)"
    );
    let row = |name: &str, ms: f64| {
        format!(
            "{name:<12} {:>10.3} {:>6.1}% {:>12.4}\n",
            ms / 1e3,
            share(ms),
            ms / steps
        )
    };
    let stages = s.stages_ms.values();
    for (name, &ms) in StageTimes::NAMES.iter().zip(&stages) {
        out.push_str(&row(name, ms));
    }
    out.push_str(&row("other", (wall_ms - s.stages_ms.total()).max(0.0)));
    out.push_str(&row("wall", wall_ms));
    if s.krylov_iterations > 0 {
        let per = s.krylov_iterations as f64 / s.total_newton_iterations.max(1) as f64;
        out.push_str(&format!(
            "Krylov iterations: {} ({per:.1} per Newton iteration)\n",
            s.krylov_iterations
        ));
    }
    if let Some(r) = s.rss.filter(|r| r.solves > 0) {
        let solves = r.solves as f64;
        out.push_str(&format!(
            "RSS fluid: {} solves, {} factorisations, {:.2} GMRES iterations per solve; \
             per solve {:.3} ms assembling, {:.3} ms factorising, {:.3} ms in GMRES\n",
            r.solves,
            r.factorisations,
            r.refinements as f64 / solves,
            1e3 * r.assemble_seconds / solves,
            1e3 * r.factorise_seconds / solves,
            1e3 * r.refine_seconds / solves,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_to_the_wall_time() {
        let s = Summary {
            steps: 4,
            wall_time_s: 0.1,
            stages_ms: StageTimes::from_values([10.0, 20.0, 0.0, 5.0, 5.0, 30.0, 10.0, 0.0, 10.0]),
            ..Summary::default()
        };
        let t = profile_table(&s);
        assert!(
            t.contains("factor") && t.contains("30.0%") && t.contains("7.5000"),
            "{t}"
        );
        let other = t
            .lines()
            .find(|l| l.starts_with("other"))
            .expect("other row");
        assert!(other.contains("10.0%"), "{other}");
        assert!(
            !t.contains("Krylov"),
            "a direct solve has no Krylov line: {t}"
        );
        let krylov = profile_table(&Summary {
            total_newton_iterations: 4,
            krylov_iterations: 30,
            ..s.clone()
        });
        assert!(
            krylov.ends_with("Krylov iterations: 30 (7.5 per Newton iteration)\n"),
            "{krylov}"
        );
        assert!(!t.contains("RSS"), "no fluid, no RSS line: {t}");
        let fluid = profile_table(&Summary {
            rss: Some(crate::external::RssStats {
                solves: 4,
                factorisations: 1,
                refinements: 10,
                assemble_seconds: 0.004,
                factorise_seconds: 0.002,
                refine_seconds: 0.008,
                ..Default::default()
            }),
            ..s
        });
        assert!(
            fluid.ends_with(
                "RSS fluid: 4 solves, 1 factorisations, 2.50 GMRES iterations per solve; \
                 per solve 1.000 ms assembling, 0.500 ms factorising, 2.000 ms in GMRES\n"
            ),
            "{fluid}"
        );
    }
}
