"""Scenes built in Python from numpy arrays, written as the RON a user can run from the CLI.

>>> import numpy as np, catena
>>> b = catena.SceneBuilder("drop", dt=1e-3, duration=0.5)
>>> b.material("rubber", youngs_modulus=1e6, poisson_ratio=0.5, density=1000)
>>> b.add_rod("rod", np.linspace([0, 0, 0.05], [0.1, 0, 0.05], 21), radius=1e-3, material="rubber")
>>> b.add_plane("ground", origin=(0, 0, 0), normal=(0, 0, 1))
>>> b.add_force(catena.Variant("Gravity", g=(0, 0, -9.81)))
>>> b.add_contact("chains/imc_ground.ron", first="AllRods", second="AllPlanes", keep_distance=1e-3)
>>> text = b.to_ron()          # the scene file; b.simulator() runs it

A contact's chain is a chain file's path or a :class:`catena.Chain` built in Python, e.g.
``catena.Chain("hertz", [Variant("Sphere_1_Data"), Variant("Plane_2_Data"),
Variant("Sphere_Plane"), Variant("N_Hertz", E=1e7), Variant("AssembleForces")])``. The scene
format names chain files, so :meth:`SceneBuilder.write` writes each such chain's text next to
the scene (``hertz.chain.ron``) and :meth:`SceneBuilder.to_ron` names it there: ``catena run``
runs the written scene as it is.

A builder holds the scene as plain data and writes it with every float in its shortest
round-trip form, so the RON it writes is the scene it runs: ``SceneBuilder.simulator()`` is
``Scene.from_ron(to_ron(), path).simulator()``, and a scene written by hand with the same values
gives the same bits. Every check is the scene reader's: a wrong value raises ``SceneError``
naming the line and column of the written RON.

Units are SI throughout (m, s, kg, N, Pa).
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from ._catena import Chain, Scene

__all__ = ["Map", "SceneBuilder", "Variant", "rigid_mesh"]


class Variant:
    """A RON enum variant: ``Variant("AllRods")`` is ``AllRods``,
    ``Variant("Gravity", g=(0, 0, -9.81))`` is ``Gravity(g: (0, 0, -9.81))`` and
    ``Variant("File", "pack.csv")`` is ``File("pack.csv")``."""

    def __init__(self, name: str, *args: Any, **fields: Any) -> None:
        if not name.isidentifier():
            raise ValueError(f"a variant name must be an identifier, got {name!r}")
        if args and fields:
            raise ValueError(f"{name}: give positional values or named fields, not both")
        self.name = name
        self.args = args
        self.fields = fields

    def __repr__(self) -> str:
        return f"Variant({self.name!r})"


class Map(dict):
    """A RON map (``{"key": value}``), where a plain ``dict`` is a RON struct (``(key: value)``)."""


def _ron(value: Any, what: str) -> str:
    """``value`` as RON; ``what`` names it in errors."""
    if isinstance(value, Variant):
        if value.args:
            inner = ", ".join(_ron(a, f"{what}.{value.name}") for a in value.args)
            return f"{value.name}({inner})"
        if value.fields:
            return f"{value.name}({_fields(value.fields, f'{what}.{value.name}')})"
        return value.name
    if isinstance(value, Map):
        items = ", ".join(
            f"{_ron(str(k), what)}: {_ron(v, f'{what}[{k!r}]')}" for k, v in value.items()
        )
        return "{" + items + "}"
    if isinstance(value, dict):
        return f"({_fields(value, what)})"
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        x = float(value)
        if not math.isfinite(x):
            raise ValueError(f"{what}: expected a finite number, got {x}")
        return repr(x)
    if isinstance(value, (str, Path)):
        s = str(value).replace("\\", "\\\\").replace('"', '\\"')
        return f'"{s}"'
    if isinstance(value, tuple):
        return "(" + ", ".join(_ron(v, what) for v in value) + ")"
    if isinstance(value, np.ndarray):
        if value.ndim == 1 and value.shape[0] == 3:
            return _ron(tuple(value.tolist()), what)
        return _ron([row for row in value], what)
    if isinstance(value, list):
        return "[" + ", ".join(_ron(v, f"{what}[{k}]") for k, v in enumerate(value)) + "]"
    raise TypeError(f"{what}: cannot write a {type(value).__name__} as RON")


def _fields(fields: Mapping[str, Any], what: str) -> str:
    return ", ".join(
        f"{k}: {_ron(v, f'{what}.{k}')}" for k, v in fields.items() if v is not None
    )


def _points(values: Any, what: str, count: Optional[int] = None) -> np.ndarray:
    """An ``(n, 3)`` float64 array of finite values."""
    try:
        a = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{what}: expected an array of shape (n, 3) of real numbers ({e})") from None
    if a.ndim != 2 or a.shape[1] != 3 or (count is not None and a.shape[0] != count):
        want = "(n, 3)" if count is None else f"({count}, 3)"
        raise ValueError(f"{what}: expected an array of shape {want}, got shape {a.shape}")
    if not np.isfinite(a).all():
        raise ValueError(f"{what}: every coordinate must be finite")
    return a


def _vec3(value: Any, what: str) -> tuple:
    return tuple(_points(np.reshape(np.asarray(value, dtype=np.float64), (1, 3)), what)[0].tolist())


class SceneBuilder:
    """A scene assembled in code: bodies from numpy arrays, forces, boundary conditions and
    contact chains, written by :meth:`to_ron` as a scene file (see the module's doc).

    ``dt`` and ``duration`` (s) are required; ``integrator`` is a name (``"ImplicitEuler"``,
    ``"Bdf2"``, ``"ImplicitMidpoint"``, ``"Overdamped"``, ``"Static"``); ``time``, ``solver``
    and ``output`` take any further fields of those sections as keyword dicts, e.g.
    ``solver={"force_tol": 1e-6}``, ``output={"frame_every": 10}``.
    """

    def __init__(
        self,
        name: str = "scene",
        *,
        dt: float,
        duration: float,
        integrator: Optional[str] = None,
        time: Optional[Dict[str, Any]] = None,
        solver: Optional[Dict[str, Any]] = None,
        output: Optional[Dict[str, Any]] = None,
    ) -> None:
        self.name = name
        self.time: Dict[str, Any] = {"dt": float(dt), "duration": float(duration)}
        if integrator is not None:
            self.time["integrator"] = Variant(integrator)
        self.time.update(time or {})
        self.solver = dict(solver or {})
        self.output = dict(output or {})
        self.materials = Map()
        self.sections: Dict[str, List[Any]] = {
            key: []
            for key in (
                "rods",
                "shells",
                "spheres",
                "sphere_sets",
                "planes",
                "rigid_bodies",
                "boundary_conditions",
                "forces",
                "contacts",
            )
        }

    # Materials and bodies -------------------------------------------------------------------

    def material(
        self, name: str, *, youngs_modulus: float, poisson_ratio: float, density: float
    ) -> "SceneBuilder":
        """Adds a material: E (Pa), ν (−), ρ (kg/m³)."""
        self.materials[name] = {
            "youngs_modulus": float(youngs_modulus),
            "poisson_ratio": float(poisson_ratio),
            "density": float(density),
        }
        return self

    def add_rod(
        self, name: str, nodes: Any, *, radius: float, material: str, **fields: Any
    ) -> "SceneBuilder":
        """Adds a rod through ``nodes`` ``(n, 3)`` (m) with a circular section of ``radius``
        (m); further rod fields (``first_director``, ``natural_curvature``, …) as keywords."""
        points = _points(nodes, f"add_rod({name!r}): nodes")
        rod = {"name": name, "material": material, "radius": float(radius)}
        rod["geometry"] = Variant("Nodes", [tuple(p) for p in points.tolist()])
        rod.update(fields)
        self.sections["rods"].append(rod)
        return self

    def add_shell(
        self,
        name: str,
        vertices: Any,
        faces: Any,
        *,
        thickness: float,
        material: str,
        bending: str = "MidEdge",
        **fields: Any,
    ) -> "SceneBuilder":
        """Adds a shell of triangles ``faces`` ``(m, 3)`` (vertex indices) over ``vertices``
        ``(n, 3)`` (m), of ``thickness`` (m) and ``bending`` ``"MidEdge"`` or ``"Hinge"``;
        further shell fields (``clamp``, ``pin``, …) as keywords (regions as ``Variant``\\ s),
        e.g. a red-cell membrane law ``membrane=Variant("Skalak", shear_modulus=5.3e-6, c=10)``
        or ``Variant("Yeoh", shear_modulus=5.3e-6)`` (the scene's ``membrane:`` field)."""
        v = _points(vertices, f"add_shell({name!r}): vertices")
        f = np.asarray(faces)
        if f.ndim != 2 or f.shape[1] != 3 or not np.issubdtype(f.dtype, np.integer):
            raise ValueError(
                f"add_shell({name!r}): faces: expected an integer array of shape (m, 3), "
                f"got shape {f.shape} of {f.dtype}"
            )
        shell = {
            "name": name,
            "material": material,
            "thickness": float(thickness),
            "bending": Variant(bending),
            "mesh": Variant(
                "Inline",
                nodes=v.tolist(),
                triangles=[[int(i) for i in t] for t in f.tolist()],
            ),
        }
        shell.update(fields)
        self.sections["shells"].append(shell)
        return self

    def add_cell(
        self,
        name: str,
        vertices: Any,
        faces: Any,
        *,
        thickness: float,
        material: str,
        tension: float = 0.0,
        bulk_modulus: float = 0.0,
        volume: Optional[float] = None,
        area_modulus: float = 0.0,
        area: Optional[float] = None,
        pressure: float = 0.0,
        **fields: Any,
    ) -> "SceneBuilder":
        """Adds a deformable cell: a closed shell (``faces`` wound outward) with hinge bending,
        cortical ``tension`` T (N/m), volume conservation ``bulk_modulus`` K_V (Pa) about
        ``volume`` V₀ (m³; default the mesh's), area conservation ``area_modulus`` K_A (N/m)
        about ``area`` A₀ (m²; default the mesh's) and an imposed inner ``pressure`` (Pa).
        Further shell fields as keywords, e.g. a Maxwell-fluid membrane
        ``maxwell={"relaxation_time": 0.5}`` (s; mpacts' ``MaxwellFluidShell``: the rest
        lengths of a ``Springs`` membrane, or the rest metrics of a ``Cst`` one, relax towards
        the current shape). Read it back with ``Simulator.cell(name)``."""
        cell: Dict[str, Any] = {
            "tension": float(tension),
            "bulk_modulus": float(bulk_modulus),
            "area_modulus": float(area_modulus),
            "pressure": float(pressure),
        }
        if volume is not None:
            cell["volume"] = float(volume)
        if area is not None:
            cell["area"] = float(area)
        fields.setdefault("bending", "Hinge")
        return self.add_shell(
            name, vertices, faces, thickness=thickness, material=material, cell=cell, **fields
        )

    def add_spheres(
        self,
        name: str,
        centres: Any,
        radii: Union[float, Sequence[float], np.ndarray],
        *,
        material: str,
        velocities: Any = None,
        **fields: Any,
    ) -> "SceneBuilder":
        """Adds spheres named ``{name}0``, ``{name}1``, … at ``centres`` ``(n, 3)`` (m) with
        ``radii`` (m: one for all or one each) and optional ``velocities`` ``(n, 3)`` (m/s);
        further sphere fields (``rotation``, ``fixed``, ``angular_velocity``) as keywords,
        the same for every sphere."""
        c = _points(centres, f"add_spheres({name!r}): centres")
        r = np.broadcast_to(np.asarray(radii, dtype=np.float64), (c.shape[0],))
        v = None if velocities is None else _points(velocities, f"add_spheres({name!r}): velocities", c.shape[0])
        for i in range(c.shape[0]):
            s = {
                "name": f"{name}{i}",
                "material": material,
                "radius": float(r[i]),
                "center": tuple(c[i].tolist()),
            }
            if v is not None:
                s["velocity"] = tuple(v[i].tolist())
            s.update(fields)
            self.sections["spheres"].append(s)
        return self

    def add_plane(
        self,
        name: str,
        *,
        origin: Any,
        normal: Any,
        material: Optional[str] = None,
        mask: int = 0,
    ) -> "SceneBuilder":
        """Adds a static plane through ``origin`` (m) with outward ``normal``; ``mask`` is its
        row of ``N_T_MaskedConstantResistance``'s matrices."""
        plane = {
            "name": name,
            "origin": _vec3(origin, f"add_plane({name!r}): origin"),
            "normal": _vec3(normal, f"add_plane({name!r}): normal"),
            "material": material,
        }
        if mask:
            plane["mask"] = int(mask)
        self.sections["planes"].append(plane)
        return self

    def add_rigid_body(self, name: str, *, mesh: Variant, material: str, **fields: Any) -> "SceneBuilder":
        """Adds a rigid body: ``mesh`` a ``Variant`` (``Box``, ``Cylinder``, ``Icosphere``,
        ``File``, or ``rigid_mesh(vertices, faces)``), further fields (``translate``,
        ``motion``, …) as keywords."""
        body = {"name": name, "material": material, "mesh": mesh}
        body.update(fields)
        self.sections["rigid_bodies"].append(body)
        return self

    # Loads, constraints, contacts -------------------------------------------------------------

    def add_force(self, force: Variant) -> "SceneBuilder":
        """Adds an external force, e.g. ``Variant("Gravity", g=(0, 0, -9.81))`` or
        ``Variant("StokesDrag", viscosity=1.0)``."""
        self.sections["forces"].append(self._variant(force, "add_force"))
        return self

    def add_boundary_condition(self, condition: Variant) -> "SceneBuilder":
        """Adds a boundary condition, e.g. ``Variant("Clamp", rod="beam", end=Variant("Start"))``."""
        self.sections["boundary_conditions"].append(self._variant(condition, "add_boundary_condition"))
        return self

    def add_contact(
        self,
        chain: Union[str, Path, Chain],
        *,
        first: Union[str, Variant],
        second: Union[str, Variant],
        keep_distance: Optional[float] = None,
        **fields: Any,
    ) -> "SceneBuilder":
        """Binds a chain to two body groups: a name (``"AllRods"``, ``"AllSpheres"``,
        ``"AllPlanes"``, …) or a ``Variant`` (``Variant("Rods", ["a", "b"])``);
        ``keep_distance`` (m; left out: the scene's default, the largest radius of the bound
        bodies; leave it out with ``detect="MeshEdges"``); further fields (``detect``) as
        keywords.

        ``chain`` is a chain file's path (relative to the scene's path, or absolute) or a
        :class:`catena.Chain` (built from a list, from text or loaded): its text is written
        next to the scene by :meth:`write`, as ``<chain name>.chain.ron``."""
        if not isinstance(chain, (str, Path, Chain)):
            raise TypeError(
                f"add_contact: chain: expected a chain file's path or a catena.Chain, "
                f"got {type(chain).__name__}"
            )
        group = lambda g: Variant(g) if isinstance(g, str) else g  # noqa: E731
        contact = {
            "chain": chain if isinstance(chain, Chain) else str(chain),
            "first": group(first),
            "second": group(second),
        }
        if keep_distance is not None:
            contact["keep_distance"] = float(keep_distance)
        contact.update({k: (Variant(v) if k == "detect" and isinstance(v, str) else v) for k, v in fields.items()})
        self.sections["contacts"].append(contact)
        return self

    @staticmethod
    def _variant(value: Any, what: str) -> Variant:
        if not isinstance(value, Variant):
            raise TypeError(f"{what}: expected a catena.Variant, got {type(value).__name__}")
        return value

    # Output -------------------------------------------------------------------------------------

    def to_ron(self) -> str:
        """The scene as a RON scene file (the text ``catena run`` reads). A contact whose chain
        is a :class:`catena.Chain` names the file :meth:`write` writes it to, next to the
        scene (``<chain name>.chain.ron``)."""
        return self._text({chain: name for chain, name in self._chain_files()})

    def chain_files(self) -> Dict[str, str]:
        """The chain files :meth:`write` writes next to the scene: file name → RON text (one
        per :class:`catena.Chain` given to :meth:`add_contact`; chains with the same text share
        a file)."""
        return {name: chain.text for chain, name in self._chain_files()}

    def _chain_files(self) -> List[tuple]:
        """Each distinct ``Chain`` of the contacts with its file name."""
        out: List[tuple] = []
        names: Dict[str, str] = {}  # file name → text
        for c in self.sections["contacts"]:
            chain = c["chain"]
            if not isinstance(chain, Chain) or any(chain is d for d, _ in out):
                continue
            stem = re.sub(r"[^A-Za-z0-9_.-]", "_", chain.name).strip(".") or "chain"
            name, k = f"{stem}.chain.ron", 1
            while name in names and names[name] != chain.text:
                k += 1
                name = f"{stem}_{k}.chain.ron"
            names[name] = chain.text
            out.append((chain, name))
        return out

    def _text(self, files: Mapping[Any, str]) -> str:
        """The scene file, with each ``Chain`` of the contacts named by ``files[chain]``."""
        lines = ["Scene(", f"    name: {_ron(self.name, 'name')},", f"    time: ({_fields(self.time, 'time')}),"]
        if self.solver:
            lines.append(f"    solver: ({_fields(self.solver, 'solver')}),")
        if self.output:
            lines.append(f"    output: ({_fields(self.output, 'output')}),")
        lines.append(f"    materials: {_ron(self.materials, 'materials')},")
        for key, items in self.sections.items():
            if not items:
                continue
            lines.append(f"    {key}: [")
            for k, item in enumerate(items):
                if key == "contacts" and isinstance(item["chain"], Chain):
                    item = dict(item, chain=files[item["chain"]])
                lines.append(f"        {_ron(item, f'{key}[{k}]')},")
            lines.append("    ],")
        lines.append(")")
        return "\n".join(lines) + "\n"

    def scene(self, path: Union[str, Path, None] = None) -> Scene:
        """The scene read back from :meth:`to_ron`; ``path`` (a file name in the directory the
        scene's relative paths start from, e.g. ``"examples/scenes/mine.ron"``; nothing is
        written there) resolves chain and mesh paths; default: the current directory.

        A :class:`catena.Chain` given to :meth:`add_contact` is read from a copy of its text in
        a cache directory (``<tmp>/catena-chains-<user>/``, by content hash), which the scene's
        text names by its absolute path (runs with ``out`` keep it in their checkpoints, as any
        chain file): use :meth:`write` for a scene file to keep or share."""
        file = Path(path) if path is not None else Path.cwd() / f"{self.name}.ron"
        files = {chain: str(_cached(chain)) for chain, _ in self._chain_files()}
        return Scene.from_ron(self._text(files), str(file))

    def simulator(self, path: Union[str, Path, None] = None):
        """A simulator of :meth:`scene` at the initial state."""
        return self.scene(path).simulator()

    def write(self, path: Union[str, Path]) -> Path:
        """Writes :meth:`to_ron` to ``path`` (for ``catena run``), and each chain built in
        Python next to it (:meth:`chain_files`, replacing a file of that name); returns
        ``path``."""
        p = Path(path)
        for name, text in self.chain_files().items():
            (p.parent / name).write_text(text)
        p.write_text(self.to_ron())
        return p


def _cached(chain: Chain) -> Path:
    """A file holding ``chain.text`` in catena's chain cache (see :meth:`SceneBuilder.scene`)."""
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    folder = Path(tempfile.gettempdir()) / f"catena-chains-{user}"
    folder.mkdir(mode=0o700, exist_ok=True)
    digest = hashlib.sha256(chain.text.encode()).hexdigest()[:16]
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", chain.name).strip(".") or "chain"
    file = folder / f"{stem}-{digest}.ron"
    if not file.is_file() or file.read_text() != chain.text:
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            f.write(chain.text)
        os.replace(tmp, file)
    return file


def rigid_mesh(vertices: Any, faces: Any) -> Variant:
    """A rigid body's mesh from arrays: ``vertices`` ``(n, 3)`` (m), ``faces`` ``(m, 3)``."""
    v = _points(vertices, "rigid_mesh: vertices")
    f = np.asarray(faces)
    if f.ndim != 2 or f.shape[1] != 3 or not np.issubdtype(f.dtype, np.integer):
        raise ValueError(f"rigid_mesh: faces: expected an integer array of shape (m, 3), got shape {f.shape}")
    return Variant(
        "Inline",
        nodes=v.tolist(),
        triangles=[[int(i) for i in t] for t in f.tolist()],
    )
