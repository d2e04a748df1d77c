//! Shared plumbing of the cases: the shipped chain files (embedded, so `catena validate` works
//! from any directory) and building a scene given as RON text inside a case's directory.

use crate::io::write_atomic;
use crate::scene::{build_scene, parse_scene};
use crate::study::set_chain_parameter;
use crate::system::{AdaptiveSettings, AdaptiveState, Simulator, advance};
use std::path::Path;

/// `chains/imc.ron`: IMC rod–rod.
pub const IMC: &str = include_str!("../../chains/imc.ron");
/// `chains/ipc.ron`: IPC rod–rod.
pub const IPC: &str = include_str!("../../chains/ipc.ron");
/// `chains/imc_ground.ron`: IMC rod node–plane.
pub const IMC_GROUND: &str = include_str!("../../chains/imc_ground.ron");
/// `chains/ipc_ground.ron`: IPC rod node–plane.
pub const IPC_GROUND: &str = include_str!("../../chains/ipc_ground.ron");
/// `chains/hertz_cundall_strack.ron`: Hertz + Cundall–Strack sphere–sphere.
pub const HERTZ_CUNDALL_STRACK: &str = include_str!("../../chains/hertz_cundall_strack.ron");
/// `chains/hertz_cundall_strack_plane.ron`: Hertz + Cundall–Strack sphere–plane.
pub const HERTZ_CUNDALL_STRACK_PLANE: &str =
    include_str!("../../chains/hertz_cundall_strack_plane.ron");
/// `chains/hertz_coulomb_plane.ron`: Hertz + regularised Coulomb sphere–plane.
pub const HERTZ_COULOMB_PLANE: &str = include_str!("../../chains/hertz_coulomb_plane.ron");

/// `chains/granular.ron`: Hertz with restitution + Mindlin Cundall–Strack, sphere–sphere.
pub const GRANULAR: &str = include_str!("../../chains/granular.ron");
/// `chains/granular_plane.ron`: the same, sphere–plane.
pub const GRANULAR_PLANE: &str = include_str!("../../chains/granular_plane.ron");
/// `chains/granular_rolling.ron`: `granular.ron` plus rolling resistance and torsional friction.
pub const GRANULAR_ROLLING: &str = include_str!("../../chains/granular_rolling.ron");
/// `chains/granular_plane_rolling.ron`: its sphere–plane twin.
pub const GRANULAR_PLANE_ROLLING: &str = include_str!("../../chains/granular_plane_rolling.ron");

/// `chains/ipc_shell.ron`: IPC node–shell triangle.
pub const IPC_SHELL: &str = include_str!("../../chains/ipc_shell.ron");
/// `chains/hertz_sphere_shell.ron`: Hertz + regularised Coulomb sphere–shell triangle.
pub const HERTZ_SPHERE_SHELL: &str = include_str!("../../chains/hertz_sphere_shell.ron");

/// `chains/cell_pressure.ron`: N_LinearPressure, cell node on triangle.
pub const CELL_PRESSURE: &str = include_str!("../../chains/cell_pressure.ron");
/// `chains/cell_edge_rigid.ron`: N_LinearForce, cell edge on rigid edge.
pub const CELL_EDGE_RIGID: &str = include_str!("../../chains/cell_edge_rigid.ron");
/// `chains/cell_adhesion.ron`: N_AdhesivePressure, cell node on triangle.
pub const CELL_ADHESION: &str = include_str!("../../chains/cell_adhesion.ron");
/// `chains/cell_doublet.ron`: N_AdhesivePressure with the doublet's range, cell node on triangle.
pub const CELL_DOUBLET: &str = include_str!("../../chains/cell_doublet.ron");

/// A shipped chain with parameters replaced: `edits` are `(ELEMENT.field, value)` pairs.
pub fn edited(text: &str, edits: &[(&str, &str)]) -> Result<String, String> {
    edits.iter().try_fold(text.to_string(), |t, (path, value)| {
        set_chain_parameter(&t, path, value)
    })
}

/// Writes a chain as `dir/chains/<name>` and returns the path a scene in `dir` names it by.
pub fn write_chain(dir: &Path, name: &str, text: &str) -> Result<String, String> {
    let chains = dir.join("chains");
    std::fs::create_dir_all(&chains)
        .map_err(|e| format!("cannot create {}: {e}", chains.display()))?;
    write_atomic(&chains.join(name), text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(format!("chains/{name}"))
}

/// Writes the scene `src` as `dir/<name>` (so it can be rerun with `catena run`), builds it
/// and returns its simulator.
pub fn simulate(dir: &Path, name: &str, src: &str) -> Result<Simulator, String> {
    let file = dir.join(name);
    write_atomic(&file, src.as_bytes()).map_err(|e| e.to_string())?;
    let spec = parse_scene(src, &file).map_err(|e| e.to_string())?;
    Ok(build_scene(&spec, src, &file)
        .map_err(|e| e.to_string())?
        .into_simulator())
}

/// Advances `sim` by one step of its Δt, naming the case and time in the error. A step whose
/// Newton solve fails is retried with Δt halved (down to Δt/1024), as `catena run` does; while
/// no step fails this is exactly one implicit Euler step of Δt.
pub fn step(sim: &mut Simulator, what: &str) -> Result<crate::system::StepReport, String> {
    let t = sim.model.time;
    let settings = AdaptiveSettings::new(sim.dt);
    let mut state = AdaptiveState::new(&settings);
    advance(sim, &mut state, &settings)
        .map(|s| s.report)
        .map_err(|e| format!("{what}: step at t = {t:.6} s failed: {e}"))
}

/// `text` with the single occurrence of `from` replaced by `to`; an error names what was not
/// found (so an edited shipped scene cannot silently drift from what a case expects).
pub fn replace_once(text: &str, from: &str, to: &str) -> Result<String, String> {
    match text.matches(from).count() {
        1 => Ok(text.replacen(from, to, 1)),
        n => Err(format!(
            "expected `{from}` once in the scene text, found it {n} times"
        )),
    }
}
