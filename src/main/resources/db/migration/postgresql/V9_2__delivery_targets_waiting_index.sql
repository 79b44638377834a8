-- The console's queue depth per group (GET /admin/api/metrics): the targets still to send of some groups.
CREATE INDEX idx_delivery_targets_group_status ON delivery_targets (group_id, status);
