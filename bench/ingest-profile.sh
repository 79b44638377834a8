#!/usr/bin/env bash
# Where a jar's CPU goes on the embedded ingest point at 64 senders, for comparing two builds:
#   bash bench/ingest-profile.sh NAME JAR     (results in bench/target/profile-NAME/)
# The JVM starts with a flight recording of execution samples (every 10 ms) that lasts its whole life: a recording
# started later with jcmd, alone, slowed this point four to six times. After c64 rounds of 15 s until the JIT
# compilers used under 3 % of a core in two rounds in a row (at most WARM_MAX, 30), a second recording
# (measured.jfr) covers one c64 run of MEASURE seconds (40 unless set). Written beside it:
#   summary.txt  requests/s, the JVM's CPU µs per request, and per thread group (threads named alike, numbers left
#                out) the CPU µs per request, user and system, and the voluntary and involuntary context switches
#   io.txt       /proc/<pid>/io over the run, per request (write syscalls, bytes written to the file system)
# Samples are taken only from threads running Java code, so compare where each build's samples go (shares within a
# thread group) and the thread groups' CPU, not the sample counts. Run nothing else meanwhile.
set -euo pipefail
NAME=$1; JAR=$(realpath "$2")
cd "$(dirname "$0")/.."
source bench/ingest-point.sh
OUT=bench/target/profile-$NAME; rm -rf "$OUT"; mkdir -p "$OUT/data"
ingest_prepare "$OUT"
cat > "$OUT/samples.jfc" <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">10 ms</setting></event>
</configuration>
JFC
env "${INGEST_ENV[@]}" DATA_DIR="$OUT/data" java $JVM_OPTS \
  -XX:StartFlightRecording=name=launch,settings="$OUT/samples.jfc",filename="$OUT/launch.jfr" \
  -jar "$JAR" > "$OUT/app.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
until curl -sf -o /dev/null http://127.0.0.1:18080/health; do sleep 0.2; done

HZ=$(getconf CLK_TCK)
threads() { # one line per thread: id, group, CPU ticks, user, system, voluntary and involuntary context switches
  local t f name switches
  for t in /proc/"$pid"/task/*; do
    # a thread that ends while it is read is left out
    read -ra f <<< "$(sed 's/.*) //' "$t/stat" 2>/dev/null)"
    name=$(tr ' ' '_' < "$t/comm" 2>/dev/null | sed -E 's/[-#_]?[0-9]+$//')
    switches=$(awk '/^voluntary_ctxt/{v=$2} /^nonvoluntary_ctxt/{n=$2} END{if (n != "") print v, n}' "$t/status" 2>/dev/null)
    [ "${#f[@]}" -gt 12 ] && [ -n "$name" ] && [ -n "$switches" ] || continue
    printf '%s %s %s %s %s %s\n' "${t##*/}" "$name" $((f[11] + f[12])) "${f[11]}" "${f[12]}" "$switches"
  done
}
ingest_warm_up $pid

# a thread that ended during the run is left out, one that began counts from zero
threads > "$OUT/threads.0"; cp "/proc/$pid/io" "$OUT/io.0"
jcmd $pid JFR.start name=measured settings="$OUT/samples.jfc" filename="$OUT/measured.jfr" > /dev/null
read -r requests seconds non2xx <<< "$(ingest_load 64 "${MEASURE:-40}")"
jcmd $pid JFR.stop name=measured > /dev/null
threads > "$OUT/threads.1"; cp "/proc/$pid/io" "$OUT/io.1"
kill $pid; wait $pid || true; trap - EXIT

ok=$((requests - non2xx))
{
  awk -v n="$ok" -v s="$seconds" -v w="$WARM_ROUNDS" -v name="$NAME" \
    'BEGIN{printf "%s: %.0f requests/s answered 2xx, %d rounds of warm-up\n", name, n / s, w}'
  awk -v n="$ok" -v hz="$HZ" '
    FNR == NR {for (i = 3; i <= 7; i++) before[$1, i] = $i; next}
    {for (i = 3; i <= 7; i++) spent[$2, i] += $i - before[$1, i]; groups[$2] = 1}
    END {
      for (g in groups) {
        for (i = 3; i <= 7; i++) d[i - 1] = spent[g, i]
        total += d[2]
        if (d[2] > 0) printf "%-28s %7.1f µs/req (user %6.1f, system %5.1f)  context switches/req %5.2f + %5.2f\n", g,
          d[2] / hz * 1e6 / n, d[3] / hz * 1e6 / n, d[4] / hz * 1e6 / n, d[5] / n, d[6] / n | "sort -k2 -rn"
      }
      close("sort -k2 -rn")
      printf "%-28s %7.1f µs/req\n", "all threads", total / hz * 1e6 / n
    }' "$OUT/threads.0" "$OUT/threads.1"
} | tee "$OUT/summary.txt"
paste "$OUT/io.0" "$OUT/io.1" | awk -v n="$ok" '{printf "%s %.1f per request\n", $1, ($4 - $2) / n}' > "$OUT/io.txt"
echo "== $OUT (jfr print --events jdk.ExecutionSample --stack-depth 96 $OUT/measured.jfr)"
