//! The partial-derivative checker of scalar normal laws: `∂F/∂δ`, `∂F/∂δ̇` and `F = dE/dδ`
//! against central differences, for a law written as a [`ScalarForce`] of the overlap `δ` and
//! its rate `δ̇` (see [`crate::contact::add_normal_force`]).

use crate::contact::ScalarForce;

/// Checks `law(δ, δ̇)` at `(delta, rate)`: its `d_overlap` and `d_rate` against central
/// differences of its `force`, and, at zero rate, its force against the derivative of its
/// energy (the energy is that of the rate-independent part). `tol` is relative. An `Err` says
/// which derivative is off, where, and by how much.
///
/// ```
/// use catena::contact::ScalarForce;
/// use catena::verify::check_partials;
/// // A Hertz-like law F = k δ^{3/2} with a dashpot c δ̇.
/// let (k, c) = (1e6, 0.5);
/// let law = |d: f64, r: f64| ScalarForce {
///     force: k * d.powf(1.5) + c * r,
///     d_overlap: 1.5 * k * d.sqrt(),
///     d_rate: c,
///     energy: 0.4 * k * d.powf(2.5),
/// };
/// assert!(check_partials(law, 1e-4, 0.01, 1e-6).is_ok());
/// // A wrong stiffness is caught.
/// let wrong = |d: f64, r: f64| ScalarForce { d_overlap: k * d.sqrt(), ..law(d, r) };
/// assert!(check_partials(wrong, 1e-4, 0.01, 1e-6).unwrap_err().contains("∂F/∂δ"));
/// ```
pub fn check_partials(
    law: impl Fn(f64, f64) -> ScalarForce,
    delta: f64,
    rate: f64,
    tol: f64,
) -> Result<(), String> {
    let s = law(delta, rate);
    // Relative steps: truncation O(h²) stays far below round-off of the differences.
    let h = 1e-5 * delta.abs().max(1e-9);
    let fd_d = (law(delta + h, rate).force - law(delta - h, rate).force) / (2.0 * h);
    let hr = 1e-3 * rate.abs().max(1.0);
    let fd_r = (law(delta, rate + hr).force - law(delta, rate - hr).force) / (2.0 * hr);
    let close = |a: f64, b: f64| (a - b).abs() <= tol * a.abs().max(b.abs()).max(1e-12);
    if !close(s.d_overlap, fd_d) {
        return Err(format!(
            "∂F/∂δ at δ = {delta}, δ̇ = {rate}: {} vs FD {fd_d}",
            s.d_overlap
        ));
    }
    if !close(s.d_rate, fd_r) {
        return Err(format!(
            "∂F/∂δ̇ at δ = {delta}, δ̇ = {rate}: {} vs FD {fd_r}",
            s.d_rate
        ));
    }
    let fd_e = (law(delta + h, 0.0).energy - law(delta - h, 0.0).energy) / (2.0 * h);
    let f0 = law(delta, 0.0).force;
    if !close(f0, fd_e) {
        return Err(format!("F(δ, 0) vs dE/dδ at δ = {delta}: {f0} vs {fd_e}"));
    }
    Ok(())
}
