//! [`CellMembrane`]: what makes a closed shell a deformable cell in the sense of mpacts'
//! deformable cell model (seed 003; Odenthal et al. 2013, PLoS Comput. Biol. 9 e1003267) — a
//! cortical tension on its area, area and volume conservation, an imposed inner pressure — and
//! [`CellMeasures`], the cell's area, volume, centroid and inner pressure at a configuration.
//!
//! A cell keeps its shell's membrane (edge springs or constant-strain triangles) and bending
//! (hinges); the energies here come on top (see [`crate::elastic::cell`]).

use super::Shell;
use crate::elastic::cell::{IntegralLaw, IntegralLaws, cone_volume, triangle_area};
use crate::math::Vec3;

/// The cell terms of a closed shell.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CellMembrane {
    /// Cortical tension `T` (N/m): the surface energy `T·A`.
    pub tension: f64,
    /// Area modulus `K_A` (N/m) of the area conservation `½ K_A (A − A₀)²/A₀` (0: none).
    pub area_modulus: f64,
    /// Target area `A₀` (m²).
    pub rest_area: f64,
    /// Bulk modulus `K_V` (Pa) of the volume conservation `½ K_V (V − V₀)²/V₀` (0: none).
    pub bulk_modulus: f64,
    /// Target volume `V₀` (m³).
    pub rest_volume: f64,
    /// Imposed inner pressure `P_ext` (Pa): the energy `−P_ext V` (inflating when positive).
    pub pressure: f64,
}

impl CellMembrane {
    /// The area and volume laws (`E_A = T A + ½ K_A (A − A₀)²/A₀`,
    /// `E_V = −P_ext V + ½ K_V (V − V₀)²/V₀`).
    pub fn laws(&self) -> IntegralLaws {
        IntegralLaws {
            area: IntegralLaw {
                linear: self.tension,
                modulus: self.area_modulus,
                target: self.rest_area,
            },
            volume: IntegralLaw {
                linear: -self.pressure,
                modulus: self.bulk_modulus,
                target: self.rest_volume,
            },
        }
    }
}

/// A cell's integral measures at one configuration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellMeasures {
    /// Total membrane area `A` (m²).
    pub area: f64,
    /// Enclosed volume `V` (m³).
    pub volume: f64,
    /// Mean of the node positions (m).
    pub centroid: Vec3,
    /// Inner pressure `P = −∂E_V/∂V = P_ext − K_V (V − V₀)/V₀` (Pa).
    pub pressure: f64,
    /// Membrane tension `∂E_A/∂A = T + K_A (A − A₀)/A₀` (N/m).
    pub tension: f64,
}

impl Shell {
    /// Mean of the node positions at `q` (m): the reference point of the cell's cone volumes.
    pub fn centroid(&self, q: &[f64]) -> Vec3 {
        let n = self.n_nodes();
        (0..n).map(|i| self.node(q, i)).sum::<Vec3>() / n as f64
    }

    /// Total area (m²) and enclosed volume (m³) at `q` (the volume is meaningful for a closed,
    /// outward-oriented mesh), summed in triangle order.
    pub fn area_and_volume(&self, q: &[f64]) -> (f64, f64) {
        let p = self.centroid(q);
        let mut area = 0.0;
        let mut volume = 0.0;
        for t in &self.mesh.triangles {
            let [a, b, c] = t.map(|n| self.node(q, n as usize));
            area += triangle_area(&a, &b, &c);
            volume += cone_volume(&p, &a, &b, &c);
        }
        (area, volume)
    }

    /// The cell measures at `q`; `None` for a shell that is not a cell.
    pub fn cell_measures(&self, q: &[f64]) -> Option<CellMeasures> {
        let cell = self.cell.as_ref()?;
        let laws = cell.laws();
        let (area, volume) = self.area_and_volume(q);
        Some(CellMeasures {
            area,
            volume,
            centroid: self.centroid(q),
            pressure: -laws.volume.slope(volume),
            tension: laws.area.slope(area),
        })
    }
}
