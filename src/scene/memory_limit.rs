//! How much memory a run may use: the lowest of what the machine has available, what the
//! process may still map (its `RLIMIT_AS`, `ulimit -v`, and `RLIMIT_DATA`, `ulimit -d`, less
//! what it already uses) and what its control group (a container, a batch job) may still take.
//! The memory guard ([`super::MemoryEstimate`]) compares a scene's estimate with it, so that a
//! scene that cannot fit is refused by `catena check` and `catena run` instead of aborting
//! half-way.

use std::sync::atomic::{AtomicU64, Ordering};

/// The limit when nothing can be read (8 GiB).
pub const FALLBACK_LIMIT: f64 = 8.0 * 1024.0 * 1024.0 * 1024.0;

/// A limit set by [`set_memory_limit`] (the bits of an `f64`; 0: none).
static LIMIT_OVERRIDE: AtomicU64 = AtomicU64::new(0);

/// Sets the memory limit of this process (bytes), overriding the environment and the system
/// (e.g. a fuzzer or a test that must refuse large scenes on a large machine).
pub fn set_memory_limit(bytes: f64) {
    LIMIT_OVERRIDE.store(bytes.to_bits(), Ordering::Relaxed);
}

/// The memory a run may use (bytes); see [`memory_limit_with_source`].
pub fn memory_limit() -> f64 {
    memory_limit_with_source().0
}

/// The memory a run may use (bytes) and where that limit comes from, for messages:
/// [`set_memory_limit`], else `CATENA_MEMORY_LIMIT` (bytes), else the lowest of the available
/// memory (`MemAvailable`), the process limits (`RLIMIT_AS`, `RLIMIT_DATA`, less the address
/// space and data already in use, and for `RLIMIT_AS` the threads' stacks and allocator arenas) and the control group's limit (cgroup v2 `memory.max`, v1
/// `memory.limit_in_bytes`, less its current usage); [`FALLBACK_LIMIT`] if none can be read.
pub fn memory_limit_with_source() -> (f64, &'static str) {
    let set = LIMIT_OVERRIDE.load(Ordering::Relaxed);
    if set != 0 {
        return (f64::from_bits(set), "set for this process");
    }
    if let Some(v) = std::env::var("CATENA_MEMORY_LIMIT")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v > 0.0)
    {
        return (v, "set by CATENA_MEMORY_LIMIT");
    }
    let read = |p: &str| std::fs::read_to_string(p).ok();
    let status = read("/proc/self/status").unwrap_or_default();
    let used = |key: &str| proc_kb(&status, key).unwrap_or(0.0);
    let candidates = [
        (
            read("/proc/meminfo").and_then(|s| proc_kb(&s, "MemAvailable:")),
            "available on this machine",
        ),
        (
            rlimit(Resource::AddressSpace).map(|l| l - used("VmSize:") - thread_reserve()),
            "left under the process's address-space limit (ulimit -v)",
        ),
        (
            rlimit(Resource::Data).map(|l| l - used("VmData:")),
            "left under the process's data limit (ulimit -d)",
        ),
        (
            read("/sys/fs/cgroup/memory.max")
                .and_then(|m| cgroup_room(&m, read("/sys/fs/cgroup/memory.current").as_deref())),
            "left under the container's memory limit (cgroup memory.max)",
        ),
        (
            read("/sys/fs/cgroup/memory/memory.limit_in_bytes").and_then(|m| {
                cgroup_room(
                    &m,
                    read("/sys/fs/cgroup/memory/memory.usage_in_bytes").as_deref(),
                )
            }),
            "left under the container's memory limit (cgroup memory.limit_in_bytes)",
        ),
    ];
    candidates
        .into_iter()
        .filter_map(|(v, why)| v.map(|v| (v.max(0.0), why)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((FALLBACK_LIMIT, "assumed (nothing could be read)"))
}

/// Address space the worker threads will reserve beyond what the estimate counts (bytes): per
/// thread its stack and the allocator's arena (glibc reserves 64 MiB of address space per
/// arena), for as many threads as the machine has cores. It counts against `ulimit -v` although
/// little of it is ever touched.
fn thread_reserve() -> f64 {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    threads * (64.0 + 8.0) * 1024.0 * 1024.0
}

/// The value of `key` (e.g. `MemAvailable:`) in a `/proc/meminfo` or `/proc/self/status` text,
/// given in kB, in bytes.
fn proc_kb(text: &str, key: &str) -> Option<f64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024.0)
}

/// Room left in a control group whose limit file reads `max` (`"max"`, or a byte count; v1
/// writes a huge number for none) and whose usage file reads `current`.
fn cgroup_room(max: &str, current: Option<&str>) -> Option<f64> {
    let limit: f64 = max.trim().parse().ok()?;
    // cgroup v1 writes about 2⁶³ for "no limit".
    if !(limit.is_finite() && limit < 1e18) {
        return None;
    }
    let used = current
        .and_then(|c| c.trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    Some(limit - used)
}

/// Process limits read with `getrlimit`.
#[derive(Debug, Clone, Copy)]
enum Resource {
    /// `RLIMIT_AS`.
    AddressSpace,
    /// `RLIMIT_DATA`.
    Data,
}

/// The soft limit on `r` (bytes), if there is one.
#[cfg(unix)]
fn rlimit(r: Resource) -> Option<f64> {
    let which = match r {
        Resource::AddressSpace => libc::RLIMIT_AS,
        Resource::Data => libc::RLIMIT_DATA,
    };
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one `rlimit` into the struct it is given.
    let ok = unsafe { libc::getrlimit(which, &mut lim) } == 0;
    (ok && lim.rlim_cur != libc::RLIM_INFINITY).then_some(lim.rlim_cur as f64)
}

#[cfg(not(unix))]
fn rlimit(_: Resource) -> Option<f64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_proc_and_cgroup_files() {
        let s = "MemTotal:  100 kB\nMemFree: 10 kB\nMemAvailable:    2048 kB\n";
        assert_eq!(proc_kb(s, "MemAvailable:"), Some(2048.0 * 1024.0));
        assert_eq!(proc_kb("MemTotal: 1 kB\n", "MemAvailable:"), None);
        assert_eq!(cgroup_room("max\n", Some("100")), None);
        assert_eq!(cgroup_room("9223372036854771712\n", None), None);
        assert_eq!(cgroup_room("1000\n", Some("300\n")), Some(700.0));
    }

    #[test]
    fn the_limit_is_positive() {
        let (l, why) = memory_limit_with_source();
        assert!(l >= 0.0 && !why.is_empty());
    }
}
