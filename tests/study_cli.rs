//! `catena compare` and `catena sweep` end to end on a short horizon of a shipped scene; and
//! `catena sweep … --emit slurm DIR` / `catena sweep --collect DIR`: the job script, its array
//! tasks run here by hand (as Slurm would, one `SLURM_ARRAY_TASK_ID` each), and the merge of
//! finished, missing and failed cases; a planned case run in-process gives the same steps as the
//! script's `catena run` line.

use catena::study::{CaseStatus, collect, run_planned_case};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn catena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn compare_writes_tables_and_plots_for_every_chain() {
    let out = tempfile::tempdir().unwrap();
    let o = catena(&[
        "compare",
        "examples/scenes/rods_crossing.ron",
        "--chain",
        "chains/linear_rod_rod.ron",
        "--chain",
        "chains/imc.ron",
        "--until",
        "0.01",
        "-q",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout.contains("AIPTS") && stdout.contains("linear_rod_rod") && stdout.contains("imc")
    );
    let csv = std::fs::read_to_string(out.path().join("compare.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.path().join("compare.json")).unwrap())
            .unwrap();
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    // 10 steps each, the reference's RTI is 1.
    assert_eq!(runs[0]["rti"].as_f64(), Some(1.0));
    assert!(runs[1]["total_iterations"].as_u64().unwrap() >= 10);
    for f in [
        "cumulative_iterations.svg",
        "cumulative_time.svg",
        "min_gap.svg",
        "e_bar.svg",
    ] {
        let svg = std::fs::read_to_string(out.path().join(f)).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("</svg>"), "{f}");
    }
}

#[test]
fn sweep_edits_the_chain_parameter_and_runs_every_value() {
    let out = tempfile::tempdir().unwrap();
    let o = catena(&[
        "sweep",
        "examples/scenes/rods_crossing.ron",
        "--chain",
        "chains/linear_rod_rod.ron",
        "--set",
        "N_LinearForce.stiffness=1e3,1e4",
        "--until",
        "0.005",
        "-q",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(out.path().join("sweep.csv")).unwrap();
    assert!(csv.starts_with("N_LinearForce.stiffness,aipts"));
    assert_eq!(csv.lines().count(), 3);
    let edited = std::fs::read_to_string(out.path().join("chains/linear_rod_rod_1e4.ron")).unwrap();
    assert!(edited.contains("N_LinearForce(stiffness: 1e4,"), "{edited}");
    // A parameter of an element the chain does not have is a clear error.
    let o = catena(&[
        "sweep",
        "examples/scenes/rods_crossing.ron",
        "--chain",
        "chains/linear_rod_rod.ron",
        "--set",
        "T_IMC.mu=0.1",
        "-q",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("has no element `T_IMC`"));
}

fn emit(dir: &Path) {
    let o = catena(&[
        "sweep",
        "examples/scenes/rods_crossing.ron",
        "--chain",
        "chains/linear_rod_rod.ron",
        "--set",
        "N_LinearForce.stiffness=1e3,1e4,1e5",
        "--until",
        "0.005",
        "--emit",
        "slurm",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("sbatch"));
}

/// The value of `#SBATCH --key=value` in `script`.
fn directive<'a>(script: &'a str, key: &str) -> &'a str {
    let prefix = format!("#SBATCH --{key}=");
    script
        .lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .unwrap_or_else(|| panic!("no {key} in\n{script}"))
}

fn array_task(script: &Path, i: usize) -> std::process::Output {
    Command::new("bash")
        .arg(script)
        .env("SLURM_ARRAY_TASK_ID", i.to_string())
        .output()
        .unwrap()
}

#[test]
fn emitted_script_is_one_array_task_per_case_with_a_catena_run_line() {
    let dir = tempfile::tempdir().unwrap();
    emit(dir.path());
    let script = std::fs::read_to_string(dir.path().join("study.sbatch")).unwrap();
    assert!(script.starts_with("#!/bin/bash\n"));
    assert_eq!(directive(&script, "array"), "0-2");
    let time = directive(&script, "time");
    let (days, hms) = time.split_once('-').unwrap();
    let hms: Vec<u64> = hms.split(':').map(|x| x.parse().unwrap()).collect();
    let seconds = days.parse::<u64>().unwrap() * 86400 + hms[0] * 3600 + hms[1] * 60 + hms[2];
    assert!(seconds >= 600, "{time}");
    let mem = directive(&script, "mem");
    let mib: u64 = mem.strip_suffix('M').unwrap().parse().unwrap();
    assert!(mib >= 256 && mib.is_multiple_of(64), "{mem}");
    let run = script
        .lines()
        .find(|l| l.contains(" run "))
        .expect("a catena run line");
    assert!(
        run.contains("\"$DIR/scenes/$I.ron\" --out \"$RUN\" --until 0.005")
            && script.contains("RUN=\"$DIR/runs/$I\""),
        "{run}"
    );
    for i in 0..3 {
        let scene = dir.path().join(format!("scenes/{i:03}.ron"));
        let o = catena(&["check", scene.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&scene).unwrap();
        assert!(text.contains(&format!("chains/linear_rod_rod_1e{}.ron", i + 3)));
    }
}

#[test]
fn collect_merges_finished_cases_and_reports_missing_and_failed_ones() {
    let dir = tempfile::tempdir().unwrap();
    emit(dir.path());
    let script = dir.path().join("study.sbatch");
    // Case 0 by its array task, case 1 never, case 2 in-process (a Dask task's way).
    let o = array_task(&script, 0);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let status = run_planned_case(dir.path(), 2, false, None).unwrap();
    assert_eq!(status, CaseStatus::Completed);
    let o = catena(&["sweep", "--collect", dir.path().to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("2 of 3 cases completed"), "{stdout}");
    assert!(
        stdout.contains("case 001 N_LinearForce.stiffness=1e4: missing"),
        "{stdout}"
    );
    let csv = std::fs::read_to_string(dir.path().join("sweep.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 3, "{csv}");
    assert!(rows[0].starts_with("N_LinearForce.stiffness,aipts,total_iterations"));
    assert!(rows[1].starts_with("1e3,") && rows[2].starts_with("1e5,"));
    // A re-run skips the finished case.
    let o = array_task(&script, 0);
    assert!(String::from_utf8_lossy(&o.stdout).contains("already completed"));
    // Case 1 breaks: its scene no longer parses; the failure is the case's result, located.
    std::fs::write(dir.path().join("scenes/001.ron"), "Scene(time: oops)").unwrap();
    let status = run_planned_case(dir.path(), 1, false, None).unwrap();
    let CaseStatus::Failed(message) = status else {
        panic!("{status:?}")
    };
    assert!(message.contains("001.ron:1:"), "{message}");
    let c = collect(dir.path()).unwrap();
    assert!(!c.all_completed());
    assert_eq!(c.cases.iter().flatten().count(), 3);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("sweep.json")).unwrap())
            .unwrap();
    assert_eq!(json["completed"], true);
    assert_eq!(json["runs"][1]["completed"], false);
    assert!(
        json["runs"][1]["message"]
            .as_str()
            .unwrap()
            .contains("oops")
    );
}

#[test]
fn a_planned_case_gives_the_steps_of_catena_run_on_its_scene() {
    let dir = tempfile::tempdir().unwrap();
    emit(dir.path());
    run_planned_case(dir.path(), 1, false, None).unwrap();
    let by_hand = dir.path().join("by_hand");
    let scene = dir.path().join("scenes/001.ron");
    let o = catena(&[
        "run",
        scene.to_str().unwrap(),
        "--out",
        by_hand.to_str().unwrap(),
        "--until",
        "0.005",
        "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let steps = |d: &Path| {
        let rows = catena::io::read_steps_csv(&d.join("steps.csv")).unwrap();
        rows.iter()
            .map(|r| (r.t.to_bits(), r.newton_iterations, r.residual.to_bits()))
            .collect::<Vec<_>>()
    };
    let planned = steps(&dir.path().join("runs/001"));
    assert_eq!(planned.len(), 5);
    assert_eq!(planned, steps(&by_hand));
}
