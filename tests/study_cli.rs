//! `catena compare` and `catena sweep` end to end on a short horizon of a shipped scene.

use std::path::PathBuf;
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
