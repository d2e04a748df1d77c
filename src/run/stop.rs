//! [`Stop`]: a request to stop a run (or a study) at the next step boundary, e.g. from a
//! signal handler.
//!
//! The library installs no signal handler: the `catena` binary registers SIGINT and SIGTERM to
//! set the request (with `signal-hook`), and a program that embeds catena can do the same or
//! call [`Stop::request`] from any thread. A run that sees the request after a step writes its
//! rows, a checkpoint and a summary marked `interrupted`, and returns
//! [`RunError::Interrupted`](super::RunError::Interrupted).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A shared stop request: 0 while none, else the number of the signal that asked (or any
/// non-zero code).
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicUsize>);

/// Signal number of SIGINT (Ctrl-C) on POSIX systems.
pub const SIGINT: i32 = 2;
/// Signal number of SIGTERM on POSIX systems.
pub const SIGTERM: i32 = 15;

impl Stop {
    /// A handle with no request.
    pub fn new() -> Self {
        Self::default()
    }

    /// The shared cell, for a signal handler to store the signal number into (e.g.
    /// `signal_hook::flag::register_usize(SIGINT, stop.cell(), SIGINT as usize)`).
    pub fn cell(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.0)
    }

    /// Asks every run holding a clone of this handle to stop; `signal` says why (a signal
    /// number, e.g. [`SIGINT`]).
    pub fn request(&self, signal: i32) {
        self.0.store(signal.max(1) as usize, Ordering::SeqCst);
    }

    /// The signal that asked to stop, if any.
    pub fn requested(&self) -> Option<i32> {
        match self.0.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s as i32),
        }
    }
}

/// The name of signal `s` for messages (`SIGINT`, `SIGTERM`, or `signal N`).
pub fn signal_name(s: i32) -> String {
    match s {
        SIGINT => "SIGINT".into(),
        SIGTERM => "SIGTERM".into(),
        1 => "SIGHUP".into(),
        _ => format!("signal {s}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_seen_by_every_clone() {
        let a = Stop::new();
        let b = a.clone();
        assert_eq!(b.requested(), None);
        a.request(SIGTERM);
        assert_eq!(b.requested(), Some(SIGTERM));
        assert_eq!(signal_name(SIGINT), "SIGINT");
    }
}
