//! The loop of a pulled knot, measured on the simulated shape: which nodes form it, the radius
//! of the circle that best fits it, and its Kirchhoff first integral, from which the loop
//! radius `R` of Audoly et al.'s theory is read (case `trefoil`).
//!
//! **The first integral.** Along a Kirchhoff rod without twist, loaded only by forces normal
//! to its centreline and passing through it (frictionless contact between round rods), the
//! quantity `H = N + EI κ²/2` is the same at every point: `N = n·t` is the axial force (N),
//! `κ` the curvature (1/m). In the straight tails `H = F`, the traction; in the loop, where
//! the internal force `n` is a constant vector, `H = n·t + EI κ²/2`. The loop of the
//! asymptotic theory (Audoly, Clauvelin & Neukirch 2007, seed 001 Eq. C.1) is a circle of
//! radius `R` that carries no force (`n = 0`), so there `H = EI/(2R²)` and, without friction,
//! `F = EI/(2R²)`: the leading order `F̄ = ε⁴/2`. A simulated loop at ε ≈ 0.2–0.4 is not a
//! circle: it carries a force `n ≠ 0` (a third to two thirds of `F` in catena's knots) and its
//! curvature varies by ±30 % round it, so "the loop radius" depends on how it is read. The
//! radius at which the loop holds the theory's first integral, `R_H = √(EI/(2H))`, is the
//! radius of curvature of the loop where its axial force vanishes (`n·t = 0`), the defining
//! property of the theory's force-free circle; friction in the braid then adds
//! `F − H` to the traction, the part Eq. C.1 writes `μσε³`.
//!
//! Discretely, `N` at node `i` is the mean of `EA (|eʲ|/|ēʲ| − 1)` over its two edges and
//! `κᵢ = 2 tan(φᵢ/2)/ℓᵢ` (turning angle `φᵢ`, Voronoi length `ℓᵢ`, Bergou et al. 2008); `H` is
//! the median over the loop's central three quarters (the ends of the loop, next to the braid,
//! are left out).

use crate::math::{Mat3, Vec3};

/// What is measured on the loop of one state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopShape {
    /// First node of the loop and one past its last: the longest run of nodes touched by no
    /// contact between the first and the last node that is.
    pub nodes: (usize, usize),
    /// First integral `H = N + EIκ²/2` of the loop (N), median over its central part.
    pub first_integral: f64,
    /// Radius of the circle best fitting the loop's central part (m): a plane through it by
    /// least squares, then the circle in that plane minimising the squared distances.
    pub circle: f64,
}

/// The loop between the contact nodes `touched` (one flag per node), with the rod's `EA` (N),
/// `EI` (N·m²) and rest edge lengths; `None` when no contact closes a loop of at least eight
/// nodes.
pub fn measure(
    pts: &[Vec3],
    rest: &[f64],
    ea: f64,
    ei: f64,
    touched: &[bool],
) -> Option<LoopShape> {
    let lo = touched.iter().position(|&t| t)?;
    let hi = touched.iter().rposition(|&t| t)?;
    let mut best = (0, 0);
    let mut i = lo;
    while i <= hi {
        if touched[i] {
            i += 1;
            continue;
        }
        let j = (i..=hi).find(|&j| touched[j]).unwrap_or(hi + 1);
        if j - i > best.1 - best.0 {
            best = (i, j);
        }
        i = j;
    }
    let (a, b) = best;
    if b - a < 8 {
        return None;
    }
    let trim = (b - a) / 8;
    let core = a + trim..b - trim;
    let strain = |k: usize| ea * ((pts[k + 1] - pts[k]).norm() / rest[k] - 1.0);
    let mut h: Vec<f64> = core
        .clone()
        .map(|i| {
            let n = 0.5 * (strain(i - 1) + strain(i));
            let k = curvature(pts[i - 1], pts[i], pts[i + 1]);
            n + 0.5 * ei * k * k
        })
        .collect();
    h.sort_by(f64::total_cmp);
    Some(LoopShape {
        nodes: (a, b),
        first_integral: h[h.len() / 2],
        circle: circle_radius(&pts[core]),
    })
}

/// Discrete curvature `2 tan(φ/2)/ℓ` at `b` between `a` and `c` (1/m).
fn curvature(a: Vec3, b: Vec3, c: Vec3) -> f64 {
    let (u, v) = (b - a, c - b);
    let phi = u.normalize().dot(&v.normalize()).clamp(-1.0, 1.0).acos();
    2.0 * (0.5 * phi).tan() / (0.5 * (u.norm() + v.norm()))
}

/// Radius of the circle best fitting `pts` (m): the plane of least squares through them, the
/// algebraic (Kåsa) circle in it, refined by Gauss–Newton on the geometric distances.
pub fn circle_radius(pts: &[Vec3]) -> f64 {
    let n = pts.len() as f64;
    let c = pts.iter().sum::<Vec3>() / n;
    let cov: Mat3 = pts.iter().map(|p| (p - c) * (p - c).transpose()).sum();
    let eig = cov.symmetric_eigen();
    let order = |k: usize| eig.eigenvalues[k];
    let (mut small, mut large) = (0, 0);
    for k in 1..3 {
        if order(k) < order(small) {
            small = k;
        }
        if order(k) > order(large) {
            large = k;
        }
    }
    let normal: Vec3 = eig.eigenvectors.column(small).into();
    let e1: Vec3 = eig.eigenvectors.column(large).into();
    let e2 = normal.cross(&e1);
    let xy: Vec<(f64, f64)> = pts
        .iter()
        .map(|p| ((p - c).dot(&e1), (p - c).dot(&e2)))
        .collect();
    // Kåsa: x² + y² + Dx + Ey + G = 0 in the least-squares sense.
    let mut m = Mat3::zeros();
    let mut r = Vec3::zeros();
    for &(x, y) in &xy {
        let row = Vec3::new(x, y, 1.0);
        m += row * row.transpose();
        r -= row * (x * x + y * y);
    }
    let Some(s) = m.lu().solve(&r) else {
        return f64::NAN;
    };
    let (mut cx, mut cy) = (-0.5 * s.x, -0.5 * s.y);
    let mut radius = (cx * cx + cy * cy - s.z).max(0.0).sqrt();
    for _ in 0..20 {
        let mut jtj = Mat3::zeros();
        let mut jtr = Vec3::zeros();
        for &(x, y) in &xy {
            let d = (x - cx).hypot(y - cy);
            if d == 0.0 {
                continue;
            }
            let j = Vec3::new((cx - x) / d, (cy - y) / d, -1.0);
            jtj += j * j.transpose();
            jtr += j * (d - radius);
        }
        let Some(step) = jtj.lu().solve(&(-jtr)) else {
            break;
        };
        cx += step.x;
        cy += step.y;
        radius += step.z;
        if step.norm() < 1e-12 * radius.abs() {
            break;
        }
    }
    radius
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    /// A tilted arc of a circle: the fit returns its radius.
    #[test]
    fn circle_fit_recovers_a_tilted_arc() {
        let (r, c) = (0.037, Vec3::new(0.1, -0.2, 0.05));
        let (u, v) = (
            Vec3::new(1.0, 1.0, 0.0).normalize(),
            Vec3::new(-1.0, 1.0, 2.0).normalize(),
        );
        let pts: Vec<Vec3> = (0..40)
            .map(|i| {
                let t = 0.3 + 3.5 * f64::from(i) / 39.0;
                c + r * (t.cos() * u + t.sin() * v)
            })
            .collect();
        assert!((circle_radius(&pts) / r - 1.0).abs() < 1e-9);
    }

    /// A straight rod in tension `T` bent into a circular arc of radius `R` carries
    /// `H = T + EI/(2R²)`; the loop is found between the touched nodes.
    #[test]
    fn first_integral_of_a_stretched_circular_loop() {
        let (r, strain, ea, ei) = (0.05, 1e-3, 1.4, 9e-7);
        let n = 120;
        let dphi = 2.0 * PI * 0.9 / f64::from(n - 1);
        let pts: Vec<Vec3> = (0..n)
            .map(|i| {
                let t = dphi * f64::from(i);
                Vec3::new(r * t.cos(), r * t.sin(), 0.0)
            })
            .collect();
        let chord = (pts[1] - pts[0]).norm();
        let rest = vec![chord / (1.0 + strain); n as usize - 1];
        let mut touched = vec![false; n as usize];
        for i in (0..10).chain(110..120) {
            touched[i] = true;
        }
        let shape = measure(&pts, &rest, ea, ei, &touched).unwrap();
        assert_eq!(shape.nodes, (10, 110));
        // The chord-based curvature of the polygon is that of the circle to O(Δφ²).
        let expected = ea * strain + 0.5 * ei / (r * r);
        assert!(
            (shape.first_integral / expected - 1.0).abs() < 1e-3,
            "{} vs {expected}",
            shape.first_integral
        );
        assert!((shape.circle / r - 1.0).abs() < 1e-9);
        assert!(measure(&pts, &rest, ea, ei, &vec![false; n as usize]).is_none());
    }
}
