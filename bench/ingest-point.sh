# The embedded ingest point's set-up, shared by ab.sh and ingest-profile.sh (sourced; run from the repository's root).

# ingest_prepare OUT : SECRET; the signed fixture mix of bench/ingest.lua in OUT/requests (MANIFEST names it); wrk
# installed when missing; JVM_OPTS (BENCH_JVM_OPTS, or the suggested options); INGEST_ENV, the environment a webhooker
# run of the point gets besides its DATA_DIR (no routes: the delivery engine has nothing to do)
ingest_prepare() {
  SECRET=bench-secret
  local fixtures=${WEBHOOKER_FIXTURES:-} f
  for f in /work/shared/fixtures ../shared/fixtures; do [ -z "$fixtures" ] && [ -d "$f/github" ] && fixtures=$f; done
  [ -n "$fixtures" ] || { echo "fixtures not found: set WEBHOOKER_FIXTURES" >&2; exit 1; }
  command -v wrk >/dev/null || apt-get install -y -q wrk >/dev/null
  java bench/Load.java prepare "$SECRET" "$fixtures" "$1/requests"
  MANIFEST=$1/requests/manifest.txt
  JVM_OPTS=${BENCH_JVM_OPTS:-"-Xms128m -Xmx256m -Xmn85m -XX:MaxMetaspaceSize=192m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=4 -Djdk.nio.maxCachedBufferSize=65536 -XX:TrimNativeHeapInterval=5000"}
  INGEST_ENV=(PORT=18080 MANAGEMENT_PORT=18082 GITHUB_WEBHOOK_SECRET="$SECRET" WEBHOOKER_ROUTES_DIR=bench/routes
    WEBHOOKER_CONFIG=bench/webhooker.ingest.yaml WEBHOOK_BODY_REPLAY_DEDUP=false MALLOC_ARENA_MAX=2)
}

# ingest_load CONCURRENCY SECONDS : "requests seconds non2xx" of one wrk run of the mix against the service
ingest_load() {
  wrk -t2 -c"$1" -d"$2"s --timeout 10s -s bench/ingest.lua http://127.0.0.1:18080/webhook -- "$MANIFEST" \
    "r$RANDOM$RANDOM" | grep '^RESULT' | sed -E 's/.*requests=([0-9]+) seconds=([0-9.]+) non2xx=([0-9]+).*/\1 \2 \3/'
}

# ingest_jit_ticks PID : the CPU ticks the JVM's compiler threads have used so far
ingest_jit_ticks() {
  local sum=0 f t
  for t in /proc/"$1"/task/*; do
    case "$(cat "$t/comm" 2>/dev/null)" in
      C1\ Compiler*|C2\ Compiler*)
        read -ra f <<< "$(sed 's/.*) //' "$t/stat" 2>/dev/null)"
        [ "${#f[@]}" -gt 12 ] && sum=$((sum + f[11] + f[12])) ;;
    esac
  done
  echo "$sum"
}

# ingest_warm_up PID : c64 rounds of 15 s until the JIT compilers used under 3 % of a core in two rounds in a row, at
# most WARM_MAX (30 unless set); WARM_ROUNDS is how many ran
ingest_warm_up() {
  local settled=0 j0 t0 permille hz
  hz=$(getconf CLK_TCK)
  for WARM_ROUNDS in $(seq "${WARM_MAX:-30}"); do
    j0=$(ingest_jit_ticks "$1"); t0=$(date +%s%3N)
    ingest_load 64 15 > /dev/null
    permille=$(( ($(ingest_jit_ticks "$1") - j0) * 1000000 / hz / ($(date +%s%3N) - t0) ))
    if [ "$permille" -lt 30 ]; then settled=$((settled + 1)); else settled=0; fi
    [ "$settled" -ge 2 ] && break
  done
  return 0
}
