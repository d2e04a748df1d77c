#!/bin/sh
# The flagella table of README.md (seed 001 §4, Table 1; issue 18): IMC against IPC on the
# shipped scenes with M = 2, 3, 5 and 10 flagella, each run long enough to have more than 500
# time steps in contact. Prints a Markdown table built from each study's compare.csv.
#
#   sh examples/flagella_table.sh            # all four (about 20 minutes on 2 cores)
#   sh examples/flagella_table.sh 2 3        # only M = 2 and 3
#
# Threads: M = 2, 3, 5 on one thread, M = 10 on two (the issue's measuring conditions); set
# THREADS to override for every M. Output in out/flagella_table/m<M>/ (CSV, JSON, SVG).
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=./target/release/catena
out=out/flagella_table
ms=${*:-2 3 5 10}

# Horizon per M: contact starts at t ≈ 1.73 s, 1.69 s, 2.64 s and 3.43 s and comes and goes;
# these horizons give 633 (M = 2), 999 (M = 3), 674 (M = 5) and more than 500 (M = 10) steps in
# contact.
horizon() {
    case $1 in
        2 | 3) echo 3.0 ;;
        5) echo 3.5 ;;
        10) echo 4.3 ;;
        *) echo "no horizon for M = $1" >&2; exit 2 ;;
    esac
}

for m in $ms; do
    if [ "$m" = 10 ]; then t=${THREADS:-2}; else t=${THREADS:-1}; fi
    $bin --threads "$t" compare "examples/scenes/flagella_m$m.ron" \
        --chain chains/imc.ron --chain chains/ipc.ron \
        --until "$(horizon "$m")" --out "$out/m$m" --force -q > /dev/null
done

echo "| M | horizon (s) | threads | chain | steps in contact | AIPTS | ATPTS (ms) | total time (s) | RTI |"
echo "|---|---|---|---|---|---|---|---|---|"
for m in $ms; do
    if [ "$m" = 10 ]; then t=${THREADS:-2}; else t=${THREADS:-1}; fi
    awk -F, -v m="$m" -v h="$(horizon "$m")" -v t="$t" 'NR > 1 {
        n = split($1, p, "/"); chain = p[n]; sub(/\.ron$/, "", chain)
        printf "| %s | %s | %s | %s | %d | %.2f | %.2f | %.1f | %.2f |\n", m, h, t, toupper(chain), $4, $2, $3, $6, $7
    }' "$out/m$m/compare.csv"
done
