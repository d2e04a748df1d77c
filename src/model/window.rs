//! [`Window`]: when a staged boundary motion, point force or actuation acts, as a C¹ envelope
//! `a(t) ∈ [0, 1]` that rises from 0 to 1 after `start` and falls back to 0 before `end`, and
//! its exact integral (the prescribed displacement of a motion whose speed is scaled by `a`).
//!
//! With the smoothstep `S(u) = 3u² − 2u³` (`S(0) = 0`, `S(1) = 1`, `S'(0) = S'(1) = 0`), start
//! `t₀`, end `t₁` and ramp `r` (`2r ≤ t₁ − t₀`):
//!
//! | `t` | `a(t)` | `A(t) = ∫₋∞ᵗ a` (s) |
//! |---|---|---|
//! | `t ≤ t₀` | 0 | 0 |
//! | `t₀ < t < t₀ + r` | `S(u)`, `u = (t − t₀)/r` | `r (u³ − u⁴/2)` |
//! | `t₀ + r ≤ t ≤ t₁ − r` | 1 | `r/2 + (t − t₀ − r)` |
//! | `t₁ − r < t < t₁` | `S(w)`, `w = (t₁ − t)/r` | `r/2 + (t₁ − t₀ − 2r) + r (1/2 − w³ + w⁴/2)` |
//! | `t ≥ t₁` | 0 | `t₁ − t₀ − r` |
//!
//! `a` is continuous with a continuous derivative (`a' = 6u(1 − u)/r` on the rising ramp), so
//! a motion `x(t) = x₀ + V A(t)` has a continuous velocity `V a(t)` and a bounded, continuous
//! acceleration `V a'(t)`; with `r = 0` the envelope is the indicator of `(t₀, t₁)` (a velocity
//! or force switched on and off at once). `∫ S = 1/2` over a ramp: each ramp costs half its
//! length, hence `A(∞) = t₁ − t₀ − r` (the impulse of a windowed force `F a(t)` is
//! `F (t₁ − t₀ − r)`).

use serde::{Deserialize, Serialize};

/// A time window `[start, end]` with smoothstep ramps of length `ramp` at both ends (see the
/// module notes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Window {
    /// Start `t₀` (s): the envelope is 0 up to here.
    pub start: f64,
    /// End `t₁` (s; `f64::INFINITY` for none): the envelope is 0 from here on.
    pub end: f64,
    /// Ramp `r` (s): the rise after `start` and the fall before `end` last this long.
    pub ramp: f64,
}

/// Why a [`Window`] is refused.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowError {
    /// `start` is negative or not finite, `end` is NaN, or `ramp` is negative or not finite.
    NotFinite,
    /// `end ≤ start`.
    EndNotAfterStart,
    /// The two ramps do not fit: `2 ramp > end − start`.
    RampTooLong,
}

/// The smoothstep `S(u) = 3u² − 2u³` on `[0, 1]`.
fn smoothstep(u: f64) -> f64 {
    u * u * (3.0 - 2.0 * u)
}

/// `∫₀ᵘ S = u³ − u⁴/2`.
fn smoothstep_integral(u: f64) -> f64 {
    u * u * u * (1.0 - 0.5 * u)
}

impl Window {
    /// The window from `start` to `end` (s; `f64::INFINITY` for none) with ramps `ramp` (s).
    pub fn new(start: f64, end: f64, ramp: f64) -> Result<Self, WindowError> {
        if !(start.is_finite() && start >= 0.0 && ramp.is_finite() && ramp >= 0.0) || end.is_nan() {
            return Err(WindowError::NotFinite);
        }
        if end <= start {
            return Err(WindowError::EndNotAfterStart);
        }
        if 2.0 * ramp > end - start {
            return Err(WindowError::RampTooLong);
        }
        Ok(Self { start, end, ramp })
    }

    /// The envelope `a(t) ∈ [0, 1]`.
    pub fn envelope(&self, t: f64) -> f64 {
        let (t0, t1, r) = (self.start, self.end, self.ramp);
        if t <= t0 || t >= t1 {
            0.0
        } else if t < t0 + r {
            smoothstep((t - t0) / r)
        } else if t > t1 - r {
            smoothstep((t1 - t) / r)
        } else {
            1.0
        }
    }

    /// The envelope's derivative `a'(t)` (1/s; 0 at the joins, where `a` is C¹ for `ramp > 0`).
    pub fn rate(&self, t: f64) -> f64 {
        let (t0, t1, r) = (self.start, self.end, self.ramp);
        if t <= t0 || t >= t1 {
            0.0
        } else if t < t0 + r {
            let u = (t - t0) / r;
            6.0 * u * (1.0 - u) / r
        } else if t > t1 - r {
            let w = (t1 - t) / r;
            -6.0 * w * (1.0 - w) / r
        } else {
            0.0
        }
    }

    /// `A(t) = ∫₋∞ᵗ a(s) ds` (s), in closed form.
    pub fn integral(&self, t: f64) -> f64 {
        let (t0, t1, r) = (self.start, self.end, self.ramp);
        if t <= t0 {
            0.0
        } else if t < t0 + r {
            r * smoothstep_integral((t - t0) / r)
        } else if t <= t1 - r {
            0.5 * r + (t - t0 - r)
        } else if t < t1 {
            0.5 * r + (t1 - t0 - 2.0 * r) + r * (0.5 - smoothstep_integral((t1 - t) / r))
        } else {
            self.total()
        }
    }

    /// `A(∞) = end − start − ramp` (s; infinite without an end).
    pub fn total(&self) -> f64 {
        self.end - self.start - self.ramp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn windows() -> Vec<Window> {
        vec![
            Window::new(0.3, 1.7, 0.25).unwrap(),
            Window::new(0.0, 1.0, 0.5).unwrap(),
            Window::new(2.0, f64::INFINITY, 0.4).unwrap(),
            Window::new(0.5, 0.9, 0.0).unwrap(),
        ]
    }

    /// `A' = a` and `a' = rate` by central differences away from the joins.
    #[test]
    fn integral_and_rate_match_finite_differences() {
        let h = 1e-6;
        for w in windows() {
            for k in 0..400 {
                let t = -0.1 + 3.0 * (k as f64 + 0.37) / 400.0;
                let joins = [w.start, w.start + w.ramp, w.end - w.ramp, w.end];
                if joins.iter().any(|j| (t - j).abs() < 2.0 * h) {
                    continue;
                }
                let da = (w.integral(t + h) - w.integral(t - h)) / (2.0 * h);
                assert!((da - w.envelope(t)).abs() < 1e-8, "{w:?} t={t}: A'={da}");
                let dr = (w.envelope(t + h) - w.envelope(t - h)) / (2.0 * h);
                let tol = 1e-6 * (1.0 + w.rate(t).abs());
                assert!((dr - w.rate(t)).abs() < tol, "{w:?} t={t}: a'={dr}");
            }
        }
    }

    /// The envelope and its rate are continuous at every join (C¹), and `A` reaches its total.
    #[test]
    fn envelope_is_c1_at_the_joins() {
        let e = 1e-12;
        for w in windows().into_iter().filter(|w| w.ramp > 0.0) {
            for j in [w.start, w.start + w.ramp, w.end - w.ramp, w.end] {
                if !j.is_finite() {
                    continue;
                }
                assert!(
                    (w.envelope(j - e) - w.envelope(j + e)).abs() < 1e-9,
                    "{w:?} at {j}"
                );
                assert!((w.rate(j - e) - w.rate(j + e)).abs() < 1e-9, "{w:?} at {j}");
                assert!((w.integral(j - e) - w.integral(j + e)).abs() < 1e-11);
            }
        }
        let w = Window::new(0.3, 1.7, 0.25).unwrap();
        assert!((w.integral(1.7) - 1.15).abs() < 1e-15);
        assert_eq!(w.integral(9.0), w.total());
        assert!((w.integral(0.3 + 0.25) - 0.125).abs() < 1e-15);
        assert_eq!(w.envelope(1.0), 1.0);
    }

    /// The quadrature of the envelope equals the closed-form total.
    #[test]
    fn total_is_the_area_under_the_envelope() {
        for w in windows().into_iter().filter(|w| w.end.is_finite()) {
            let n = 200_000;
            let h = (w.end - w.start) / n as f64;
            let area: f64 = (0..n)
                .map(|k| w.envelope(w.start + (k as f64 + 0.5) * h) * h)
                .sum();
            assert!((area - w.total()).abs() < 1e-9, "{w:?}: {area}");
        }
    }

    #[test]
    fn bad_windows_are_refused() {
        assert_eq!(
            Window::new(1.0, 1.0, 0.0),
            Err(WindowError::EndNotAfterStart)
        );
        assert_eq!(
            Window::new(1.0, 0.5, 0.0),
            Err(WindowError::EndNotAfterStart)
        );
        assert_eq!(Window::new(0.0, 1.0, 0.6), Err(WindowError::RampTooLong));
        assert_eq!(Window::new(0.0, 1.0, -0.1), Err(WindowError::NotFinite));
        assert_eq!(Window::new(-1.0, 1.0, 0.0), Err(WindowError::NotFinite));
        assert!(Window::new(0.0, 1.0, 0.5).is_ok());
    }
}
