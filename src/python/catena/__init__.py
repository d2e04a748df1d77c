"""catena: implicit contact mechanics of elastic rods, shells and spheres.

Discrete Elastic Rods with contact "chains" declared in RON, stepped by implicit Euler and
Newton, from Python. The native module (``catena._catena``, Rust, PyO3) computes exactly what
the ``catena`` command line does; this package adds the studies on Dask and pandas.

>>> import catena
>>> scene = catena.load_scene("examples/scenes/cantilever.ron")
>>> sim = scene.simulator()
>>> report = sim.step()
>>> sim.positions("beam").shape
(52, 3)

Scenes and chains can also be built in code: ``SceneBuilder`` (numpy arrays in, the RON scene
file out) and ``Chain(name, [Variant(...), ...])`` (checked as a chain file). ``Simulator.run``
takes a ``callback`` called every ``every`` steps with the simulator.

Errors are Python exceptions carrying the command line's located messages: ``SceneError``
(a scene or chain file that is wrong: ``file:line:column``, what was expected, ``help:``),
``SolveError`` (a step that failed even at the smallest Δt), both ``CatenaError``\\ s.
"""

from ._catena import (
    CatenaError,
    Chain,
    SceneError,
    Scene,
    Simulator,
    SolveError,
    StepReport,
    __version__,
    check_jacobian,
    elements,
    load_chain,
    load_scene,
)
from .builder import Map, SceneBuilder, Variant, rigid_mesh
from .studies import collect, compare, plan_compare, plan_sweep, run_study, sweep

__all__ = [
    "CatenaError",
    "Chain",
    "Map",
    "Scene",
    "SceneBuilder",
    "SceneError",
    "Simulator",
    "SolveError",
    "StepReport",
    "Variant",
    "__version__",
    "check_jacobian",
    "collect",
    "compare",
    "elements",
    "load_chain",
    "load_scene",
    "plan_compare",
    "plan_sweep",
    "rigid_mesh",
    "run_study",
    "sweep",
]
