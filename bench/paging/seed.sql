-- The rows of the admin API paging point (bench/run.sh "paging"), for H2 and PostgreSQL alike: run.sh
-- replaces @NOW@ (epoch ms) and @RANGE(n)@ (a table of x = 1..n) before running it on the stopped service's
-- database. 1,000,000 send logs over 30 days in ten groups, ten per delivery, one in ten failed (in every
-- group); 100,000 deliveries (one in fifty failed) with three targets each; 100,000 audit entries.
INSERT INTO send_logs (ts, route_id, event, repo, target, ok, error, status, message_id, delivery_id, platform, actor,
                       action, duration_ms, error_code, attempts, group_id)
SELECT @NOW@ - (1000000 - x) * 2592,
       'r' || MOD((x - 1 - MOD(x - 1, 10)) / 10 + 1, 10),
       CASE WHEN MOD(x, 7) = 0 THEN 'pull_request' ELSE 'push' END,
       'acme/repo-' || MOD(x, 40),
       '11111111111111111' || MOD(x, 3),
       CASE WHEN MOD(x, 10) = 0 THEN 0 ELSE 1 END,
       CASE WHEN MOD(x, 10) = 0 THEN 'HTTP 502' ELSE NULL END,
       CASE WHEN MOD(x, 10) = 0 THEN 502 ELSE 200 END,
       CASE WHEN MOD(x, 10) = 0 THEN NULL ELSE 'm' || x END,
       'bench-d-' || ((x - 1 - MOD(x - 1, 10)) / 10 + 1),
       CASE WHEN MOD(x, 3) = 2 THEN 'telegram' ELSE 'discord' END,
       'octocat',
       CASE WHEN MOD(x, 7) = 0 THEN 'opened' ELSE NULL END,
       40 + MOD(x, 60),
       CASE WHEN MOD(x, 10) = 0 THEN 'DISCORD_5XX' ELSE NULL END,
       1,
       'g' || MOD((x - 1 - MOD(x - 1, 10)) / 10 + 1, 10)
FROM @RANGE(1000000)@;

INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id, received_at, attempts,
                            next_attempt_at, last_error)
SELECT 'github:g' || MOD(x, 10) || ':bench-d-' || x,
       CASE WHEN MOD(x, 50) = 0 THEN 'failed' ELSE 'delivered' END,
       @NOW@ - (100000 - x) * 5000,
       'bench-d-' || x, 'github', 'push', 'g' || MOD(x, 10),
       @NOW@ - (100000 - x) * 5000, 1, NULL,
       CASE WHEN MOD(x, 50) = 0 THEN 'DISCORD_5XX: HTTP 502' ELSE NULL END
FROM @RANGE(100000)@;

INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, route_name, platform, channel_id,
                              status, attempts, next_attempt_at, last_error, error_code, http_status, message_id, updated_at)
SELECT 'github:g' || MOD((x - 1 - MOD(x - 1, 3)) / 3 + 1, 10) || ':bench-d-' || ((x - 1 - MOD(x - 1, 3)) / 3 + 1),
       'g' || MOD((x - 1 - MOD(x - 1, 3)) / 3 + 1, 10),
       'r' || MOD((x - 1 - MOD(x - 1, 3)) / 3 + 1, 10),
       '11111111111111111' || MOD(x - 1, 3),
       MOD(x - 1, 3), 'pushes', 'discord', '11111111111111111' || MOD(x - 1, 3),
       CASE WHEN MOD((x - 1 - MOD(x - 1, 3)) / 3 + 1, 50) = 0 AND MOD(x - 1, 3) = 0 THEN 'failed' ELSE 'delivered' END,
       1, @NOW@, NULL, NULL, 200, 'm' || x, @NOW@
FROM @RANGE(300000)@;

INSERT INTO audit_logs (ts, actor_id, actor_login, action, target_type, target_id, group_id, detail, ip)
SELECT @NOW@ - (100000 - x) * 25920, '900003', 'bench-owner',
       CASE WHEN MOD(x, 2) = 0 THEN 'route.update' ELSE 'group.update' END, 'route', 'r' || MOD(x, 10),
       'g' || MOD(x, 10), NULL, '127.0.0.1'
FROM @RANGE(100000)@;

ANALYZE;
