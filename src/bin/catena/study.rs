//! `catena compare` and `catena sweep`: one scene run once per chain, or once per value of a
//! chain parameter.

use std::path::PathBuf;
use std::process::ExitCode;

/// `catena compare SCENE --chain ...`: runs the scene once per chain and prints the comparison.
pub fn compare(
    scene: PathBuf,
    chains: Vec<PathBuf>,
    until: Option<f64>,
    out: PathBuf,
    quiet: bool,
) -> ExitCode {
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

/// `catena sweep SCENE --chain CHAIN --set ELEMENT.field=v1,v2,…`: runs the scene once per value.
pub fn sweep(
    scene: PathBuf,
    chain: PathBuf,
    set: &str,
    until: Option<f64>,
    out: PathBuf,
    quiet: bool,
) -> ExitCode {
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
