-- The admin API pages send logs and audit entries newest first by id (a stable cursor), within the groups
-- a caller may see: these make a page one index range per group instead of a scan.
CREATE INDEX idx_send_logs_group_id_id ON send_logs (group_id, id);
CREATE INDEX idx_audit_group_id_id ON audit_logs (group_id, id);
