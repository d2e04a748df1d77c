//! `catena validate`: the fast cases (cantilever, Hertz, incline friction, IPC guarantee, rod
//! drop) pass within their tolerances and write their outputs (per-case CSV and SVG, scene and
//! chain files, `validation.csv`, `VALIDATION.md`); the command line lists the cases and
//! rejects an unknown one with a suggestion and exit code 2.

use catena::validate::{ValidateOptions, cases, parts_of, run_cases, select};
use std::process::Command;

#[test]
fn fast_cases_pass_and_write_their_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let opts = ValidateOptions {
        cases: Vec::new(),
        all: false,
        out: dir.path().join("out"),
        report: None,
        progress: false,
    };
    let selected = select(&opts).unwrap();
    let names: Vec<&str> = selected.iter().map(|c| c.name).collect();
    for required in [
        "cantilever",
        "hertz",
        "incline",
        "ipc_guarantee",
        "integrators",
    ] {
        assert!(
            names.contains(&required),
            "{required} is not in the fast set {names:?}"
        );
    }
    for knot in ["trefoil", "overhand"] {
        assert!(!names.contains(&knot), "the knots are on demand");
    }
    let outcomes = run_cases(&opts, &selected, |o| {
        eprintln!("{} ({:.1} s): passed {}", o.case.name, o.wall, o.passed());
    })
    .unwrap();
    for o in &outcomes {
        let report = o
            .result
            .as_ref()
            .unwrap_or_else(|e| panic!("{} did not run: {e}", o.case.name));
        for c in &report.checks {
            eprintln!(
                "  {:<60} {:>12.5e} vs {:>12.5e}  {}  {}",
                c.quantity,
                c.simulated,
                c.reference,
                c.error_text(),
                c.verdict()
            );
        }
        assert!(!report.checks.is_empty(), "{} checks nothing", o.case.name);
        assert!(!report.figures.is_empty(), "{} draws nothing", o.case.name);
        let failed: Vec<_> = report
            .checks
            .iter()
            .filter(|c| c.pass == Some(false))
            .map(|c| &c.quantity)
            .collect();
        assert!(
            failed.is_empty(),
            "{}: failing checks {failed:?}",
            o.case.name
        );
        let case_dir = opts.out.join(o.case.name);
        assert!(case_dir.join("checks.csv").is_file());
        for f in &report.figures {
            let svg = std::fs::read_to_string(case_dir.join(format!("{}.svg", f.stem))).unwrap();
            assert!(svg.starts_with("<svg") && svg.contains("</svg>"));
            assert!(case_dir.join(format!("{}.csv", f.stem)).is_file());
        }
    }
    let csv = std::fs::read_to_string(opts.out.join("validation.csv")).unwrap();
    let rows: usize = outcomes
        .iter()
        .map(|o| o.result.as_ref().map_or(0, |r| r.checks.len()))
        .sum();
    assert_eq!(csv.lines().count(), rows + 1);
    let md = std::fs::read_to_string(opts.out.join("VALIDATION.md")).unwrap();
    for o in &outcomes {
        assert!(md.contains(&format!("## {}", o.case.name)));
        assert!(
            md.contains(&format!("({}/", o.case.name)),
            "figure links of {}",
            o.case.name
        );
    }
    assert!(!md.contains("FAIL"));
}

#[test]
fn every_case_cites_a_source_and_names_are_unique() {
    let all = cases();
    for c in &all {
        assert!(!c.source.is_empty() && !c.title.is_empty(), "{}", c.name);
        assert_eq!(all.iter().filter(|d| d.name == c.name).count(), 1);
    }
}

#[test]
fn command_line_lists_cases_and_rejects_unknown_ones() {
    let out = Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(["validate", "--list"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for c in cases() {
        assert!(
            text.contains(c.name) && text.contains(c.source),
            "{}",
            c.name
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(["validate", "hertzz", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no validation case is named `hertzz`") && err.contains("`hertz`"),
        "{err}"
    );
}

#[test]
fn the_angle_of_repose_is_listed_on_demand() {
    let all = cases();
    let repose = all
        .iter()
        .find(|c| c.name == "repose")
        .expect("the angle-of-repose case is catalogued");
    assert!(!repose.fast, "a poured heap takes minutes: not a CI case");
    assert!(repose.source.contains("Zhou"));
    let opts = ValidateOptions {
        cases: vec!["repose".into()],
        all: false,
        out: std::env::temp_dir(),
        report: None,
        progress: false,
    };
    assert_eq!(select(&opts).unwrap().len(), 1);
}

/// `NAME:PART` selects a case with some of its parts; an unknown part, or a part of a case
/// without parts, is an error that names what exists.
#[test]
fn parts_of_a_case_are_selected_by_name_colon_part() {
    let opts = |specs: &[&str]| ValidateOptions {
        cases: specs.iter().map(|s| s.to_string()).collect(),
        all: false,
        out: std::env::temp_dir(),
        report: None,
        progress: false,
    };
    let o = opts(&["overhand:3", "overhand:1,3"]);
    let selected = select(&o).unwrap();
    assert_eq!(selected.len(), 1);
    assert_eq!(selected[0].name, "overhand");
    assert_eq!(parts_of(&o, "overhand"), vec!["1", "3"]);
    // The whole case wins over a part.
    assert!(parts_of(&opts(&["overhand", "overhand:2"]), "overhand").is_empty());
    let e = select(&opts(&["overhand:5"])).unwrap_err();
    assert!(e.contains("no part `5`") && e.contains("1, 2, 3, 4"), "{e}");
    let e = select(&opts(&["hertz:1"])).unwrap_err();
    assert!(e.contains("has no parts"), "{e}");
    assert!(select(&opts(&["overhand:"])).is_err());
}
