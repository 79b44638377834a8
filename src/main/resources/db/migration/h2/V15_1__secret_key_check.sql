-- Which WEBHOOKER_SECRET_KEY sealed this database's secrets, so that an instance started with another key stops at
-- start instead of running with configuration it cannot read. One row: a verifier derived from the key
-- (HMAC-SHA256 of a fixed label under the key, hex), never the key itself. Written at the first start with a key;
-- a start with the previous key in WEBHOOKER_SECRET_KEY_PREVIOUS moves it to the new key.
CREATE TABLE secret_key_check (
    id          INT PRIMARY KEY,
    verifier    VARCHAR NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
