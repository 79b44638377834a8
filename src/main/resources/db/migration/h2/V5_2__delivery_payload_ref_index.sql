-- storage-prune asks, for each parked payload, whether a delivery still references it.
-- (H2 has no partial indexes.)
CREATE INDEX idx_delivery_state_payload_ref ON delivery_state (payload_ref);
