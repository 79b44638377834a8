#!/usr/bin/env bash
# Interleaved A/B of webhooker jars on the embedded ingest point, for changes whose effect is smaller than the
# machine's drift over a full bench/run.sh (about 10 % within an hour here):
#   bash bench/ab.sh ROUNDS NAME=JAR[:ENV=VALUE;ENV=VALUE] NAME=JAR...
# e.g. bash bench/ab.sh 3 before=/tmp/before.jar after=target/webhooker-0.1.0-SNAPSHOT.jar
# Each round starts every variant in turn (the order reversed every other round), warms it up with c64 rounds until
# the JIT compilers settle (two rounds of 15 s in a row under 3 % of a core; at most WARM_MAX rounds, 30 unless
# set: the compilers took 2 to 5 minutes of c64 to settle on some machines), then measures ingest at c16 and c64, twice
# each, 10 s per measurement, with the signed fixture mix of bench/ingest.lua and the suggested JVM options.
# Prints requests/s per variant, each with the JVM's CPU time per request (µs, after the slash): on a machine whose
# other tenants take CPU away, throughput drifts more than the work each request costs. Raw lines in
# bench/target/ab-<time>/results.tsv.
set -euo pipefail
source "$(dirname "$0")/variants.sh"
source "$(dirname "$0")/ingest-point.sh"
ROUNDS=$1; shift
variants_read "$@"
cd "$(dirname "$0")/.."
OUT=bench/target/ab-$(date -u +%Y-%m-%dT%H%M); mkdir -p "$OUT"
ingest_prepare "$OUT"
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rps() { # CONCURRENCY SECONDS [PID] -> requests/s answered 2xx, and with PID also "/" the JVM's CPU µs per such request
  local c0 out ok
  [ -n "${3:-}" ] && c0=$(cpu_ticks "$3")
  out=$(ingest_load "$1" "$2")
  ok=$(awk '{print $1 - $3}' <<< "$out")
  awk '{printf "%.0f", ($1-$3)/$2}' <<< "$out"
  [ -n "${3:-}" ] && awk -v t=$(( $(cpu_ticks "$3") - c0 )) -v hz="$(getconf CLK_TCK)" -v n="$ok" \
    'BEGIN{printf "/%.0f", (n > 0 ? t / hz * 1e6 / n : 0)}'
  return 0
}

for round in $(seq "$ROUNDS"); do
  variants_of_round "$round"
  for v in "${ROUND_VARIANTS[@]}"; do
    variant_parts "$v"; name=$NAME; jar=$JAR; extra=("${EXTRA[@]}")
    rm -rf "$OUT/data"; mkdir -p "$OUT/data"
    env "${INGEST_ENV[@]}" DATA_DIR="$OUT/data" "${extra[@]}" java $JVM_OPTS -jar "$jar" > "$OUT/app-$name-$round.log" 2>&1 &
    pid=$!
    until curl -sf -o /dev/null http://127.0.0.1:18080/health; do sleep 0.1; done
    ingest_warm_up $pid
    a=$(rps 16 10 $pid); b=$(rps 64 10 $pid); c=$(rps 16 10 $pid); d=$(rps 64 10 $pid)
    printf '%s\t%s\tc16\t%s\t%s\tc64\t%s\t%s\twarmup\t%s\n' "$round" "$name" "$a" "$c" "$b" "$d" "$WARM_ROUNDS" | tee -a "$OUT/results.tsv"
    kill $pid; wait $pid || true
  done
done
echo "== $OUT"
awk -F'\t' '{c16[$2]=c16[$2]" "$4" "$5; c64[$2]=c64[$2]" "$7" "$8} END{for (k in c16) print k, "c16:" c16[k], " c64:" c64[k]}' "$OUT/results.tsv"
