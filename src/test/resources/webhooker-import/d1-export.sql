PRAGMA defer_foreign_keys=TRUE;
CREATE TABLE d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);
INSERT INTO "d1_migrations" VALUES(1,'0001_init.sql','2025-06-01 10:00:00');
CREATE TABLE send_logs (id INTEGER PRIMARY KEY AUTOINCREMENT, ts INTEGER NOT NULL, route_id TEXT NOT NULL, event TEXT NOT NULL, repo TEXT, target TEXT NOT NULL, ok INTEGER NOT NULL, error TEXT, status INTEGER, message_id TEXT, delivery_id TEXT, platform TEXT, actor TEXT, action TEXT, duration_ms INTEGER, error_code TEXT, attempts INTEGER, detail TEXT, group_id TEXT);
INSERT INTO "send_logs" VALUES(1,1764583200000,'pushes','push','acme/widget','111111111111111111',1,NULL,200,'9001','d-1','discord','octocat',NULL,120,NULL,1,NULL,'team');
INSERT INTO "send_logs" VALUES(2,1764583200500,'pushes','push','acme/widget','-100/7',0,'Bad Request: chat not found',400,NULL,'d-1','telegram','octocat',NULL,80,'TELEGRAM_ERROR',1,NULL,'team');
CREATE TABLE dedup_keys (key TEXT PRIMARY KEY, claimed_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
INSERT INTO "dedup_keys" VALUES('delivery:github:team:d-1',1764583200000,4102444800000);
INSERT INTO "dedup_keys" VALUES('delivery:github:global:d-old',1600000000000,1600000120000),('github:team:no-prefix',1764583200000,4102444800000);
CREATE TABLE delivery_state (key TEXT PRIMARY KEY, status TEXT NOT NULL, updated_at INTEGER NOT NULL);
INSERT INTO "delivery_state" VALUES('delivery:github:team:d-1','delivered',1764583201000);
CREATE TABLE message_tracking (event_id TEXT NOT NULL, target_id TEXT NOT NULL, message_id TEXT NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (event_id, target_id));
INSERT INTO "message_tracking" VALUES('team:ci:workflow_run:acme/widget:42','111111111111111111','9002',1764583300000);
CREATE TABLE d1_groups (id TEXT PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
INSERT INTO "d1_groups" VALUES('team','Team','{"id":"team","name":"Team","members":[{"login":"olive","role":"owner"},{"login":"adam","role":"admin"}],"lang":"zh","emoji":true,"logTarget":{"platform":"discord","channelId":"999999999999999999"}}',1,1764500000000,1764500000000);
INSERT INTO "d1_groups" VALUES('ops','Ops','{"id":"ops","name":"Ops''s room","members":[{"login":"oscar","role":"owner"}]}',1,1764500000000,1764500000000);
INSERT INTO "d1_groups" VALUES('broken','Broken','{"id":"broken","name":"Broken","members":[{"login":"x","role":"emperor"}]}',1,1764500000000,1764500000000);
CREATE TABLE d1_routes (id TEXT NOT NULL, group_id TEXT NOT NULL, name TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1, filters TEXT NOT NULL, targets TEXT NOT NULL, stop INTEGER NOT NULL DEFAULT 0, fallback INTEGER NOT NULL DEFAULT 0, discord_role_ids TEXT, ast TEXT, version INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (id, group_id), FOREIGN KEY (group_id) REFERENCES d1_groups(id) ON DELETE CASCADE);
INSERT INTO "d1_routes" VALUES('pushes','team','Pushes',1,'[{"type":"event","match":["push"]}]','[{"platform":"discord","channelId":"111111111111111111"},{"platform":"telegram","chatId":"-100","topicId":"7"}]',0,0,'["555555555555555555"]',NULL,1,1764500000000,1764500000000),('ci','team','CI',1,'[]','[{"platform":"discord","channelId":"111111111111111111"}]',1,0,NULL,'{"all":[{"type":"event","match":["workflow_run"]},{"not":{"type":"repo","match":["acme/secret"]}}]}',1,1764500000000,1764500000000);
INSERT INTO "d1_routes" VALUES('all','ops','Everything',0,'[]','[{"platform":"telegram","chatId":"-200"}]',0,1,NULL,NULL,1,1764500000000,1764500000000);
INSERT INTO "d1_routes" VALUES('orphan','gone','Orphan',1,'[]','[{"platform":"discord","channelId":"555555555555555555"}]',0,0,NULL,NULL,1,1764500000000,1764500000000);
CREATE TABLE audit_logs (id INTEGER PRIMARY KEY AUTOINCREMENT, ts INTEGER NOT NULL, actor_id TEXT, actor_login TEXT, action TEXT NOT NULL, target_type TEXT, target_id TEXT, group_id TEXT, detail TEXT, ip TEXT);
INSERT INTO "audit_logs" VALUES(1,1764500000000,'1002','olive','config.update','groups',NULL,'team','{"count":2}','203.0.113.7');
CREATE TABLE discord_links (discord_user_id TEXT PRIMARY KEY, github_user_id TEXT NOT NULL);
INSERT INTO "discord_links" VALUES('300000000000000001','1002');
CREATE TABLE telegram_links (telegram_user_id TEXT PRIMARY KEY, github_user_id TEXT NOT NULL);
INSERT INTO "telegram_links" VALUES('42','1003');
CREATE TABLE sqlite_sequence(name,seq);
INSERT INTO "sqlite_sequence" VALUES('send_logs',2);
CREATE TABLE experiments (id TEXT PRIMARY KEY);
INSERT INTO "experiments" VALUES('x');
