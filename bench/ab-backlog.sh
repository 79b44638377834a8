#!/usr/bin/env bash
# Interleaved A/B of webhooker jars (or of settings) on the backlog point of bench/run.sh, for changes smaller than
# the machine's drift between two runs (here up to a quarter within an hour):
#   bash bench/ab-backlog.sh ROUNDS NAME=JAR[:ENV=VALUE;ENV=VALUE] NAME=JAR...
# e.g. bash bench/ab-backlog.sh 2 before=/tmp/before.jar after=target/webhooker-0.1.0-SNAPSHOT.jar
#      bash bench/ab-backlog.sh 2 w32=target/webhooker-0.1.0-SNAPSHOT.jar w64=target/webhooker-0.1.0-SNAPSHOT.jar:DELIVERY_WORKERS=64
# Each round runs the point once per variant (a fresh JVM, warmed up until its JIT compilers settle, then
# BENCH_REPS measured drains, 2 unless set), the order reversed every other round, so that each variant's
# neighbours in time are the other variants. BENCH_POINTS=backlog-postgres measures that point instead, for every
# variant or, among a variant's settings, for that one (embedded against PostgreSQL + Redis in the same rounds).
# About 7 minutes per variant and round. Prints, per variant, sends/s and the service's CPU µs per send (on
# PostgreSQL also the server's, after a +) of every measured drain in the order they ran; raw lines in
# bench/target/ab-backlog-<time>/results.tsv. run.sh must not be edited while this runs: bash reads a script as it
# goes.
set -euo pipefail
source "$(dirname "$0")/variants.sh"
ROUNDS=$1; shift
variants_read "$@"
cd "$(dirname "$0")/.."
POINT=${BENCH_POINTS:-backlog}
OUT=bench/target/ab-backlog-$(date -u +%Y-%m-%dT%H%M); mkdir -p "$OUT"
for round in $(seq "$ROUNDS"); do
  variants_of_round "$round"
  for v in "${ROUND_VARIANTS[@]}"; do
    variant_parts "$v"; name=$NAME; jar=$JAR; extra=("${EXTRA[@]}")
    # a variant's own settings come last, so that they win (BENCH_POINTS=backlog-postgres for one variant, say)
    if ! env BENCH_JAR="$jar" BENCH_POINTS="$POINT" BENCH_REPS="${BENCH_REPS:-2}" "${extra[@]}" \
        bash bench/run.sh > "$OUT/run-$name-$round.log" 2>&1; then
      echo "round $round $name: run.sh failed, see $OUT/run-$name-$round.log" >&2; exit 1
    fi
    run=$(sed -nE 's/.*report: (bench\/target\/run-[^/]+)\/report.md.*/\1/p' "$OUT/run-$name-$round.log" | tail -1)
    [ -n "$run" ] || { echo "round $round $name: no report, see $OUT/run-$name-$round.log" >&2; exit 1; }
    awk -F'\t' -v round="$round" -v name="$name" -v run="$run" '
      $3 == "sends_per_s" { s[$2] = $4 } $3 == "app_cpu_us_per_send" { c[$2] = $4 } $3 == "h2_file_writes_per_send" { w[$2] = $4 }
      $3 == "postgres_cpu_us_per_send" { p[$2] = $4 } $3 == "steal_pct" { st[$2] = $4 }
      END { for (rep in s) printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", round, name, rep, s[rep], c[rep], p[rep], w[rep], run, st[rep] }' \
      "$run/raw.tsv" | sort -t$'\t' -k3n | tee -a "$OUT/results.tsv"
  done
done
echo "== $OUT (round, variant, rep, sends/s, the service's CPU µs per send, PostgreSQL's, H2 file writes per send, run, % of the machine's CPU time stolen by the hypervisor during the drain)"
awk -F'\t' '{s[$2] = s[$2] " " $4 "/" $5 ($6 > 0 ? "+" $6 : "")} END {for (k in s) print k ":" s[k]}' "$OUT/results.tsv"
