PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE d1_migrations(
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT UNIQUE,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);
INSERT INTO d1_migrations VALUES(1,'0001_init.sql','2025-06-01 10:00:00');
INSERT INTO d1_migrations VALUES(2,'0002_log_detail.sql','2025-06-01 10:00:01');
INSERT INTO d1_migrations VALUES(3,'0003_telegram_links.sql','2025-06-01 10:00:02');
INSERT INTO d1_migrations VALUES(4,'0004_add_group_id.sql','2025-06-01 10:00:03');
INSERT INTO d1_migrations VALUES(5,'0005_audit_logs.sql','2025-06-01 10:00:04');
INSERT INTO d1_migrations VALUES(6,'0006_config_d1.sql','2025-06-01 10:00:05');
INSERT INTO d1_migrations VALUES(7,'0007_send_logs_index.sql','2025-06-01 10:00:06');
INSERT INTO d1_migrations VALUES(8,'0008_storage_d1.sql','2025-06-01 10:00:07');
CREATE TABLE _cf_KV (key TEXT PRIMARY KEY, value BLOB);
INSERT INTO _cf_KV VALUES('__d1_internal',X'01');
CREATE TABLE send_logs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, ts INTEGER NOT NULL, route_id TEXT NOT NULL, event TEXT NOT NULL, repo TEXT,
    target TEXT NOT NULL, ok INTEGER NOT NULL, error TEXT, status INTEGER, message_id TEXT, delivery_id TEXT,
    platform TEXT, actor TEXT, action TEXT, duration_ms INTEGER, error_code TEXT, attempts INTEGER, detail TEXT,
    group_id TEXT);
INSERT INTO send_logs VALUES(1,1764583200000,'pushes','push','acme/widget','111111111111111111',1,NULL,200,'9001','d-1','discord','octocat',NULL,120,NULL,1,NULL,'team');
INSERT INTO send_logs VALUES(2,1764583200500,'all','push','acme/widget','-200',0,replace('Bad Request:\nchat not found	(400)','\n',char(10)),400,NULL,'d-1','telegram','octocat',NULL,80,'TELEGRAM_ERROR',1,NULL,'ops');
CREATE TABLE audit_logs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, ts INTEGER NOT NULL, actor_id TEXT, actor_login TEXT, action TEXT NOT NULL,
    target_type TEXT, target_id TEXT, group_id TEXT, detail TEXT, ip TEXT);
INSERT INTO audit_logs VALUES(1,1764500000000,'1002','olive','config.update','groups',NULL,'team','{"count":2}','203.0.113.7');
CREATE TABLE discord_links (discord_user_id TEXT PRIMARY KEY, github_user_id TEXT NOT NULL);
INSERT INTO discord_links VALUES('300000000000000001','1002');
CREATE TABLE telegram_links (telegram_user_id TEXT PRIMARY KEY, github_user_id TEXT NOT NULL);
INSERT INTO telegram_links VALUES('42','1003');
CREATE TABLE d1_groups (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
INSERT INTO d1_groups VALUES('team','Team','{"id":"team","name":"Team","members":[{"login":"olive","role":"owner"},{"login":"adam","role":"admin"}],"lang":"zh"}',1,1764500000000,1764500000000);
INSERT INTO d1_groups VALUES('ops','Ops','{"id":"ops","name":"Ops''s room","members":[{"login":"oscar","role":"owner"}]}',1,1764500000000,1764500000000);
CREATE TABLE d1_routes (
    id TEXT NOT NULL, group_id TEXT NOT NULL, name TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    filters TEXT NOT NULL, targets TEXT NOT NULL, stop INTEGER NOT NULL DEFAULT 0, fallback INTEGER NOT NULL DEFAULT 0,
    discord_role_ids TEXT, ast TEXT, version INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (id, group_id), FOREIGN KEY (group_id) REFERENCES d1_groups(id) ON DELETE CASCADE);
INSERT INTO d1_routes VALUES('pushes','team','Pushes',1,'[{"type":"event","match":["push"]}]','[{"platform":"discord","channelId":"111111111111111111"}]',0,0,'["555555555555555555"]',NULL,1,1764500000000,1764500000000);
INSERT INTO d1_routes VALUES('all','ops','Everything',0,'[]','[{"platform":"telegram","chatId":"-200"}]',0,1,NULL,NULL,1,1764500000000,1764500000000);
CREATE TABLE dedup_keys (key TEXT PRIMARY KEY, claimed_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
INSERT INTO dedup_keys VALUES('delivery:github:team:d-1',1764583200000,4102444800000);
CREATE TABLE delivery_state (key TEXT PRIMARY KEY, status TEXT NOT NULL, updated_at INTEGER NOT NULL);
INSERT INTO delivery_state VALUES('delivery:github:team:d-1','delivered',1764583201000);
CREATE TABLE message_tracking (
    event_id TEXT NOT NULL, target_id TEXT NOT NULL, message_id TEXT NOT NULL, updated_at INTEGER NOT NULL,
    PRIMARY KEY (event_id, target_id));
INSERT INTO message_tracking VALUES('team:pushes:push:acme/widget','111111111111111111','9001',1764583300000);
CREATE TABLE experiments (id TEXT PRIMARY KEY);
INSERT INTO experiments VALUES('x');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('d1_migrations',8);
INSERT INTO sqlite_sequence VALUES('send_logs',2);
INSERT INTO sqlite_sequence VALUES('audit_logs',1);
CREATE INDEX idx_send_logs_ts ON send_logs (ts DESC);
CREATE INDEX idx_send_logs_group_id_ts ON send_logs (group_id, ts DESC);
CREATE INDEX idx_audit_ts ON audit_logs (ts DESC);
CREATE INDEX idx_d1_routes_group_id ON d1_routes (group_id);
CREATE INDEX idx_dedup_keys_expires_at ON dedup_keys (expires_at);
COMMIT;
