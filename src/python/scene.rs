//! `catena.Scene`: a scene file read and checked, ready to become simulators.

use super::errors::scene_error;
use super::simulator::Simulator;
use crate::scene::{MemoryEstimate, SceneSpec, build_scene, load_scene as load, parse_scene};
use pyo3::prelude::*;
use std::path::PathBuf;

/// A scene (RON), read and checked. ``simulator()`` builds a new simulator from it each time.
#[pyclass(module = "catena._catena", frozen)]
pub struct Scene {
    pub(super) spec: SceneSpec,
    pub(super) source: String,
    pub(super) file: PathBuf,
}

#[pymethods]
impl Scene {
    /// Reads the scene file at ``path`` (raises ``SceneError`` with file:line:column).
    #[staticmethod]
    pub fn load(path: PathBuf) -> PyResult<Self> {
        let (spec, source) = load(&path).map_err(scene_error)?;
        Ok(Self {
            spec,
            source,
            file: path,
        })
    }

    /// A scene from RON text. Relative paths in it (chains, polylines, meshes) are read against
    /// the directory of ``path``, which also names the text in error messages (default:
    /// ``<string>``, paths relative to the working directory).
    #[staticmethod]
    #[pyo3(signature = (text, path = None))]
    fn from_ron(text: String, path: Option<PathBuf>) -> PyResult<Self> {
        let file = path.unwrap_or_else(|| PathBuf::from("<string>"));
        let spec = parse_scene(&text, &file).map_err(scene_error)?;
        Ok(Self {
            spec,
            source: text,
            file,
        })
    }

    /// A new simulator at the scene's initial state (raises ``SceneError`` when the scene
    /// cannot be built: a missing chain file, a bad rod, …). What ``catena check`` warns about
    /// (sphere radii spanning more than 10⁵, a staged start after the duration, …) is issued
    /// as a ``UserWarning``.
    fn simulator(&self, py: Python<'_>) -> PyResult<Simulator> {
        let built = build_scene(&self.spec, &self.source, &self.file).map_err(scene_error)?;
        let warn = py.import("warnings")?.getattr("warn")?;
        for w in built.warnings_until(None) {
            warn.call1((format!("{}: {w}", self.file.display()),))?;
        }
        Ok(Simulator::new(built, self.source.clone()))
    }

    /// The scene's name (its file stem when it has none).
    #[getter]
    fn name(&self) -> String {
        self.spec.name.clone().unwrap_or_else(|| {
            self.file
                .file_stem()
                .map_or("scene".into(), |s| s.to_string_lossy().into_owned())
        })
    }

    /// Time step Δt (s).
    #[getter]
    fn dt(&self) -> f64 {
        self.spec.time.dt.0
    }

    /// Duration (s).
    #[getter]
    fn duration(&self) -> f64 {
        self.spec.time.duration.0
    }

    /// The scene file (``<string>`` for a scene made from text).
    #[getter]
    fn path(&self) -> PathBuf {
        self.file.clone()
    }

    /// The scene's RON text.
    #[getter]
    fn text(&self) -> String {
        self.source.clone()
    }

    /// Estimated peak memory of a run (bytes), as ``catena run`` checks it.
    fn memory_estimate(&self) -> f64 {
        MemoryEstimate::of(&self.spec, &self.file).total()
    }

    fn __repr__(&self) -> String {
        format!(
            "Scene({:?}, dt={}, duration={}, path={:?})",
            self.name(),
            self.dt(),
            self.duration(),
            self.file.display().to_string()
        )
    }
}

/// Reads the scene file at ``path``; same as ``Scene.load(path)``.
#[pyfunction]
pub fn load_scene(path: PathBuf) -> PyResult<Scene> {
    Scene::load(path)
}
