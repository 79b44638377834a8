#!/usr/bin/env bash
# The webhooker benchmark (issue 7): one command, one machine, one run.
#   bash bench/run.sh
# Measures, with warm-up and BENCH_REPS repetitions per point (median and spread in the report):
#   ceiling   a bare platform-http route in the same application (bench/routes/bare.camel.yaml), same POSTs
#   ingest    signed fixture mix, unique delivery ids, concurrency 16 and 64, on the embedded default and on
#             PostgreSQL + Redis + S3 (wrk + bench/ingest.lua)
#   e2e       webhook in -> message at a fake Discord/Telegram sink (bench/Sink.java), 3 targets per webhook:
#             accept-to-sink p50/p99 at 200 webhooks/s (sink 0 ms and 50 ms), deliveries/s at saturation; the same
#             saturation with three signed webhook targets instead (webhook-saturation)
#   backlog   how fast a held backlog of 8,000 pushes x 3 targets drains into the sink, embedded and on PostgreSQL +
#             Redis, with the SQL statements per delivery (pg_stat_statements on the point's own PostgreSQL server)
#   paging    admin API pages (send logs, audit, one delivery) over 1,000,000 send logs and 100,000 deliveries,
#             as a super admin and as a member of two of ten groups, embedded and on PostgreSQL: p50/p99
#   scale     1, 2 and 3 instances on one PostgreSQL (+ Redis): ingest webhooks/s and delivery saturation, with the
#             CPU the instances and PostgreSQL used
#   claim     the delivery claim statement's duration with 1,000 and 100,000 due deliveries (PostgreSQL's log)
#   resources RSS and CPU under load; start-up time to ready, beside a bare Boot + Camel app
# Writes bench/results/<date>.md (and the raw figures next to it). Loopback only; every load is bounded.
# Settings (environment): BENCH_JVM_OPTS, BENCH_MALLOC_ARENA_MAX, BENCH_DURATION (s per point), BENCH_WARMUP (s), BENCH_REPS,
# BENCH_E2E_WARMUP_MAX_ROUNDS (12) and BENCH_BACKLOG_WARMUP_MAX_ROUNDS (30), BENCH_BACKLOG_PUSHES, BENCH_BACKLOG_FIXTURE
# (the push the backlog points send, default the shared commits.json), BENCH_BACKLOG_LATENCY_MS (the sink's answer
# delay on the backlog points, default 0),
# BENCH_SCALE_INSTANCES (the instance counts of the scale point, default "1 2 3"), BENCH_JFR=1 (JFR recordings of the ingest, end-to-end, webhook and backlog apps, ingest-<app>.jfr in their bench/target/run-* directory;
# BENCH_JFR_SETTINGS=default samples less often than the default "profile", which cost the backlog point about a third),
# BENCH_POINTS (a subset for targeted runs, e.g. "embedded" or "e2e-saturation"; default all:
# embedded production e2e-rate e2e-saturation webhook-saturation backlog backlog-postgres slow-senders slow-senders-other paging scale claim bare startup). A subset run writes its report into its
# bench/target/run-* directory only, never into bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

# BENCH_JAR: measure another build (an A/B run); the default is this checkout's jar, rebuilt when the sources are newer
JAR=${BENCH_JAR:-target/webhooker-0.1.0-SNAPSHOT.jar}
# The service's suggested JVM options and C library setting (README "Benchmark"), used for webhooker AND the
# bare app.
JVM_OPTS=${BENCH_JVM_OPTS:-"-Xms128m -Xmx256m -Xmn85m -XX:MaxMetaspaceSize=192m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=4 -Djdk.nio.maxCachedBufferSize=65536 -XX:TrimNativeHeapInterval=5000"}
MALLOC_ARENAS=${BENCH_MALLOC_ARENA_MAX:-2}
DURATION=${BENCH_DURATION:-10}
WARMUP=${BENCH_WARMUP:-15}
REPS=${BENCH_REPS:-3}
SECRET=bench-secret
APP_PORT=18080
BARE_PORT=18081
SINK_PORT=18089
MANAGEMENT_PORT=18082
S3_PORT=9000
E2E_RATE=200
E2E_SECONDS=${BENCH_E2E_SECONDS:-15}
SATURATION_WEBHOOKS=${BENCH_SATURATION_WEBHOOKS:-1500}
# the e2e and webhook points warm up until compiled, for at most this many rounds
E2E_WARMUP_MAX_ROUNDS=${BENCH_E2E_WARMUP_MAX_ROUNDS:-12}
# the backlog point's rounds alternate intake and drain, and C2 went on compiling for 12 to 18 of them (up to five
# minutes) before it used under 5 % of a core: with at most 12, the repetitions could measure the JIT's tail (2026-12-04-warm-up.md)
BACKLOG_WARMUP_MAX_ROUNDS=${BENCH_BACKLOG_WARMUP_MAX_ROUNDS:-30}
DRIP_CONNECTIONS=${BENCH_DRIP_CONNECTIONS:-200}
DRIP_SECONDS=${BENCH_DRIP_SECONDS:-60}
DRIP_RATE=${BENCH_DRIP_RATE:-50}
ALL_POINTS="embedded production e2e-rate e2e-saturation webhook-saturation backlog backlog-postgres slow-senders slow-senders-other paging scale claim bare startup"
POINTS=" ${BENCH_POINTS:-$ALL_POINTS} "
want() { [[ "$POINTS" == *" $1 "* ]]; }
FIXTURES=${WEBHOOKER_FIXTURES:-}
if [ -z "$FIXTURES" ]; then
  for f in /work/shared/fixtures ../shared/fixtures "$ROOT/../shared/fixtures"; do
    [ -d "$f/github" ] && FIXTURES=$(cd "$f" && pwd) && break
  done
fi
[ -n "$FIXTURES" ] || { echo "fixtures not found: set WEBHOOKER_FIXTURES" >&2; exit 1; }

STAMP=$(date -u +%Y-%m-%dT%H%M)
WORK=bench/target/run-$STAMP
mkdir -p "$WORK" bench/results
RAW=$WORK/raw.tsv
: > "$RAW"
log() { printf '[bench %s] %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$WORK/run.log" >&2; }
record() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> "$RAW"; } # point, rep, metric, value

STARTED_PIDS=()
cleanup() {
  for pid in "${STARTED_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  for pid in "${STARTED_PIDS[@]:-}"; do
    [ -n "$pid" ] && wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT

# --- prerequisites -------------------------------------------------------------------------------
if ! command -v wrk >/dev/null; then
  log "installing wrk (Debian package)"
  apt-get install -y -q wrk >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }
fi
if [ -z "${BENCH_JAR:-}" ] && { [ ! -f "$JAR" ] || [ -n "$(find src routes pom.xml -newer "$JAR" -type f | head -1)" ]; }; then
  log "building $JAR"
  mvn -B -q -o -DskipTests package || mvn -B -q -DskipTests package
fi
log "preparing the signed request mix and the bare app"
java bench/Load.java prepare "$SECRET" "$FIXTURES" "$WORK/requests"
MANIFEST=$WORK/requests/manifest.txt
rm -rf bench/target/jar bench/target/bare && mkdir -p bench/target/jar bench/target/bare
(cd bench/target/jar && unzip -q -o "$(cd "$ROOT" && realpath "$JAR")" 'BOOT-INF/lib/*')
javac -d bench/target/bare -cp "bench/target/jar/BOOT-INF/lib/*" bench/bare/bench/bare/BareCamelApp.java
cp bench/bare/bare-app.yaml bench/target/bare/

# --- helpers -------------------------------------------------------------------------------------
now_ms() { date +%s%3N; }
# CPU clock ticks the JVM $1 has spent in its JIT compiler threads (C1 and C2)
jit_ticks() {
  local pid=$1 task sum=0 fields
  for task in /proc/"$pid"/task/*; do
    case "$(cat "$task/comm" 2>/dev/null)" in
      C1\ Compiler*|C2\ Compiler*)
        read -ra fields <<< "$(sed 's/.*) //' "$task/stat")" # the fields after "(comm)", from state on
        sum=$((sum + fields[11] + fields[12])) ;;                # utime, stime
    esac
  done
  echo "$sum"
}

# warm_up_until_compiled LABEL MAX_ROUNDS COMMAND... : runs COMMAND ROUND (one warm-up round) until the JVM's
# compiler threads used under 5 % of a core in a round: at least two rounds, at most MAX_ROUNDS. Sets
# WARMUP_ROUNDS and WARMUP_JIT (that share in the last round) for the report. Why the JIT and not a fixed
# time: see the end-to-end warm-up below.
warm_up_until_compiled() {
  local label=$1 max=$2; shift 2
  local round=0 jit0 t0 permille
  while :; do
    round=$((round + 1))
    jit0=$(jit_ticks "$APP_PID"); t0=$(now_ms)
    log "$label: warm-up round $round"
    "$@" "$round"
    # per mille of one core: ticks / CLK_TCK s of CPU over (now - t0) ms of wall time
    permille=$(( ($(jit_ticks "$APP_PID") - jit0) * 1000000 / $(getconf CLK_TCK) / ($(now_ms) - t0) ))
    log "$label: JIT compilers used $((permille / 10)).$((permille % 10)) % of a core in round $round"
    if [ "$round" -ge 2 ] && [ "$permille" -lt 50 ]; then break; fi
    [ "$round" -ge "$max" ] && break
  done
  WARMUP_ROUNDS=$round
  WARMUP_JIT="$((permille / 10)).$((permille % 10)) %"
}

# cpu_ticks PID... : user+system clock ticks the processes used so far
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do total=$((total + $(awk '{print $14+$15}' "/proc/$pid/stat" 2>/dev/null || echo 0))); done
  echo "$total"
}
postgres_pids() { pgrep -x postgres | tr '\n' ' '; }
# cores_used TICKS WALL_MS : the cores those clock ticks kept busy over the wall time
cores_used() { awk -v c="$1" -v hz="$(getconf CLK_TCK)" -v w="$2" 'BEGIN{printf "%.2f", c/hz/(w/1000)}'; }
# wait_http URL [METHOD] -> 0 when it answers 200 within 180 s
wait_http() {
  local url=$1 method=${2:-GET}
  for _ in $(seq 3600); do
    local data=()
    [ "$method" = POST ] && data=(-H 'Content-Type: application/json' --data '{}')
    if [ "$(curl -s -o /dev/null -w '%{http_code}' -X "$method" "${data[@]}" "$url" 2>/dev/null)" = 200 ]; then
      return 0
    fi
    sleep 0.05
  done
  return 1
}

APP_PID=
# start_app NAME ENV... : starts webhooker with the bench routes, sets APP_PID, records start-up ms
start_app() {
  local name=$1; shift
  local data=$WORK/data-$name
  # KEEP_DATA=1: start again on the data of an earlier start of NAME (the paging point seeds it in between)
  [ -n "${KEEP_DATA:-}" ] || { rm -rf "$data"; mkdir -p "$data"; }
  local t0; t0=$(now_ms)
  env PORT=$APP_PORT MANAGEMENT_PORT=$MANAGEMENT_PORT DATA_DIR="$data" GITHUB_WEBHOOK_SECRET=$SECRET \
      WEBHOOKER_ROUTES_DIR=bench/routes "$@" \
      MALLOC_ARENA_MAX=$MALLOC_ARENAS java $JVM_OPTS ${APP_EXTRA_OPTS:-} -jar "$JAR" > "$WORK/app-$name.log" 2>&1 &
  APP_PID=$!
  STARTED_PIDS+=("$APP_PID")
  if ! wait_http "http://127.0.0.1:$APP_PORT/health"; then
    log "$name did not become ready; see $WORK/app-$name.log"; tail -20 "$WORK/app-$name.log" >&2; exit 1
  fi
  STARTUP_MS=$(( $(now_ms) - t0 ))
}

start_bare() {
  local t0; t0=$(now_ms)
  PORT=$BARE_PORT MALLOC_ARENA_MAX=$MALLOC_ARENAS java $JVM_OPTS -Dloader.main=bench.bare.BareCamelApp -Dloader.path=bench/target/bare \
      -Dspring.config.name=bare-app -cp "$JAR" org.springframework.boot.loader.launch.PropertiesLauncher \
      > "$WORK/bare.log" 2>&1 &
  APP_PID=$!
  STARTED_PIDS+=("$APP_PID")
  if ! wait_http "http://127.0.0.1:$BARE_PORT/bench/bare" POST; then
    log "bare app did not become ready"; tail -20 "$WORK/bare.log" >&2; exit 1
  fi
  STARTUP_MS=$(( $(now_ms) - t0 ))
}

stop_pid() {
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# wrk_point URL CONCURRENCY SECONDS -> prints "requests seconds non2xx errors p50 p99"
wrk_point() {
  local out
  out=$(wrk -t2 -c"$2" -d"$3"s --timeout 10s -s bench/ingest.lua "$1" -- "$MANIFEST" "r$RANDOM$RANDOM" | grep '^RESULT')
  echo "$out" >> "$WORK/wrk.log"
  echo "$out" | sed -E 's/.*requests=([0-9]+) seconds=([0-9.]+) non2xx=([0-9]+) socket_errors=([0-9]+) p50_ms=([0-9.]+) p99_ms=([0-9.]+)/\1 \2 \3 \4 \5 \6/'
}

# sample_resources PID SECONDS OUTFILE (background): max RSS (kB) and CPU seconds used while sampling
sample_resources() {
  local pid=$1 seconds=$2 out=$3
  local hz; hz=$(getconf CLK_TCK)
  local t0 c0 max=0 rss
  t0=$(now_ms); c0=$(awk '{print $14+$15}' "/proc/$pid/stat")
  local end=$(( t0 + seconds * 1000 ))
  while [ "$(now_ms)" -lt "$end" ]; do
    rss=$(awk '/VmRSS/{print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    [ "${rss:-0}" -gt "$max" ] && max=$rss
    sleep 0.25
  done
  local c1; c1=$(awk '{print $14+$15}' "/proc/$pid/stat")
  local wall=$(( $(now_ms) - t0 ))
  echo "$max $(awk -v c=$((c1 - c0)) -v hz="$hz" -v w="$wall" 'BEGIN{printf "%.3f", c/hz/(w/1000)}')" > "$out"
}

# ingest_warmup_round URL_BASE ROUND : $WARMUP s of c64 on each endpoint
ingest_warmup_round() {
  wrk_point "$1/bench/bare" 64 "$WARMUP" > /dev/null
  wrk_point "$1/webhook" 64 "$WARMUP" > /dev/null
}

# Before the ingest points: warm-up rounds until the JIT has settled (at most $INGEST_WARMUP_MAX_ROUNDS). With one
# fixed 15 s round per endpoint, the c16 repetitions still ran while C2 compiled: the ceiling went from 6,100 to
# 11,000 requests/s and ingest from 2,200 to 4,700 webhooks/s between the first and the third (2026-11-30).
INGEST_WARMUP_MAX_ROUNDS=${BENCH_INGEST_WARMUP_MAX_ROUNDS:-8}

# ingest_points LABEL URL_BASE : ceiling and ingest at c16 and c64, REPS times, interleaved
ingest_points() {
  local label=$1 base=$2
  warm_up_until_compiled "$label" "$INGEST_WARMUP_MAX_ROUNDS" ingest_warmup_round "$base"
  echo "ingest_warmup_$label=$WARMUP_ROUNDS rounds of $WARMUP s of c64 on the ceiling, then on the webhook" \
    "endpoint; the JIT compilers used $WARMUP_JIT of a core in the last" >> "$WORK/machine.txt"
  for c in 16 64; do
    for rep in $(seq "$REPS"); do
      read -r n s bad err p50 p99 < <(wrk_point "$base/bench/bare" "$c" "$DURATION")
      record "ceiling-$label-c$c" "$rep" rps "$(awk -v n="$n" -v s="$s" -v b="$bad" 'BEGIN{printf "%.1f", (n-b)/s}')"
      record "ceiling-$label-c$c" "$rep" p50_ms "$p50"; record "ceiling-$label-c$c" "$rep" p99_ms "$p99"
      record "ceiling-$label-c$c" "$rep" errors "$((bad + err))"
      local sampler=
      if [ "$c" = 64 ]; then sample_resources "$APP_PID" "$DURATION" "$WORK/res.txt" & sampler=$!; fi
      read -r n s bad err p50 p99 < <(wrk_point "$base/webhook" "$c" "$DURATION")
      [ -n "$sampler" ] && wait "$sampler"
      record "ingest-$label-c$c" "$rep" rps "$(awk -v n="$n" -v s="$s" -v b="$bad" 'BEGIN{printf "%.1f", (n-b)/s}')"
      record "ingest-$label-c$c" "$rep" p50_ms "$p50"; record "ingest-$label-c$c" "$rep" p99_ms "$p99"
      record "ingest-$label-c$c" "$rep" errors "$((bad + err))"
      if [ "$c" = 64 ]; then
        read -r rss cpu < "$WORK/res.txt"
        record "ingest-$label-c$c" "$rep" rss_kb "$rss"; record "ingest-$label-c$c" "$rep" cpu_cores "$cpu"
      fi
      log "$label c$c rep $rep: ceiling/ingest done ($(tail -1 "$WORK/wrk.log"))"
    done
  done
}

# --- machine -------------------------------------------------------------------------------------
{
  echo "cores=$(nproc)"
  echo "memory=$(free -h | awk '/^Mem:/{print $2}')"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
  echo "java=$(java -version 2>&1 | head -1)"
  echo "wrk=$(wrk -v 2>&1 | head -1)"
  echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "jvm_opts=MALLOC_ARENA_MAX=$MALLOC_ARENAS java $JVM_OPTS"
  echo "duration=$DURATION warmup=$WARMUP reps=$REPS"
} > "$WORK/machine.txt"
log "machine: $(tr '\n' ' ' < "$WORK/machine.txt")"

# --- 1+2. ceiling and ingest, embedded default ---------------------------------------------------
# jfr_opts NAME: the JFR options of an app run when BENCH_JFR=1 (recording into $WORK/ingest-NAME.jfr)
jfr_opts() {
  [ "${BENCH_JFR:-0}" = 1 ] || return 0
  echo "-XX:FlightRecorderOptions:stackdepth=256 -XX:StartFlightRecording=settings=${BENCH_JFR_SETTINGS:-profile},filename=$ROOT/$WORK/ingest-$1.jfr"
}
if want embedded; then
log "embedded: starting webhooker (H2 file, SQL KV, payload directory)"
# wrk sends the same signed fixture bodies again and again under fresh delivery ids: with the replay check on
# (the default) all but the first of each would be duplicates, so the ingest points turn it off and measure
# accepting; the end-to-end and slow-senders points send unique bodies and run with it on.
APP_EXTRA_OPTS=$(jfr_opts embedded) start_app embedded WEBHOOKER_CONFIG=bench/webhooker.ingest.yaml WEBHOOK_BODY_REPLAY_DEDUP=false
ingest_points embedded "http://127.0.0.1:$APP_PORT"
stop_pid "$APP_PID"
fi

# --- 2. ingest on PostgreSQL + Redis + S3 ---------------------------------------------------------
if ! want production; then
  :
elif pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if ! curl -s -o /dev/null "http://127.0.0.1:$S3_PORT/"; then
    log "starting s3proxy on :$S3_PORT"
    s3dir=$WORK/s3proxy; mkdir -p "$s3dir"
    mvn -B -q -o -f tools/s3proxy/pom.xml dependency:copy-dependencies -DoutputDirectory="$ROOT/$s3dir/lib" -DincludeScope=runtime \
      || mvn -B -q -f tools/s3proxy/pom.xml dependency:copy-dependencies -DoutputDirectory="$ROOT/$s3dir/lib" -DincludeScope=runtime
    cat > "$s3dir/s3proxy.conf" <<CONF
s3proxy.endpoint=http://127.0.0.1:${S3_PORT}
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=local-access
s3proxy.credential=local-secret
jclouds.provider=transient-nio2
jclouds.identity=local-access
jclouds.credential=local-secret
CONF
    java -Xmx128m -Dlogback.configurationFile=tools/s3proxy/logback.xml -cp "$s3dir/lib/*" org.gaul.s3proxy.Main \
      --properties "$s3dir/s3proxy.conf" > "$s3dir/s3proxy.log" 2>&1 &
    STARTED_PIDS+=("$!")
    for _ in $(seq 120); do curl -s -o /dev/null "http://127.0.0.1:$S3_PORT/" && break; sleep 0.5; done
  fi
  psql -q -h 127.0.0.1 -U postgres -d postgres -c 'DROP DATABASE IF EXISTS webhooker_bench' -c 'CREATE DATABASE webhooker_bench' >/dev/null
  log "production: starting webhooker (PostgreSQL + Redis + S3)"
  APP_EXTRA_OPTS=$(jfr_opts production) start_app production WEBHOOKER_CONFIG=bench/webhooker.ingest.yaml WEBHOOK_BODY_REPLAY_DEDUP=false \
    DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/webhooker_bench DATABASE_USER=postgres \
    WEBHOOKER_SECRET_KEY=bench-only-key-of-more-than-thirty-two-characters \
    REDIS_URL=redis://127.0.0.1:6379/0 S3_BUCKET=webhooker-bench S3_ENDPOINT=http://127.0.0.1:$S3_PORT \
    S3_ACCESS_KEY=local-access S3_SECRET_KEY=local-secret
  ingest_points production "http://127.0.0.1:$APP_PORT"
  stop_pid "$APP_PID"
  psql -q -h 127.0.0.1 -U postgres -d postgres -c 'DROP DATABASE IF EXISTS webhooker_bench' >/dev/null || true
else
  log "PostgreSQL or Redis not answering on 127.0.0.1: production ingest skipped"
fi

# Shared by the end-to-end and webhook points ($SINK is the running sink's control URL).
# wait until the sink stops receiving (the queue is drained), at most $1 s
drain() {
  local last=-1 same=0 n
  for _ in $(seq $(( $1 * 4 ))); do
    n=$(curl -s "$SINK/count")
    if [ "$n" = "$last" ]; then same=$((same + 1)); [ "$same" -ge 8 ] && return 0; else same=0; fi
    last=$n; sleep 0.25
  done
}
# e2e_warmup_round ROUND : $WARMUP s at the measured rate, then until the sink has every message
e2e_warmup_round() {
  java bench/Load.java rate "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$FIXTURE" "$E2E_RATE" "$WARMUP" \
    "$WORK/sent-warmup-$1.tsv" >> "$WORK/load.log"
  drain 120
}

# saturation_points POINT TAG: $REPS closed-loop blasts of $SATURATION_WEBHOOKS webhooks from 32 senders, each until the
# sink has every message; deliveries/s, p99 and the app's RSS and CPU recorded under POINT
saturation_points() {
  local point=$1 name=$2 rep tag sampler line k rss cpu
  for rep in $(seq "$REPS"); do
    tag=$name-$rep
    curl -s "$SINK/dump?file=$ROOT/$WORK/discard.tsv" > /dev/null
    sample_resources "$APP_PID" 10 "$WORK/res-$tag.txt" &
    sampler=$!
    java bench/Load.java blast "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$FIXTURE" "$SATURATION_WEBHOOKS" 32 "$WORK/sent-$tag.tsv" >> "$WORK/load.log"
    drain 180
    wait "$sampler"
    curl -s "$SINK/dump?file=$ROOT/$WORK/arrivals-$tag.tsv" > /dev/null
    line=$(java bench/Load.java join "$WORK/sent-$tag.tsv" "$WORK/arrivals-$tag.tsv" 3 | tee -a "$WORK/join.log")
    for k in deliveries_per_s complete_webhooks accepted a2s_p99_ms; do
      record "$point" "$rep" "$k" "$(sed -E "s/.*$k=([0-9.NaN]+).*/\1/" <<< "$line")"
    done
    read -r rss cpu < "$WORK/res-$tag.txt"
    record "$point" "$rep" rss_kb "$rss"; record "$point" "$rep" cpu_cores "$cpu"
    log "$name rep $rep: $line"
  done
}

# --- 3. end to end -------------------------------------------------------------------------------
if want e2e-rate || want e2e-saturation; then
log "e2e: starting the fake Discord/Telegram sink and webhooker"
java bench/Sink.java $SINK_PORT > "$WORK/sink.log" 2>&1 &
SINK_PID=$!
STARTED_PIDS+=("$SINK_PID")
wait_http "http://127.0.0.1:$SINK_PORT/control/count"
# PUBLISHED_RATE_LIMITS=false: every push goes to one fake Telegram chat, which Telegram's published rate would hold to
# one message a second
APP_EXTRA_OPTS=$(jfr_opts e2e) start_app e2e WEBHOOKER_CONFIG=bench/webhooker.bench.yaml PUBLISHED_RATE_LIMITS=false \
  DISCORD_TOKEN=bench DISCORD_API_URL=http://127.0.0.1:$SINK_PORT TELEGRAM_TOKEN=bench TELEGRAM_API_URL=http://127.0.0.1:$SINK_PORT
SINK=http://127.0.0.1:$SINK_PORT/control
FIXTURE=$FIXTURES/github/push/commits.json


e2e_rate_point() { # label rep
  local tag="$1-$2"
  curl -s "$SINK/dump?file=$ROOT/$WORK/discard.tsv" > /dev/null
  java bench/Load.java rate "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$FIXTURE" "$E2E_RATE" "$E2E_SECONDS" "$WORK/sent-$tag.tsv" >> "$WORK/load.log"
  drain 90
  curl -s "$SINK/dump?file=$ROOT/$WORK/arrivals-$tag.tsv" > /dev/null
  java bench/Load.java join "$WORK/sent-$tag.tsv" "$WORK/arrivals-$tag.tsv" 3 | tee -a "$WORK/join.log"
}

# Warm-up at the measured rate, in rounds of $WARMUP s, until the JIT has settled: at least two rounds, then
# until the JVM's compiler threads used under 5 % of a core in a round, at most $E2E_WARMUP_MAX_ROUNDS rounds.
# On 2 cores C2 kept compiling at about 30 % of a core for the first two to three minutes at 200 webhooks/s
# (first tier-ups of methods, not recompilations; 2026-11-30), and the whole process used twice the CPU it
# used once that was done. A fixed 30 s warm-up left the measured repetitions in that phase: backlogs of
# 0.3-0.6 s, and p99 that swung from 50 to 300 ms between runs of the same build.
warm_up_until_compiled e2e "$E2E_WARMUP_MAX_ROUNDS" e2e_warmup_round
echo "e2e_warmup=$WARMUP_ROUNDS rounds of $WARMUP s at $E2E_RATE webhooks/s; the JIT compilers used" \
  "$WARMUP_JIT of a core in the last" >> "$WORK/machine.txt"
want e2e-rate && for latency in 0 50; do
  curl -s "$SINK/latency?ms=$latency" > /dev/null
  for rep in $(seq "$REPS"); do
    line=$(e2e_rate_point "sink${latency}ms" "$rep")
    for k in a2s_p50_ms a2s_p99_ms all_targets_p99_ms deliveries_per_s complete_webhooks accepted; do
      record "e2e-rate${E2E_RATE}-sink${latency}ms" "$rep" "$k" "$(sed -E "s/.*$k=([0-9.NaN]+).*/\1/" <<< "$line")"
    done
    log "e2e rate, sink ${latency} ms, rep $rep: $line"
  done
done
curl -s "$SINK/latency?ms=0" > /dev/null
want e2e-saturation && saturation_points e2e-saturation-sink0ms saturation
stop_pid "$APP_PID"
stop_pid "$SINK_PID"
fi

# --- 4b. webhook targets: the saturation point with three signed webhook targets per webhook ---------------------
if want webhook-saturation; then
log "webhook targets: starting the sink and webhooker with three webhook targets per push"
java bench/Sink.java $SINK_PORT > "$WORK/sink-webhook.log" 2>&1 &
SINK_PID=$!
STARTED_PIDS+=("$SINK_PID")
wait_http "http://127.0.0.1:$SINK_PORT/control/count"
APP_EXTRA_OPTS=$(jfr_opts webhook) start_app webhook WEBHOOKER_CONFIG=bench/webhooker.webhook.yaml WEBHOOK_TARGET_ALLOW=127.0.0.1
SINK=http://127.0.0.1:$SINK_PORT/control
FIXTURE=$FIXTURES/github/push/commits.json
warm_up_until_compiled webhook "$E2E_WARMUP_MAX_ROUNDS" e2e_warmup_round
saturation_points e2e-saturation-webhooks-sink0ms webhook-saturation
stop_pid "$APP_PID"
stop_pid "$SINK_PID"
fi

# --- 4c. a backlog drained -------------------------------------------------------------------------
# How fast the delivery engine works through a backlog, without ingest beside it: the sink holds every platform
# call unanswered while BENCH_BACKLOG_PUSHES pushes (three targets each: 24,000 sends by default) are accepted,
# then lets go; sends/s is timed from the arrival of the 40 % mark to the 95 % mark. Warm-up: rounds of 2,000
# pushes until the JIT has settled. On the embedded default, and on PostgreSQL + Redis, where the point runs its own
# PostgreSQL server (port 5433, pg_stat_statements preloaded, PostgreSQL's default durability settings, as the
# machine's server has them) so that the statements per delivery are counted: the calls of every statement while the
# first measured round drains (counted from the release, so the ingest is left out), divided by its deliveries,
# without and with transaction control (BEGIN, COMMIT, savepoints). peak_threads: the most threads the service had
# while a round drained (read every 0.25 s). BENCH_BACKLOG_LATENCY_MS makes the sink answer each call that much later
# (a platform's own latency; default 0).
BACKLOG_PUSHES=${BENCH_BACKLOG_PUSHES:-8000}
BACKLOG_LATENCY_MS=${BENCH_BACKLOG_LATENCY_MS:-0}
BACKLOG_PG_PORT=5433
BACKLOG_PG_DIR=/tmp/webhooker-bench-pg
# backlog_round PUSHES TAG : fills a held backlog, lets it go, waits for every send; prints the drain line
backlog_round() {
  local pushes=$1 tag=$2 expected=$(( $1 * 3 )) n
  curl -s "$SINK/dump?file=$ROOT/$WORK/discard.tsv" > /dev/null
  curl -s "$SINK/hold?on=1" > /dev/null
  java bench/Load.java blast "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$FIXTURE" "$pushes" 32 "$WORK/sent-$tag.tsv" >> "$WORK/load.log"
  # the statements of the delivery alone: counted from here (the workers' first claims, made while held, are left out)
  [ -n "${BACKLOG_COUNT_STATEMENTS:-}" ] && psql -q -h 127.0.0.1 -p $BACKLOG_PG_PORT -U postgres -d webhooker_backlog -c 'SELECT pg_stat_statements_reset()' > /dev/null
  local c0 c1 p0 p1 pg w0 w1 m0 m1
  pg=$(postgres_pids); c0=$(cpu_ticks "$APP_PID"); p0=$(cpu_ticks $pg); w0=$(h2_file_writes); m0=$(machine_ticks)
  curl -s "$SINK/hold?on=0" > /dev/null
  local peak=0 threads
  for _ in $(seq 1200); do
    threads=$(awk '$1 == "Threads:" {print $2}' "/proc/$APP_PID/status"); [ "${threads:-0}" -gt "$peak" ] && peak=$threads
    n=$(curl -s "$SINK/count"); [ "$n" -ge "$expected" ] && break; sleep 0.25
  done
  c1=$(cpu_ticks "$APP_PID"); p1=$(cpu_ticks $pg); w1=$(h2_file_writes); m1=$(machine_ticks)
  drain 30
  curl -s "$SINK/dump?file=$ROOT/$WORK/arrivals-$tag.tsv" > /dev/null
  # the CPU the service (and PostgreSQL, when it is one of the machine's processes) spent per send while it drained:
  # unlike sends/s, hardly moved by what else the machine runs
  echo "$(java bench/Load.java drain "$WORK/arrivals-$tag.tsv" "$expected")" \
    "app_cpu_us_per_send=$(awk -v c=$((c1 - c0)) -v hz="$(getconf CLK_TCK)" -v n="$expected" 'BEGIN{printf "%.0f", c / hz * 1e6 / n}')" \
    "postgres_cpu_us_per_send=$(awk -v c=$((p1 - p0)) -v hz="$(getconf CLK_TCK)" -v n="$expected" 'BEGIN{printf "%.0f", c / hz * 1e6 / n}')" \
    "h2_file_writes_per_send=$(awk -v a="$w0" -v b="$w1" -v n="$expected" 'BEGIN{if (a == "" || b == "") print "NaN"; else printf "%.3f", (b - a) / n}')" \
    "$(awk -v a="$m0" -v b="$m1" 'BEGIN{split(a, x, " "); split(b, y, " "); t = y[3] - x[3]; if (t < 1) t = 1;
        printf "machine_busy_pct=%.1f steal_pct=%.1f", 100 * (y[1] - x[1]) / t, 100 * (y[2] - x[2]) / t}')" \
    "peak_threads=$peak" \
    | tee -a "$WORK/join.log"
}
# the machine's CPU time so far, all cores, in ticks (/proc/stat): "busy steal total". Steal is time the hypervisor
# gave to other machines: a drain with more of it ran on less CPU than its figures assume.
machine_ticks() {
  awk '$1 == "cpu" {print $2 + $3 + $4 + $7 + $8, $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9}' /proc/stat
}
# the embedded database's writes into its file so far, one per commit (webhooker_h2_file_writes_total); empty on PostgreSQL
h2_file_writes() {
  curl -s "http://127.0.0.1:$MANAGEMENT_PORT/actuator/prometheus" | awk '$1 ~ /^webhooker_h2_file_writes_total({|$)/ {printf "%.0f", $2}'
}
backlog_warmup_round() { backlog_round 2000 "backlog-warmup-$BACKLOG_LABEL-$1" > /dev/null; }
# backlog_points LABEL : warm-up, then $REPS measured rounds, recorded as backlog-LABEL
backlog_points() {
  local label=$1 rep line
  BACKLOG_LABEL=$label
  warm_up_until_compiled "backlog-$label" "$BACKLOG_WARMUP_MAX_ROUNDS" backlog_warmup_round
  echo "backlog_warmup_$label=$WARMUP_ROUNDS rounds of 2,000 pushes; the JIT compilers used $WARMUP_JIT of a core in the last" >> "$WORK/machine.txt"
  for rep in $(seq "$REPS"); do
    # the first measured round on PostgreSQL counts its statements: per statement its calls, rows, text, execution
    # time (ms), planning time (ms, 0: not tracked) and WAL records and bytes
    BACKLOG_COUNT_STATEMENTS=
    [ "$label" = postgres ] && [ "$rep" = 1 ] && BACKLOG_COUNT_STATEMENTS=1
    line=$(backlog_round "$BACKLOG_PUSHES" "backlog-$label-$rep")
    [ -n "$BACKLOG_COUNT_STATEMENTS" ] && psql -At -F $'\t' -h 127.0.0.1 -p $BACKLOG_PG_PORT -U postgres -d webhooker_backlog -c \
      "SELECT calls, rows, regexp_replace(query, '\s+', ' ', 'g'), round(total_exec_time::numeric, 1), round(total_plan_time::numeric, 1),
       wal_records, wal_bytes FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
       WHERE d.datname = 'webhooker_backlog' ORDER BY calls DESC" > "$WORK/backlog-statements.tsv"
    record "backlog-$label" "$rep" sends_per_s "$(sed -E 's/.*sends_per_s=([0-9.NaN]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" messages "$(sed -E 's/.*messages=([0-9]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" app_cpu_us_per_send "$(sed -E 's/.*app_cpu_us_per_send=([0-9]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" postgres_cpu_us_per_send "$(sed -E 's/.*postgres_cpu_us_per_send=([0-9]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" h2_file_writes_per_send "$(sed -E 's/.*h2_file_writes_per_send=([0-9.NaN]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" machine_busy_pct "$(sed -E 's/.*machine_busy_pct=([0-9.]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" steal_pct "$(sed -E 's/.*steal_pct=([0-9.]+).*/\1/' <<< "$line")"
    record "backlog-$label" "$rep" peak_threads "$(sed -E 's/.*peak_threads=([0-9]+).*/\1/' <<< "$line")"
    log "backlog $label rep $rep: $line"
  done
}
backlog_app_env=(WEBHOOKER_CONFIG=bench/webhooker.bench.yaml PUBLISHED_RATE_LIMITS=false PLATFORM_REQUEST_TIMEOUT=120s
  DISCORD_TOKEN=bench DISCORD_API_URL=http://127.0.0.1:$SINK_PORT TELEGRAM_TOKEN=bench TELEGRAM_API_URL=http://127.0.0.1:$SINK_PORT)
if want backlog || want backlog-postgres; then
  java bench/Sink.java $SINK_PORT > "$WORK/sink-backlog.log" 2>&1 &
  SINK_PID=$!
  STARTED_PIDS+=("$SINK_PID")
  wait_http "http://127.0.0.1:$SINK_PORT/control/count"
  SINK=http://127.0.0.1:$SINK_PORT/control
  curl -s "$SINK/latency?ms=$BACKLOG_LATENCY_MS" > /dev/null
  FIXTURE=${BENCH_BACKLOG_FIXTURE:-$FIXTURES/github/push/commits.json}
  if want backlog; then
    log "backlog: embedded default, $BACKLOG_PUSHES pushes x 3 targets"
    APP_EXTRA_OPTS=$(jfr_opts backlog) start_app backlog "${backlog_app_env[@]}"
    backlog_points embedded
    stop_pid "$APP_PID"
  fi
  if want backlog-postgres && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    log "backlog: PostgreSQL (own server on :$BACKLOG_PG_PORT) + Redis"
    PG_BIN=/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -1)/bin
    rm -rf "$BACKLOG_PG_DIR"; mkdir -p "$BACKLOG_PG_DIR"; chown postgres "$BACKLOG_PG_DIR"
    runuser -u postgres -- "$PG_BIN/initdb" -A trust -U postgres -D "$BACKLOG_PG_DIR/data" > "$WORK/backlog-pg-init.log" 2>&1
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$BACKLOG_PG_DIR/data" -l "$BACKLOG_PG_DIR/server.log" -w start \
      -o "-p $BACKLOG_PG_PORT -k $BACKLOG_PG_DIR -c listen_addresses=127.0.0.1 -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_utility=on -c pg_stat_statements.max=10000" > /dev/null
    psql -q -h 127.0.0.1 -p $BACKLOG_PG_PORT -U postgres -d postgres -c 'CREATE DATABASE webhooker_backlog' > /dev/null
    psql -q -h 127.0.0.1 -p $BACKLOG_PG_PORT -U postgres -d webhooker_backlog -c 'CREATE EXTENSION pg_stat_statements' > /dev/null
    redis-cli -h 127.0.0.1 -p 6379 -n 7 flushdb > /dev/null
    APP_EXTRA_OPTS=$(jfr_opts backlog-postgres) start_app backlog-postgres "${backlog_app_env[@]}" \
      DATABASE_URL=jdbc:postgresql://127.0.0.1:$BACKLOG_PG_PORT/webhooker_backlog DATABASE_USER=postgres \
      WEBHOOKER_SECRET_KEY=bench-only-key-of-more-than-thirty-two-characters REDIS_URL=redis://127.0.0.1:6379/7
    backlog_points postgres
    stop_pid "$APP_PID"
    deliveries=$BACKLOG_PUSHES
    all=$(awk -F'\t' '{c += $1} END {print c + 0}' "$WORK/backlog-statements.tsv")
    dml=$(awk -F'\t' 'toupper($3) !~ /^(BEGIN|COMMIT|ROLLBACK|SET |SHOW |SAVEPOINT|RELEASE)/ {c += $1} END {print c + 0}' "$WORK/backlog-statements.tsv")
    record backlog-postgres 1 statements_per_delivery "$(awk -v c="$dml" -v d="$deliveries" 'BEGIN{printf "%.2f", c/d}')"
    record backlog-postgres 1 statements_with_transactions_per_delivery "$(awk -v c="$all" -v d="$deliveries" 'BEGIN{printf "%.2f", c/d}')"
    log "backlog postgres: $dml statements ($all with transaction control) over $deliveries deliveries; per statement in $WORK/backlog-statements.tsv"
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$BACKLOG_PG_DIR/data" -w -m fast stop > /dev/null
  fi
  stop_pid "$SINK_PID"
fi

# --- 5. slow senders -------------------------------------------------------------------------------
# $DRIP_CONNECTIONS connections each drip a body at one byte per second for $DRIP_SECONDS s (reconnecting when
# answered) while $DRIP_RATE normal webhooks/s are sent and /health is polled; the same traffic without the
# drippers, right before, is the baseline. What counts is how much later the normal webhooks are answered.
if want slow-senders; then
log "slow senders: $DRIP_CONNECTIONS dripping connections for $DRIP_SECONDS s beside $DRIP_RATE webhooks/s"
start_app slow WEBHOOKER_CONFIG=bench/webhooker.ingest.yaml
DRIP_FIXTURE=$FIXTURES/github/push/commits.json
java bench/Load.java drip "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$DRIP_FIXTURE" 0 "$WARMUP" "$DRIP_RATE" >> "$WORK/load.log"
for rep in $(seq "$REPS"); do
  for mode in base drip; do
    n=0; [ "$mode" = drip ] && n=$DRIP_CONNECTIONS
    line=$(java bench/Load.java drip "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$DRIP_FIXTURE" "$n" "$DRIP_SECONDS" "$DRIP_RATE" | grep RESULT)
    log "slow senders rep $rep $mode: $line"
    for k in failed p50_ms p99_ms health_max_ms health_failures drippers_408 drippers_other; do
      record "slow-senders-$mode" "$rep" "$k" "$(sed -E "s/.*[ ]$k=([0-9.]+).*/\1/" <<< "$line")"
    done
  done
done
echo "drip=$DRIP_CONNECTIONS connections, $DRIP_SECONDS s, $DRIP_RATE webhooks/s" >> "$WORK/machine.txt"
stop_pid "$APP_PID"
fi

# --- 5b. slow senders on the other paths ------------------------------------------------------------
# The same, with the drippers spread over /discord/interactions (well-formed, fresh signature headers: the body is
# read before the signature can fail), a POST to a path nothing serves (404) and a PUT form there; the normal
# webhooks still go to /webhook. DISCORD_PUBLIC_KEY is RFC 8032's first test key: any valid key would do.
if want slow-senders-other; then
log "slow senders on other paths: $DRIP_CONNECTIONS dripping connections for $DRIP_SECONDS s beside $DRIP_RATE webhooks/s"
start_app slow-other WEBHOOKER_CONFIG=bench/webhooker.ingest.yaml \
  DISCORD_PUBLIC_KEY=d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a
DRIP_FIXTURE=$FIXTURES/github/push/commits.json
java bench/Load.java drip "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$DRIP_FIXTURE" 0 "$WARMUP" "$DRIP_RATE" >> "$WORK/load.log"
for rep in $(seq "$REPS"); do
  for mode in base drip; do
    n=0; [ "$mode" = drip ] && n=$DRIP_CONNECTIONS
    line=$(java bench/Load.java drip "http://127.0.0.1:$APP_PORT/webhook" "$SECRET" "$DRIP_FIXTURE" "$n" "$DRIP_SECONDS" "$DRIP_RATE" other | grep RESULT)
    log "slow senders (other paths) rep $rep $mode: $line"
    for k in failed p50_ms p99_ms health_max_ms health_failures drippers_408 drippers_other; do
      record "slow-senders-other-$mode" "$rep" "$k" "$(sed -E "s/.*[ ]$k=([0-9.]+).*/\1/" <<< "$line")"
    done
  done
done
echo "drip=$DRIP_CONNECTIONS connections, $DRIP_SECONDS s, $DRIP_RATE webhooks/s" >> "$WORK/machine.txt"
stop_pid "$APP_PID"
fi

# --- 6. admin API paging --------------------------------------------------------------------------
# The service starts once to create its schema and stops; bench/paging/seed.sql then writes 1,000,000 send logs,
# 100,000 deliveries (300,000 targets) and 100,000 audit entries straight into its database, and two console
# sessions into its KV store; it starts again on that data. Each request shape runs $DURATION s at concurrency 4
# (a few people at their consoles), once as a super admin and once as a viewer of two of the ten groups, after
# a short warm-up of every shape. Storage-prune and audit-prune are moved to 1 January so they cannot run.
PAGING_SUPER=$(printf 'b%.0s' {1..64})
PAGING_MEMBER=$(printf 'c%.0s' {1..64})
PAGING_SHAPES="newest deep failed route delivery audit"
paging_sessions_json() { # USER_ID LOGIN NOW_MS
  printf '{"userId":"%s","login":"%s","createdAt":%s,"lastSeenAt":%s}' "$1" "$2" "$3" "$3"
}
# paging_point BACKEND ENV... : schema, seed, measure
paging_point() {
  local backend=$1; shift
  local env=(WEBHOOKER_CONFIG=bench/paging/webhooker.paging.yaml ADMIN_USER_IDS=900001
    STORAGE_PRUNE_CRON="0 0 1 1 *" AUDIT_PRUNE_CRON="0 0 1 1 *" SEND_LOG_RETENTION_DAYS=60 "$@")
  log "paging ($backend): creating the schema"
  start_app "paging-$backend" "${env[@]}"
  stop_pid "$APP_PID"
  local now; now=$(now_ms)
  local seed=$WORK/seed-$backend.sql t0; t0=$(now_ms)
  if [ "$backend" = embedded ]; then
    sed -e "s/@NOW@/$now/g" -e 's/@RANGE(\([0-9]*\))@/SYSTEM_RANGE(1, \1) AS s(x)/g' bench/paging/seed.sql > "$seed"
    for who in "$PAGING_SUPER 900001 bench-root" "$PAGING_MEMBER 900002 bench-member"; do
      read -r sid uid login <<< "$who"
      echo "INSERT INTO kv_entries (key, value, expires_at) VALUES ('session:$sid', '$(paging_sessions_json "$uid" "$login" "$now")', $((now + 86400000)));" >> "$seed"
    done
    java -cp "$(ls bench/target/jar/BOOT-INF/lib/h2-*.jar)" org.h2.tools.RunScript \
      -url "jdbc:h2:file:$ROOT/$WORK/data-paging-$backend/webhooker;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;NON_KEYWORDS=KEY,VALUE" \
      -user sa -password "" -script "$seed"
  else
    sed -e "s/@NOW@/$now/g" -e 's/@RANGE(\([0-9]*\))@/generate_series(CAST(1 AS BIGINT), \1) AS s(x)/g' bench/paging/seed.sql > "$seed"
    psql -q -h 127.0.0.1 -U postgres -d webhooker_paging -v ON_ERROR_STOP=1 -f "$seed" > /dev/null
    redis-cli -h 127.0.0.1 -p 6379 SET "session:$PAGING_SUPER" "$(paging_sessions_json 900001 bench-root "$now")" EX 86400 > /dev/null
    redis-cli -h 127.0.0.1 -p 6379 SET "session:$PAGING_MEMBER" "$(paging_sessions_json 900002 bench-member "$now")" EX 86400 > /dev/null
  fi
  log "paging ($backend): seeded in $(( ($(now_ms) - t0) / 1000 )) s"
  KEEP_DATA=1 start_app "paging-$backend" "${env[@]}"
  local caller sid shape out
  for caller in super member; do
    sid=$PAGING_SUPER; [ "$caller" = member ] && sid=$PAGING_MEMBER
    for shape in $PAGING_SHAPES; do
      wrk -t1 -c4 -d3s --timeout 10s -s bench/paging/paging.lua "http://127.0.0.1:$APP_PORT" -- "$sid" "$shape" 1000000 100000 100000 > /dev/null
    done
    for shape in $PAGING_SHAPES; do
      for rep in $(seq "$REPS"); do
        out=$(wrk -t1 -c4 -d"$DURATION"s --timeout 10s -s bench/paging/paging.lua "http://127.0.0.1:$APP_PORT" \
          -- "$sid" "$shape" 1000000 100000 100000 | grep '^RESULT')
        echo "paging $backend $caller $shape $out" >> "$WORK/wrk.log"
        read -r n s bad err p50 p99 <<< "$(sed -E 's/.*requests=([0-9]+) seconds=([0-9.]+) non2xx=([0-9]+) socket_errors=([0-9]+) p50_ms=([0-9.]+) p99_ms=([0-9.]+)/\1 \2 \3 \4 \5 \6/' <<< "$out")"
        local point="paging-$backend-$caller-$shape"
        record "$point" "$rep" rps "$(awk -v n="$n" -v s="$s" 'BEGIN{printf "%.1f", n/s}')"
        record "$point" "$rep" p50_ms "$p50"; record "$point" "$rep" p99_ms "$p99"
        record "$point" "$rep" errors "$((bad + err))"
        log "paging $backend $caller $shape rep $rep: $out"
      done
    done
  done
  stop_pid "$APP_PID"
}
if want paging; then
  paging_point embedded
  if pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    psql -q -h 127.0.0.1 -U postgres -d postgres -c 'DROP DATABASE IF EXISTS webhooker_paging' -c 'CREATE DATABASE webhooker_paging' >/dev/null
    paging_point production DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/webhooker_paging DATABASE_USER=postgres \
      WEBHOOKER_SECRET_KEY=bench-only-key-of-more-than-thirty-two-characters REDIS_URL=redis://127.0.0.1:6379/0
    psql -q -h 127.0.0.1 -U postgres -d postgres -c 'DROP DATABASE IF EXISTS webhooker_paging' >/dev/null || true
    redis-cli -h 127.0.0.1 -p 6379 DEL "session:$PAGING_SUPER" "session:$PAGING_MEMBER" > /dev/null
  else
    log "PostgreSQL or Redis not answering on 127.0.0.1: paging on PostgreSQL skipped"
  fi
fi

# --- 7. several instances on one PostgreSQL --------------------------------------------------------
# N = 1, 2 and 3 instances, each its own JVM and data directory, on one PostgreSQL database and the machine's Redis
# (KV and the shared rate limits; the bodies stay in the row, under PAYLOAD_INLINE_MAX_BYTES). Ingest: one wrk per
# instance, 64 connections in all, no routes. Delivery: closed-loop blasts spread over the instances, three targets
# per webhook at the sink (PUBLISHED_RATE_LIMITS=false: the sink is one fake chat). Every process shares the
# machine's cores with PostgreSQL, Redis, the load and the sink; the CPU each used is recorded beside the figures.
SCALE_DB=webhooker_scale
SCALE_ENV=(DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/$SCALE_DB DATABASE_USER=postgres
  WEBHOOKER_SECRET_KEY=bench-only-key-of-more-than-thirty-two-characters REDIS_URL=redis://127.0.0.1:6379/0)
SCALE_PIDS=()
SCALE_URLS=()
# start_instances N LABEL ENV... : N instances on their own ports (sets SCALE_PIDS, SCALE_URLS), all ready
start_instances() {
  local n=$1 label=$2; shift 2
  SCALE_PIDS=(); SCALE_URLS=()
  local i port data
  for i in $(seq 0 $((n - 1))); do
    port=$((APP_PORT + 20 + i)); data=$WORK/data-$label-$n-$i
    rm -rf "$data"; mkdir -p "$data"
    env PORT=$port MANAGEMENT_PORT=$((MANAGEMENT_PORT + 30 + i)) DATA_DIR="$data" GITHUB_WEBHOOK_SECRET=$SECRET \
      WEBHOOKER_ROUTES_DIR=bench/routes "${SCALE_ENV[@]}" "$@" \
      MALLOC_ARENA_MAX=$MALLOC_ARENAS java $JVM_OPTS -jar "$JAR" > "$WORK/app-$label-$n-$i.log" 2>&1 &
    SCALE_PIDS+=("$!"); STARTED_PIDS+=("$!"); SCALE_URLS+=("http://127.0.0.1:$port")
  done
  for i in "${!SCALE_URLS[@]}"; do
    wait_http "${SCALE_URLS[$i]}/health" || { log "$label: instance $i did not become ready; see $WORK/app-$label-$n-$i.log"; exit 1; }
  done
}
stop_instances() {
  local pid
  for pid in "${SCALE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${SCALE_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
}
fresh_scale_db() {
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $SCALE_DB" -c "CREATE DATABASE $SCALE_DB" >/dev/null
}
# scale_ingest_round N SECONDS : one wrk per instance, 64 connections in all; prints "webhooks_per_s errors"
scale_ingest_round() {
  local n=$1 seconds=$2 i outs=() wrks=()
  for i in $(seq 0 $((n - 1))); do
    outs+=("$WORK/wrk-scale-$i.txt")
    wrk -t1 -c$((64 / n)) -d"$seconds"s --timeout 10s -s bench/ingest.lua "${SCALE_URLS[$i]}/webhook" -- "$MANIFEST" "s$RANDOM$RANDOM" \
      > "${outs[$i]}.all" &
    wrks+=("$!")
  done
  wait "${wrks[@]}" || true
  for i in "${!outs[@]}"; do grep '^RESULT' "${outs[$i]}.all" > "${outs[$i]}"; done
  cat "${outs[@]}" >> "$WORK/wrk.log"
  cat "${outs[@]}" | sed -E 's/.*requests=([0-9]+) seconds=([0-9.]+) non2xx=([0-9]+) socket_errors=([0-9]+).*/\1 \2 \3 \4/' \
    | awk '{ok += ($1 - $3) / $2; bad += $3 + $4} END {printf "%.1f %d\n", ok, bad}'
}
if want scale; then
  if pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    java bench/Sink.java $SINK_PORT > "$WORK/sink-scale.log" 2>&1 &
    SINK_PID=$!
    STARTED_PIDS+=("$SINK_PID")
    wait_http "http://127.0.0.1:$SINK_PORT/control/count"
    SINK=http://127.0.0.1:$SINK_PORT/control
    FIXTURE=$FIXTURES/github/push/commits.json
    for n in ${BENCH_SCALE_INSTANCES:-1 2 3}; do
      fresh_scale_db
      log "scale: $n instance(s), ingest"
      start_instances "$n" scale-ingest WEBHOOKER_CONFIG=bench/webhooker.ingest.yaml WEBHOOK_BODY_REPLAY_DEDUP=false
      for _ in 1 2; do scale_ingest_round "$n" "$WARMUP" > /dev/null; done
      for rep in $(seq "$REPS"); do
        pg=$(postgres_pids); a0=$(cpu_ticks "${SCALE_PIDS[@]}"); p0=$(cpu_ticks $pg); t0=$(now_ms)
        read -r rps bad < <(scale_ingest_round "$n" "$DURATION")
        wall=$(( $(now_ms) - t0 )); a1=$(cpu_ticks "${SCALE_PIDS[@]}"); p1=$(cpu_ticks $pg)
        record "scale-ingest-$n" "$rep" rps "$rps"; record "scale-ingest-$n" "$rep" errors "$bad"
        record "scale-ingest-$n" "$rep" app_cores "$(cores_used $((a1 - a0)) "$wall")"
        record "scale-ingest-$n" "$rep" postgres_cores "$(cores_used $((p1 - p0)) "$wall")"
        log "scale: $n instance(s), ingest rep $rep: $rps webhooks/s, $bad errors"
      done
      stop_instances
      fresh_scale_db
      log "scale: $n instance(s), delivery"
      start_instances "$n" scale-e2e WEBHOOKER_CONFIG=bench/webhooker.bench.yaml PUBLISHED_RATE_LIMITS=false \
        DISCORD_TOKEN=bench DISCORD_API_URL=http://127.0.0.1:$SINK_PORT TELEGRAM_TOKEN=bench TELEGRAM_API_URL=http://127.0.0.1:$SINK_PORT
      urls=$(printf '%s/webhook,' "${SCALE_URLS[@]}"); urls=${urls%,}
      for round in 1 2; do
        java bench/Load.java blast "$urls" "$SECRET" "$FIXTURE" "$SATURATION_WEBHOOKS" 32 "$WORK/sent-scale-warmup-$n-$round.tsv" >> "$WORK/load.log"
        drain 180
      done
      for rep in $(seq "$REPS"); do
        tag=scale-$n-$rep
        curl -s "$SINK/dump?file=$ROOT/$WORK/discard.tsv" > /dev/null
        pg=$(postgres_pids); a0=$(cpu_ticks "${SCALE_PIDS[@]}"); p0=$(cpu_ticks $pg); t0=$(now_ms)
        java bench/Load.java blast "$urls" "$SECRET" "$FIXTURE" "$SATURATION_WEBHOOKS" 32 "$WORK/sent-$tag.tsv" >> "$WORK/load.log"
        drain 180
        wall=$(( $(now_ms) - t0 )); a1=$(cpu_ticks "${SCALE_PIDS[@]}"); p1=$(cpu_ticks $pg)
        curl -s "$SINK/dump?file=$ROOT/$WORK/arrivals-$tag.tsv" > /dev/null
        line=$(java bench/Load.java join "$WORK/sent-$tag.tsv" "$WORK/arrivals-$tag.tsv" 3 | tee -a "$WORK/join.log")
        for k in deliveries_per_s complete_webhooks accepted a2s_p99_ms; do
          record "scale-e2e-$n" "$rep" "$k" "$(sed -E "s/.*$k=([0-9.NaN]+).*/\1/" <<< "$line")"
        done
        # the drain's last two seconds of quiet are in the wall time: CPU shares are a little low, alike for every N
        record "scale-e2e-$n" "$rep" app_cores "$(cores_used $((a1 - a0)) "$wall")"
        record "scale-e2e-$n" "$rep" postgres_cores "$(cores_used $((p1 - p0)) "$wall")"
        log "scale: $n instance(s), delivery rep $rep: $line"
      done
      stop_instances
    done
    echo "scale_warmup=2 rounds of $WARMUP s of ingest, then 2 blasts of $SATURATION_WEBHOOKS webhooks, per instance count" >> "$WORK/machine.txt"
    stop_pid "$SINK_PID"
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $SCALE_DB" >/dev/null || true
  else
    log "PostgreSQL or Redis not answering on 127.0.0.1: scale skipped"
  fi
fi

# --- 8. the claim query with a backlog ------------------------------------------------------------
# 1,000 and then 100,000 due deliveries (pushes, seeded straight into delivery_state with their bodies) while one
# instance on PostgreSQL works through them against a sink that answers after 500 ms, so the backlog barely moves
# while it is measured. PostgreSQL logs the duration of every statement on this database
# (log_min_duration_statement=0); the claim statement's durations are read back from its log. The claim must cost
# the same with either backlog.
CLAIM_DB=webhooker_claim
if want claim; then
  PG_LOG=$(ls /var/log/postgresql/postgresql-*-main.log 2>/dev/null | sort -V | tail -1)
  if [ -n "$PG_LOG" ] && [ -r "$PG_LOG" ] && pg_isready -q -h 127.0.0.1 -p 5432; then
    java bench/Sink.java $SINK_PORT > "$WORK/sink-claim.log" 2>&1 &
    SINK_PID=$!
    STARTED_PIDS+=("$SINK_PID")
    wait_http "http://127.0.0.1:$SINK_PORT/control/count"
    SINK=http://127.0.0.1:$SINK_PORT/control
    curl -s "$SINK/latency?ms=500" > /dev/null
    for backlog in 1000 100000; do
      psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $CLAIM_DB" -c "CREATE DATABASE $CLAIM_DB" >/dev/null
      claim_env=(WEBHOOKER_CONFIG=bench/webhooker.bench.yaml PUBLISHED_RATE_LIMITS=false
        DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/$CLAIM_DB DATABASE_USER=postgres
        WEBHOOKER_SECRET_KEY=bench-only-key-of-more-than-thirty-two-characters
        DISCORD_TOKEN=bench DISCORD_API_URL=http://127.0.0.1:$SINK_PORT TELEGRAM_TOKEN=bench TELEGRAM_API_URL=http://127.0.0.1:$SINK_PORT)
      # the schema first (Flyway), then the backlog, then the measured run
      start_app claim-schema "${claim_env[@]}" DELIVERY_ENABLED=false
      stop_pid "$APP_PID"
      now=$(now_ms)
      psql -q -h 127.0.0.1 -U postgres -d "$CLAIM_DB" -v ON_ERROR_STOP=1 -v payload="$(tr -d '\n' < "$FIXTURES/github/push/commits.json")" <<SQL >/dev/null
INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id, payload, received_at,
                            attempts, next_attempt_at)
SELECT 'github:global:claim-' || x, 'pending', $now - x, 'claim-' || x, 'github', 'push', NULL, :'payload', $now - x,
       0, $now - x
FROM generate_series(1, $backlog) AS s(x);
ANALYZE delivery_state;
SQL
      psql -q -h 127.0.0.1 -U postgres -d postgres -c "ALTER DATABASE $CLAIM_DB SET log_min_duration_statement = 0" >/dev/null
      log_from=$(( $(wc -l < "$PG_LOG") + 1 ))
      start_app claim "${claim_env[@]}"
      sleep "$DURATION"
      stop_pid "$APP_PID"
      psql -q -h 127.0.0.1 -U postgres -d postgres -c "ALTER DATABASE $CLAIM_DB RESET log_min_duration_statement" >/dev/null
      left=$(psql -At -h 127.0.0.1 -U postgres -d "$CLAIM_DB" -c "SELECT count(*) FROM delivery_state WHERE status IN ('pending', 'retrying', 'processing')")
      tail -n +"$log_from" "$PG_LOG" | grep "@$CLAIM_DB " | grep "SET status = 'processing'" \
        | sed -E 's/.*duration: ([0-9.]+) ms.*/\1/' | sort -n > "$WORK/claim-$backlog.txt"
      claims=$(wc -l < "$WORK/claim-$backlog.txt")
      if [ "$claims" -gt 0 ]; then
        record "claim-$backlog" 1 claims "$claims"
        record "claim-$backlog" 1 p50_ms "$(awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}' "$WORK/claim-$backlog.txt")"
        record "claim-$backlog" 1 p99_ms "$(awk '{v[NR]=$1} END {i=int(NR*0.99); if (i<1) i=1; print v[i]}' "$WORK/claim-$backlog.txt")"
        record "claim-$backlog" 1 backlog_after "$left"
      fi
      log "claim: backlog $backlog, $claims claims, $left still due at the end"
    done
    curl -s "$SINK/latency?ms=0" > /dev/null
    stop_pid "$SINK_PID"
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $CLAIM_DB" >/dev/null || true
  else
    log "PostgreSQL's log is not readable here: claim skipped"
  fi
fi

# --- 4. resources of the bare app; start-up of both ----------------------------------------------
if want bare; then
log "bare app: RSS/CPU under the same load"
start_bare
wrk_point "http://127.0.0.1:$BARE_PORT/bench/bare" 64 "$WARMUP" > /dev/null
for rep in $(seq "$REPS"); do
  sample_resources "$APP_PID" "$DURATION" "$WORK/res.txt" &
  sampler=$!
  read -r n s bad err p50 p99 < <(wrk_point "http://127.0.0.1:$BARE_PORT/bench/bare" 64 "$DURATION")
  wait "$sampler"
  read -r rss cpu < "$WORK/res.txt"
  record "bare-app-c64" "$rep" rps "$(awk -v n="$n" -v s="$s" -v b="$bad" 'BEGIN{printf "%.1f", (n-b)/s}')"
  record "bare-app-c64" "$rep" rss_kb "$rss"; record "bare-app-c64" "$rep" cpu_cores "$cpu"
done
stop_pid "$APP_PID"
fi

want startup && log "start-up to ready, $REPS times each"
want startup && for rep in $(seq "$REPS"); do
  start_bare; record startup-bare "$rep" ms "$STARTUP_MS"; stop_pid "$APP_PID"
  start_app startup WEBHOOKER_CONFIG=bench/webhooker.bench.yaml; record startup-webhooker "$rep" ms "$STARTUP_MS"
  stop_pid "$APP_PID"
done
echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$WORK/machine.txt"

# --- report --------------------------------------------------------------------------------------
if [ "$POINTS" = " $ALL_POINTS " ]; then
  # a later run of the same day gets a suffix (-b, -c, …, then the time) and never replaces an earlier report
  NAME=$(date -u +%Y-%m-%d)
  for suffix in {b..z} "$STAMP"; do
    [ -e "bench/results/$NAME.md" ] || break
    NAME=$(date -u +%Y-%m-%d)-$suffix
  done
  REPORT=bench/results/$NAME.md
  java bench/Report.java "$WORK" "$REPORT"
  cp "$RAW" "bench/results/$NAME-raw.tsv"
else
  REPORT=$WORK/report.md
  java bench/Report.java "$WORK" "$REPORT" || log "partial run: the report needs every point; raw figures in $RAW"
fi
log "report: $REPORT"
