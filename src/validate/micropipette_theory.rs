//! The liquid-drop model of micropipette aspiration (Evans & Yeung 1989, Biophys. J. 56:151;
//! Yeung & Evans 1989; Hochmuth 2000, J. Biomech. 33:15) for a pipette with a rounded mouth,
//! and the pipette's surface as a mesh.
//!
//! A cell of uniform cortical tension `T` (N/m) and volume `V` sits at a pipette whose medium is
//! `ΔP` below the outside. Its outer part is a sphere of radius `R_o` (Laplace:
//! `P − P₀ = 2T/R_o`), the aspirated tongue a spherical cap of radius `ρ`
//! (`P − (P₀ − ΔP) = 2T/ρ`), so `ΔP = 2T (1/ρ − 1/R_o)`. The cap cannot be narrower than the
//! bore: at `ρ = a` (a hemisphere in the bore of radius `a`) `ΔP` is largest, and past it the
//! tongue lengthens, the outer sphere shrinks (volume held), `1/R_o` grows and the suction
//! needed falls: the cell flows in. Hence the critical suction
//! `ΔP_c = 2T (1/a − 1/R_o*)`, `R_o*` the outer radius with a hemispherical tongue.
//!
//! Here the mouth is rounded: a face (the plane `z = 0`, the pipette along `+z`) turns into the
//! bore through a quarter torus of radius `r_l`, and the membrane's nodes rest `c` off the
//! pipette's surface (the contact layer: half the shell's thickness plus the pipette's skin).
//! So the membrane's bore has radius `a` when the mesh's has `a + c`, and it wraps a torus of
//! tube radius `r_l + c` about the circle `(a + c + r_l, r_l)`. A cap of radius `ρ ≥ a` centred
//! on the axis at `z_c` touches that torus when `|(a + c + r_l, r_l − z_c)| = ρ + r_l + c`: its
//! tip is at `L = z_c + ρ = ρ + r_l − √((ρ + r_l + c)² − (a + c + r_l)²)` from the face plane,
//! `L = a + r_l` for the hemisphere. The volume is counted as a sharp mouth of radius `a` at
//! `z = r_l` (the sphere of `R_o` less its cap beyond the opening, plus the tongue's cap): the
//! lens between the rounded lip and the spheres changes `R_o` by less than 10⁻³ here.

use std::f64::consts::PI;

/// The pipette's dimensions (m).
#[derive(Debug, Clone, Copy)]
pub struct Pipette {
    /// Bore radius of the membrane `a` (the mesh's bore is `a + c`).
    pub bore: f64,
    /// Contact layer `c` between the pipette's surface and the membrane's nodes.
    pub layer: f64,
    /// Radius `r_l` of the rounded lip.
    pub lip: f64,
    /// Outer radius of the face.
    pub face: f64,
    /// Length of the bore past the lip.
    pub length: f64,
}

/// Volume of the cap of height `h` of a sphere of radius `r` (m³): `π h² (3r − h)/3`.
fn cap_volume(r: f64, h: f64) -> f64 {
    PI * h * h * (3.0 * r - h) / 3.0
}

/// Height of the smaller cap of a sphere of radius `r ≥ a` cut by a chord of radius `a` (m).
fn cap_height(r: f64, a: f64) -> f64 {
    r - (r * r - a * a).max(0.0).sqrt()
}

impl Pipette {
    /// Volume (m³) of a cell whose outer sphere has radius `r_o` and whose tongue is a cap of
    /// radius `rho ≥ a` through the opening of radius `a`.
    pub fn cell_volume(&self, r_o: f64, rho: f64) -> f64 {
        let a = self.bore;
        4.0 / 3.0 * PI * r_o.powi(3) - cap_volume(r_o, cap_height(r_o, a))
            + cap_volume(rho, cap_height(rho, a))
    }

    /// The equilibrium at suction `dp` (Pa) of a cell of tension `t` (N/m) and volume `v`
    /// (m³) below the critical suction: `(R_o, ρ, L)`; `None` when no cap `ρ ≥ a` balances
    /// `dp` (above the critical suction).
    pub fn equilibrium(&self, t: f64, v: f64, dp: f64) -> Option<(f64, f64, f64)> {
        // Bisection on R_o: the volume grows with R_o (ρ from ΔP = 2T(1/ρ − 1/R_o)).
        let rho_of = |r_o: f64| 1.0 / (dp / (2.0 * t) + 1.0 / r_o);
        let (mut lo, mut hi) = (self.bore * 1.0001, 10.0 * (v / PI).cbrt());
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if self.cell_volume(mid, rho_of(mid).max(self.bore)) < v {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let r_o = 0.5 * (lo + hi);
        let rho = rho_of(r_o);
        (rho >= self.bore).then(|| (r_o, rho, self.tip(rho)))
    }

    /// The critical suction `ΔP_c = 2T (1/a − 1/R_o*)` (Pa) of a cell of tension `t` and
    /// volume `v`, with `R_o*` (m).
    pub fn critical(&self, t: f64, v: f64) -> (f64, f64) {
        let a = self.bore;
        let (mut lo, mut hi) = (a, 10.0 * (v / PI).cbrt());
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if self.cell_volume(mid, a) < v {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let r_o = 0.5 * (lo + hi);
        (2.0 * t * (1.0 / a - 1.0 / r_o), r_o)
    }

    /// Tip of a cap of radius `rho` resting on the rounded lip, from the face plane (m).
    pub fn tip(&self, rho: f64) -> f64 {
        let (c, r) = (self.layer, self.lip);
        let x = self.bore + c + r;
        rho + r - ((rho + r + c).powi(2) - x * x).max(0.0).sqrt()
    }

    /// The pipette's surface as a mesh of revolution about `z` (`segments` around): the face
    /// from `face` in to the lip, the quarter torus of the lip, the bore to `length` past it.
    /// Nodes (m) and triangles; an open mesh, to be held `Fixed`.
    pub fn mesh(&self, segments: usize) -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
        let b = self.bore + self.layer;
        let r = self.lip;
        let mut profile: Vec<(f64, f64)> = Vec::new();
        let face_rings = 6;
        for k in 0..face_rings {
            let s = k as f64 / face_rings as f64;
            profile.push((self.face + (b + r - self.face) * s, 0.0));
        }
        let lip_rings = 6;
        for k in 0..=lip_rings {
            let phi = 0.5 * PI * k as f64 / lip_rings as f64;
            profile.push((b + r - r * phi.sin(), r - r * phi.cos()));
        }
        let bore_rings = (self.length / (0.5 * r.max(1e-3 * self.length))).ceil() as usize;
        let bore_rings = bore_rings.clamp(4, 60);
        for k in 1..=bore_rings {
            profile.push((b, r + self.length * k as f64 / bore_rings as f64));
        }
        let n = segments.max(8);
        let nodes: Vec<[f64; 3]> = profile
            .iter()
            .flat_map(|&(rad, z)| {
                (0..n).map(move |k| {
                    let a = 2.0 * PI * k as f64 / n as f64;
                    [rad * a.cos(), rad * a.sin(), z]
                })
            })
            .collect();
        let mut triangles = Vec::new();
        for ring in 0..profile.len() - 1 {
            for k in 0..n {
                let k1 = (k + 1) % n;
                let (p, q) = (ring * n, (ring + 1) * n);
                triangles.push([p + k, p + k1, q + k1]);
                triangles.push([p + k, q + k1, q + k]);
            }
        }
        (nodes, triangles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pipette() -> Pipette {
        Pipette {
            bore: 2.5e-6,
            layer: 1.5e-7,
            lip: 3e-7,
            face: 7e-6,
            length: 1e-5,
        }
    }

    /// Below ΔP_c the equilibrium exists, its cap is wider than the bore and its tongue
    /// lengthens with the suction up to the hemisphere's `a + r_l`; above it there is none.
    #[test]
    fn the_tongue_grows_to_the_hemisphere_at_the_critical_suction() {
        let p = pipette();
        let (t, v) = (1e-3, 5.2e-16);
        let (dp_c, r_star) = p.critical(t, v);
        assert!((p.cell_volume(r_star, p.bore) - v).abs() < 1e-12 * v);
        let mut last = 0.0;
        for f in [0.0, 0.3, 0.6, 0.9, 0.999] {
            let (r_o, rho, l) = p.equilibrium(t, v, f * dp_c).unwrap();
            assert!(rho >= p.bore && r_o >= rho && l > last, "{f}: {rho} {l}");
            assert!((p.cell_volume(r_o, rho) - v).abs() < 1e-9 * v);
            last = l;
        }
        assert!((p.tip(p.bore) - (p.bore + p.lip)).abs() < 1e-15);
        assert!(last < p.bore + p.lip && last > 0.8 * (p.bore + p.lip));
        assert!(p.equilibrium(t, v, 1.05 * dp_c).is_none());
    }

    #[test]
    fn the_pipette_mesh_is_a_surface_of_revolution_with_its_bore() {
        let p = pipette();
        let (nodes, tris) = p.mesh(32);
        assert_eq!(tris.len() % 64, 0);
        let bore: Vec<&[f64; 3]> = nodes.iter().filter(|x| x[2] > p.lip * 1.01).collect();
        assert!(!bore.is_empty());
        for x in bore {
            assert!(((x[0] * x[0] + x[1] * x[1]).sqrt() - (p.bore + p.layer)).abs() < 1e-15);
        }
        assert!(
            nodes
                .iter()
                .all(|x| x[2] >= 0.0 && x[2] <= p.lip + p.length * 1.000001)
        );
    }
}
