-- ours: API tokens webhooker issues for /api/* (W7). Only the SHA-256 of a token is kept; revoked and
-- expired rows are kept (a few per user), so the listing can say what became of each token.
CREATE TABLE api_tokens (
    id            VARCHAR(32) PRIMARY KEY,
    user_id       VARCHAR(39) NOT NULL,
    login         VARCHAR(39) NOT NULL,
    name          VARCHAR(100) NOT NULL,
    token_hash    VARCHAR(64) NOT NULL UNIQUE,
    scopes        VARCHAR(100) NOT NULL,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    last_used_at  BIGINT,
    revoked_at    BIGINT
);
CREATE INDEX idx_api_tokens_user ON api_tokens (user_id);
