//! The `catena` command line: run and check scenes.

use catena::contact::{Builtin, Chain, ChainElement, ElementSet};
use catena::io::{RenderOptions, frame_file, read_vtp, render_frame};
use catena::run::{RunError, RunOptions, resume, run};
use catena::scene::{
    BuiltScene, FlagellaSetup, SceneError, build_scene, load_scene, relative_path,
};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "catena",
    version,
    about = "Implicit contact mechanics of elastic rods and particles"
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
        /// Output directory.
        #[arg(long, default_value = "out")]
        out: PathBuf,
        /// Stop at this simulated time (s) instead of the scene's duration.
        #[arg(long)]
        until: Option<f64>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// Write DIR/checkpoint.ron (atomically) every N steps; continue with `catena resume DIR`.
        #[arg(long, value_name = "N")]
        checkpoint_every: Option<u64>,
    },
    /// Continue a killed or stopped run from the checkpoint in its output directory.
    Resume {
        /// Output directory of the run (holds checkpoint.ron).
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
        /// Output directory.
        #[arg(long, default_value = "out/compare")]
        out: PathBuf,
        /// No progress bars.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Run one scene once per value of a chain parameter, in parallel (e.g. Table 2's friction sweep).
    Sweep {
        /// Scene file (RON).
        scene: PathBuf,
        /// Chain file whose parameter is swept.
        #[arg(long)]
        chain: PathBuf,
        /// ELEMENT.field=v1,v2,… (e.g. T_IMC.mu=0.1,0.2,0.3).
        #[arg(long)]
        set: String,
        /// Stop at this simulated time (s) instead of the scene's duration.
        #[arg(long)]
        until: Option<f64>,
        /// Output directory.
        #[arg(long, default_value = "out/sweep")]
        out: PathBuf,
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
    /// Draw the rods of one output frame as tubes in a fixed 3D view (SVG or PNG).
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
        /// Cases to run (default: the fast subset; `--list` names them all).
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

/// Options of `catena check --jacobian`.
#[derive(clap::Args)]
struct JacobianArgs {
    /// Check every element's ∂f/∂x, ∂f/∂v (and f = −∇E) against central finite differences on
    /// random configurations of the chain's pair type.
    #[arg(long)]
    jacobian: bool,
    /// Number of random configurations.
    #[arg(long, default_value_t = 200, requires = "jacobian")]
    samples: usize,
    /// Seed of the configurations.
    #[arg(long, default_value_t = 1, requires = "jacobian")]
    seed: u64,
    /// Largest relative error that passes.
    #[arg(long, default_value_t = 1e-5, requires = "jacobian")]
    tol: f64,
}

fn check_jacobians(file: &Path, args: &JacobianArgs) -> ExitCode {
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

fn load(path: &Path) -> Result<BuiltScene, SceneError> {
    let (spec, source) = load_scene(path)?;
    build_scene(&spec, &source, path)
}

/// Whether a RON file holds a chain (its first token after comments is `Chain`).
fn is_chain_file(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#!"))
        .is_some_and(|l| l.starts_with("Chain"))
}

fn elements(name: Option<&str>) -> ExitCode {
    let mut all = Builtin::catalogue();
    all.sort_by_key(|e| (e.doc().category, e.doc().name));
    all.dedup_by_key(|e| e.doc().name);
    match name {
        None => {
            let mut last = None;
            for e in &all {
                let d = e.doc();
                if last != Some(d.category) {
                    println!("\n{}:", d.category);
                    last = Some(d.category);
                }
                println!("  {:<40} {}", d.name, d.summary);
            }
            println!(
                "\n`catena elements NAME` prints an element's parameters, formula and source."
            );
            ExitCode::SUCCESS
        }
        Some(n) => match all.iter().find(|e| e.doc().name == n) {
            Some(e) => {
                let d = e.doc();
                println!(
                    "{} ({})\n\n{}\n\n{}",
                    d.name, d.category, d.summary, d.details
                );
                let needs = e.needs();
                println!("\nneeds: {}", needs.caps);
                if let Some((a, b)) = needs.kinds {
                    println!("pairs: {a} against {b}");
                }
                println!("gives: {}", e.gives().caps);
                ExitCode::SUCCESS
            }
            None => {
                let names = Builtin::names();
                eprintln!("error: no element is named `{n}`");
                match catena::scene::closest(n, names.iter().copied()) {
                    Some(s) => eprintln!("  help: did you mean `{s}`?"),
                    None => eprintln!("  help: `catena elements` lists them all"),
                }
                ExitCode::from(2)
            }
        },
    }
}

fn validate(opts: catena::validate::ValidateOptions, list: bool) -> ExitCode {
    if list {
        for c in catena::validate::cases() {
            println!(
                "{:<16} {:<10} {}\n{:<16} {:<10} source: {}",
                c.name,
                if c.fast { "fast" } else { "on demand" },
                c.title,
                "",
                "",
                c.source
            );
        }
        for (what, why) in catena::validate::NOT_COVERED {
            println!("not covered: {what}: {why}");
        }
        return ExitCode::SUCCESS;
    }
    let selected = match catena::validate::select(&opts) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let outcomes = catena::validate::run_cases(&opts, &selected, |o| match &o.result {
        Ok(r) => println!(
            "{} ({:.1} s) — {}\n{}",
            o.case.name,
            o.wall,
            if o.passed() { "pass" } else { "FAIL" },
            catena::validate::table(&r.checks)
        ),
        Err(e) => println!("{} ({:.1} s) — did not run: {e}\n", o.case.name, o.wall),
    });
    match outcomes {
        Ok(outcomes) => {
            let failed: Vec<&str> = outcomes
                .iter()
                .filter(|o| !o.passed())
                .map(|o| o.case.name)
                .collect();
            println!(
                "{} of {} case(s) passed; tables, figures and VALIDATION.md in {}",
                outcomes.len() - failed.len(),
                outcomes.len(),
                opts.out.display()
            );
            if failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                println!("failing: {}", failed.join(", "));
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn flagella(m: usize, out: &Path, until: Option<f64>, chain: Option<String>) -> ExitCode {
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

fn render(dir: &Path, frame: Option<i64>, out: &Path, opts: RenderOptions) -> ExitCode {
    let result = frame_file(dir, frame).and_then(|(file, k)| {
        let data = read_vtp(&file)?;
        let opts = RenderOptions {
            caption: Some(format!(
                "{}  frame {k}  t = {:.4} s",
                dir.display(),
                data.time
            )),
            ..opts
        };
        render_frame(&data, out, &opts).map(|()| (k, data))
    });
    match result {
        Ok((k, data)) => {
            println!(
                "{}: frame {k} (t = {} s, {} rod(s), {} sphere(s))",
                out.display(),
                data.time,
                data.rods.len(),
                data.spheres.len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reports the end of a run (or resumed run) whose output is in `out`: exit 0 when it
/// completed, 1 when a step failed, 2 for bad input or output errors.
fn finish_run(result: Result<catena::io::Summary, RunError>, out: &std::path::Path) -> ExitCode {
    match result {
        Ok(s) => {
            println!(
                "{}: {} steps to t = {:.6} s, {} Newton iterations (AIPTS {:.2}), {:.2} s wall; output in {}",
                s.scene,
                s.steps,
                s.sim_time,
                s.total_newton_iterations,
                s.aipts,
                s.wall_time_s,
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e @ RunError::Solve { .. }) => {
            eprintln!("error: {e}");
            eprintln!(
                "  the output up to the last accepted step is in {}",
                out.display()
            );
            if out.join(catena::run::CHECKPOINT_FILE).is_file() {
                eprintln!(
                    "  help: a checkpoint of the last completed step is in {}; lower `min_dt` or \
                     change the solver settings, or continue with `catena resume {}`",
                    out.join(catena::run::CHECKPOINT_FILE).display(),
                    out.display()
                );
            } else {
                eprintln!("  help: lower `min_dt` in `time`, or change the solver settings");
            }
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(n) = cli.threads {
        if n == 0 {
            eprintln!("error: --threads must be at least 1");
            return ExitCode::from(2);
        }
        if let Err(e) = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
        {
            eprintln!("error: cannot start {n} threads: {e}");
            return ExitCode::from(2);
        }
    }
    match cli.command {
        Command::Elements { name } => elements(name.as_deref()),
        Command::Validate {
            cases,
            out,
            report,
            list,
            fast: _,
            all,
        } => validate(
            catena::validate::ValidateOptions {
                cases,
                all,
                out,
                report,
            },
            list,
        ),
        Command::NewElement {
            name,
            kind,
            out,
            force,
        } => match catena::scaffold::new_element(&name, kind, &out, force) {
            Ok((e, path)) => {
                let stem = e.file_name.trim_end_matches(".rs");
                println!(
                    "wrote {}: `{}` ({})",
                    path.display(),
                    e.ron_name,
                    e.type_name
                );
                println!("next:");
                println!("  1. declare it in your crate: mod {stem};");
                println!(
                    "  2. register it (its chain-file name is `{}`): catena::element_set! {{ pub enum \
                     MyElements {{ Builtin(catena::contact::Builtin): set, {}({stem}::{}), }} }}",
                    e.ron_name, e.type_name, e.type_name
                );
                println!("  3. name it in a chain file: see the RON line in the file's docs");
                println!("  4. cargo test: its Jacobian test runs catena::verify::jacobians");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::Compare {
            scene,
            chains,
            until,
            out,
            quiet,
        } => {
            let opts = catena::study::CompareOptions {
                scene,
                chains,
                until,
                out,
                quiet,
            };
            match catena::study::compare(&opts) {
                Ok(rows) => {
                    print!("{}", catena::study::compare_table(&rows));
                    println!(
                        "RTI = total time of a chain / total time of the first; ē by seed 001 Eq. 22.\n\
                         tables and plots in {}",
                        opts.out.display()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Sweep {
            scene,
            chain,
            set,
            until,
            out,
            quiet,
        } => {
            let Some((parameter, values)) = set.split_once('=') else {
                eprintln!("error: --set must be ELEMENT.field=v1,v2,… (e.g. T_IMC.mu=0.1,0.2)");
                return ExitCode::from(2);
            };
            let opts = catena::study::SweepOptions {
                scene,
                chain,
                parameter: parameter.trim().to_string(),
                values: values.split(',').map(|v| v.trim().to_string()).collect(),
                until,
                out,
                quiet,
            };
            match catena::study::sweep(&opts) {
                Ok(rows) => {
                    print!("{}", catena::study::sweep_table(&opts.parameter, &rows));
                    println!("tables in {}", opts.out.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Flagella {
            m,
            out,
            until,
            chain,
        } => flagella(m, &out, until, chain),
        Command::Render {
            dir,
            frame,
            out,
            size,
            azimuth,
            elevation,
        } => render(
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
        Command::Check { file, jacobian } if jacobian.jacobian => check_jacobians(&file, &jacobian),
        Command::Check { file, .. } if is_chain_file(&file) => {
            match Chain::<Builtin>::load(&file) {
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
        Command::Check { file, .. } => match load(&file) {
            Ok(s) => {
                println!(
                    "{}: ok — scene \"{}\": {} rod(s), {} nodes, {} DOFs ({} free), Δt = {} s, duration = {} s",
                    file.display(),
                    s.name,
                    s.model.rods.len(),
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
        },
        Command::Resume { dir, quiet } => finish_run(resume(&dir, !quiet), &dir),
        Command::Run {
            scene,
            out,
            until,
            quiet,
            checkpoint_every,
        } => {
            if checkpoint_every == Some(0) {
                eprintln!("error: --checkpoint-every must be at least 1");
                return ExitCode::from(2);
            }
            if let Some(u) = until
                && !(u.is_finite() && u > 0.0)
            {
                eprintln!("error: --until must be a positive number of seconds, got {u}");
                return ExitCode::from(2);
            }
            let built = match load(&scene) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let opts = RunOptions {
                out: Some(out.clone()),
                until,
                progress: !quiet,
                checkpoint_every,
            };
            finish_run(run(built, &opts), &out)
        }
    }
}
