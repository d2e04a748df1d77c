//! The `catena` command line: run and check scenes.
//!
//! This file defines the command line (clap) and dispatches each command to its module.

mod check;
mod distributed;
mod elements;
mod flagella;
mod oom;
mod render;
mod run;
mod signals;
mod study;
mod validate;

/// Allocation failure is a clean error ([`oom`]), not an abort.
#[global_allocator]
static ALLOCATOR: oom::Guarded = oom::Guarded;

use catena::io::RenderOptions;
use check::JacobianArgs;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "catena",
    version,
    about = "Implicit contact mechanics of elastic rods, shells and rigid bodies"
)]
struct Cli {
    /// Worker threads (default: all cores). Results are identical for any count.
    #[arg(long, global = true)]
    threads: Option<usize>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a scene and write steps.csv, summary.json and VTK frames.
    Run {
        /// Scene file (RON).
        scene: PathBuf,
        /// Output directory: new or empty (default: out/<scene file stem>).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace the output of an earlier run in the output directory.
        #[arg(long)]
        force: bool,
        /// Stop at this simulated time (s) instead of the scene's duration.
        #[arg(long)]
        until: Option<f64>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// Write DIR/checkpoint.ron (atomically) every N steps; continue with `catena resume DIR`.
        #[arg(long, value_name = "N")]
        checkpoint_every: Option<u64>,
        /// Print where the wall time went (detection, elastic, contact, assembly, factorisation,
        /// solve, line search, commit) at the end; the figures are in steps.csv and
        /// summary.json in any case.
        #[arg(long)]
        profile: bool,
    },
    /// Continue an interrupted, killed or failed run from the checkpoint in its output
    /// directory, or an interrupted compare or sweep from its finished cases.
    Resume {
        /// Output directory of the run (holds checkpoint.ron) or study (holds study.ron).
        dir: PathBuf,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Validate a scene or chain file without running it; with --jacobian, check a chain's
    /// force Jacobians against finite differences.
    Check {
        /// Scene or chain file (RON).
        file: PathBuf,
        #[command(flatten)]
        jacobian: JacobianArgs,
    },
    /// Run one scene once per chain and compare them (AIPTS, ATPTS, RTI, gaps, ē; CSV, JSON, SVG).
    Compare {
        /// Scene file (RON).
        scene: PathBuf,
        /// Chain files; each replaces the chain of the contacts of its pair type. The first is
        /// the reference for RTI and ē.
        #[arg(long = "chain", required = true)]
        chains: Vec<PathBuf>,
        /// Stop at this simulated time (s) instead of the scene's duration.
        #[arg(long)]
        until: Option<f64>,
        /// Output directory: new or empty.
        #[arg(long, default_value = "out/compare")]
        out: PathBuf,
        /// Replace earlier catena output in the output directory.
        #[arg(long)]
        force: bool,
        /// No progress bars.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Run one scene once per value of a chain parameter, in parallel (e.g. Table 2's friction
    /// sweep); or lay the cases out as a Slurm job array (--emit slurm DIR) and merge its runs
    /// (--collect DIR).
    Sweep {
        /// Scene file (RON).
        #[arg(required_unless_present = "collect")]
        scene: Option<PathBuf>,
        /// Chain file whose parameter is swept.
        #[arg(long, required_unless_present = "collect")]
        chain: Option<PathBuf>,
        /// ELEMENT.field=v1,v2,… (e.g. T_IMC.mu=0.1,0.2,0.3).
        #[arg(long, required_unless_present = "collect")]
        set: Option<String>,
        /// Instead of running, write DIR/chains, DIR/scenes (one scene per case) and the job
        /// script DIR/study.sbatch (one array task per case, `catena run` into DIR/runs/NNN);
        /// KIND is `slurm`.
        #[arg(long, num_args = 2, value_names = ["KIND", "DIR"], conflicts_with = "collect")]
        emit: Option<Vec<String>>,
        /// Merge the finished runs of the study laid out in DIR into DIR/sweep.csv and
        /// DIR/sweep.json, and report the missing and failed cases.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["scene", "chain", "set"])]
        collect: Option<PathBuf>,
        /// Stop at this simulated time (s) instead of the scene's duration.
        #[arg(long)]
        until: Option<f64>,
        /// Output directory: new or empty.
        #[arg(long, default_value = "out/sweep")]
        out: PathBuf,
        /// Replace earlier catena output in the output directory.
        #[arg(long)]
        force: bool,
        /// No progress bars.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Write the flagella bundling scene of the IMC paper (seed 001 §4.1) with M flagella.
    Flagella {
        /// Number of flagella M (the paper: 2, 3, 5, 10).
        #[arg(long)]
        m: usize,
        /// Scene file to write.
        #[arg(long)]
        out: PathBuf,
        /// Simulated duration (s); default 250 s, the paper's horizon.
        #[arg(long)]
        until: Option<f64>,
        /// Contact chain as the scene names it (relative to the scene file); default:
        /// chains/imc.ron of the working directory.
        #[arg(long)]
        chain: Option<String>,
    },
    /// Draw the bodies of one output frame (rods as tubes, spheres, shell and mesh triangles) in a
    /// fixed 3D view (SVG or PNG).
    Render {
        /// Output directory of a run (holding frames/frame_*.vtp).
        dir: PathBuf,
        /// Frame number; negative counts from the end (−1: last). Default: the last frame.
        #[arg(long, allow_hyphen_values = true)]
        frame: Option<i64>,
        /// Picture to write: .svg or .png.
        #[arg(long)]
        out: PathBuf,
        /// Picture width and height in pixels.
        #[arg(long, default_value_t = 900)]
        size: u32,
        /// Camera azimuth about +z from +x (degrees).
        #[arg(long, default_value_t = -60.0, allow_hyphen_values = true)]
        azimuth: f64,
        /// Camera elevation above the x–y plane (degrees).
        #[arg(long, default_value_t = 20.0, allow_hyphen_values = true)]
        elevation: f64,
    },
    /// Run validation cases against theory and published results (table, CSV, SVG, VALIDATION.md).
    Validate {
        /// Cases to run (default: the fast subset; `--list` names them all); `NAME:PART[,PART…]`
        /// runs some parts of a case, e.g. `overhand:3` the knot n = 3 alone.
        cases: Vec<String>,
        /// Output directory (per-case CSV, SVG, scenes and chains; validation.csv).
        #[arg(long, default_value = "out/validate")]
        out: PathBuf,
        /// Markdown report to write (default: OUT/VALIDATION.md).
        #[arg(long)]
        report: Option<PathBuf>,
        /// List the cases with their sources and exit.
        #[arg(long)]
        list: bool,
        /// Run the fast subset (what CI runs; the default without case names).
        #[arg(long, conflicts_with_all = ["all", "cases"])]
        fast: bool,
        /// Run every case, the long knot cases included.
        #[arg(long, conflicts_with = "cases")]
        all: bool,
    },
    /// Write a documented, compiling chain element (with its Jacobian test) for your crate.
    NewElement {
        /// Element type name, CamelCase (e.g. Viscoelastic: `N_Viscoelastic` in chain files).
        name: String,
        /// What the element is.
        #[arg(long, value_enum)]
        kind: catena::scaffold::ElementKind,
        /// Directory to write the file into (your crate's src/).
        #[arg(long, default_value = ".")]
        out: PathBuf,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// List the chain elements, or print the full documentation of one.
    Elements {
        /// Element name (e.g. Capsule_Capsule).
        name: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = cli.threads {
        if n == 0 {
            eprintln!("error: --threads must be at least 1");
            return ExitCode::from(2);
        }
        pool = pool.num_threads(n);
    }
    let pool = match pool.build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start the worker threads: {e}");
            return ExitCode::from(2);
        }
    };
    // The whole command runs on a worker of the pool: every parallel loop of a time step then
    // starts on the calling worker instead of being handed from the main thread to the pool and
    // waited for (a thread switch per loop, tens per Newton iteration; with one thread the
    // loops now run inline).
    pool.install(|| command(cli.command))
}

fn command(command: Command) -> ExitCode {
    match command {
        Command::Elements { name } => elements::elements(name.as_deref()),
        Command::Validate {
            cases,
            out,
            report,
            list,
            fast: _,
            all,
        } => validate::validate(
            catena::validate::ValidateOptions {
                cases,
                all,
                out,
                report,
                progress: true,
            },
            list,
        ),
        Command::NewElement {
            name,
            kind,
            out,
            force,
        } => elements::new_element(&name, kind, &out, force),
        Command::Compare {
            scene,
            chains,
            until,
            out,
            force,
            quiet,
        } => study::compare(
            scene,
            chains,
            study::StudyArgs {
                until,
                out,
                quiet,
                force,
            },
        ),
        Command::Sweep {
            collect: Some(dir), ..
        } => distributed::collect(&dir),
        Command::Sweep {
            scene,
            chain,
            set,
            emit,
            until,
            out,
            force,
            quiet,
            collect: None,
        } => {
            let (Some(scene), Some(chain), Some(set)) = (scene, chain, set) else {
                eprintln!("error: sweep needs SCENE, --chain and --set (or --collect DIR)");
                return ExitCode::from(2);
            };
            let args = study::StudyArgs {
                until,
                out,
                quiet,
                force,
            };
            match emit {
                Some(emit) => distributed::emit(scene, chain, &set, &emit, args),
                None => study::sweep(scene, chain, &set, args),
            }
        }
        Command::Flagella {
            m,
            out,
            until,
            chain,
        } => flagella::flagella(m, &out, until, chain),
        Command::Render {
            dir,
            frame,
            out,
            size,
            azimuth,
            elevation,
        } => render::render(
            &dir,
            frame,
            &out,
            RenderOptions {
                width: size,
                height: size,
                azimuth_deg: azimuth,
                elevation_deg: elevation,
                caption: None,
            },
        ),
        Command::Check { file, jacobian } => check::check(&file, &jacobian),
        Command::Resume { dir, quiet } => run::resume_run(&dir, quiet),
        Command::Run {
            scene,
            out,
            force,
            until,
            quiet,
            checkpoint_every,
            profile,
        } => run::run_scene(
            &scene,
            run::RunArgs {
                out,
                until,
                quiet,
                checkpoint_every,
                force,
                profile,
            },
        ),
    }
}
