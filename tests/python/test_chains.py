"""Contact chains built in Python (catena.Chain from a list of elements or from RON text): the
same checks and messages as chain files, and the same bits in a run."""

import re

import pytest

import catena
from catena import Chain, Variant

from test_builder import rows, spheres_box

LINEAR = Variant("N_LinearForce", stiffness=1e4, damping=0.5, damping_onset=1e-4)


def linear_sphere_sphere():
    """chains/linear_sphere_sphere.ron as a Python list."""
    return Chain(
        "linear_sphere_sphere",
        [
            Variant("Sphere_1_Data"),
            Variant("Sphere_2_Data"),
            Variant("Sphere_Sphere"),
            LINEAR,
            Variant("AssembleForces"),
            "AssembleContactMatrix",  # an element's RON text also works
            Variant("Feedback"),
        ],
    )


def linear_sphere_plane():
    """chains/linear_sphere_plane.ron as a Python list."""
    return Chain(
        "linear_sphere_plane",
        [
            Variant("Sphere_1_Data"),
            Variant("Plane_2_Data"),
            Variant("Sphere_Plane"),
            LINEAR,
            Variant("AssembleForces"),
            Variant("AssembleContactMatrix"),
        ],
    )


def spheres_box_with_python_chains(root):
    """examples/scenes/spheres_box.ron, with its two chains built in Python."""
    b = spheres_box(root)
    contacts = b.sections["contacts"]
    assert [c["chain"].rsplit("/", 1)[-1] for c in contacts] == [
        "linear_sphere_sphere.ron",
        "linear_sphere_plane.ron",
    ]
    contacts[0]["chain"] = linear_sphere_sphere()
    contacts[1]["chain"] = linear_sphere_plane()
    return b


def test_a_chain_from_a_list_is_the_chain_file_it_mirrors(root):
    for chain, file in [
        (linear_sphere_sphere(), "linear_sphere_sphere.ron"),
        (linear_sphere_plane(), "linear_sphere_plane.ron"),
    ]:
        shipped = catena.load_chain(root / "chains" / file)
        assert (chain.name, chain.kinds, chain.elements) == (shipped.name, shipped.kinds, shipped.elements)
        assert chain.path is None and shipped.path is not None
        # Its text is a chain file that reads back to the same chain.
        again = Chain.from_ron(chain.text)
        assert again.elements == chain.elements and again.text == chain.text
    imc_shell = Chain(
        "imc_shell",
        [
            Variant("Point_1_Data"),
            Variant("DeformableTriangle_2_Data"),
            Variant("Point_Triangle"),
            Variant("N_IMC", delta=1e-5, stiffness=Variant("Adaptive", scale=1e5)),
            Variant("T_IMC", mu=0.3, slip_tolerance=1e-4),
            Variant("AssembleForces"),
            Variant("AssembleContactMatrix"),
        ],
    )
    shipped = catena.load_chain(root / "chains" / "imc_shell.ron")
    assert (imc_shell.elements, imc_shell.kinds) == (shipped.elements, shipped.kinds)
    # Same parameters: the same Jacobian check, number for number.
    a = catena.check_jacobian(imc_shell, samples=5)
    b = catena.check_jacobian(shipped, samples=5)
    assert a["rows"] == b["rows"]


def test_python_chains_give_the_bits_of_the_shipped_scene(root, cli, tmp_path):
    b = spheres_box_with_python_chains(root)
    cli("run", root / "examples/scenes/spheres_box.ron", "--out", tmp_path / "cli", "--until", "0.1", "-q")
    b.simulator().run(until=0.1, out=tmp_path / "py")
    assert rows(tmp_path / "cli" / "steps.csv") == rows(tmp_path / "py" / "steps.csv")
    # Written next to the scene, the chains are files the command line runs.
    assert sorted(b.chain_files()) == ["linear_sphere_plane.chain.ron", "linear_sphere_sphere.chain.ron"]
    assert 'chain: "linear_sphere_sphere.chain.ron"' in b.to_ron()
    (tmp_path / "written").mkdir()
    path = b.write(tmp_path / "written" / "box.ron")
    assert (tmp_path / "written" / "linear_sphere_sphere.chain.ron").read_text() == linear_sphere_sphere().text
    cli("run", path, "--out", tmp_path / "written_out", "--until", "0.1", "-q")
    assert rows(tmp_path / "written_out" / "steps.csv") == rows(tmp_path / "py" / "steps.csv")
    # A scene read back from the written files runs to the same bits too.
    sim = catena.load_scene(path).simulator()
    sim.run(until=0.1, out=tmp_path / "loaded")
    assert rows(tmp_path / "loaded" / "steps.csv") == rows(tmp_path / "py" / "steps.csv")


def test_two_chains_of_one_name_get_two_files():
    b = catena.SceneBuilder("x", dt=1e-3, duration=0.01)
    soft = Chain("lin", [Variant("Sphere_1_Data"), Variant("Sphere_2_Data"), Variant("Sphere_Sphere"),
                         Variant("N_LinearForce", stiffness=1.0), Variant("AssembleForces")])
    hard = Chain("lin", [Variant("Sphere_1_Data"), Variant("Sphere_2_Data"), Variant("Sphere_Sphere"),
                         Variant("N_LinearForce", stiffness=2.0), Variant("AssembleForces")])
    b.add_contact(soft, first="AllSpheres", second="AllSpheres", keep_distance=1e-3)
    b.add_contact(hard, first="AllSpheres", second="AllSpheres", keep_distance=1e-3)
    b.add_contact(soft, first="AllSpheres", second="AllSpheres", keep_distance=1e-3)
    files = b.chain_files()
    assert sorted(files) == ["lin.chain.ron", "lin_2.chain.ron"]
    assert "stiffness: 2.0" in files["lin_2.chain.ron"]
    with pytest.raises(TypeError, match="add_contact: chain"):
        b.add_contact(3, first="AllSpheres", second="AllSpheres", keep_distance=1e-3)


def file_error(tmp_path, elements):
    """The message of the same chain as a chain file, without its file:line:column."""
    f = tmp_path / "c.ron"
    f.write_text('Chain(\n    name: "x",\n    elements: [\n' + "".join(f"        {e},\n" for e in elements) + "    ],\n)\n")
    with pytest.raises(catena.SceneError) as e:
        catena.load_chain(f)
    return re.sub(r"^.*?c\.ron:\d+:\d+: ", "", str(e.value))


S1, S2, SS, AF = (Variant(n) for n in ("Sphere_1_Data", "Sphere_2_Data", "Sphere_Sphere", "AssembleForces"))


@pytest.mark.parametrize(
    "elements, expected",
    [
        # A misspelt element: its position and name, and the closest name.
        (
            [S1, S2, Variant("Sphere_Spere"), Variant("N_LinearForce", stiffness=1.0), AF],
            ["element 3 `Sphere_Spere`", "did you mean `Sphere_Sphere`"],
        ),
        # A misspelt parameter.
        (
            [S1, S2, SS, Variant("N_LinearForce", stifness=1e3), AF],
            ["element 4 `N_LinearForce`", "`stifness`", "did you mean `stiffness`"],
        ),
        # A bad value.
        (
            [S1, S2, SS, Variant("N_LinearForce", stiffness=-1.0), AF],
            ["element 4 `N_LinearForce`", "stiffness must be a positive"],
        ),
        # A law before the geometry it needs: what it needs, and who gives it.
        (
            [S1, S2, Variant("N_LinearForce", stiffness=1.0), SS, AF],
            ["element 3 `N_LinearForce`: needs contact geometry", "help: put one of", "Sphere_Sphere"],
        ),
    ],
)
def test_a_bad_element_is_refused_as_in_a_chain_file(tmp_path, elements, expected):
    from catena.builder import _ron

    with pytest.raises(catena.SceneError) as e:
        Chain("x", elements)
    message = str(e.value)
    assert message.startswith('chain "x": element '), message
    for part in expected:
        assert part in message, message
    # What a chain file with the same elements says (its file:line:column aside); an error the
    # file reports by line (a misspelt name or field) is named by its element here.
    said = file_error(tmp_path, [_ron(x, "e") for x in elements])
    assert message in (f'chain "x": {said}', f'chain "x": {expected[0]}: {said}'), (message, said)


def test_an_incomplete_chain_says_what_it_lacks():
    with pytest.raises(catena.SceneError, match="never gives assembled forces") as e:
        Chain("x", [Variant("Sphere_1_Data"), Variant("Sphere_2_Data"), Variant("Sphere_Sphere"),
                    Variant("N_LinearForce", stiffness=1.0)])
    assert "help: add one of AssembleForces" in str(e.value)
    with pytest.raises(catena.SceneError, match=r"<string>:\d+:\d+: .*Sphere_Spere"):
        Chain.from_ron('Chain(name: "x", elements: [Sphere_1_Data, Sphere_Spere])')
    with pytest.raises(ValueError, match=r"elements\[0\]"):
        Chain("x", ["Sphere_1_Data,\nSphere_2_Data"])


def test_a_bare_name_is_the_element_with_its_defaults(root):
    hertz = Chain("hertz", [S1, Variant("Plane_2_Data"), Variant("Sphere_Plane"), Variant("N_Hertz"), "AssembleForces"])
    assert "N_Hertz()," in hertz.text and "Sphere_Plane," in hertz.text
    assert hertz.elements[3] == "N_Hertz" and hertz.kinds == catena.load_chain(root / "chains/linear_sphere_plane.ron").kinds
