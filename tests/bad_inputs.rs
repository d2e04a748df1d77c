//! The corpus of hostile inputs: every file in `tests/bad_inputs/` (scenes and chains) is given
//! to the `catena` binary, which must refuse it with exit code 2 and exactly one error:
//! `error: FILE:LINE:COLUMN: what is wrong` followed by a `help:` line saying what to do, and
//! never a panic or a backtrace. Scenes are given to both `catena check` and `catena run` (which
//! must fail before writing anything); chain files (their name starts with `chain_`) to
//! `catena check`.
//!
//! Each file states what the message must contain in its leading comment lines:
//!
//! ```text
//! // expect: <a fragment of the error message>       (first line, required)
//! // position: none                                   (optional: the error has no line:column)
//! // position: <line>:<column>                        (optional: the error is at exactly this
//! //                                                   line:column of the file it names)
//! // names: <file name>                               (optional: the error is about another file,
//! //                                                   e.g. a chain or node file referenced by
//! //                                                   the scene, kept next to it)
//! // at: <text>                                       (optional: the input at the error's
//! //                                                   line:column starts with this text)
//! ```
//!
//! Files of other extensions (`.csv`, `.txt` node files, …) are the inputs those scenes name.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `catena ARGS` run from the crate root, without a backtrace setting inherited from the
/// environment (so a panic would show its usual "RUST_BACKTRACE" note).
fn catena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .expect("start the catena binary")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr)
    )
}

/// What a fixture says about itself.
struct Fixture {
    path: PathBuf,
    name: String,
    source: String,
    expect: String,
    has_position: bool,
    /// The exact line:column the error must have, when the fixture says.
    position: Option<(usize, usize)>,
    /// The file the error must name (the fixture itself unless `names:` says otherwise).
    names: String,
    /// What the input at the error's position starts with, when the fixture says (`at:`).
    at: Option<String>,
    is_chain: bool,
}

fn fixtures() -> Vec<Fixture> {
    let dir = root().join("tests/bad_inputs");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let all: Vec<Fixture> = paths
        .into_iter()
        .map(|path| {
            let source = std::fs::read_to_string(&path).expect("read fixture");
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned();
            let directive = |key: &str| {
                source
                    .lines()
                    .take_while(|l| l.starts_with("//"))
                    .find_map(|l| l.strip_prefix(&format!("// {key}:")))
                    .map(|v| v.trim().to_string())
            };
            let first = source.lines().next().unwrap_or("");
            let expect = first
                .strip_prefix("// expect:")
                .unwrap_or_else(|| panic!("{name}: the first line must be `// expect: …`"))
                .trim()
                .to_string();
            assert!(!expect.is_empty(), "{name}: empty expectation");
            Fixture {
                has_position: directive("position").as_deref() != Some("none"),
                position: directive("position").and_then(|p| {
                    let (l, c) = p.split_once(':')?;
                    Some((l.trim().parse().ok()?, c.trim().parse().ok()?))
                }),
                names: directive("names").unwrap_or_else(|| name.clone()),
                at: directive("at"),
                is_chain: name.starts_with("chain_"),
                path,
                name,
                source,
                expect,
            }
        })
        .collect();
    assert!(all.len() >= 25, "the corpus has {} files", all.len());
    all
}

/// The `L:C` of the `FILE:L:C: ` prefix of a message, if present.
fn position(err: &str, name: &str) -> Option<(usize, usize)> {
    let first = err.lines().next()?;
    let rest = &first[first.find(name)? + name.len()..];
    let mut parts = rest.strip_prefix(':')?.splitn(3, ':');
    let l = parts.next()?.parse().ok()?;
    let c = parts.next()?.parse().ok()?;
    parts.next()?.starts_with(' ').then_some((l, c))
}

/// Checks what one invocation printed for fixture `f`.
fn check_output(f: &Fixture, out: &Output, what: &str) -> Result<(), String> {
    let err = text(&out.stderr);
    let fail = |why: &str| Err(format!("{} ({what}): {why}\n{}", f.name, describe(out)));
    for bad in ["panicked", "RUST_BACKTRACE", "stack backtrace"] {
        if err.contains(bad) {
            return fail(&format!("stderr mentions {bad:?}"));
        }
    }
    if out.status.code() != Some(2) {
        return fail("exit code is not 2");
    }
    if !err.starts_with("error: ") {
        return fail("stderr does not start with `error: `");
    }
    if err.matches("error: ").count() != 1 {
        return fail("more than one error");
    }
    if !err.lines().any(|l| l.trim_start().starts_with("help: ")) {
        return fail("no `help: ` line saying what to do");
    }
    if !err.contains(&f.expect) {
        return fail(&format!("the message lacks {:?}", f.expect));
    }
    if !err.contains(&f.names) {
        return fail(&format!("the message does not name {}", f.names));
    }
    let pos = position(&err, &f.names);
    match (f.has_position, pos) {
        (true, None) => return fail("no `FILE:LINE:COLUMN: ` prefix"),
        (false, Some(_)) => return fail("unexpected position (fixture says `position: none`)"),
        (true, Some((l, c))) => {
            if f.position.is_some_and(|p| p != (l, c)) {
                return fail(&format!(
                    "the error is at {l}:{c}, the fixture says {:?}",
                    f.position
                ));
            }
            // The text the position points into: the fixture, or the file next to it that the
            // error names.
            let named = f.path.with_file_name(&f.names);
            let source = if f.names == f.name {
                f.source.clone()
            } else if let Ok(text) = std::fs::read_to_string(&named) {
                text
            } else {
                return Ok(());
            };
            let line = source.lines().nth(l.wrapping_sub(1));
            let Some(line) = line else {
                return fail(&format!("line {l} is past the end of the file"));
            };
            if c == 0 || c > line.chars().count() + 1 {
                return fail(&format!("column {c} is outside line {l}"));
            }
            // The position points at the input, not into a comment (every fixture quotes its
            // expected message, names included, in its first line).
            let markers: &[&str] = if named.extension().is_some_and(|x| x == "ron") {
                &["//"]
            } else {
                &["//", "#", "%"]
            };
            let comment = markers
                .iter()
                .filter_map(|m| line.find(m))
                .min()
                .map(|i| line[..i].chars().count() + 1);
            if comment.is_some_and(|start| c >= start) {
                return fail(&format!("{l}:{c} points into a comment: {line:?}"));
            }
            if let Some(at) = &f.at {
                let here: String = line.chars().skip(c - 1).collect();
                if !here.starts_with(at.as_str()) {
                    return fail(&format!("{l}:{c} points at {here:?}, not at {at:?}"));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn check_fixture(f: &Fixture, scratch: &Path) -> Result<(), String> {
    let path = f.path.to_str().expect("utf-8 path");
    check_output(f, &catena(&["check", path]), "check")?;
    if f.is_chain {
        return Ok(());
    }
    let out_dir = scratch.join(&f.name);
    let out = catena(&[
        "run",
        path,
        "--out",
        out_dir.to_str().expect("utf-8 path"),
        "-q",
    ]);
    check_output(f, &out, "run")?;
    if out_dir.exists() {
        return Err(format!(
            "{} (run): output was written for a scene that cannot be built",
            f.name
        ));
    }
    Ok(())
}

#[test]
fn bad_inputs_are_rejected_with_one_located_error_and_a_hint() {
    let scratch = tempfile::tempdir().expect("tempdir");
    let all = fixtures();
    let failures: Vec<String> = all
        .iter()
        .filter_map(|f| check_fixture(f, scratch.path()).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} bad inputs:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
}

/// `catena ARGS`, killed (and reported) if it has not ended after `secs` seconds.
fn catena_within(args: &[&str], secs: u64) -> Result<Output, String> {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the catena binary");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("catena {args:?} was still running after {secs} s"));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Ok(child.wait_with_output().expect("output"))
}

/// A FIFO at `path` (`mkfifo`).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().expect("utf-8")).expect("path");
    // SAFETY: `c` is a valid NUL-terminated path.
    assert_eq!(
        unsafe { libc::mkfifo(c.as_ptr(), 0o600) },
        0,
        "mkfifo {}",
        path.display()
    );
}

/// Every kind of input file a scene can name, given as a FIFO (which would block a reader for
/// ever) and as a link to `/dev/zero` (which never ends): refused at once by `catena check` and
/// `catena run` (which writes nothing), naming the file, with a help line.
#[cfg(unix)]
#[test]
fn input_files_that_are_not_regular_files_are_refused_at_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let material =
        r#"materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) },"#;
    let shell = |mesh: &str| {
        format!(r#"shells: [(name: "s", material: "m", thickness: 1e-3, mesh: File("{mesh}"))],"#)
    };
    let table = r#"shells: [(name: "s", material: "m", thickness: 1e-3, bending: Hinge,
        mesh: Plate(lx: 0.02, ly: 0.01, nx: 2, ny: 1, diagonals: OneWay),
        actuate: [(hinges: Box(min: (0.0099, -1, -1), max: (0.0101, 1, 1)),
                   signal: Table("INPUT"))])],"#;
    let rod =
        r#"rods: [(name: "r", material: "m", radius: 1e-3, geometry: PolylineFile("INPUT"))],"#;
    let spheres = r#"sphere_sets: [(name: "p", material: "m", from: File("INPUT"))],"#;
    let chain = r#"spheres: [(name: "a", material: "m", radius: 0.01, center: (0, 0, 0.01))],
        planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
        contacts: [(chain: "INPUT", first: AllSpheres, second: AllPlanes)],"#;
    let kinds: [(&str, String); 8] = [
        ("mesh.obj", shell("INPUT")),
        ("mesh.stl", shell("INPUT")),
        ("mesh.txt", shell("INPUT")),
        ("phi.txt", table.to_string()),
        ("rod.txt", rod.to_string()),
        ("pack.csv", spheres.to_string()),
        ("frame.vtp", spheres.to_string()),
        ("chain.ron", chain.to_string()),
    ];
    let mut failures = Vec::new();
    for (file, body) in &kinds {
        for special in ["fifo", "zero"] {
            let dir = tmp
                .path()
                .join(format!("{special}_{}", file.replace('.', "_")));
            std::fs::create_dir(&dir).expect("dir");
            let input = dir.join(file);
            match special {
                "fifo" => mkfifo(&input),
                _ => std::os::unix::fs::symlink("/dev/zero", &input).expect("symlink"),
            }
            let scene = dir.join("scene.ron");
            let text = format!(
                "Scene(\n    time: (dt: 1e-3, duration: 0.01),\n    {material}\n    {}\n)\n",
                body.replace("INPUT", file)
            );
            std::fs::write(&scene, text).expect("scene");
            let out_dir = dir.join("out");
            let s = scene.to_str().expect("utf-8");
            for args in [
                vec!["check", s],
                vec!["run", s, "--out", out_dir.to_str().expect("utf-8"), "-q"],
            ] {
                let what = format!("{special} as {file}, `catena {}`", args[0]);
                let out = match catena_within(&args, 60) {
                    Ok(o) => o,
                    Err(e) => {
                        failures.push(format!("{what}: {e}"));
                        continue;
                    }
                };
                let err = text_of_output(&out);
                let expect = if special == "fifo" {
                    "a FIFO (named pipe), not a regular file"
                } else {
                    "a character device, not a regular file"
                };
                if out.status.code() != Some(2)
                    || !err.starts_with("error: ")
                    || !err.contains(expect)
                    || !err.contains(file)
                    || !err.contains("help: ")
                    || err.contains("panicked")
                {
                    failures.push(format!(
                        "{what}: expected exit 2 and {expect:?}\n{}",
                        describe(&out)
                    ));
                }
            }
            if out_dir.exists() {
                failures.push(format!("{special} as {file}: `catena run` wrote output"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn text_of_output(out: &Output) -> String {
    text(&out.stderr)
}

/// The scenes of `tests/warned_inputs/`: each builds and runs, but `catena check` and
/// `catena run` warn about it on stderr (exit 0, no error, no panic). Each file's first line is
/// `// warn: <a fragment of the warning>`. A staged window that starts after the scene's
/// duration is warned about only while the run ends before it (`--until` can take it there).
#[test]
fn warned_inputs_run_with_a_warning_on_stderr() {
    let dir = root().join("tests/warned_inputs");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/warned_inputs")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 5, "{paths:?}");
    let scratch = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    for path in &paths {
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let source = std::fs::read_to_string(path).expect("read");
        let expect = source
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// warn:"))
            .unwrap_or_else(|| panic!("{name}: the first line must be `// warn: …`"))
            .trim()
            .to_string();
        let p = path.to_str().expect("utf-8");
        let out_dir = scratch.path().join(&name);
        for args in [
            vec!["check", p],
            vec!["run", p, "-q", "--out", out_dir.to_str().expect("utf-8")],
        ] {
            let out = catena(&args);
            let err = text(&out.stderr);
            let warned = err
                .lines()
                .any(|l| l.starts_with("warning: ") && l.contains(&expect));
            if out.status.code() != Some(0)
                || !warned
                || err.contains("error: ")
                || err.contains("panicked")
            {
                failures.push(format!(
                    "{name} (`catena {}`): expected exit 0 and a warning with {expect:?}\n{}",
                    args[0],
                    describe(&out)
                ));
            }
        }
    }
    // Run past the late start, the translation acts: no warning.
    let late = root().join("tests/warned_inputs/late_translation.ron");
    let out_dir = scratch.path().join("late_until");
    let out = catena(&[
        "run",
        late.to_str().expect("utf-8"),
        "-q",
        "--until",
        "0.6",
        "--out",
        out_dir.to_str().expect("utf-8"),
    ]);
    if out.status.code() != Some(0) || text(&out.stderr).contains("warning") {
        failures.push(format!(
            "late_translation.ron with --until 0.6\n{}",
            describe(&out)
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
