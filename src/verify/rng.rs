//! The deterministic random generator of the verification kit.
//!
//! One generator for every randomised check of the crate: the Jacobian check's configurations
//! ([`configuration`](crate::verify::configuration())), the property tests of the unit and integration
//! test suites and the benches' random scenes. It is a 64-bit linear congruential generator
//! with Knuth's MMIX constants: small, fast, reproducible on every platform, and good enough to
//! sample test configurations (not for statistics or cryptography).

use crate::math::Vec3;

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
///
/// The same seed gives the same sequence on every platform and run, so a failing property
/// test is reproduced by its seed.
///
/// ```
/// use catena::verify::Rng;
///
/// let mut rng = Rng::new(7);
/// let x = rng.uniform(2.0, 3.0);
/// assert!((2.0..3.0).contains(&x));
/// assert!((-1.0..1.0).contains(&rng.signed()));
/// let d = rng.direction();
/// assert!((d.norm() - 1.0).abs() < 1e-12);
/// assert!(rng.perpendicular(&d).dot(&d).abs() < 1e-12);
/// assert!(rng.vector(0.5).amax() <= 0.5);
/// // Reproducible: the same seed, the same sequence.
/// assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
/// ```
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; nearby seeds give unrelated sequences).
    pub fn new(seed: u64) -> Self {
        let mut r = Self(seed ^ 0x9e37_79b9_7f4a_7c15);
        r.next_u64();
        r
    }

    /// The next raw 64-bit state (e.g. to seed a second generator).
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }

    /// Uniform in [0, 1) (53 random bits).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [−1, 1).
    pub fn signed(&mut self) -> f64 {
        2.0 * self.unit() - 1.0
    }

    /// Uniform in [a, b).
    pub fn uniform(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }

    /// Log-uniform in [a, b) (a, b > 0).
    pub fn log_uniform(&mut self, a: f64, b: f64) -> f64 {
        (a.ln() + (b.ln() - a.ln()) * self.unit()).exp()
    }

    /// A vector with components uniform in [−scale, scale).
    pub fn vector(&mut self, scale: f64) -> Vec3 {
        let x = self.signed();
        let y = self.signed();
        let z = self.signed();
        Vec3::new(x, y, z) * scale
    }

    /// A random unit vector (uniform on the sphere).
    pub fn direction(&mut self) -> Vec3 {
        loop {
            let v = Vec3::new(
                self.uniform(-1.0, 1.0),
                self.uniform(-1.0, 1.0),
                self.uniform(-1.0, 1.0),
            );
            let n = v.norm();
            if n > 1e-3 && n <= 1.0 {
                return v / n;
            }
        }
    }

    /// A random unit vector perpendicular to the unit vector `d` (uniform on the circle).
    pub fn perpendicular(&mut self, d: &Vec3) -> Vec3 {
        loop {
            let w = self.direction();
            let p = w - d * d.dot(&w);
            if p.norm() > 0.1 {
                return p.normalize();
            }
        }
    }
}
