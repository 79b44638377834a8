-- config: one row bumped in every transaction that writes groups or routes. Writers serialize on its
-- row lock; every instance polls it to learn that its in-memory snapshot is stale; a reader compares it
-- before and after loading to be sure it saw one committed state.
CREATE TABLE config_revision (
    id        INTEGER PRIMARY KEY,
    revision  BIGINT NOT NULL
);
INSERT INTO config_revision (id, revision) VALUES (1, 0);

-- Replacing groups must never take routes with it by cascade (P14): a group that still has routes
-- cannot be deleted; the repository deletes gone routes before gone groups.
ALTER TABLE d1_routes DROP CONSTRAINT d1_routes_group_id_fkey;
ALTER TABLE d1_routes ADD CONSTRAINT fk_d1_routes_group_id FOREIGN KEY (group_id) REFERENCES d1_groups (id);
