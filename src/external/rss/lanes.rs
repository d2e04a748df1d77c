//! Lanes of doubles for the RSS kernel: the kernel is written once, generic over [`Real`], and
//! runs on `f64` (one pair) or on [`F4`] (four node–edge pairs at once, which LLVM maps to SIMD
//! registers). Every operation is elementwise and IEEE-exact in any width (`+ − × ÷ √`, bit
//! operations, selects; no fused multiply–add), so each lane of an `F4` holds exactly the bits
//! the `f64` code computes: the assembled matrix does not depend on the SIMD width, on AVX2 or
//! on the thread count.

use std::ops::{Add, Div, Mul, Neg, Sub};

/// A scalar or a lane vector of doubles with elementwise arithmetic.
pub trait Real:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// Every lane `x`.
    fn splat(x: f64) -> Self;
    /// Elementwise `√x`.
    fn sqrt(self) -> Self;
    /// Elementwise `|x|`.
    fn abs(self) -> Self;
    /// Elementwise `if c ≥ 0 { a } else { b }`.
    fn if_nonneg(c: Self, a: Self, b: Self) -> Self;
    /// Elementwise `if x > t { a } else { b }`.
    fn if_greater(x: Self, t: f64, a: Self, b: Self) -> Self;
    /// Elementwise `from_bits((to_bits(x) & and) | or)`.
    fn mask_bits(self, and: u64, or: u64) -> Self;
    /// Elementwise `from_bits((to_bits(x) >> shift) | or)`.
    fn shift_bits(self, shift: u32, or: u64) -> Self;
}

impl Real for f64 {
    #[inline(always)]
    fn splat(x: f64) -> Self {
        x
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        f64::abs(self)
    }
    #[inline(always)]
    fn if_nonneg(c: Self, a: Self, b: Self) -> Self {
        if c >= 0.0 { a } else { b }
    }
    #[inline(always)]
    fn if_greater(x: Self, t: f64, a: Self, b: Self) -> Self {
        if x > t { a } else { b }
    }
    #[inline(always)]
    fn mask_bits(self, and: u64, or: u64) -> Self {
        f64::from_bits((self.to_bits() & and) | or)
    }
    #[inline(always)]
    fn shift_bits(self, shift: u32, or: u64) -> Self {
        f64::from_bits((self.to_bits() >> shift) | or)
    }
}

/// Four doubles, operated on lane by lane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct F4(pub [f64; 4]);

impl F4 {
    /// The four values `s[k..k + 4]`.
    #[inline(always)]
    pub fn load(s: &[f64], k: usize) -> Self {
        F4(s[k..k + 4].try_into().expect("four lanes"))
    }
    /// Writes the four lanes to `s[k..k + 4]`.
    #[inline(always)]
    pub fn store(self, s: &mut [f64], k: usize) {
        s[k..k + 4].copy_from_slice(&self.0);
    }
    #[inline(always)]
    fn map(self, f: impl Fn(f64) -> f64) -> Self {
        F4([f(self.0[0]), f(self.0[1]), f(self.0[2]), f(self.0[3])])
    }
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(f64, f64) -> f64) -> Self {
        F4([
            f(self.0[0], o.0[0]),
            f(self.0[1], o.0[1]),
            f(self.0[2], o.0[2]),
            f(self.0[3], o.0[3]),
        ])
    }
}

macro_rules! binary {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for F4 {
            type Output = F4;
            #[inline(always)]
            fn $f(self, o: F4) -> F4 {
                self.zip(o, |a, b| a $op b)
            }
        }
    };
}
binary!(Add, add, +);
binary!(Sub, sub, -);
binary!(Mul, mul, *);
binary!(Div, div, /);

impl Neg for F4 {
    type Output = F4;
    #[inline(always)]
    fn neg(self) -> F4 {
        self.map(|a| -a)
    }
}

impl Real for F4 {
    #[inline(always)]
    fn splat(x: f64) -> Self {
        F4([x; 4])
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        self.map(f64::sqrt)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        self.map(f64::abs)
    }
    #[inline(always)]
    fn if_nonneg(c: Self, a: Self, b: Self) -> Self {
        F4(std::array::from_fn(|l| {
            if c.0[l] >= 0.0 { a.0[l] } else { b.0[l] }
        }))
    }
    #[inline(always)]
    fn if_greater(x: Self, t: f64, a: Self, b: Self) -> Self {
        F4(std::array::from_fn(|l| {
            if x.0[l] > t { a.0[l] } else { b.0[l] }
        }))
    }
    #[inline(always)]
    fn mask_bits(self, and: u64, or: u64) -> Self {
        self.map(|x| x.mask_bits(and, or))
    }
    #[inline(always)]
    fn shift_bits(self, shift: u32, or: u64) -> Self {
        self.map(|x| x.shift_bits(shift, or))
    }
}
