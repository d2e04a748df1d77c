//! SIGINT (Ctrl-C) and SIGTERM for the commands that run simulations (`run`, `resume`,
//! `compare`, `sweep`): the first one asks the run to stop at the next step boundary (it then
//! writes its rows, a checkpoint and a summary, says how to resume, and exits with 130 or 143);
//! a second one exits at once with the same status.

use catena::run::{SIGINT, SIGTERM, Stop};
use signal_hook::flag;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Installs the handlers and returns the stop request they set. If they cannot be installed
/// the run goes on without (the default action of the signals stays).
pub fn install() -> Stop {
    let stop = Stop::new();
    let armed = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM] {
        // The order matters: the shutdown checks the flag before the next handler sets it.
        let ok = flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&armed))
            .and_then(|_| flag::register_usize(sig, stop.cell(), sig as usize))
            .and_then(|_| flag::register(sig, Arc::clone(&armed)));
        if let Err(e) = ok {
            eprintln!("warning: cannot handle signal {sig}: {e}; an interrupt will not be clean");
        }
    }
    stop
}
