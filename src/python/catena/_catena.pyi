"""Typed stubs of catena's native module (Rust, PyO3; src/python/*.rs)."""

from os import PathLike
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

_Path = Union[str, PathLike]
_Rod = Union[int, str]
_F64 = npt.NDArray[np.float64]

__version__: str

class CatenaError(Exception):
    """Base class of catena's errors; the message is what ``catena`` prints after ``error: ``."""

class SceneError(CatenaError):
    """A scene, chain or input that is wrong, located (``file:line:column``) with ``help:``."""

class SolveError(CatenaError):
    """A time step failed even at the smallest allowed Δt."""

class StepReport:
    """What one accepted step did (one row of ``steps.csv``)."""

    t: float
    dt: float
    iterations: int
    line_search_steps: int
    residuals: List[float]
    residual: float
    candidates: int
    active_contacts: int
    min_gap: float
    min_gap_iterates: float
    max_penetration: float
    wall_ms: float
    stages_ms: Dict[str, float]
    energy: Dict[str, float]
    substeps: int
    retries: int

class Simulator:
    """A scene being simulated; made by :meth:`Scene.simulator`. State arrays are copies."""

    @property
    def time(self) -> float: ...
    @property
    def dt(self) -> float: ...
    @property
    def steps(self) -> int: ...
    @property
    def rods(self) -> List[str]: ...
    @property
    def q(self) -> _F64: ...
    @property
    def v(self) -> _F64: ...
    def step(self) -> StepReport:
        """One scene step as ``catena run`` takes it (Δt retries included); ``SolveError`` on failure."""
    def run(
        self,
        until: Optional[float] = None,
        out: Optional[_Path] = None,
        progress: bool = False,
        force: bool = False,
        checkpoint_every: Optional[int] = None,
        callback: Optional[Callable[[Simulator], Optional[bool]]] = None,
        every: int = 1,
    ) -> Dict[str, Any]:
        """Runs to ``until`` (s) as ``catena run`` does (output in ``out``; ``force=True``
        replaces only what catena wrote there) and returns the summary. ``ValueError`` when
        ``until`` is not a finite time after ``time``; Ctrl-C raises ``KeyboardInterrupt``
        after the current step.

        ``callback(sim)`` is called after steps ``every``, ``2·every``, … of this run (default
        every step) with this simulator at the end of that step: read it (``time`` in s,
        ``steps``, ``positions``, ``energies``, …) or set forces and targets for the next steps
        (``step``/``run`` raise ``RuntimeError`` there). The GIL is released while Rust steps.
        Returning ``False`` ends the run after that step (summary ``reason: "stopped"``, a
        checkpoint with ``out``); an exception stops it the same way and is raised again."""
    def set_q(self, q: npt.ArrayLike) -> None: ...
    def set_v(self, v: npt.ArrayLike) -> None: ...
    @property
    def bodies(self) -> List[Dict[str, Any]]:
        """Every body: ``name``, ``kind`` (rod, shell, sphere, rigid body, plane), ``nodes``."""
    def cell(self, name: str) -> Dict[str, Any]:
        """The measures of the cell ``name``: ``volume`` (m³), ``area`` (m²), ``pressure``
        (Pa), ``tension`` (N/m), ``centroid`` (m)."""
    def pose(self, name: str) -> Dict[str, _F64]:
        """``center`` (m), ``velocity`` (m/s), ``orientation`` (w, x, y, z) and
        ``angular_velocity`` (rad/s) of a sphere or a rigid body."""
    def positions(self, rod: Optional[_Rod] = None) -> _F64:
        """Node positions ``(n, 3)`` (m) of one body (a rod by index or name; a shell, sphere or
        rigid body by name: its nodes, centre, centre of mass) or of every rod stacked."""
    def velocities(self, rod: Optional[_Rod] = None) -> _F64:
        """Node velocities ``(n, 3)`` (m/s) of one body, or of every rod stacked."""
    def twist_angles(self, rod: _Rod) -> _F64:
        """Twist angles of a rod's edges (rad)."""
    def set_positions(self, rod: _Rod, positions: npt.ArrayLike) -> None: ...
    def set_velocities(self, rod: _Rod, velocities: npt.ArrayLike) -> None: ...
    def set_external_forces(self, body: _Rod, forces: npt.ArrayLike) -> None:
        """Forces ``(n, 3)`` (N) on a body's nodes from the next step on, held constant over each step (explicit); not checkpointed."""
    def clear_external_forces(self) -> None:
        """Removes every force set by ``set_external_forces``."""
    def external_forces(self) -> _F64:
        """The forces set from Python, one per coordinate of ``q`` (N)."""
    def contacts(self) -> Dict[str, Any]:
        """Pairs of the last accepted state: binding, first, second, gap, energy, active,
        force (n, 12) on the pair's twelve local coordinates and their global dofs (n, 12; -1
        where a coordinate is constrained), and the coordinates beyond the twelve (a node
        ring's under ``N_AdhesivePressure(area: Current)``, a two-triangle pair's last two
        nodes): pair k's global dofs and forces are ``extra_dofs[o[k]:o[k+1]]`` and
        ``extra_force[o[k]:o[k+1]]`` with ``o = extra_offsets`` (n + 1)."""
    def energies(self) -> Dict[str, float]:
        """``elastic``, ``kinetic`` and ``contact`` energies (J)."""
    def boundary_conditions(self) -> List[Dict[str, Any]]:
        """rod, nodes, edges, motion, targets ``(k, 3)`` and held (whether it holds its nodes now) of each boundary condition."""
    def set_boundary_target(self, index: int, targets: npt.ArrayLike) -> None:
        """Holds boundary condition ``index``'s nodes at ``targets`` ``(k, 3)`` from the next step."""

class Scene:
    """A scene (RON), read and checked."""

    @staticmethod
    def load(path: _Path) -> Scene: ...
    @staticmethod
    def from_ron(text: str, path: Optional[_Path] = None) -> Scene:
        """A scene from RON text; relative paths are read against ``path``'s directory."""
    def simulator(self) -> Simulator:
        """A new simulator at the scene's initial state."""
    @property
    def name(self) -> str: ...
    @property
    def dt(self) -> float: ...
    @property
    def duration(self) -> float: ...
    @property
    def path(self) -> str: ...
    @property
    def text(self) -> str: ...
    def memory_estimate(self) -> float:
        """Estimated peak memory of a run (bytes)."""

class Chain:
    """A contact chain, checked as a chain file is: ``Chain(name, elements)`` from a list of
    ``catena.Variant``\\ s or one-element RON strings (parameters in SI units, see
    ``catena.elements(name)``), ``Chain.from_ron(text)``, or ``load_chain(path)``. A bad chain
    raises ``SceneError`` naming the element (``element 4 `N_IMC`: …``) with a ``help:``
    line. ``SceneBuilder.add_contact`` takes one; ``check_jacobian`` too."""

    def __init__(
        self,
        name: str,
        elements: Sequence[Any],
        *,
        stack_laws: bool = False,
        description: Optional[str] = None,
    ) -> None: ...
    @staticmethod
    def from_ron(text: str, path: Optional[_Path] = None) -> Chain:
        """A chain from the RON text of a chain file; ``path`` names it in messages."""
    @property
    def name(self) -> str: ...
    @property
    def kinds(self) -> Tuple[str, str]: ...
    @property
    def elements(self) -> List[str]: ...
    @property
    def path(self) -> Optional[_Path]:
        """The chain file (a ``pathlib.Path``); ``None`` for a chain built from a list (or
        text without a path)."""
    @property
    def text(self) -> str:
        """Its RON text, as a chain file holds it."""

def load_scene(path: _Path) -> Scene:
    """Reads a scene file (``SceneError`` with file:line:column when it is wrong)."""

def load_chain(path: _Path) -> Chain:
    """Reads a chain file (``SceneError`` when it is wrong)."""

def elements(name: Optional[str] = None) -> List[Dict[str, Any]]:
    """The chain elements with their docs (``catena elements``)."""

def check_jacobian(
    chain: Union[Chain, _Path], samples: int = 200, seed: int = 1, tol: float = 1e-5
) -> Dict[str, Any]:
    """``catena check --jacobian``: passed, report (text) and per-element rows. ``samples``
    from 1 to 1,000,000 and ``tol`` > 0, else ``ValueError``; Ctrl-C raises
    ``KeyboardInterrupt`` before the next configuration."""

def plan_sweep(
    scene: _Path,
    chain: _Path,
    parameter: str,
    values: List[str],
    out: _Path,
    until: Optional[float] = None,
    force: bool = False,
) -> int: ...
def plan_compare(
    scene: _Path, chains: List[_Path], out: _Path, until: Optional[float] = None, force: bool = False
) -> int: ...
def run_case(dir: _Path, index: int, progress: bool = False) -> Tuple[str, Optional[str]]: ...
def status(dir: _Path, index: int) -> Tuple[str, Optional[str]]: ...
def cases(dir: _Path) -> int: ...
def collect(dir: _Path) -> Tuple[List[str], List[Dict[str, Any]]]: ...
