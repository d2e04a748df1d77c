//! `catena elements` and `catena new-element`: the catalogue of chain elements, and a scaffold
//! for a new one.

use catena::contact::{Builtin, ChainElement, ElementSet};
use std::path::Path;
use std::process::ExitCode;

/// `catena elements [NAME]`: lists the chain elements, or prints the documentation of one.
pub fn elements(name: Option<&str>) -> ExitCode {
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

/// `catena new-element NAME --kind KIND`: writes a documented, compiling element into `out`.
pub fn new_element(
    name: &str,
    kind: catena::scaffold::ElementKind,
    out: &Path,
    force: bool,
) -> ExitCode {
    match catena::scaffold::new_element(name, kind, out, force) {
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
    }
}
