//! `--force` removes only what catena wrote (issue 39): every file and directory catena creates
//! in an output directory is recorded in its `.catena.manifest`, and `--force` removes those
//! and nothing else — not files beside the output, not files in `frames/`, not sub-directories
//! of the user's (a project's `src/` and `data/` when the output directory is `.`), for `run`,
//! `compare`, `sweep` and a study laid out for Slurm, whose case runs are output directories of
//! their own. A file catena did not write that has the name of one it is about to write is
//! refused, not overwritten. Through the `catena` binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `catena ARGS` run in `cwd`.
fn catena_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(cwd)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("start catena")
}

fn catena(args: &[&str]) -> Output {
    catena_in(&root(), args)
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn ok(out: &Output) {
    assert_eq!(out.status.code(), Some(0), "{}", describe(out));
}

fn scene(name: &str) -> String {
    root()
        .join("examples/scenes")
        .join(name)
        .to_str()
        .expect("utf-8")
        .to_string()
}

fn chain(name: &str) -> String {
    root()
        .join("chains")
        .join(name)
        .to_str()
        .expect("utf-8")
        .to_string()
}

/// The user's files: written into `dir` (relative path, text).
const FOREIGN: &[(&str, &str)] = &[
    ("notes.md", "my notes"),
    ("src/main.rs", "fn main() {}"),
    ("data/measured.csv", "t,x\n0,1\n"),
    ("figs/fig1.svg", "<svg/>"),
];

fn write_foreign(dir: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("dir");
        std::fs::write(p, text).expect("foreign file");
    }
}

fn assert_foreign_kept(dir: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        let p = dir.join(rel);
        let now = std::fs::read_to_string(&p)
            .unwrap_or_else(|e| panic!("{} was removed: {e}", p.display()));
        assert_eq!(now, *text, "{} was changed", p.display());
    }
}

/// Every file under `dir`, relative to it, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("read_dir") {
        let p = e.expect("entry").path();
        let name = p.file_name().expect("name").to_string_lossy().into_owned();
        if p.is_dir() {
            out.extend(files(&p).into_iter().map(|c| format!("{name}/{c}")));
        } else {
            out.push(name);
        }
    }
    out.sort();
    out
}

/// `catena run … --out .` in a project directory: the second run with `--force` replaces
/// the first run's output and leaves the project's `src/`, `data/`, notes and a file put into
/// `frames/` as they were.
#[test]
fn run_force_with_out_dot_keeps_the_project() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let proj = tmp.path();
    let cantilever = scene("cantilever.ron");
    ok(&catena_in(proj, &["run", &cantilever, "-q", "--out", "."]));
    assert_eq!(files(&proj.join("frames")).len(), 11);
    let mut foreign = FOREIGN.to_vec();
    foreign.push(("frames/README.txt", "my frame notes"));
    write_foreign(proj, &foreign);

    let refused = catena_in(proj, &["run", &cantilever, "-q", "--out", "."]);
    assert_eq!(refused.status.code(), Some(2), "{}", describe(&refused));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("is not empty") && err.contains("help: pass --force"),
        "{err}"
    );
    assert!(
        err.contains("keeps `data`") && err.contains("`src`"),
        "{err}"
    );
    assert_foreign_kept(proj, &foreign);

    let forced = catena_in(
        proj,
        &[
            "run",
            &cantilever,
            "-q",
            "--until",
            "0.05",
            "--force",
            "--out",
            ".",
        ],
    );
    ok(&forced);
    assert_foreign_kept(proj, &foreign);
    // The first run's eleven frames are gone; the second's three are there.
    assert_eq!(
        files(&proj.join("frames")),
        [
            "README.txt",
            "frame_000000.vtp",
            "frame_000001.vtp",
            "frame_000002.vtp"
        ]
    );
    let s = catena::io::read_summary(&proj.join("summary.json")).expect("summary");
    assert_eq!((s.steps, s.completed, s.frames), (10, true, 3));
    // frames/ held the user's file, so it stayed: the new run wrote into it, and did not
    // record it as a directory it created.
    let manifest = std::fs::read_to_string(proj.join(".catena.manifest")).expect("manifest");
    assert!(manifest.contains("f steps.csv\n") && manifest.contains("f frames/frame_000002.vtp\n"));
    assert!(
        !manifest.contains("d frames") && !manifest.contains("src"),
        "{manifest}"
    );
    assert!(!manifest.contains("README"), "{manifest}");

    // A third forced run with the user's frames/ note removed: nothing of the user's is
    // touched.
    std::fs::remove_file(proj.join("frames/README.txt")).expect("remove");
    ok(&catena_in(
        proj,
        &[
            "run",
            &cantilever,
            "-q",
            "--until",
            "0.05",
            "--force",
            "--out",
            ".",
        ],
    ));
    assert_foreign_kept(proj, FOREIGN);
}

/// A file catena did not write, with the name of one it writes, is neither removed by
/// `--force` nor overwritten: the run is refused, naming it. (Files the manifest lists are
/// taken for catena's: here the manifest is cut down to list only `frames/`, as if the user
/// had put their own `steps.csv` and `summary.json` there.)
#[test]
fn a_foreign_file_with_a_catena_name_is_not_overwritten() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let d = dir.to_str().expect("utf-8");
    let crossing = scene("rods_crossing.ron");
    ok(&catena(&[
        "run", &crossing, "-q", "--until", "0.002", "--out", d,
    ]));
    std::fs::write(dir.join(".catena.manifest"), "d frames\n").expect("manifest");
    let mine = [
        ("steps.csv", "my steps"),
        ("summary.json", "{\"mine\": true}"),
    ];
    write_foreign(&dir, &mine);
    let refused = catena(&[
        "run", &crossing, "-q", "--until", "0.002", "--force", "--out", d,
    ]);
    assert_eq!(refused.status.code(), Some(2), "{}", describe(&refused));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("steps.csv exists and catena did not write it")
            && err.contains("help: move the file"),
        "{err}"
    );
    assert_foreign_kept(&dir, &mine);
}

/// `catena compare --force` keeps the user's notes and figures beside the comparison.
#[test]
fn compare_force_keeps_notes_and_figures() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("cmp");
    let d = dir.to_str().expect("utf-8");
    let compare = |force: bool| {
        let crossing = scene("rods_crossing.ron");
        let c = chain("linear_rod_rod.ron");
        let mut a = vec![
            "compare", &crossing, "--chain", &c, "--until", "0.003", "-q", "--out", d,
        ];
        if force {
            a.push("--force");
        }
        catena(&a)
    };
    ok(&compare(false));
    write_foreign(&dir, FOREIGN);
    std::fs::write(dir.join("cases/mine.ron"), "mine").expect("into cases/");
    let refused = compare(false);
    assert_eq!(refused.status.code(), Some(2), "{}", describe(&refused));
    ok(&compare(true));
    assert_foreign_kept(&dir, FOREIGN);
    assert_foreign_kept(&dir, &[("cases/mine.ron", "mine")]);
    for f in [
        "compare.csv",
        "compare.json",
        "study.ron",
        "cases/000.ron",
        "e_bar.svg",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
}

/// `catena sweep --force` over a comparison's directory: the comparison's output goes (its
/// `cases/` too, once empty), the user's files and a chain of theirs in `chains/` stay.
#[test]
fn sweep_force_replaces_a_study_and_keeps_the_users_files() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("study");
    let d = dir.to_str().expect("utf-8");
    let crossing = scene("rods_crossing.ron");
    let c = chain("linear_rod_rod.ron");
    let sweep = |force: bool| {
        let mut a = vec![
            "sweep",
            &crossing,
            "--chain",
            &c,
            "--set",
            "N_LinearForce.stiffness=1e3,2e3",
            "--until",
            "0.003",
            "-q",
            "--out",
            d,
        ];
        if force {
            a.push("--force");
        }
        catena(&a)
    };
    ok(&catena(&[
        "compare", &crossing, "--chain", &c, "--until", "0.003", "-q", "--out", d,
    ]));
    write_foreign(&dir, FOREIGN);
    ok(&sweep(true));
    assert_foreign_kept(&dir, FOREIGN);
    assert!(!dir.join("compare.csv").exists() && dir.join("sweep.csv").is_file());
    // The user's chain in the sweep's chains/ survives the next forced sweep; the edited
    // chains are rewritten.
    let users_chain = [("chains/my_chain.ron", "Chain(name: \"mine\", elements: [])")];
    write_foreign(&dir, &users_chain);
    ok(&sweep(true));
    assert_foreign_kept(&dir, FOREIGN);
    assert_foreign_kept(&dir, &users_chain);
    assert_eq!(
        files(&dir.join("chains")).len(),
        3,
        "{:?}",
        files(&dir.join("chains"))
    );
    let cases: Vec<String> = files(&dir.join("cases"));
    assert_eq!(cases, ["000.ron", "001.ron"]);
}

/// A study laid out for Slurm: each case runs (as the job script does) into `runs/NNN`, an
/// output directory of its own; laying the study out again with `--force` removes the case
/// runs with the plan, and keeps what the user and Slurm put there (the job logs).
#[test]
fn a_forced_plan_removes_its_case_runs_and_keeps_the_logs() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("plan");
    let d = dir.to_str().expect("utf-8");
    let crossing = scene("rods_crossing.ron");
    let c = chain("linear_rod_rod.ron");
    let emit = |force: bool| {
        let mut a = vec![
            "sweep",
            &crossing,
            "--chain",
            &c,
            "--set",
            "N_LinearForce.stiffness=1e3,2e3",
            "--until",
            "0.002",
            "--emit",
            "slurm",
            d,
        ];
        if force {
            a.push("--force");
        }
        catena(&a)
    };
    ok(&emit(false));
    for i in ["000", "001"] {
        let case_scene = dir.join(format!("scenes/{i}.ron"));
        let run = dir.join(format!("runs/{i}"));
        ok(&catena(&[
            "run",
            case_scene.to_str().expect("utf-8"),
            "--out",
            run.to_str().expect("utf-8"),
            "--until",
            "0.002",
            "-q",
            "--force",
        ]));
    }
    let logs = [("logs/case_0.out", "slurm log"), ("notes.md", "my notes")];
    write_foreign(&dir, &logs);
    ok(&emit(true));
    assert_foreign_kept(&dir, &logs);
    assert!(!dir.join("runs/000").exists() && !dir.join("runs/001").exists());
    assert!(dir.join("plan.ron").is_file() && dir.join("study.sbatch").is_file());
    let script = std::fs::read_to_string(dir.join("study.sbatch")).expect("script");
    assert!(
        script.contains("echo 'f error.txt' >> \"$RUN/.catena.manifest\""),
        "{script}"
    );
}

/// Output of a catena before manifests (a lock file, no manifest): `--force` removes what it
/// recognises by name and keeps the rest; without a lock file, a directory with anything
/// unrecognised is refused even with `--force`.
#[test]
fn output_written_before_manifests_is_replaced_by_name_only() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("old");
    let d = dir.to_str().expect("utf-8");
    let cantilever = scene("cantilever.ron");
    ok(&catena(&[
        "run",
        &cantilever,
        "-q",
        "--until",
        "0.05",
        "--out",
        d,
    ]));
    std::fs::remove_file(dir.join(".catena.manifest")).expect("as before manifests");
    write_foreign(&dir, FOREIGN);
    write_foreign(
        &dir,
        &[("frames/frame_12.vtp", "not numbered as catena does")],
    );
    ok(&catena(&[
        "run",
        &cantilever,
        "-q",
        "--until",
        "0.05",
        "--force",
        "--out",
        d,
    ]));
    assert_foreign_kept(&dir, FOREIGN);
    assert_foreign_kept(
        &dir,
        &[("frames/frame_12.vtp", "not numbered as catena does")],
    );

    std::fs::remove_file(dir.join(".catena.manifest")).expect("unmark");
    std::fs::remove_file(dir.join(".catena.lock")).expect("unlock");
    let refused = catena(&["run", &cantilever, "-q", "--force", "--out", d]);
    assert_eq!(refused.status.code(), Some(2), "{}", describe(&refused));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("catena writes only into directories it owns"),
        "{err}"
    );
    assert_foreign_kept(&dir, FOREIGN);
    assert!(dir.join("steps.csv").is_file(), "nothing was removed");
}
