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
