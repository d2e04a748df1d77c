//! The parts of a ball-on-plate scene that the plate cases read (`plate_point_load`,
//! `plate_indentation`): the first shell, a `Disk` mesh clamped `Beyond` a radius, and the first
//! sphere, with their materials.

use crate::scene::{MaterialSpec, MeshSpec, RegionSpec, SceneSpec, ShellSpec, SphereSpec};

/// A circular plate and the ball on it, as the scene declares them.
pub struct PlateScene<'a> {
    /// The plate.
    pub shell: &'a ShellSpec,
    /// The plate's material.
    pub plate: &'a MaterialSpec,
    /// The ball.
    pub ball: &'a SphereSpec,
    /// The ball's material.
    pub steel: &'a MaterialSpec,
    /// Disk radius (m).
    pub disk: f64,
    /// Rings of the disk mesh.
    pub rings: usize,
    /// Radius beyond which nodes are clamped (m).
    pub clamp: f64,
}

impl<'a> PlateScene<'a> {
    /// Reads the plate and ball from the parsed scene (an error names what is missing).
    pub fn of(spec: &'a SceneSpec) -> Result<Self, String> {
        let shell = spec.shells.first().ok_or("no shell")?;
        let plate = spec
            .materials
            .get(&shell.material)
            .ok_or("no plate material")?;
        let ball = spec.spheres.first().ok_or("no ball")?;
        let steel = spec
            .materials
            .get(&ball.material)
            .ok_or("no ball material")?;
        let (disk, rings) = match &shell.mesh {
            MeshSpec::Disk { radius, rings } => (*radius, *rings),
            _ => return Err("expected a Disk mesh".into()),
        };
        let clamp = shell
            .clamp
            .iter()
            .find_map(|r| match r {
                RegionSpec::Beyond { radius, .. } => Some(*radius),
                _ => None,
            })
            .ok_or("expected a Beyond clamp")?;
        Ok(Self {
            shell,
            plate,
            ball,
            steel,
            disk,
            rings,
            clamp,
        })
    }

    /// Ring spacing of the disk mesh (m).
    pub fn spacing(&self) -> f64 {
        self.disk / self.rings as f64
    }
}
