#!/usr/bin/env bash
# The storage prune's statements on delivery_state, planned and run by PostgreSQL on a large table: which index each
# takes, how many rows it passes over and how many buffers it touches. A statement with parameters is shown twice:
# planned for its values, and with the generic plan, planned once for any values, which PostgreSQL may switch to
# once the JDBC driver prepares the statement on the server (after a connection has run it five times; the prune
# runs each statement once per batch). Not a timed point of run.sh: each statement runs once, writes in a
# transaction that is rolled back.
#
#   bash bench/prune-plans.sh            # 1,000,000 rows; PRUNE_PLAN_ROWS=N for another size
#
# It needs a PostgreSQL on 127.0.0.1:5432 (user postgres), creates the database webhooker_prune_plans from the
# service's migrations, fills delivery_state as an instance that delivers steadily leaves it an hour after its last
# prune (which runs every five minutes by default, so a run has twelve times less to do), and writes the plans to bench/target/prune-plans.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${PRUNE_PLAN_ROWS:-1000000}
DB=webhooker_prune_plans
OUT=bench/target/prune-plans.txt
mkdir -p bench/target
psql_db() { psql -q -X -h 127.0.0.1 -U postgres -d "$DB" -v ON_ERROR_STOP=1 "$@"; }

PGOPTIONS="-c client_min_messages=warning" psql -q -X -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $DB" \
  -c "CREATE DATABASE $DB" > /dev/null
for migration in $(ls src/main/resources/db/migration/postgresql/*.sql | sort -V); do
  psql_db -f "$migration" > /dev/null
done

NOW=$(($(date +%s) * 1000))
HOUR=3600000
DAY=$((24 * HOUR))
# The rows span the 7 days a final delivery is kept plus the hour since the last prune: the oldest hour is past its
# retention. One in a hundred failed and one in a hundred dead (they keep their payload for 7 days), the newest 0.1 %
# still pending, the rest delivered. A delivered row keeps its payload for 24 hours: the last prune, an hour ago,
# discarded it for rows delivered before now - 25 h, so rows from then to now - 24 h still have it. One payload in
# ten is parked in the object store (payload_ref) rather than inline. Each delivery has three target rows.
psql_db > /dev/null <<SQL
INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id, payload, payload_ref,
                            received_at, attempts, next_attempt_at)
SELECT 'github:g' || (x % 10) || ':d-' || x, s.status, s.at, 'd-' || x, 'github', 'push', 'g' || (x % 10),
       CASE WHEN s.kept AND x % 10 <> 5 THEN repeat('{"ref":"refs/heads/main"}', 12) END,
       CASE WHEN s.kept AND x % 10 = 5 THEN 'payloads/github/d-' || x END,
       s.at - 400, CASE WHEN s.status = 'pending' THEN 0 ELSE 1 END,
       CASE WHEN s.status = 'pending' THEN s.at + 5000 END
FROM generate_series(1, $ROWS) AS x,
LATERAL (SELECT $NOW - ($ROWS - x)::bigint * (7 * $DAY + $HOUR) / $ROWS AS at) t,
LATERAL (SELECT CASE WHEN x > $ROWS - $ROWS / 1000 THEN 'pending' WHEN x % 100 = 0 THEN 'failed'
                     WHEN x % 100 = 1 THEN 'dead' ELSE 'delivered' END AS status) st,
LATERAL (SELECT st.status, t.at,
                st.status <> 'delivered' OR t.at >= $NOW - 25 * $HOUR AS kept) s;
-- three targets per delivery (two Discord channels, one Telegram chat), in the state of their delivery
INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, platform, channel_id, chat_id,
                              status, attempts, next_attempt_at, message_id, updated_at)
SELECT d.key, d.group_id, 'r1', 't' || n, n, CASE WHEN n = 3 THEN 'telegram' ELSE 'discord' END,
       CASE WHEN n < 3 THEN '11111111111111111' || n END, CASE WHEN n = 3 THEN '-100123' END,
       d.status,
       d.attempts, d.updated_at, CASE WHEN d.status = 'delivered' THEN 'm-' || d.delivery_id || '-' || n END, d.updated_at
FROM delivery_state d, generate_series(1, 3) AS n;
VACUUM ANALYZE delivery_state;
VACUUM ANALYZE delivery_targets;
SQL

KEYS=$(psql_db -At -c "SELECT string_agg(quote_literal(key), ',') FROM (SELECT key FROM delivery_state WHERE status IN ('delivered') AND updated_at < $NOW - 7 * $DAY ORDER BY updated_at LIMIT 500) k")
REFS=$(psql_db -At -c "SELECT string_agg(quote_literal(payload_ref), ',') FROM (SELECT payload_ref FROM delivery_state WHERE payload_ref IS NOT NULL ORDER BY random() LIMIT 500) r")

# name | statement | its values as the prune passes them, in the order of \$1, \$2 … (none: the statement is by key,
# and only the plan for the values is shown). The statements are the PostgreSQL forms of QueuePrune's (expiredKeys,
# deleteDeliveries, discardUndeliveredPayloadsBefore through BatchedUpdate, deliveredWithPayload, unneededPayloadRefs)
# as they stand on 2026-12-05: a change there is to be made here too
STATEMENTS=(
  "expired delivered keys|SELECT key FROM delivery_state WHERE status IN ('delivered') AND updated_at < \$1 ORDER BY updated_at LIMIT \$2|$NOW - 7 * $DAY, 500"
  "expired failed and dead keys|SELECT key FROM delivery_state WHERE status IN ('failed', 'dead') AND updated_at < \$1 ORDER BY updated_at LIMIT \$2|$NOW - 7 * $DAY, 500"
  "lock a batch of expired keys|SELECT key FROM delivery_state WHERE key IN ($KEYS) AND status IN ('delivered') AND updated_at < $NOW - 7 * $DAY FOR UPDATE|"
  "delete their target rows|DELETE FROM delivery_targets WHERE delivery_key IN ($KEYS)|"
  "delete the batch|DELETE FROM delivery_state WHERE key IN ($KEYS)|"
  "failed and dead payloads past 7 days|UPDATE delivery_state SET payload = NULL, payload_ref = NULL WHERE ctid IN (SELECT ctid FROM delivery_state WHERE status IN ('failed', 'dead') AND updated_at < \$1 AND (payload IS NOT NULL OR payload_ref IS NOT NULL) LIMIT \$2)|$NOW - 7 * $DAY, 500"
  "delivered payloads, an hour after the last run|SELECT key, updated_at FROM delivery_state WHERE updated_at >= \$1 AND updated_at < \$2 AND status = 'delivered' AND (payload IS NOT NULL OR payload_ref IS NOT NULL) ORDER BY updated_at LIMIT \$3|$NOW - 25 * $HOUR, $NOW - 24 * $HOUR, 500"
  "delivered payloads, the daily run from the oldest row|SELECT key, updated_at FROM delivery_state WHERE updated_at >= \$1 AND updated_at < \$2 AND status = 'delivered' AND (payload IS NOT NULL OR payload_ref IS NOT NULL) ORDER BY updated_at LIMIT \$3|-9223372036854775808, $NOW - 24 * $HOUR, 500"
  "parked payloads still needed|SELECT DISTINCT payload_ref FROM delivery_state WHERE payload_ref IN ($REFS) AND status <> 'delivered'|"
)

# each plan inside a transaction that is rolled back, so a write changes nothing for the next statement
explain() { psql_db -At -c BEGIN "$@" -c ROLLBACK | sed -e 's/^/    /' -e "s/IN ('[^)]*)/IN (…)/g; s/ANY ('{[^}]*}'/ANY ('{…}'/g"; }

{
  echo "# delivery_state: $ROWS rows, $(psql_db -At -c "SELECT pg_size_pretty(pg_total_relation_size('delivery_state'))") with its indexes; delivery_targets: $((ROWS * 3)) rows, $(psql_db -At -c "SELECT pg_size_pretty(pg_total_relation_size('delivery_targets'))"); PostgreSQL $(psql_db -At -c 'SHOW server_version')"
  echo "# status | rows | with a payload (inline or parked)"
  psql_db -At -c "SELECT status, count(*), count(payload) + count(payload_ref) FROM delivery_state GROUP BY status ORDER BY status"
  for entry in "${STATEMENTS[@]}"; do
    IFS='|' read -r name sql values <<< "$entry"
    echo
    if [ -z "$values" ]; then
      echo "## $name"
      explain -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) $sql"
      continue
    fi
    # the values as the driver binds them: bigint (a bare literal beyond int's range is numeric, which no index takes)
    literal=$sql
    IFS=',' read -r -a parameters <<< "$values"
    for i in "${!parameters[@]}"; do
      literal=${literal//\$$((i + 1))/(${parameters[$i]})::bigint}
    done
    types=$(printf 'bigint,%.0s' "${parameters[@]}")
    echo "## $name (the plan for the values)"
    explain -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) $literal"
    echo "## $name (the generic plan)"
    explain -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE s (${types%,}) AS $sql" \
      -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE s ($values)"
  done
} > "$OUT"
psql -q -X -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $DB" > /dev/null
echo "plans in $OUT"
