//! `catena flagella`: write the flagella bundling scene of the IMC paper.

use catena::scene::{FlagellaSetup, relative_path};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `catena flagella --m M --out SCENE`: writes the scene with `m` flagella to `out`.
pub fn flagella(m: usize, out: &Path, until: Option<f64>, chain: Option<String>) -> ExitCode {
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
