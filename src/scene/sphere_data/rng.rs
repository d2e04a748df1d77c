//! A small seeded pseudo-random generator for scene generators: SplitMix64 (Steele, Lea and
//! Flood 2014), whose output depends only on the seed, on every platform and in every build.

/// SplitMix64: state `s ← s + 0x9E3779B97F4A7C15`, output a bijective mix of `s`.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[a, b)`.
    pub fn uniform(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }

    /// Uniform in `[−h, h)`.
    pub fn symmetric(&mut self, h: f64) -> f64 {
        self.uniform(-h, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_uniform_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let xs: Vec<f64> = (0..1000).map(|_| a.unit()).collect();
        let ys: Vec<f64> = (0..1000).map(|_| b.unit()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|x| (0.0..1.0).contains(x)));
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        assert!((mean - 0.5).abs() < 0.05, "mean {mean}");
        assert_ne!(SplitMix64::new(8).next_u64(), SplitMix64::new(7).next_u64());
        let h = SplitMix64::new(1).symmetric(2.0);
        assert!((-2.0..2.0).contains(&h));
    }
}
