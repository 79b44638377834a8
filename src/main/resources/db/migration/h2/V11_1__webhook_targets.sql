-- A webhook target is more than a few ids: its URL, headers, format, timeout and signing secrets (sealed, as
-- ConfigJson writes them) are kept with the plan as the target's JSON, so a retry posts to the endpoint the plan
-- was made for even after the route is edited. Discord and Telegram rows leave it null.
ALTER TABLE delivery_targets ADD COLUMN target_json VARCHAR;
