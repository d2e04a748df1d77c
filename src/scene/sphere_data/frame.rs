//! Spheres from a `.vtp` frame written by catena: their centres, radii and, when the frame has
//! them (point data `velocity` and `angular_velocity`), velocities and angular velocities — so
//! a settled bed can be the start of another scene.

use super::SphereRow;
use crate::diag::SceneError;
use crate::io::read_vtp;
use std::path::Path;

/// Reads the spheres of the frame at `path`.
pub fn read_frame_spheres(path: &Path) -> Result<Vec<SphereRow>, SceneError> {
    let frame = read_vtp(path).map_err(|e| {
        SceneError::new(path, None, format!("cannot read the frame: {e}"))
            .with_help("give a `.vtp` frame written by `catena run` (in its `frames/`)")
    })?;
    if frame.spheres.is_empty() {
        return Err(SceneError::new(path, None, "the frame has no spheres")
            .with_help("give a frame of a scene with spheres, or a CSV file (x,y,z,r columns)"));
    }
    Ok(frame
        .spheres
        .iter()
        .map(|s| SphereRow {
            center: s.center,
            radius: s.radius,
            velocity: s.velocity,
            omega: s.angular_velocity,
        })
        .collect())
}
