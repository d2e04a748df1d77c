//! [`HingeActuation`]: a time-varying natural angle `φ̄(t)` on a set of a shell's hinges, how
//! seed 004 §7 drives the manta ray ("we modify the natural curvature angle φ̄ of the hinges in
//! a sinusoidal manner", with a phase lag varying linearly along the centre line) — the shell
//! counterpart of the rods' natural-curvature actuation.
//!
//! For hinge `h` of the set, `φ̄_h(t) = φ̄_h⁰ + s_h(t)` (rad), with `φ̄_h⁰` the rest angle and
//! `s_h` either
//! * a sine, `s_h(t) = A r(t) sin(2π f t + ψ_h)` (A in rad, f in Hz, ψ_h in rad per hinge),
//!   with the ramp `r(t) = min(t/T, 1)` over `T` seconds (`r = 1` for `T = 0`) so that a
//!   travelling wave can start from the rest shape, or
//! * a table of `(t, s)` rows, linearly interpolated and held at its ends;
//!
//! optionally staged by a [`Window`]: `φ̄_h(t) = φ̄_h⁰ + a(t) s_h(t)` with its C¹ envelope `a`.

use crate::model::Window;

/// The signal added to the hinges' rest angles.
#[derive(Debug, Clone, PartialEq)]
pub enum HingeSignal {
    /// `A min(t/T, 1) sin(2π f t + ψ_h)`.
    Sine {
        /// Amplitude A (rad).
        amplitude: f64,
        /// Ramp time T (s); 0 for none.
        ramp: f64,
        /// Frequency f (Hz).
        frequency: f64,
        /// Phase ψ_h of each hinge of the set (rad), in the set's order.
        phases: Vec<f64>,
    },
    /// Piecewise-linear `s(t)` through `(times[i], values[i])` (s, rad); `times` increasing.
    Table {
        /// Times (s).
        times: Vec<f64>,
        /// Values (rad).
        values: Vec<f64>,
    },
}

impl HingeSignal {
    /// `s_k(t)` for the set's hinge number `k` (rad).
    pub fn value(&self, k: usize, t: f64) -> f64 {
        match self {
            HingeSignal::Sine {
                amplitude,
                ramp,
                frequency,
                phases,
            } => {
                let r = if *ramp > 0.0 {
                    (t / ramp).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                amplitude * r * (2.0 * std::f64::consts::PI * frequency * t + phases[k]).sin()
            }
            HingeSignal::Table { times, values } => interpolate(times, values, t),
        }
    }
}

/// Linear interpolation through `(times, values)`, held constant beyond the first and last
/// rows; 0 for an empty table.
pub fn interpolate(times: &[f64], values: &[f64], t: f64) -> f64 {
    match times.len() {
        0 => 0.0,
        _ if t <= times[0] => values[0],
        n if t >= times[n - 1] => values[n - 1],
        _ => {
            let j = times.partition_point(|&x| x <= t);
            let (t0, t1) = (times[j - 1], times[j]);
            let w = (t - t0) / (t1 - t0);
            values[j - 1] + w * (values[j] - values[j - 1])
        }
    }
}

/// A signal driving the natural angles of some hinges of one shell.
#[derive(Debug, Clone, PartialEq)]
pub struct HingeActuation {
    /// Hinge indices (in the shell's topology).
    pub hinges: Vec<usize>,
    /// Their rest angles φ̄⁰ (rad).
    pub base: Vec<f64>,
    /// The signal.
    pub signal: HingeSignal,
    /// When it acts: `φ̄ = φ̄⁰ + a(t) s(t)` with the window's C¹ envelope `a` (`None`: always,
    /// `φ̄ = φ̄⁰ + s(t)`).
    pub window: Option<Window>,
}

impl HingeActuation {
    /// Writes `φ̄(t)` of its hinges into `natural_angles`.
    pub fn apply(&self, t: f64, natural_angles: &mut [f64]) {
        let a = self.window.map(|w| w.envelope(t));
        for (k, (&h, &b)) in self.hinges.iter().zip(&self.base).enumerate() {
            natural_angles[h] = match a {
                None => b + self.signal.value(k, t),
                Some(a) => b + a * self.signal.value(k, t),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_interpolates_and_holds_its_ends() {
        let (t, v) = ([0.0, 1.0, 3.0], [0.0, 2.0, -2.0]);
        assert_eq!(interpolate(&t, &v, -1.0), 0.0);
        assert_eq!(interpolate(&t, &v, 0.5), 1.0);
        assert_eq!(interpolate(&t, &v, 1.0), 2.0);
        assert_eq!(interpolate(&t, &v, 2.0), 0.0);
        assert_eq!(interpolate(&t, &v, 9.0), -2.0);
    }

    #[test]
    fn sine_sets_each_hinge_with_its_phase() {
        let a = HingeActuation {
            hinges: vec![2, 0],
            base: vec![0.1, -0.2],
            signal: HingeSignal::Sine {
                amplitude: 0.5,
                ramp: 0.0,
                frequency: 2.0,
                phases: vec![0.0, std::f64::consts::FRAC_PI_2],
            },
            window: None,
        };
        let mut phi = vec![9.0; 3];
        a.apply(0.0, &mut phi);
        assert_eq!(phi[1], 9.0);
        assert!((phi[2] - 0.1).abs() < 1e-15);
        assert!((phi[0] - 0.3).abs() < 1e-15);
        a.apply(0.125, &mut phi);
        assert!((phi[2] - 0.6).abs() < 1e-15);
        // With a ramp the signal grows from zero.
        let ramped = HingeSignal::Sine {
            amplitude: 0.5,
            ramp: 1.0,
            frequency: 2.0,
            phases: vec![std::f64::consts::FRAC_PI_2],
        };
        assert_eq!(ramped.value(0, 0.0), 0.0);
        assert!((ramped.value(0, 0.5) - 0.25).abs() < 1e-15);
    }

    #[test]
    fn a_window_stages_the_signal() {
        let a = HingeActuation {
            hinges: vec![0],
            base: vec![0.1],
            signal: HingeSignal::Table {
                times: vec![0.0, 10.0],
                values: vec![1.0, 1.0],
            },
            window: Some(Window::new(1.0, 3.0, 0.5).unwrap()),
        };
        let mut phi = vec![0.0];
        for (t, want) in [(0.5, 0.1), (1.25, 0.6), (2.0, 1.1), (2.75, 0.6), (3.5, 0.1)] {
            a.apply(t, &mut phi);
            assert!(
                (phi[0] - want).abs() < 1e-15,
                "t = {t}: {} vs {want}",
                phi[0]
            );
        }
    }
}
