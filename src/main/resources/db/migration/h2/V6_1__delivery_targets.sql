-- Per-target outcomes of a delivery (one row per route x target, P4): a retry re-sends only to the
-- targets that are not final, and one permanent failure does not block the others.
-- group_id is '' for routes without a group (as d1_routes stores them).
CREATE TABLE delivery_targets (
    delivery_key     VARCHAR NOT NULL,
    group_id         VARCHAR NOT NULL,
    route_id         VARCHAR NOT NULL,
    target_id        VARCHAR NOT NULL,
    -- route then target order of the plan: the group log lists lines in this order (P15)
    position         INTEGER NOT NULL,
    route_name       VARCHAR,
    platform         VARCHAR NOT NULL,
    -- the target's coordinates when the plan was made, so a retry reaches the same place
    channel_id       VARCHAR,
    thread_id        VARCHAR,
    chat_id          VARCHAR,
    topic_id         VARCHAR,
    status           VARCHAR NOT NULL,
    -- failed tries that count towards the retry schedule (rate-limit deferrals do not)
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT NOT NULL,
    last_error       VARCHAR,
    error_code       VARCHAR,
    http_status      INTEGER,
    message_id       VARCHAR,
    updated_at       BIGINT NOT NULL,
    PRIMARY KEY (delivery_key, group_id, route_id, target_id)
);

-- The in-place update lock per (eventId, target): insert wins, or take over an expired row (P6).
CREATE TABLE message_locks (
    event_id     VARCHAR NOT NULL,
    target_id    VARCHAR NOT NULL,
    locked_by    VARCHAR NOT NULL,
    locked_until BIGINT NOT NULL,
    PRIMARY KEY (event_id, target_id)
);
