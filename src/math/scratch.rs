//! [`Scratch`]: a buffer a `&self` method reuses from call to call, so that a hot path (an
//! evaluation per Newton iterate) does not allocate and free the same large vector each time.
//!
//! Besides the allocator's work, a large vector freed and allocated again at every iterate
//! fragments glibc's heap: its first free raises the dynamic mmap threshold above its size,
//! later ones come from the heap, and the heap grew by about 280 KB per step in contact on the
//! flagella (M = 2) until a 250 s run was killed for memory at 150 s.

/// A vector kept between calls (empty when cloned: a clone starts its own).
pub struct Scratch<T>(parking_lot::Mutex<Vec<T>>);

impl<T> Default for Scratch<T> {
    fn default() -> Self {
        Self(parking_lot::Mutex::new(Vec::new()))
    }
}

impl<T> Scratch<T> {
    /// The buffer, locked for this call (cleared by whoever fills it).
    pub fn lock(&self) -> parking_lot::MutexGuard<'_, Vec<T>> {
        self.0.lock()
    }
}

impl<T> Clone for Scratch<T> {
    fn clone(&self) -> Self {
        Self(parking_lot::Mutex::new(Vec::new()))
    }
}

impl<T> std::fmt::Debug for Scratch<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}
