//! Bit-for-bit regression of the shipped scenes: every scene of `examples/scenes/` (and every
//! shipped chain, swapped into one of them) is run with `catena run --until T`, and its
//! `steps.csv` (without the wall-clock columns) and its final VTK frame must equal, byte for
//! byte, the files recorded in `tests/golden/` before the architecture redesign (issue 16).
//!
//! The recorded files are the contract: a change that moves a single bit of a shipped scene's
//! result fails here. A change that is *meant* to change results re-records them with
//! `CATENA_BLESS=1 cargo test --release --test golden` and says why in its commit.
//!
//! Frames and CSV rows print every float with Rust's shortest round-trip representation, so
//! equal text means equal bits.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One recorded run: a shipped scene, how far it runs, and chain files swapped in for the
/// scene's own (`(scene's chain path, replacement under chains/)`).
struct Case {
    name: &'static str,
    scene: &'static str,
    until: f64,
    swap: &'static [(&'static str, &'static str)],
}

const CASES: &[Case] = &[
    Case {
        name: "cell_division",
        scene: "cell_division",
        until: 90.0,
        swap: &[],
    },
    Case {
        name: "cell_pair_rounded",
        scene: "cell_pair_rounded",
        until: 0.15,
        swap: &[],
    },
    Case {
        name: "cell_laplace",
        scene: "cell_laplace",
        until: 0.5,
        swap: &[],
    },
    Case {
        name: "rbc_stretch",
        scene: "rbc_stretch",
        until: 2.0,
        swap: &[],
    },
    Case {
        name: "rods_crossing",
        scene: "rods_crossing",
        until: 0.4,
        swap: &[],
    },
    Case {
        name: "rods_crossing_imc",
        scene: "rods_crossing",
        until: 0.2,
        swap: &[
            ("linear_rod_rod.ron", "imc_friction.ron"),
            ("linear_rod_ground.ron", "imc_ground.ron"),
        ],
    },
    Case {
        name: "rods_crossing_ipc",
        scene: "rods_crossing",
        until: 0.15,
        swap: &[
            ("linear_rod_rod.ron", "ipc.ron"),
            ("linear_rod_ground.ron", "ipc_ground.ron"),
        ],
    },
    Case {
        name: "spheres_box",
        scene: "spheres_box",
        until: 1.0,
        swap: &[],
    },
    Case {
        name: "spheres_box_hertz_coulomb",
        scene: "spheres_box",
        until: 0.5,
        swap: &[
            ("linear_sphere_sphere.ron", "hertz_coulomb.ron"),
            ("linear_sphere_plane.ron", "hertz_coulomb_plane.ron"),
        ],
    },
    Case {
        name: "spheres_box_damped_hertz",
        scene: "spheres_box",
        until: 0.5,
        swap: &[
            (
                "linear_sphere_sphere.ron",
                "damped_hertz_cundall_strack.ron",
            ),
            ("linear_sphere_plane.ron", "hertz_cundall_strack_plane.ron"),
        ],
    },
    Case {
        name: "spheres_box_jkr",
        scene: "spheres_box",
        until: 0.5,
        swap: &[("linear_sphere_sphere.ron", "jkr.ron")],
    },
    Case {
        name: "cantilever",
        scene: "cantilever",
        until: 0.25,
        swap: &[],
    },
    Case {
        name: "helix_relax",
        scene: "helix_relax",
        until: 1.0,
        swap: &[],
    },
    Case {
        name: "pneunet",
        scene: "pneunet",
        until: 0.2,
        swap: &[],
    },
    Case {
        name: "rod_bundle",
        scene: "rod_bundle",
        until: 0.1,
        swap: &[],
    },
    Case {
        name: "box_settling_1000",
        scene: "box_settling_1000",
        until: 0.01,
        swap: &[],
    },
    Case {
        name: "flagella_m2_imc",
        scene: "flagella_m2",
        until: 2.1,
        swap: &[],
    },
    Case {
        name: "flagella_m2_ipc",
        scene: "flagella_m2",
        until: 2.1,
        swap: &[("imc.ron", "ipc.ron")],
    },
    Case {
        name: "flagella_m3",
        scene: "flagella_m3",
        until: 0.05,
        swap: &[],
    },
    Case {
        name: "flagella_m5",
        scene: "flagella_m5",
        until: 0.02,
        swap: &[],
    },
    Case {
        name: "flagella_m10",
        scene: "flagella_m10",
        until: 0.005,
        swap: &[],
    },
    // Shells (issue 17): recorded when they shipped.
    Case {
        name: "shell_cantilever",
        scene: "shell_cantilever",
        until: 0.05,
        swap: &[],
    },
    Case {
        name: "sphere_on_plate",
        scene: "sphere_on_plate",
        until: 0.1,
        swap: &[],
    },
    Case {
        name: "rod_on_plate",
        scene: "rod_on_plate",
        until: 0.07,
        swap: &[],
    },
    Case {
        name: "sheet_on_rods",
        scene: "sheet_on_rods",
        until: 0.04,
        swap: &[],
    },
    Case {
        name: "manta_ray",
        scene: "manta_ray",
        until: 0.05,
        swap: &[],
    },
    Case {
        name: "parachute",
        scene: "parachute",
        until: 0.1,
        swap: &[],
    },
    // The rest of the shipped scenes, recorded before the body seam (issue 34) so that the
    // refactor is held to every scene's bits.
    Case {
        name: "box_settling_lattice",
        scene: "box_settling_lattice",
        until: 0.03,
        swap: &[],
    },
    Case {
        name: "dem_box_1000",
        scene: "dem_box_1000",
        until: 0.03,
        swap: &[],
    },
    Case {
        name: "dem_box_10000",
        scene: "dem_box_10000",
        until: 0.01,
        swap: &[],
    },
    Case {
        name: "knot_pull",
        scene: "knot_pull",
        until: 4.0,
        swap: &[],
    },
    // Rigid bodies (issue 34): recorded when they shipped.
    Case {
        name: "rod_over_box",
        scene: "rod_over_box",
        until: 0.3,
        swap: &[],
    },
    Case {
        name: "drum",
        scene: "drum",
        until: 0.03,
        swap: &[],
    },
    Case {
        name: "piston",
        scene: "piston",
        until: 0.02,
        swap: &[],
    },
    // A driven sphere under static load steps (issue 36): recorded when it shipped.
    Case {
        name: "plate_indentation",
        scene: "plate_indentation",
        until: 1.0,
        swap: &[],
    },
];

/// The scene file to run: the shipped one, or a copy (in `dir`) whose chain paths point at
/// the swapped-in chains.
fn scene_file(case: &Case, dir: &Path) -> PathBuf {
    let shipped = root()
        .join("examples/scenes")
        .join(format!("{}.ron", case.scene));
    if case.swap.is_empty() {
        return shipped;
    }
    let mut text = std::fs::read_to_string(&shipped).expect("read scene");
    for (from, to) in case.swap {
        let old = format!("\"../../chains/{from}\"");
        assert!(text.contains(&old), "{}: no chain {from}", case.name);
        let new = root().join("chains").join(to);
        text = text.replace(&old, &format!("{:?}", new.to_str().expect("utf-8 path")));
    }
    // The chains left as they are, from the copy's directory.
    let chains = root().join("chains");
    text = text.replace(
        "\"../../chains/",
        &format!("\"{}/", chains.to_str().expect("utf-8 path")),
    );
    let path = dir.join(format!("{}.ron", case.name));
    std::fs::write(&path, text).expect("write scene copy");
    path
}

/// `steps.csv` without its wall-clock columns (the step's and its stages').
fn steps_without_wall(path: &Path) -> String {
    catena::io::without_timings(&std::fs::read_to_string(path).expect("read steps.csv"))
}

/// The last frame a run wrote.
fn final_frame(out: &Path) -> String {
    let mut frames: Vec<PathBuf> = std::fs::read_dir(out.join("frames"))
        .expect("frames dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "vtp"))
        .collect();
    frames.sort();
    std::fs::read_to_string(frames.last().expect("a frame")).expect("read frame")
}

fn run_case(case: &Case) -> (String, String) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let scene = scene_file(case, tmp.path());
    let out = tmp.path().join("out");
    let status = Command::new(env!("CARGO_BIN_EXE_catena"))
        .arg("run")
        .arg(&scene)
        .arg("--until")
        .arg(case.until.to_string())
        .arg("--out")
        .arg(&out)
        .arg("-q")
        .current_dir(root())
        .output()
        .expect("start catena");
    assert!(
        status.status.success(),
        "{}: catena run failed:\n{}",
        case.name,
        String::from_utf8_lossy(&status.stderr)
    );
    (
        steps_without_wall(&out.join("steps.csv")),
        final_frame(&out),
    )
}

/// The first line where two texts differ, for the failure message.
fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  recorded: {x}\n  now:      {y}", i + 1);
        }
    }
    format!(
        "one is a prefix of the other ({} against {} lines)",
        a.lines().count(),
        b.lines().count()
    )
}

#[test]
fn shipped_scenes_give_the_recorded_bits() {
    let bless = std::env::var_os("CATENA_BLESS").is_some();
    let dir = root().join("tests/golden");
    let mut failures = Vec::new();
    for case in CASES {
        let (steps, frame) = run_case(case);
        let steps_file = dir.join(format!("{}.steps.csv", case.name));
        let frame_file = dir.join(format!("{}.final.vtp", case.name));
        if bless {
            std::fs::create_dir_all(&dir).expect("golden dir");
            std::fs::write(&steps_file, &steps).expect("write golden steps");
            std::fs::write(&frame_file, &frame).expect("write golden frame");
            continue;
        }
        let recorded_steps = std::fs::read_to_string(&steps_file)
            .unwrap_or_else(|e| panic!("{}: {e}", steps_file.display()));
        let recorded_frame = std::fs::read_to_string(&frame_file)
            .unwrap_or_else(|e| panic!("{}: {e}", frame_file.display()));
        if steps != recorded_steps {
            failures.push(format!(
                "{}: steps.csv differs, {}",
                case.name,
                first_difference(&recorded_steps, &steps)
            ));
        }
        if frame != recorded_frame {
            failures.push(format!(
                "{}: final frame differs, {}",
                case.name,
                first_difference(&recorded_frame, &frame)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
