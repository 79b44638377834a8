-- A scoped page (WHERE group_id = ? AND id < ? ORDER BY id DESC) must read an index in the page's order: H2
-- reads (group_id, id) only upwards and then sorts every row of the group below the cursor (50,000 rows for
-- a deep page at 1,000,000 send logs, bench "paging"). With id descending in the index and the page ordered
-- by (group_id, id DESC), it reads the page's rows and stops. The ascending ones are replaced, not kept:
-- each index is one more write per send log.
DROP INDEX idx_send_logs_group_id_id;
DROP INDEX idx_audit_group_id_id;
CREATE INDEX idx_send_logs_group_id_id_desc ON send_logs (group_id, id DESC);
CREATE INDEX idx_audit_group_id_id_desc ON audit_logs (group_id, id DESC);
-- The console's two usual filters, failures only and one route: without these, a group with few or no such
-- rows was read to its end below the cursor (100,000 rows per group: 300-600 ms on PostgreSQL).
CREATE INDEX idx_send_logs_group_id_ok_id_desc ON send_logs (group_id, ok, id DESC);
CREATE INDEX idx_send_logs_group_id_route_id_desc ON send_logs (group_id, route_id, id DESC);
