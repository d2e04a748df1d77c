//! A natural logarithm built only from `+ − × ÷` and bit operations, so that the RSS kernel
//! vectorises (libm's `ln` is a scalar call) and gives the same bits in every SIMD width, with or
//! without AVX2, on every thread count.
//!
//! **Method.** Write `x = 2ᵏ m` with `m ∈ [√2/2, √2)` (exponent and mantissa bits), `f = m − 1`
//! (exact: Sterbenz), `s = f/(2 + f)`, `z = s²`. Then (the series of `atanh`)
//!
//! `ln m = ln((1 + s)/(1 − s)) = 2s + s R(z)`,  `R(z) = Σₙ₌₁¹⁰ 2zⁿ/(2n + 1)`,
//!
//! with `|s| ≤ 3 − 2√2 ≈ 0.1716`, `z ≤ 0.0295`: the first omitted term is below `6·10⁻¹⁹`
//! relative. Since `2s = f − s f` and `s f = f²/(2 + f) = h − s h` with `h = f²/2`,
//! `ln m = f − (h − s (h + R))`: the large part `f` is exact and the correction, at most `f²/2`,
//! carries the rounding. Finally `ln x = k ln2_hi + (ln m + k ln2_lo)`, `ln2_hi` holding 21
//! significant bits so that `k ln2_hi` is exact for every exponent. Measured: never more than
//! one unit in the last place from the platform's `ln`, and the same bits for most arguments
//! (tests).

/// `ln 2` rounded to 21 significant bits (`0x3fe62e4200000000`): `k ln2_hi` is exact for
/// `|k| < 2¹¹`.
const LN2_HI: f64 = 0.693_146_705_627_441_4;
/// `ln 2 − LN2_HI`, rounded (the pair is `ln 2` to about `2⁻⁷⁵`).
const LN2_LO: f64 = 4.749_325_039_031_672_6e-7;
/// `2/(2n + 1)`, `n = 1..=10`: the series of `R(z)`.
const SERIES: [f64; 10] = [
    2.0 / 3.0,
    2.0 / 5.0,
    2.0 / 7.0,
    2.0 / 9.0,
    2.0 / 11.0,
    2.0 / 13.0,
    2.0 / 15.0,
    2.0 / 17.0,
    2.0 / 19.0,
    2.0 / 21.0,
];
const MANTISSA: u64 = (1 << 52) - 1;
const ONE_BITS: u64 = 0x3ff0_0000_0000_0000;
/// `2⁵²` as the bits of a double: `from_bits(TWO52_BITS | e) − 2⁵²` is the integer `e < 2⁵²`.
const TWO52_BITS: u64 = 0x4330_0000_0000_0000;
const TWO52: f64 = 4_503_599_627_370_496.0;

use super::lanes::Real;

/// `ln x` for a positive normal finite `x` (anything else gives an unspecified value), lane by
/// lane: no branches, no calls, only `+ − × ÷` and bit operations, so every lane of an
/// [`F4`](super::lanes::F4) gets the bits of the `f64` code.
#[inline(always)]
pub fn ln_positive_normal<T: Real>(x: T) -> T {
    let m = x.mask_bits(MANTISSA, ONE_BITS);
    // The biased exponent as a double, exactly, without an integer-to-float conversion.
    let k = x.shift_bits(52, TWO52_BITS) - T::splat(TWO52 + 1023.0);
    let sqrt2 = std::f64::consts::SQRT_2;
    let k = T::if_greater(m, sqrt2, k + T::splat(1.0), k);
    let m = T::if_greater(m, sqrt2, T::splat(0.5) * m, m);
    let f = m - T::splat(1.0);
    let s = f / (T::splat(2.0) + f);
    let z = s * s;
    let mut r = T::splat(SERIES[9]);
    for &c in SERIES[..9].iter().rev() {
        r = T::splat(c) + z * r;
    }
    let r = z * r;
    let h = T::splat(0.5) * f * f;
    k * T::splat(LN2_HI) - ((h - (s * (h + r) + k * T::splat(LN2_LO))) - f)
}

/// `ln x` for every `f64`: `−∞` at `±0`, NaN below zero and at NaN, `+∞` at `+∞`; subnormals
/// are scaled into the normal range first.
#[cfg_attr(not(test), allow(dead_code))]
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        f64::NAN
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else if x == f64::INFINITY {
        x
    } else if x < f64::MIN_POSITIVE {
        // 2⁵⁴ x is normal; ln(2⁵⁴ x) − 54 ln 2.
        ln_positive_normal(x * 18_014_398_509_481_984.0_f64) - 54.0 * LN2_HI - 54.0 * LN2_LO
    } else {
        ln_positive_normal(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external::rss::lanes::F4;

    /// Distance in ulps between `a` and the reference `b`, counted at `b`.
    fn ulps(a: f64, b: f64) -> f64 {
        if a == b {
            return 0.0;
        }
        let ulp = f64::from_bits(b.abs().to_bits() + 1) - b.abs();
        (a - b).abs() / ulp
    }

    /// The constants are what they claim.
    #[test]
    fn ln2_split_is_exact_enough() {
        assert_eq!(LN2_HI.to_bits() & ((1 << 32) - 1), 0);
        assert_eq!(LN2_HI + LN2_LO, std::f64::consts::LN_2);
    }

    /// Against the platform's `ln` (itself within an ulp of the exact value), over the whole
    /// exponent range and densely near 1 where `ln x → 0` and relative accuracy is hardest.
    #[test]
    fn within_one_ulp_over_a_wide_range() {
        let mut worst = (0.0_f64, 0.0_f64);
        let (mut count, mut differ) = (0, 0);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut check = |x: f64| {
            let (got, want) = (ln(x), x.ln());
            let u = ulps(got, want);
            count += 1;
            differ += usize::from(u > 0.0);
            if u > worst.0 {
                worst = (u, x);
            }
        };
        for _ in 0..400_000 {
            // Random positive normal doubles: every exponent, every mantissa.
            let bits = next() % (0x7fefu64 << 48) + (1 << 52);
            check(f64::from_bits(bits));
            // Near 1, both sides, and near √2 (the reduction's switch point).
            let t = (next() >> 11) as f64 / (1u64 << 53) as f64;
            check(1.0 + 0.5 * (t - 0.5));
            check(1.0 + 1e-6 * (t - 0.5));
            check(std::f64::consts::SQRT_2 * (1.0 + 1e-3 * (t - 0.5)));
            // Subnormals.
            check(f64::from_bits(next() % (1 << 52) + 1));
        }
        for x in [
            f64::MIN_POSITIVE,
            f64::MAX,
            1.0,
            2.0,
            0.5,
            std::f64::consts::E,
            10.0,
            1.0 + f64::EPSILON,
            1.0 - f64::EPSILON / 2.0,
            5e-324,
        ] {
            check(x);
        }
        // The reference is itself rounded: one unit apart means within about 1.5 ulp of the
        // exact value; most results are the reference's bits.
        assert!(
            worst.0 <= 1.0,
            "worst error {} ulp at x = {:e}",
            worst.0,
            worst.1
        );
        assert!(
            differ * 10 < count,
            "{differ} of {count} differ from the reference"
        );
        println!("{differ} of {count} differ by one ulp from the platform's ln");
        assert_eq!(ln(1.0), 0.0);
    }

    #[test]
    fn special_values() {
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
        assert_eq!(ln(-0.0), f64::NEG_INFINITY);
        assert!(ln(-1.0).is_nan());
        assert!(ln(f64::NAN).is_nan());
        assert!(ln(f64::NEG_INFINITY).is_nan());
        assert_eq!(ln(f64::INFINITY), f64::INFINITY);
    }

    /// Every lane of a vectorised loop computes what the scalar call does.
    #[test]
    fn loops_give_the_scalar_bits() {
        let xs: Vec<f64> = (1..1000).map(|i| (i as f64).powf(3.7) * 1e-5).collect();
        let mut ys = vec![0.0; xs.len()];
        for (y, x) in ys.iter_mut().zip(&xs) {
            *y = ln_positive_normal(*x);
        }
        for (y, x) in ys.iter().zip(&xs) {
            assert_eq!(
                y.to_bits(),
                std::hint::black_box(ln_positive_normal)(*x).to_bits()
            );
        }
        for (y, x) in ys.chunks_exact(4).zip(xs.chunks_exact(4)) {
            let v = ln_positive_normal(F4::load(x, 0));
            for (a, b) in y.iter().zip(v.0) {
                assert_eq!(a.to_bits(), b.to_bits());
            }
        }
    }
}
