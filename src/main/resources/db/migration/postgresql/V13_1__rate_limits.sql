-- Platform rate limits shared by every instance when there is no Redis (platform.limits.PostgresLimitStore).
-- A block: no call on block_key before until (a platform answered 429, or said its bucket is used up).
CREATE TABLE rate_limit_block (
    block_key VARCHAR(600) PRIMARY KEY,
    until TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Bucket4j's token buckets (a published quota per chat or bot); state is Bucket4j's own serialised form.
CREATE TABLE rate_limit_bucket (
    id VARCHAR(600) PRIMARY KEY,
    state BYTEA
);
