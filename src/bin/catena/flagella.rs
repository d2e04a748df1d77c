//! `catena flagella`: write the flagella bundling scene of the IMC paper.

use catena::scene::{FlagellaSetup, relative_path};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The most flagella a scene may have: the paper has at most 10, and the dense fluid matrix of
/// 1000 (68,000 nodes) is already half a terabyte.
const MAX_FLAGELLA: usize = 1000;

/// `catena flagella --m M --out SCENE`: writes the scene with `m` flagella to `out`.
pub fn flagella(m: usize, out: &Path, until: Option<f64>, chain: Option<String>) -> ExitCode {
    if m == 0 || m > MAX_FLAGELLA {
        eprintln!(
            "error: --m {m}: the number of flagella must be at least 1 and at most {MAX_FLAGELLA}"
        );
        eprintln!("  help: the paper's scenes have M = 2, 3, 5 and 10 flagella");
        return ExitCode::from(2);
    }
    if let Some(t) = until
        && !(t.is_finite() && t > 0.0 && t / 1e-3 <= catena::run::MAX_STEPS)
    {
        eprintln!(
            "error: --until {t} must be a positive number of seconds of at most {:e} steps of 1 ms",
            catena::run::MAX_STEPS
        );
        eprintln!("  help: the paper runs 250 s (the default)");
        return ExitCode::from(2);
    }
    let mut setup = FlagellaSetup::paper(m);
    if let Some(t) = until {
        setup.duration = t;
    }
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    setup.chain = match chain {
        Some(c) => c,
        None => match relative_path(&dir, Path::new("chains/imc.ron")) {
            Ok(p) => p.to_string_lossy().into_owned(),
            Err(e) => {
                eprintln!("error: cannot find chains/imc.ron in the working directory: {e}");
                eprintln!(
                    "  help: run from the catena checkout, or pass --chain PATH (relative to the scene)"
                );
                return ExitCode::from(2);
            }
        },
    };
    let text = match setup.to_ron() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = catena::io::write_atomic(out, text.as_bytes()) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    println!(
        "{}: {m} flagella, {} nodes, {} s at Δt = {} s, chain {}",
        out.display(),
        m * setup.nodes,
        setup.duration,
        setup.dt,
        setup.chain
    );
    ExitCode::SUCCESS
}
