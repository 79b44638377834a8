-- Endpoint targets (webhook URLs) that keep failing (issue 24): one row per target id while its latest attempts all
-- failed. A success deletes the row; a 410 Gone, or failing for longer than TARGET_DISABLE_AFTER, sets disabled_at
-- and the reason, and no request is made to the target until an admin re-enables it (which deletes the row).
CREATE TABLE target_health (
    target_id        VARCHAR PRIMARY KEY,
    platform         VARCHAR NOT NULL,
    -- the first failed attempt with no success after it
    failing_since    BIGINT NOT NULL,
    failures         INTEGER NOT NULL,
    last_failure_at  BIGINT NOT NULL,
    last_error       VARCHAR,
    disabled_at      BIGINT,
    disabled_reason  VARCHAR
);
