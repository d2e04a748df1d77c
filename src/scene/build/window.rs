//! Time windows of staged boundary conditions, point forces and actuations (`start`, `end`,
//! `ramp`; `active_from`, `active_until`), checked and located in the scene file: in order,
//! and reachable (a start no run can reach is refused; one after the scene's duration is
//! warned about).

use super::built::LateStart;
use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::io::fmt_f64;
use crate::model::{Window, WindowError};
use crate::run::MAX_STEPS;
use crate::scene::{NonNegative, Positive};

/// Where a window's fields are in the file: the `nth` (0-based) `anchor` (e.g. the second
/// `Translate`), the names of its fields, and what it belongs to (for messages).
pub(super) struct Fields<'a> {
    /// Text the item starts with (`Translate`, `PointForce`, `"rod name"`).
    pub anchor: &'a str,
    /// Which occurrence of `anchor`.
    pub nth: usize,
    /// Names of the start, end and ramp fields.
    pub names: [&'a str; 3],
    /// What the window schedules, e.g. `rod "arm": the translation`.
    pub what: String,
}

/// The window of `start`, `end` and `ramp` (`None` when all three are absent: the item keeps
/// its unstaged behaviour bit for bit).
pub(super) fn schedule(
    cx: &Ctx,
    f: &Fields,
    start: Option<NonNegative>,
    end: Option<Positive>,
    ramp: Option<NonNegative>,
) -> Result<Option<Window>, SceneError> {
    if start.is_none() && end.is_none() && ramp.is_none() {
        return Ok(None);
    }
    let t0 = start.map_or(0.0, |s| s.0);
    let t1 = end.map_or(f64::INFINITY, |e| e.0);
    let r = ramp.map_or(0.0, |r| r.0);
    let [s_name, e_name, r_name] = f.names;
    match Window::new(t0, t1, r) {
        Ok(w) => {
            reach(cx, f.anchor, f.nth, s_name, &f.what, t0)?;
            Ok(Some(w))
        }
        Err(WindowError::EndNotAfterStart) => Err(cx
            .err_in(
                f.anchor,
                f.nth,
                &format!("{e_name}:"),
                format!(
                    "{}: {e_name} = {t1} s is not after {s_name} = {t0} s",
                    f.what
                ),
            )
            .with_help(format!(
                "{s_name} and {e_name} are times in seconds from the start of the run: give an \
                 {e_name} later than {s_name}, or leave {e_name} out to go on to the end"
            ))),
        Err(WindowError::RampTooLong) => Err(cx
            .err_in(
                f.anchor,
                f.nth,
                &format!("{r_name}:"),
                format!(
                    "{}: the ramps up and down (2 × {r_name} = {} s) do not fit between {s_name} \
                     = {t0} s and {e_name} = {t1} s",
                    f.what,
                    2.0 * r
                ),
            )
            .with_help(format!(
                "shorten {r_name} to at most ({e_name} − {s_name})/2 = {} s, or widen the window",
                short(0.5 * (t1 - t0))
            ))),
        // The values are checked finite and ≥ 0 when they are read.
        Err(WindowError::NotFinite) => Err(cx
            .err_in(
                f.anchor,
                f.nth,
                &format!("{s_name}:"),
                format!("{}: the window is not made of finite times", f.what),
            )
            .with_help("give start, end and ramp as finite numbers of seconds ≥ 0")),
    }
}

/// `x` to 9 decimals without trailing zeros (0.30000000000000004 → 0.3).
fn short(x: f64) -> String {
    let s = format!("{x:.9}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `(active_from, active_until)` in seconds (0 and infinity by default), checked in order.
pub(super) fn active(
    cx: &Ctx,
    anchor: &str,
    nth: usize,
    what: &str,
    from: Option<NonNegative>,
    until: Option<Positive>,
) -> Result<(f64, f64), SceneError> {
    let a = from.map_or(0.0, |f| f.0);
    let b = until.map_or(f64::INFINITY, |u| u.0);
    if b <= a {
        return Err(cx
            .err_in(
                anchor,
                nth,
                "active_until:",
                format!("{what}: active_until = {b} s is not after active_from = {a} s"),
            )
            .with_help(
                "the condition holds its nodes from active_from to active_until (s): give an \
                 active_until later than active_from, or leave it out to hold to the end",
            ));
    }
    reach(cx, anchor, nth, "active_from", what, a)?;
    Ok((a, b))
}

/// Checks that a window starting at `start` (its field `name`, in the `nth` `anchor`) can
/// act. One that no run can reach — more than [`MAX_STEPS`] steps of Δt away, the most a run
/// may take — is refused: it is a typo (`1e300`), not a plan. One that starts at or after the
/// scene's duration is noted ([`Ctx::late`]) and warned about, not refused: `--until` (or a
/// resume) can take a run past it.
fn reach(
    cx: &Ctx,
    anchor: &str,
    nth: usize,
    name: &str,
    what: &str,
    start: f64,
) -> Result<(), SceneError> {
    if start <= 0.0 {
        return Ok(());
    }
    let steps = start / cx.dt;
    if !steps.is_finite() || steps > MAX_STEPS {
        return Err(cx
            .err_in(
                anchor,
                nth,
                &format!("{name}:"),
                format!(
                    "{what}: {name} = {} s is {steps:.3e} steps of Δt = {} s away, more than the \
                     {MAX_STEPS:e} a run may take: it can never act",
                    fmt_f64(start),
                    fmt_f64(cx.dt)
                ),
            )
            .with_help(format!(
                "{name} is a time in seconds from the start of the run: check the value (the \
                 scene lasts {} s)",
                fmt_f64(cx.duration)
            )));
    }
    if start >= cx.duration {
        cx.late.borrow_mut().push(LateStart {
            what: format!("{what}: {name} = {} s", fmt_f64(start)),
            start,
        });
    }
    Ok(())
}
