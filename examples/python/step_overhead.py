"""What a Python `sim.step()` costs over the Rust step it calls.

Run from the repository root after `pip install .`:

    python examples/python/step_overhead.py [SCENE] [--steps N]

Each `StepReport.wall_ms` is the Rust step's own wall time (what `steps.csv` records); the
difference between the Python loop's wall time and their sum is the binding's overhead per call
(argument and report conversion, the GIL), printed per step and relative to the step.
"""

import argparse
import time

import catena


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scene", nargs="?", default="examples/scenes/cantilever.ron")
    p.add_argument("--steps", type=int, default=50)
    args = p.parse_args()
    sim = catena.load_scene(args.scene).simulator()
    sim.step()  # the first step builds the sparsity pattern: not timed
    rust_ms = 0.0
    start = time.perf_counter()
    for _ in range(args.steps):
        rust_ms += sim.step().wall_ms
    python_ms = (time.perf_counter() - start) * 1e3
    per_step = (python_ms - rust_ms) / args.steps
    print(
        f"{args.scene}: {args.steps} steps, Rust {rust_ms / args.steps:.3f} ms/step, "
        f"Python loop {python_ms / args.steps:.3f} ms/step, overhead {per_step * 1e3:.1f} µs/step "
        f"({100 * per_step / (rust_ms / args.steps):.2f} %)"
    )


if __name__ == "__main__":
    main()
