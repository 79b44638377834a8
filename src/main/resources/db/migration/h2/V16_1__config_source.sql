-- Where each group and route came from: file (the config file), console (the console and the admin API), import
-- (the WebHooker import command) or chat (reserved for routes made from chat). The config file in sync mode manages
-- only the groups whose source is file and the groups it names; every other group and its routes stay as they are.
-- Rows from before this column are NULL (unknown) and are treated like console rows.
ALTER TABLE d1_groups ADD COLUMN source VARCHAR;
ALTER TABLE d1_routes ADD COLUMN source VARCHAR;
