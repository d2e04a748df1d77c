//! Allocation failure as an error, not an abort: the global allocator of the binary is the
//! system's, and when it cannot give memory the process prints a located message (how much was
//! asked, the limits in force, what to do) and exits with status 1 — instead of Rust's default
//! "memory allocation of N bytes failed", SIGABRT and a core dump.
//!
//! The handler runs where memory is gone: it formats into a stack buffer, writes with one
//! system call and leaves with `_exit`, allocating nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::OnceLock;

/// The system allocator, with a clean exit when it fails.
pub struct Guarded;

/// The output directory of the current run, named in the message.
static OUT_DIR: OnceLock<String> = OnceLock::new();

/// Names `dir` in the out-of-memory message (call once, before the run).
pub fn set_out_dir(dir: &std::path::Path) {
    let _ = OUT_DIR.set(dir.display().to_string());
}

// SAFETY: every method forwards to `System` with the same arguments; a null result never
// returns to the caller (the process exits), which the `GlobalAlloc` contract allows.
unsafe impl GlobalAlloc for Guarded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            out_of_memory(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            out_of_memory(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            out_of_memory(new_size);
        }
        p
    }
}

/// A fixed buffer that `write!` fills without allocating (what does not fit is cut).
struct StackBuf {
    bytes: [u8; 1024],
    len: usize,
}

impl std::fmt::Write for StackBuf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let n = s.len().min(self.bytes.len() - self.len);
        self.bytes[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

fn out_of_memory(size: usize) -> ! {
    use std::fmt::Write as _;
    let mut b = StackBuf {
        bytes: [0; 1024],
        len: 0,
    };
    let _ = write!(
        b,
        "error: out of memory: an allocation of {size} bytes failed\n  \
         the process limit (ulimit -v, RLIMIT_AS/RLIMIT_DATA), the container's memory limit or \
         the machine's memory is exhausted"
    );
    if let Some(dir) = OUT_DIR.get() {
        let _ = write!(b, "\n  the output written so far is in {dir}");
    }
    let _ = write!(
        b,
        "\n  help: use a coarser scene (fewer nodes or bodies), raise the limit, or set \
         CATENA_MEMORY_LIMIT to what this process may really use so that `catena check` refuses \
         such scenes up front\n"
    );
    // SAFETY: a plain write(2) of an initialised buffer to the standard error descriptor, then
    // `_exit`, which ends the process without running anything that could allocate.
    unsafe {
        let _ = libc::write(2, b.bytes.as_ptr().cast(), b.len);
        libc::_exit(1)
    }
}
