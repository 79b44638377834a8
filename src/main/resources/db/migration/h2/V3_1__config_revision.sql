-- H2 twin of postgresql/V3_1__config_revision.sql.
-- config: one row bumped in every transaction that writes groups or routes. Writers serialize on its
-- row lock; every instance polls it to learn that its in-memory snapshot is stale; a reader compares it
-- before and after loading to be sure it saw one committed state.
CREATE TABLE config_revision (
    id        INTEGER PRIMARY KEY,
    revision  BIGINT NOT NULL
);
INSERT INTO config_revision (id, revision) VALUES (1, 0);

-- Replacing groups must never take routes with it by cascade (P14). V1 left H2's foreign key unnamed,
-- so the table is rebuilt with a named one without ON DELETE CASCADE.
CREATE TABLE d1_routes_v3 (
    id               VARCHAR NOT NULL,
    group_id         VARCHAR NOT NULL,
    name             VARCHAR NOT NULL,
    enabled          INTEGER NOT NULL DEFAULT 1,
    filters          VARCHAR NOT NULL,
    targets          VARCHAR NOT NULL,
    stop             INTEGER NOT NULL DEFAULT 0,
    fallback         INTEGER NOT NULL DEFAULT 0,
    discord_role_ids VARCHAR,
    ast              VARCHAR,
    version          INTEGER NOT NULL DEFAULT 1,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    position         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (id, group_id)
);
INSERT INTO d1_routes_v3 (id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast,
                          version, created_at, updated_at, position)
SELECT id, group_id, name, enabled, filters, targets, stop, fallback, discord_role_ids, ast,
       version, created_at, updated_at, position
FROM d1_routes;
DROP TABLE d1_routes;
ALTER TABLE d1_routes_v3 RENAME TO d1_routes;
ALTER TABLE d1_routes ADD CONSTRAINT fk_d1_routes_group_id FOREIGN KEY (group_id) REFERENCES d1_groups (id);
CREATE INDEX idx_d1_routes_group_id ON d1_routes (group_id);
CREATE INDEX idx_d1_routes_position ON d1_routes (position, id);
