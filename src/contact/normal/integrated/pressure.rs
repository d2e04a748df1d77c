//! The contact pressures of the integrated laws (mpacts `N_*_Int`, seed 003; Smeets et al.
//! 2015): a pressure `p(r)` (Pa) over the contact plane, `r` the in-plane distance from the
//! encompassing spheres' contact point, with overlap `δ > 0` and overlap rate `δ̇` (positive
//! while approaching) of the encompassing spheres and their effective radius `R̂`. Each
//! pressure integrates over the whole contact circle to its full-sphere force `F_s`.
//!
//! * Hertz (`N_Hertz_Int`): `a = √(δR̂)`, `p = (2Ê/(πR̂)) √(a² − r²)` for `r < a`,
//!   `F_s = (4/3) Ê √R̂ δ^{3/2}` (Johnson 1985 Eq. 4.22).
//! * Damped Hertz (`N_DampedHertz_Int`): `p = (Ê/π) √(a² − r²) (3Âδ̇/a² + 2/R̂)`,
//!   `F_s = (4/3) Ê √R̂ δ^{3/2} + 2 Ê Â √R̂ δ̇ δ^{1/2}` — the seed's pressure, whose damping term
//!   is Brilliantov et al.'s (1996 Eq. 17) `(3/2)Â`; catena's `N_DampedHertz` writes `Â` for
//!   the same product, so the same `damping_time` damps `N_DampedHertz_Int` 3/2 times more.
//! * Linear (`N_LinearPressure_Int`): a uniform `p = max(kδ + cδ̇, 0)` on the geometric contact
//!   circle `r < a_g = √(2R̂δ)` (where the undeformed surfaces cross, to first order in
//!   `δ/R̂`), `F_s = p π a_g²`.
//! * Maugis–Dugdale (`N_MaugisDugdale_Int`, `N_MaugisDugdale_geo_Int`; see
//!   the `adhesion` module): the Hertz pressure of contact radius `a` plus the Dugdale traction
//!   `−(σ₀/π) arccos[(2a² − c² − r²)/(c² − r²)]` for `r ≤ a` and `−σ₀` for `a < r ≤ c`
//!   (Maugis 1992; the seed's formulas), `F_s = K a³/R̂ − 2σ₀[c² arccos(a/c) + a√(c² − a²)]`,
//!   `K = (4/3)Ê`.

/// An integrated pressure law with its parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PressureLaw {
    /// Hertz, effective modulus `Ê` (Pa).
    Hertz {
        /// `Ê` (Pa).
        modulus: f64,
    },
    /// Damped Hertz, `Ê` (Pa) and dissipative constant `Â` (s).
    DampedHertz {
        /// `Ê` (Pa).
        modulus: f64,
        /// `Â` (s).
        damping_time: f64,
    },
    /// Uniform pressure `kδ + cδ̇`.
    Linear {
        /// `k` (Pa/m).
        stiffness: f64,
        /// `c` (Pa·s/m).
        damping: f64,
    },
    /// Maugis–Dugdale: Hertz pressure plus the Dugdale traction (see [`super::MdPressure`]).
    MaugisDugdale(super::adhesion::MdPressure),
}

/// The Dugdale traction of a Maugis–Dugdale field: `σ₀` (Pa), contact radius `a` and adhesive
/// radius `c ≥ a` (m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dugdale {
    /// Maximal adhesive traction `σ₀ = w/h₀` (Pa).
    pub stress: f64,
    /// Contact radius `a` (m).
    pub a: f64,
    /// Adhesive radius `c` (m).
    pub c: f64,
}

impl Dugdale {
    /// `σ₀(1 − arccos[(2a² − c² − r²)/(c² − r²)]/π)` for `r < a`, 0 beyond (Pa): the traction
    /// less its uniform part `−σ₀` on `r ≤ c`, continuous and zero at `r = a`.
    pub fn inner_excess(&self, r2: f64) -> f64 {
        let (a2, c2) = (self.a * self.a, self.c * self.c);
        if r2 >= a2 || c2 - r2 <= 0.0 {
            0.0
        } else {
            let arg = ((2.0 * a2 - c2 - r2) / (c2 - r2)).clamp(-1.0, 1.0);
            self.stress * (1.0 - arg.acos() / std::f64::consts::PI)
        }
    }

    /// The (negative) traction at `r² = r2` (Pa): `−(σ₀/π) arccos[(2a² − c² − r²)/(c² − r²)]`
    /// for `r ≤ a`, `−σ₀` for `a < r ≤ c`, 0 beyond.
    pub fn traction(&self, r2: f64) -> f64 {
        let (a2, c2) = (self.a * self.a, self.c * self.c);
        if r2 > c2 {
            0.0
        } else if r2 > a2 || c2 - r2 <= 0.0 {
            -self.stress
        } else {
            let arg = ((2.0 * a2 - c2 - r2) / (c2 - r2)).clamp(-1.0, 1.0);
            -self.stress / std::f64::consts::PI * arg.acos()
        }
    }

    /// The traction integrated over the disk `r ≤ c` (N, negative):
    /// `−2σ₀[c² arccos(a/c) + a√(c² − a²)]`.
    pub fn force(&self) -> f64 {
        let (a, c) = (self.a, self.c);
        let ratio = if c > 0.0 {
            (a / c).clamp(-1.0, 1.0)
        } else {
            1.0
        };
        -2.0 * self.stress * (c * c * ratio.acos() + a * (c * c - a * a).max(0.0).sqrt())
    }
}

/// A pressure field at one overlap: `p(r) = amplitude · shape(r)` on `r < support`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Field {
    /// Radius of the pressure's support (m).
    pub support: f64,
    /// Radius of the fallback criterion (m): the support for these laws.
    pub criterion: f64,
    /// Full-sphere force `F_s` (N).
    pub sphere_force: f64,
    /// Whether `p` is uniform on its support (then it integrates exactly over any polygon).
    pub uniform: bool,
    amplitude: f64,
    /// Radius of the Hertz part `amplitude·√(a_H² − r²)` (m): the support, but for
    /// Maugis–Dugdale the contact radius `a < c`.
    hertz_radius: f64,
    /// The Dugdale traction added to the Hertz part (Maugis–Dugdale only).
    pub(super) adhesion: Option<Dugdale>,
}

impl Field {
    /// `p(r)` (Pa).
    pub fn pressure(&self, r2: f64) -> f64 {
        if self.uniform {
            if r2 < self.support * self.support {
                self.amplitude
            } else {
                0.0
            }
        } else {
            let hertz =
                self.amplitude * (self.hertz_radius * self.hertz_radius - r2).max(0.0).sqrt();
            match &self.adhesion {
                Some(d) => hertz + d.traction(r2),
                None => hertz,
            }
        }
    }

    /// The pressure less the uniform ring `−σ₀` on `r ≤ c` of a Maugis–Dugdale field (Pa):
    /// the Hertz part plus [`Dugdale::inner_excess`], continuous and supported on `r ≤ a`; the
    /// pressure itself for the other laws.
    pub fn smooth_part(&self, r2: f64) -> f64 {
        match &self.adhesion {
            Some(d) => {
                let hertz =
                    self.amplitude * (self.hertz_radius * self.hertz_radius - r2).max(0.0).sqrt();
                hertz + d.inner_excess(r2)
            }
            None => self.pressure(r2),
        }
    }

    /// The Dugdale traction of a Maugis–Dugdale field (`None` for the other laws).
    pub fn adhesion(&self) -> Option<Dugdale> {
        self.adhesion
    }

    /// A Maugis–Dugdale field: Hertz amplitude `2Ê/(πR̂)` on the contact radius of `dugdale`,
    /// supported on its adhesive radius; `criterion` the fallback's radius, `sphere_force` the
    /// full-sphere force.
    pub(super) fn maugis_dugdale(
        amplitude: f64,
        dugdale: Dugdale,
        criterion: f64,
        sphere_force: f64,
    ) -> Self {
        Self {
            support: dugdale.c,
            criterion,
            sphere_force,
            uniform: false,
            amplitude,
            hertz_radius: dugdale.a,
            adhesion: Some(dugdale),
        }
    }
}

impl PressureLaw {
    /// Whether the pressure depends on the overlap rate.
    pub fn damped(&self) -> bool {
        match *self {
            Self::Hertz { .. } => false,
            Self::DampedHertz { damping_time, .. } => damping_time != 0.0,
            Self::Linear { damping, .. } => damping != 0.0,
            Self::MaugisDugdale(_) => false,
        }
    }

    /// The field at overlap `delta > 0` (m), rate `rate` (m/s) and effective radius `r_hat`
    /// (m); `None` when `δ ≤ 0`.
    pub fn field(&self, delta: f64, rate: f64, r_hat: f64) -> Option<Field> {
        if delta.is_nan() || delta <= 0.0 {
            return None;
        }
        let pi = std::f64::consts::PI;
        Some(match *self {
            Self::Hertz { modulus } => {
                let a = (delta * r_hat).sqrt();
                Field {
                    support: a,
                    criterion: a,
                    sphere_force: 4.0 / 3.0 * modulus * a * delta,
                    uniform: false,
                    amplitude: 2.0 * modulus / (pi * r_hat),
                    hertz_radius: a,
                    adhesion: None,
                }
            }
            Self::DampedHertz {
                modulus,
                damping_time,
            } => {
                let a = (delta * r_hat).sqrt();
                let amplitude = modulus / pi * (3.0 * damping_time * rate / (a * a) + 2.0 / r_hat);
                Field {
                    support: a,
                    criterion: a,
                    // ∫ √(a² − r²) dA = (2π/3) a³.
                    sphere_force: amplitude * 2.0 * pi / 3.0 * a * a * a,
                    uniform: false,
                    amplitude,
                    hertz_radius: a,
                    adhesion: None,
                }
            }
            Self::Linear { stiffness, damping } => {
                let a = (2.0 * r_hat * delta).sqrt();
                let p = (stiffness * delta + damping * rate).max(0.0);
                Field {
                    support: a,
                    criterion: a,
                    sphere_force: p * pi * a * a,
                    uniform: true,
                    amplitude: p,
                    hertz_radius: a,
                    adhesion: None,
                }
            }
            Self::MaugisDugdale(md) => md.field(delta, r_hat),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Hertz pressure over the circle is Hertz's force; the damped one adds 2ÊÂ√R̂ δ̇ √δ.
    #[test]
    fn full_sphere_forces() {
        let (e, r, d) = (1e6, 0.01, 1e-4);
        let h = PressureLaw::Hertz { modulus: e }.field(d, 0.0, r).unwrap();
        let hertz = 4.0 / 3.0 * e * r.sqrt() * d.powf(1.5);
        assert!((h.sphere_force - hertz).abs() < 1e-12 * hertz);
        let dh = PressureLaw::DampedHertz {
            modulus: e,
            damping_time: 1e-3,
        }
        .field(d, 0.02, r)
        .unwrap();
        let damped = hertz + 2.0 * e * 1e-3 * r.sqrt() * 0.02 * d.sqrt();
        assert!((dh.sphere_force - damped).abs() < 1e-12 * damped);
        // Radial integral of the Hertz field by the midpoint rule.
        let n = 200_000;
        let a = h.support;
        let s: f64 = (0..n)
            .map(|i| {
                let rr = (i as f64 + 0.5) * a / n as f64;
                h.pressure(rr * rr) * 2.0 * std::f64::consts::PI * rr * a / n as f64
            })
            .sum();
        assert!((s - hertz).abs() < 1e-6 * hertz, "{s} vs {hertz}");
        assert!(
            PressureLaw::Hertz { modulus: e }
                .field(0.0, 0.0, r)
                .is_none()
        );
    }
}
