//! The free surface of a conical heap of spheres and the angle of its flank: the angle of
//! repose as DEM studies measure it from particle positions.
//!
//! Around the heap's vertical axis (through the centroid of the spheres), the plane is cut into
//! rings of width `w` (one diameter) and `n_s` equal sectors. In every ring–sector cell the
//! highest sphere gives a point of the free surface `(ρ, h)`: its centre's distance to the axis
//! and its top `z + r` above the base. The profile `h̄(ρ)` of a ring is the mean over its cells;
//! a ring where fewer than half of the sectors hold a sphere is past the toe and ends the
//! profile (the two inner rings, too small for that test, count when they hold a sphere). The flank is the run of rings, outward from the summit, whose mean height lies in
//! `[f_lo H, f_hi H]` (`H` the highest ring; the defaults 0.2 and 0.8 leave out the rounded top
//! and the toe), and the surface points of those rings are fitted by least squares
//! `h = a + b ρ`; the angle of repose is `θ = atan(−b)`.
//!
//! This is the sectioned "highest particle per column" surface of Zhou et al. (Powder Technol.
//! 125 (2002) 45, §2) and of DEM calibration practice (e.g. Roessler & Katterfeld, Particuology
//! 45 (2019) 105), with a linear fit of the flank as in Lajeunesse, Mangeney-Castelnau & Vilotte
//! (Phys. Fluids 16 (2004) 2371) for collapsed columns.

/// Where the profile is cut and which part of it is the flank.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProfileSettings {
    /// Height of the base the heap stands on (m): heights are measured from it.
    pub base: f64,
    /// Ring width `w` (m), about one particle diameter.
    pub ring: f64,
    /// Number of sectors `n_s`.
    pub sectors: usize,
    /// Lower end of the flank, as a fraction of the heap height (excludes the toe).
    pub low: f64,
    /// Upper end of the flank, as a fraction of the heap height (excludes the top).
    pub high: f64,
}

impl ProfileSettings {
    /// Rings one diameter `d` wide, 8 sectors, flank between 20 % and 80 % of the height.
    pub fn new(base: f64, d: f64) -> Self {
        Self {
            base,
            ring: d,
            sectors: 8,
            low: 0.2,
            high: 0.8,
        }
    }
}

/// The measured surface and the fit of its flank.
#[derive(Debug, Clone, PartialEq)]
pub struct HeapProfile {
    /// The heap's axis: centroid `(x, y)` of the spheres (m).
    pub axis: (f64, f64),
    /// Mean surface height `h̄` per ring, at the ring's mean radius: `(ρ, h̄)` (m), from the axis
    /// out to the toe.
    pub rings: Vec<(f64, f64)>,
    /// Surface points `(ρ, h)` of the flank rings, the ones fitted (m).
    pub flank: Vec<(f64, f64)>,
    /// Heap height `H`: the highest ring mean (m).
    pub height: f64,
    /// Fitted intercept `a` (m) and slope `b` (−) of `h = a + b ρ` over the flank.
    pub line: (f64, f64),
    /// Angle of repose `atan(−b)` (degrees).
    pub angle: f64,
    /// Standard error of the angle from the fit's residuals (degrees).
    pub angle_error: f64,
}

/// The profile and flank angle of the heap made of spheres with centres `centres` (m) and radii
/// `radii` (m); `None` when the heap has fewer than three flank rings.
pub fn heap_profile(
    centres: &[[f64; 3]],
    radii: &[f64],
    s: &ProfileSettings,
) -> Option<HeapProfile> {
    let n = centres.len();
    if n == 0 || radii.len() != n || s.sectors == 0 || s.ring <= 0.0 {
        return None;
    }
    let axis = (
        centres.iter().map(|c| c[0]).sum::<f64>() / n as f64,
        centres.iter().map(|c| c[1]).sum::<f64>() / n as f64,
    );
    // The highest sphere of each ring–sector cell: (ρ, top height).
    let mut cells: Vec<Vec<Option<(f64, f64)>>> = Vec::new();
    for (c, r) in centres.iter().zip(radii) {
        let (dx, dy) = (c[0] - axis.0, c[1] - axis.1);
        let rho = dx.hypot(dy);
        let ring = (rho / s.ring) as usize;
        let turn = (dy.atan2(dx) / std::f64::consts::TAU).rem_euclid(1.0);
        let sector = ((turn * s.sectors as f64) as usize).min(s.sectors - 1);
        if cells.len() <= ring {
            cells.resize(ring + 1, vec![None; s.sectors]);
        }
        let top = c[2] + r - s.base;
        let cell = &mut cells[ring][sector];
        if cell.is_none_or(|(_, h)| top > h) {
            *cell = Some((rho, top));
        }
    }
    // Rings out to the toe: at least half of the sectors hold a sphere. The two inner rings
    // (radius below 2w) hold too few spheres for the test and count when they hold any.
    let mut rings = Vec::new();
    let mut points: Vec<Vec<(f64, f64)>> = Vec::new();
    for (i, ring) in cells.iter().enumerate() {
        let p: Vec<(f64, f64)> = ring.iter().flatten().copied().collect();
        if p.is_empty() && i < 2 {
            continue;
        }
        if 2 * p.len() < s.sectors && i >= 2 {
            break;
        }
        let k = p.len() as f64;
        rings.push((
            p.iter().map(|q| q.0).sum::<f64>() / k,
            p.iter().map(|q| q.1).sum::<f64>() / k,
        ));
        points.push(p);
    }
    let (summit, height) = rings
        .iter()
        .enumerate()
        .map(|(i, r)| (i, r.1))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    // The flank: outward from the summit, from the first ring at or below f_hi H to the last
    // ring (in a row) at or above f_lo H.
    let first = (summit..rings.len()).find(|&i| rings[i].1 <= s.high * height)?;
    let last = (first..rings.len())
        .take_while(|&i| rings[i].1 >= s.low * height)
        .last()?;
    if last < first + 2 {
        return None;
    }
    let flank: Vec<(f64, f64)> = points[first..=last].concat();
    let (a, b, se) = least_squares(&flank)?;
    Some(HeapProfile {
        axis,
        rings,
        flank,
        height,
        line: (a, b),
        angle: (-b).atan().to_degrees(),
        angle_error: (se / (1.0 + b * b)).to_degrees(),
    })
}

/// The least-squares line `y = a + b x` through `points` and the standard error of `b`.
fn least_squares(points: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n = points.len() as f64;
    if points.len() < 3 {
        return None;
    }
    let (mx, my) = (
        points.iter().map(|p| p.0).sum::<f64>() / n,
        points.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let b = sxy / sxx;
    let a = my - b * mx;
    let ssr: f64 = points.iter().map(|p| (p.1 - a - b * p.0).powi(2)).sum();
    Some((a, b, (ssr / (n - 2.0) / sxx).sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap of spheres of radius `r` in columns on a jittered square grid of spacing `d`
    /// around `(x0, y0)`, each column filled from the base up to the cone `h = H − ρ tan θ`
    /// (`H` = 6 d):
    /// with `exact`, the top sphere of every column touches the cone (its top on the surface);
    /// otherwise the columns are stacked at spacing `d` and stop below it, as in a real heap.
    fn cone(theta: f64, exact: bool) -> (Vec<[f64; 3]>, Vec<f64>) {
        cone_of_height(theta, exact, 0.06)
    }

    /// [`cone`] with the cone's height `h` (m).
    fn cone_of_height(theta: f64, exact: bool, h: f64) -> (Vec<[f64; 3]>, Vec<f64>) {
        let (r, d) = (0.005, 0.01);
        let (x0, y0) = (0.3, -0.2);
        let slope = theta.to_radians().tan();
        let mut seed = 12345u64;
        let mut jitter = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 0.4 * d
        };
        let mut centres = Vec::new();
        let reach = (h / slope / d).ceil() as i32;
        for i in -reach..=reach {
            for j in -reach..=reach {
                let (x, y) = (i as f64 * d + jitter(), j as f64 * d + jitter());
                let top = h - x.hypot(y) * slope;
                if top < d {
                    continue;
                }
                if exact {
                    centres.push([x0 + x, y0 + y, top - r]);
                    // Buried spheres below the surface one do not count.
                    centres.push([x0 + x, y0 + y, 0.5 * (top - r)]);
                } else {
                    let layers = ((top - d) / d).floor() as usize + 1;
                    for k in 0..layers {
                        centres.push([x0 + x, y0 + y, r + k as f64 * d]);
                    }
                }
            }
        }
        let radii = vec![r; centres.len()];
        (centres, radii)
    }

    #[test]
    fn spheres_on_a_cone_give_its_angle() {
        for theta in [15.0, 25.0, 35.0] {
            let (c, r) = cone(theta, true);
            let p = heap_profile(&c, &r, &ProfileSettings::new(0.0, 0.01)).unwrap();
            // The jittered grid is not symmetric about the centroid, so the axis is found to a
            // fraction of a spacing; rings straddle it, hence the small error.
            assert!((p.angle - theta).abs() < 0.5, "{theta}: {}", p.angle);
            assert!((p.axis.0 - 0.3).abs() < 2e-3 && (p.axis.1 + 0.2).abs() < 2e-3);
            assert!(p.rings.len() >= 4 && p.flank.len() > 20);
        }
    }

    #[test]
    fn stacked_columns_under_a_cone_give_its_angle() {
        for theta in [20.0, 30.0] {
            let (c, r) = cone(theta, false);
            let p = heap_profile(&c, &r, &ProfileSettings::new(0.0, 0.01)).unwrap();
            assert!((p.angle - theta).abs() < 2.0, "{theta}: {}", p.angle);
            assert!(p.angle_error < 2.0);
        }
    }

    #[test]
    fn the_flank_leaves_out_top_and_toe() {
        let (c, r) = cone(30.0, true);
        let p = heap_profile(&c, &r, &ProfileSettings::new(0.0, 0.01)).unwrap();
        for q in &p.flank {
            assert!(q.1 > 0.05 * p.height && q.1 < 0.95 * p.height, "{q:?}");
        }
        assert!(heap_profile(&[], &[], &ProfileSettings::new(0.0, 0.01)).is_none());
        // A flat layer has no flank.
        let flat: Vec<[f64; 3]> = (0..100)
            .map(|i| [(i % 10) as f64 * 0.01, (i / 10) as f64 * 0.01, 0.005])
            .collect();
        let radii = vec![0.005; flat.len()];
        assert!(heap_profile(&flat, &radii, &ProfileSettings::new(0.0, 0.01)).is_none());
    }

    /// A heap only 3.5 diameters high, as the `repose` case pours, standing on a base above
    /// zero: the flank (20–80 % of the height) still spans enough rings for its angle, down to
    /// 15° where it is shallowest in height and widest in rings.
    #[test]
    fn a_heap_a_few_diameters_high_gives_its_angle() {
        for theta in [15.0, 20.0, 30.0] {
            let (mut c, r) = cone_of_height(theta, true, 0.035);
            let base = 0.0137;
            for p in &mut c {
                p[2] += base;
            }
            let p = heap_profile(&c, &r, &ProfileSettings::new(base, 0.01)).unwrap();
            assert!(p.flank.len() >= 3 && p.rings.len() >= 4);
            assert!((p.angle - theta).abs() < 1.0, "{theta}: {}", p.angle);
            assert!(p.height > 0.02 && p.height <= 0.035, "{}", p.height);
        }
    }
}
