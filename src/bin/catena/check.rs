//! `catena check`: validate a scene or chain file; with `--jacobian`, check a chain's force
//! Jacobians against finite differences.

use crate::run::load;
use catena::contact::{Builtin, Chain};
use catena::verify::MAX_SAMPLES;
use std::path::Path;
use std::process::ExitCode;

/// Options of `catena check --jacobian`.
#[derive(clap::Args)]
pub struct JacobianArgs {
    /// Check every element's ∂f/∂x, ∂f/∂v (and f = −∇E) against central finite differences on
    /// random configurations of the chain's pair type.
    #[arg(long)]
    pub jacobian: bool,
    /// Number of random configurations.
    #[arg(long, default_value_t = 200, requires = "jacobian")]
    pub samples: usize,
    /// Seed of the configurations.
    #[arg(long, default_value_t = 1, requires = "jacobian")]
    pub seed: u64,
    /// Largest relative error that passes.
    #[arg(long, default_value_t = 1e-5, requires = "jacobian")]
    pub tol: f64,
}

/// `catena check FILE [--jacobian ...]`: a chain's Jacobians with `--jacobian`, else whether the
/// chain or scene file loads.
pub fn check(file: &Path, jacobian: &JacobianArgs) -> ExitCode {
    if jacobian.jacobian {
        return check_jacobians(file, jacobian);
    }
    if is_chain_file(file) {
        check_chain(file)
    } else {
        check_scene(file)
    }
}

/// Loads a chain file and describes it.
fn check_chain(file: &Path) -> ExitCode {
    match Chain::<Builtin>::load(file) {
        Ok(c) => {
            println!(
                "{}: ok — chain \"{}\": {} elements, {} against {}",
                file.display(),
                c.name(),
                c.elements().len(),
                c.kinds().0,
                c.kinds().1
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Builds a scene file and describes it.
fn check_scene(file: &Path) -> ExitCode {
    match load(file, None) {
        Ok(s) => {
            println!(
                "{}: ok — scene \"{}\": {}, {} nodes, {} DOFs ({} free), Δt = {} s, duration = {} s",
                file.display(),
                s.name,
                s.model.bodies.summary(),
                s.model.n_nodes(),
                s.model.n_dofs(),
                s.model.dofs.n_free(),
                s.dt,
                s.duration
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `catena check --jacobian`: the chain's Jacobians against finite differences (exit 1 when an
/// element fails).
fn check_jacobians(file: &Path, args: &JacobianArgs) -> ExitCode {
    if args.samples == 0 || args.samples > MAX_SAMPLES {
        eprintln!(
            "error: --samples {}: need samples > 0 and at most {MAX_SAMPLES}",
            args.samples
        );
        eprintln!("  help: the default, 200 random configurations, checks a chain in seconds");
        return ExitCode::from(2);
    }
    if !(args.tol.is_finite() && args.tol > 0.0) {
        eprintln!("error: --tol {} must be a positive number", args.tol);
        eprintln!("  help: a relative error, e.g. --tol 1e-5 (the default)");
        return ExitCode::from(2);
    }
    if !is_chain_file(file) {
        eprintln!(
            "error: {}: --jacobian needs a chain file (a RON file starting with `Chain(`)",
            file.display()
        );
        eprintln!("  help: the shipped chains are in chains/, e.g. chains/imc.ron");
        return ExitCode::from(2);
    }
    let chain = match Chain::<Builtin>::load(file) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = catena::verify::Options {
        samples: args.samples,
        seed: args.seed,
        tolerance: args.tol,
        ..Default::default()
    };
    match catena::verify::jacobians(&chain, &options) {
        Ok(report) => {
            println!("{report}");
            if report.passed() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}

/// Whether a RON file holds a chain (its first token after comments is `Chain`). A file that
/// cannot be read (a FIFO, a device, …) is not, and is then reported by the scene loader.
fn is_chain_file(path: &Path) -> bool {
    let Ok(text) = catena::diag::read_text(path, "file") else {
        return false;
    };
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#!"))
        .is_some_and(|l| l.starts_with("Chain"))
}
