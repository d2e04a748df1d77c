//! `catena validate`: run validation cases against theory and published results.

use std::process::ExitCode;

/// `catena validate [CASES]`: runs the selected cases (or, with `list`, names them all).
pub fn validate(opts: catena::validate::ValidateOptions, list: bool) -> ExitCode {
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
