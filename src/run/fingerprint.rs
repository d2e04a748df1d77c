//! [`Fingerprint`]: the size and 64-bit FNV-1a hash of a file's bytes, kept with a checkpoint
//! for an input whose text is not kept (a binary STL mesh, or a text file too long to store),
//! so that a resume notices the file changed.
//!
//! FNV-1a (Fowler, Noll and Vo) is not a cryptographic hash: it detects an edited, replaced or
//! truncated file (any single changed byte changes it, and a different size is seen directly),
//! not a file crafted to collide, which is not what a checkpoint guards against.

use serde::{Deserialize, Serialize};

/// FNV-1a offset basis (64-bit).
const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a prime (64-bit).
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// Size and hash of some bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// Length in bytes.
    pub size: u64,
    /// 64-bit FNV-1a hash of the bytes.
    pub fnv1a: u64,
}

impl Fingerprint {
    /// The fingerprint of `bytes`.
    pub fn of(bytes: &[u8]) -> Self {
        let fnv1a = bytes
            .iter()
            .fold(OFFSET, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME));
        Self {
            size: bytes.len() as u64,
            fnv1a,
        }
    }
}

impl std::fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} bytes, FNV-1a {:016x}", self.size, self.fnv1a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_and_sensitivity() {
        // Reference values of the 64-bit FNV-1a test suite.
        assert_eq!(Fingerprint::of(b"").fnv1a, 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fingerprint::of(b"a").fnv1a, 0xaf63_dc4c_8601_ec8c);
        assert_eq!(Fingerprint::of(b"foobar").fnv1a, 0x8594_4171_f739_67e8);
        let a = Fingerprint::of(&[0u8; 84]);
        let mut bytes = [0u8; 84];
        bytes[83] = 1;
        let b = Fingerprint::of(&bytes);
        assert_eq!(a.size, b.size);
        assert_ne!(a, b);
        assert_eq!(a.to_string(), format!("84 bytes, FNV-1a {:016x}", a.fnv1a));
    }
}
