//! The flagella bundling scenes of the IMC paper (seed 001 §4.1, Fig. 2a, Fig. 4c, App. A),
//! written as scene files.
//!
//! **Geometry** (§4.1, Fig. 2a). Each flagellum is one rod of `N = 68` nodes hanging down from
//! its motor at an anchor `c` (top node). Nodes `x₀ = c` and `x₁ = c − ℓ ẑ` lie on the helix
//! axis (the "centreline" of Fig. 2a), `ℓ` the length of a helix edge (chord); the other `N − 2` nodes
//! form a right-handed helix of radius `a = 0.01 m` and pitch `λ = 0.05 m` about that axis, over
//! the axial length `z₀ = 0.2 m`, starting one axial step `Δs = z₀/(N − 3)` below `x₁`:
//!
//! `x_{2+k} = c + a (cos ψₖ x̂ + sin ψₖ ŷ) − (ℓ + Δs + sₖ) ẑ`, `sₖ = k Δs`,
//! `ψₖ = θ − 2π sₖ/λ` (right-handed about the downward axis `−ẑ`).
//!
//! The edge `x₁ → x₂` is the "hook" joining the motor axis to the helix; the rest shape of the
//! rod is its initial shape.
//!
//! **Placement** (§4.1, Fig. 4c). The `M` anchors are the vertices of a regular `M`-gon of side
//! `ΔL = 0.03 m` centred on the z-axis, `c_m = R (cos θ_m, sin θ_m, 0)` with
//! `R = ΔL / (2 sin(π/M))`, `θ_m = 2πm/M`; helix `m` starts at phase `θ_m` (its first helix node
//! points away from the centre), so the whole scene is symmetric under rotation by `2π/M`.
//!
//! **Drive** (§4.1, Fig. 2a). Nodes 0, 1 and edge 0 are clamped on the axis and rotated at
//! `ω = 15 rad/s` about `+ẑ`: the nodes stay on the axis and the material frame of edge 0 turns,
//! so the motor drives the flagellum through twist. With a right-handed helix hanging along
//! `−ẑ`, `ω > 0` sends the helical wave away from the motor (a pusher), the sense that bundles.
//!
//! **Physics.** `E = 3 MPa`, `ν = 0.5`, `ρ = 1000 kg/m³`, `h = 1 mm`; RSS fluid with
//! `η = 0.1 Pa·s`, `ε = 1.02 h` (App. A); the fluid has the rods' density, so there is no net
//! gravity (App. A: buoyancy cancels weight); frictionless IMC contact between all rods with
//! `δ = 1e-5 m` (`chains/imc.ron`); `Δt = 1 ms`, 250 s (§4.2). Newton starts each step from
//! `q(tᵢ)` (Alg. 2 line 2) and uses the Goldstein–Price line search on `½‖r‖²` (App. B.4).

use crate::math::Vec3;
use std::f64::consts::{PI, TAU};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The path of `target` relative to directory `dir` (both must exist), e.g. the chain file as a
/// scene in `dir` names it.
pub fn relative_path(dir: &Path, target: &Path) -> std::io::Result<PathBuf> {
    let dir = dir.canonicalize()?;
    let target = target.canonicalize()?;
    let common = dir
        .components()
        .zip(target.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut p = PathBuf::new();
    for _ in dir.components().skip(common) {
        p.push("..");
    }
    for c in target.components().skip(common) {
        p.push(c);
    }
    Ok(p)
}

/// Why a flagella setup cannot be written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("flagella scene: {0}")]
pub struct FlagellaError(pub String);

/// Parameters of the flagella bundling scene (defaults: seed 001 §4.1).
#[derive(Debug, Clone, PartialEq)]
pub struct FlagellaSetup {
    /// Number of flagella `M` (≥ 1).
    pub flagella: usize,
    /// Helix radius `a` (m).
    pub helix_radius: f64,
    /// Helix pitch `λ` (m).
    pub pitch: f64,
    /// Axial length `z₀` of the helix (m).
    pub axial_length: f64,
    /// Nodes per flagellum `N` (two on the axis, `N − 2` on the helix; ≥ 5).
    pub nodes: usize,
    /// Rod radius `h` (m).
    pub rod_radius: f64,
    /// Young's modulus `E` (Pa).
    pub youngs_modulus: f64,
    /// Poisson's ratio `ν`.
    pub poisson_ratio: f64,
    /// Density `ρ` of rods and fluid (kg/m³).
    pub density: f64,
    /// Fluid viscosity `η` (Pa·s).
    pub viscosity: f64,
    /// Motor angular velocity `ω` about `+ẑ` (rad/s).
    pub omega: f64,
    /// Side `ΔL` of the anchor polygon (m).
    pub spacing: f64,
    /// Time step `Δt` (s).
    pub dt: f64,
    /// Simulated duration (s).
    pub duration: f64,
    /// Write a VTK frame every this many steps.
    pub frame_every: u64,
    /// Contact chain file, relative to the scene file.
    pub chain: String,
}

impl FlagellaSetup {
    /// The paper's setup (§4.1–4.2) with `m` flagella and the chain at `../../chains/imc.ron`
    /// (right for a scene in `examples/scenes/`).
    pub fn paper(m: usize) -> Self {
        Self {
            flagella: m,
            helix_radius: 0.01,
            pitch: 0.05,
            axial_length: 0.2,
            nodes: 68,
            rod_radius: 1e-3,
            youngs_modulus: 3e6,
            poisson_ratio: 0.5,
            density: 1000.0,
            viscosity: 0.1,
            omega: 15.0,
            spacing: 0.03,
            dt: 1e-3,
            duration: 250.0,
            frame_every: 100,
            chain: "../../chains/imc.ron".into(),
        }
    }

    /// Checks the parameters; the helices of neighbouring flagella must not touch initially.
    pub fn validate(&self) -> Result<(), FlagellaError> {
        let bad = |m: String| Err(FlagellaError(m));
        if self.flagella == 0 {
            return bad("the number of flagella M must be at least 1".into());
        }
        if self.nodes < 5 {
            return bad(format!(
                "a flagellum needs at least 5 nodes (2 on the axis, 3 on the helix), got {}",
                self.nodes
            ));
        }
        for (name, v) in [
            ("helix radius", self.helix_radius),
            ("pitch", self.pitch),
            ("axial length", self.axial_length),
            ("rod radius", self.rod_radius),
            ("Young's modulus", self.youngs_modulus),
            ("density", self.density),
            ("viscosity", self.viscosity),
            ("spacing", self.spacing),
            ("time step", self.dt),
            ("duration", self.duration),
        ] {
            if !(v.is_finite() && v > 0.0) {
                return bad(format!("{name} must be a positive number, got {v}"));
            }
        }
        if !(self.poisson_ratio > -1.0 && self.poisson_ratio <= 0.5) {
            return bad(format!(
                "Poisson's ratio {} is outside (−1, 0.5]",
                self.poisson_ratio
            ));
        }
        if !self.omega.is_finite() {
            return bad(format!("omega must be finite, got {}", self.omega));
        }
        if self.flagella > 1 && self.spacing <= 2.0 * (self.helix_radius + self.rod_radius) {
            return bad(format!(
                "anchors {} m apart are too close for helices of radius {} m and rods of radius {} m \
                 (need more than {} m)",
                self.spacing,
                self.helix_radius,
                self.rod_radius,
                2.0 * (self.helix_radius + self.rod_radius)
            ));
        }
        if self.dt > self.duration {
            return bad(format!(
                "the time step {} s is longer than the duration {} s",
                self.dt, self.duration
            ));
        }
        Ok(())
    }

    /// Anchor (top node) of every flagellum: the vertices of the regular `M`-gon of side `ΔL`.
    pub fn anchors(&self) -> Vec<Vec3> {
        let m = self.flagella;
        let circumradius = if m > 1 {
            self.spacing / (2.0 * (PI / m as f64).sin())
        } else {
            0.0
        };
        (0..m)
            .map(|k| {
                let th = TAU * k as f64 / m as f64;
                snap(Vec3::new(
                    circumradius * th.cos(),
                    circumradius * th.sin(),
                    0.0,
                ))
            })
            .collect()
    }

    /// Node positions of flagellum `k` (m), from the motor down.
    pub fn centreline(&self, k: usize) -> Vec<Vec3> {
        let c = self.anchors()[k];
        let theta = TAU * k as f64 / self.flagella as f64;
        let n_helix = self.nodes - 2;
        let ds = self.axial_length / (n_helix - 1) as f64;
        // Chord of one helix step, so the axial edge is as long as the helix edges.
        let half_turn = PI * ds / self.pitch;
        let edge = (ds * ds + (2.0 * self.helix_radius * half_turn.sin()).powi(2)).sqrt();
        let mut x = vec![c, c - Vec3::z() * edge];
        x.extend((0..n_helix).map(|j| {
            let s = j as f64 * ds;
            let psi = theta - TAU * s / self.pitch;
            snap(
                c + Vec3::new(psi.cos(), psi.sin(), 0.0) * self.helix_radius
                    - Vec3::z() * (edge + ds + s),
            )
        }));
        x
    }

    /// The scene file (RON), with a header that states the setup and its source.
    pub fn to_ron(&self) -> Result<String, FlagellaError> {
        self.validate()?;
        self.write_ron()
            .map_err(|e| FlagellaError(format!("formatting failed: {e}")))
    }

    fn write_ron(&self) -> Result<String, std::fmt::Error> {
        let m = self.flagella;
        let mut s = String::new();
        writeln!(
            s,
            "// Flagella bundling, M = {m} (IMC paper, seed 001 §4.1, Fig. 2a, Fig. 4c; App. A)."
        )?;
        writeln!(
            s,
            "// Generated by `catena flagella --m {m}`; see catena::scene::FlagellaSetup for the geometry."
        )?;
        writeln!(
            s,
            "// Right-handed helices a = {} m, pitch {} m, axial length {} m, {} nodes, h = {} m, hanging",
            self.helix_radius, self.pitch, self.axial_length, self.nodes, self.rod_radius
        )?;
        writeln!(
            s,
            "// along −z from anchors on a regular {m}-gon of side {} m; nodes 0, 1 and edge 0 lie on the",
            self.spacing
        )?;
        writeln!(
            s,
            "// helix axis and turn at ω = {} rad/s about +z. E = {} Pa, ν = {}, ρ = {} kg/m³ (fluid",
            self.omega, self.youngs_modulus, self.poisson_ratio, self.density
        )?;
        writeln!(
            s,
            "// of the same density: no net gravity). RSS fluid η = {} Pa·s, ε = 1.02 h. Frictionless",
            self.viscosity
        )?;
        writeln!(
            s,
            "// IMC contact (δ = 1e-5 m) between all rods. Δt = {} s.",
            self.dt
        )?;
        writeln!(s, "Scene(")?;
        writeln!(s, "    name: \"flagella_m{m}\",")?;
        writeln!(
            s,
            "    time: (dt: {:?}, duration: {:?}),",
            self.dt, self.duration
        )?;
        writeln!(
            s,
            "    // Alg. 2 starts Newton from q(tᵢ) (line 2); catena starts it from the quadratic\n    \
             // extrapolation of the last three steps (InitialGuess::Extrapolated), which predicts the\n    \
             // turning helices to O(ω³ρΔt³) and halves the iterations in contact. Line search of\n    \
             // App. B.4 (Alg. 1) on ‖r‖², chosen by the IMC chain itself."
        )?;
        writeln!(
            s,
            "    solver: (initial_guess: Extrapolated, line_search: GoldsteinPrice),"
        )?;
        writeln!(s, "    output: (frame_every: {}),", self.frame_every)?;
        writeln!(
            s,
            "    materials: {{ \"flagellum\": (youngs_modulus: {:?}, poisson_ratio: {:?}, density: {:?}) }},",
            self.youngs_modulus, self.poisson_ratio, self.density
        )?;
        writeln!(s, "    rods: [")?;
        for k in 0..m {
            writeln!(
                s,
                "        (name: \"flagellum{k}\", material: \"flagellum\", radius: {:?}, geometry: Nodes([",
                self.rod_radius
            )?;
            for x in self.centreline(k) {
                writeln!(s, "            ({:?}, {:?}, {:?}),", x.x, x.y, x.z)?;
            }
            writeln!(s, "        ])),")?;
        }
        writeln!(s, "    ],")?;
        writeln!(s, "    boundary_conditions: [")?;
        for (k, c) in self.anchors().iter().enumerate() {
            writeln!(
                s,
                "        Rotate(rod: \"flagellum{k}\", nodes: [0, 1], edges: [0], axis: (0, 0, 1), \
                 center: ({:?}, {:?}, {:?}), omega: {:?}),",
                c.x, c.y, c.z, self.omega
            )?;
        }
        writeln!(s, "    ],")?;
        writeln!(s, "    forces: [Rss(viscosity: {:?})],", self.viscosity)?;
        writeln!(
            s,
            "    contacts: [(chain: {:?}, first: AllRods, second: AllRods)],",
            self.chain
        )?;
        writeln!(s, ")")?;
        Ok(s)
    }
}

/// Rounds coordinates within 1e-15 m of zero (round-off of `sin π`) to zero, for tidy files.
fn snap(x: Vec3) -> Vec3 {
    x.map(|c| if c.abs() < 1e-15 { 0.0 } else { c })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_form_a_regular_polygon_of_the_given_side() {
        for m in [2, 3, 5, 10] {
            let p = FlagellaSetup::paper(m);
            let a = p.anchors();
            for k in 0..m {
                let side = (a[(k + 1) % m] - a[k]).norm();
                assert!((side - 0.03).abs() < 1e-12, "M = {m}: side {side}");
            }
        }
    }

    #[test]
    fn flagellum_has_the_paper_geometry() {
        let p = FlagellaSetup::paper(3);
        let c = p.anchors()[1];
        let x = p.centreline(1);
        assert_eq!(x.len(), 68);
        // Nodes 0, 1 on the axis, below the anchor.
        assert_eq!(x[0], c);
        assert!((x[1] - c).xy().norm() < 1e-15 && x[1].z < 0.0);
        // Helix: radius a about the anchor's axis, axial extent z₀.
        for y in &x[2..] {
            assert!(((y - c).xy().norm() - 0.01).abs() < 1e-12);
        }
        assert!(((x[2].z - x[67].z) - 0.2).abs() < 1e-12);
        // Right-handed about the downward axis d = −ẑ: (r × t)·d > 0.
        let (r, t) = ((x[10] - c).xy(), (x[11] - x[10]).xy());
        assert!(-(r.x * t.y - r.y * t.x) > 0.0);
        // Helix edges are as long as the axial edge.
        let l0 = (x[1] - x[0]).norm();
        for w in x[2..].windows(2) {
            assert!(((w[1] - w[0]).norm() - l0).abs() < 1e-12);
        }
    }

    #[test]
    fn relative_paths_climb_to_the_common_ancestor() {
        let root = tempfile::tempdir().unwrap();
        let (a, b) = (root.path().join("x/y"), root.path().join("chains"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(b.join("imc.ron"), "").unwrap();
        let p = relative_path(&a, &b.join("imc.ron")).unwrap();
        assert_eq!(p, PathBuf::from("../../chains/imc.ron"));
        assert!(relative_path(&a, &b.join("missing.ron")).is_err());
    }

    #[test]
    fn bad_setups_are_refused() {
        let mut p = FlagellaSetup::paper(2);
        p.spacing = 0.02;
        assert!(p.to_ron().unwrap_err().0.contains("too close"));
        let mut p = FlagellaSetup::paper(0);
        assert!(p.validate().is_err());
        p.flagella = 2;
        p.nodes = 3;
        assert!(p.validate().is_err());
    }
}
