//! Scene text → parse → build (validation, memory estimate, model, chains): must return a
//! scene or a `SceneError`, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Scenes the memory estimate puts above 256 MB are refused before allocating, as a
    // machine with that much memory would refuse them.
    catena::scene::set_memory_limit(256e6);
    // Relative chain and polyline paths resolve against the repository's examples/scenes.
    let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/scenes/fuzz.ron"));
    if let Ok(spec) = catena::scene::parse_scene(text, file) {
        let _ = catena::scene::build_scene(&spec, text, file);
    }
});
