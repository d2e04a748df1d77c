//! Chain text → parse and validate (element names, parameters, needs/gives): must return a
//! chain or a `SceneError`, never panic.
#![no_main]

use catena::contact::{Builtin, Chain};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Chain::<Builtin>::parse(text, Path::new("fuzz_chain.ron"));
});
