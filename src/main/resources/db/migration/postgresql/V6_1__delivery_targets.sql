-- Per-target outcomes of a delivery (one row per route x target, P4): a retry re-sends only to the
-- targets that are not final, and one permanent failure does not block the others.
-- group_id is '' for routes without a group (as d1_routes stores them).
CREATE TABLE delivery_targets (
    delivery_key     TEXT NOT NULL,
    group_id         TEXT NOT NULL,
    route_id         TEXT NOT NULL,
    target_id        TEXT NOT NULL,
    -- route then target order of the plan: the group log lists lines in this order (P15)
    position         INTEGER NOT NULL,
    route_name       TEXT,
    platform         TEXT NOT NULL,
    -- the target's coordinates when the plan was made, so a retry reaches the same place
    channel_id       TEXT,
    thread_id        TEXT,
    chat_id          TEXT,
    topic_id         TEXT,
    status           TEXT NOT NULL,
    -- failed tries that count towards the retry schedule (rate-limit deferrals do not)
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT NOT NULL,
    last_error       TEXT,
    error_code       TEXT,
    http_status      INTEGER,
    message_id       TEXT,
    updated_at       BIGINT NOT NULL,
    PRIMARY KEY (delivery_key, group_id, route_id, target_id)
);

-- The in-place update lock per (eventId, target): insert wins, or take over an expired row (P6).
CREATE TABLE message_locks (
    event_id     TEXT NOT NULL,
    target_id    TEXT NOT NULL,
    locked_by    TEXT NOT NULL,
    locked_until BIGINT NOT NULL,
    PRIMARY KEY (event_id, target_id)
);
