"""examples/imc_paper.py's tables: AIPTS over the steps in contact, and the mean thrust over
the converged steps only (an unconverged step's support reaction is not a force)."""

import importlib.util


def load(root):
    spec = importlib.util.spec_from_file_location("imc_paper", root / "examples" / "imc_paper.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HEADER = "step,t,dt,newton_iterations,active_contacts,wall_ms,residual,support0_fz,support1_fz"


def write_case(out, case, rows):
    """Writes `rows` (CSV lines under HEADER) as the steps.csv of `case` under `out`."""
    run = out / case / "run"
    run.mkdir(parents=True)
    (run / "steps.csv").write_text(HEADER + "\n" + "\n".join(rows) + "\n")


def test_thrust_leaves_out_unconverged_steps(root, tmp_path):
    paper = load(root)
    paper.OUT = tmp_path
    rows = [
        # no contact, converged: thrust 1 mN per flagellum
        "1,0.001,0.001,2,0,1.0,1e-12,-1e-3,-1e-3",
        # in contact, converged: 3 mN
        "2,0.002,0.001,4,5,2.0,1e-11,-3e-3,-3e-3",
        # in contact, accepted at 0.1 N: a 320 N reaction that must not count
        "3,0.003,0.001,9,5,6.0,1e-1,-320,-320",
    ]
    write_case(tmp_path, "t2-mu0.8", rows)
    steps = paper.read_steps("t2-mu0.8")
    assert len(steps) == 3
    m = paper.metrics(steps)
    assert m["contact_steps"] == 2
    assert abs(m["aipts"] - 6.5) < 1e-12
    assert abs(m["total_s"] - 8e-3) < 1e-15
    assert abs(m["thrust"] - 2e-3) < 1e-15
    assert m["loose_steps"] == 1
    assert m["max_residual"] == 0.1
    # The plot's 1 s medians are not moved by the one large reaction either.
    (t, median), = paper.binned(steps, lambda r: r[4], 1.0, paper.statistics.median)
    assert t == 0.5 and median == 3e-3


def test_table_2_counts_to_the_papers_horizon_too(root, tmp_path, capsys):
    """Table 2 also gives AIPTS over the steps up to the paper's simulated end (its runs at
    μ ≥ 0.7 stopped before 250 s), beside the AIPTS over the whole run."""
    import csv

    paper = load(root)
    paper.OUT = tmp_path
    paper.PAPER_T2 = {**paper.PAPER_T2, 0.9: (11.1, 0.002)}
    write_case(tmp_path, "t2-mu0.9", [
        "1,0.001,0.001,3,5,1.0,1e-12,-1e-3,-1e-3",
        "2,0.002,0.001,5,5,1.0,1e-12,-1e-3,-1e-3",
        "3,0.003,0.001,10,5,1.0,1e-12,-1e-3,-1e-3",
    ])
    paper.tables()
    out = capsys.readouterr().out
    assert "| 0.9 | catena | 0.0 | 3 | 6.00 (7.00) |" in out
    assert "| 4.00 (5.00) | 11.10 | 0.002 |" in out
    (row,) = csv.DictReader(open(tmp_path / "table2.csv"))
    assert float(row["aipts"]) == 6.0 and float(row["aipts_to_paper_end"]) == 4.0
