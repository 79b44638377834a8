-- ours: the W3C traceparent of the webhook that made the delivery, so every attempt (on any instance) continues
-- its trace and sends it to the platforms. NULL for rows written before this column.
ALTER TABLE delivery_state ADD COLUMN trace_parent VARCHAR(55);
