//! A long run must not grow: the flagella study runs 250,000 steps, and a process whose
//! resident memory grew by ~280 KB per step in contact was killed for memory at 150 s (the
//! rod stencils' per-evaluation result vector and the RSS solver's per-factorisation matrix
//! fragmented glibc's heap; `catena::math::Scratch`). Here 1,270 steps in contact must stay far
//! below what that growth gave (394 MB at t = 3 s; 15 MB now).

use std::process::Command;

/// Largest resident set of the waited-for children (KB).
fn children_max_rss_kb() -> i64 {
    // SAFETY: getrusage fills the zeroed struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0, "getrusage failed");
    usage.ru_maxrss
}

#[test]
fn the_flagella_in_contact_keep_their_memory() {
    let out = tempfile::tempdir().expect("temp dir");
    let scene = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/scenes/flagella_m2.ron"
    );
    let status = Command::new(env!("CARGO_BIN_EXE_catena"))
        .args([
            "--threads",
            "1",
            "run",
            scene,
            "--until",
            "3",
            "-q",
            "--out",
        ])
        .arg(out.path().join("run"))
        .status()
        .expect("start catena");
    assert!(status.success());
    let kb = children_max_rss_kb();
    assert!(
        kb < 120_000,
        "catena run of flagella_m2 to t = 3 s peaked at {kb} KB resident (expected well under 120 MB)"
    );
}
