-- Which chats accept which group's messages. One bot serves every group, so a group may post into a Discord
-- channel or thread, a Telegram chat or a Slack channel of the bot only once that chat consented: /gh claim typed
-- there by someone who administers it, a super admin's approval, or a target written by the operator (the config
-- file, an import, a super admin). Deleting a claim holds that group's targets to the chat again.
CREATE TABLE chat_claims (
    group_id    VARCHAR NOT NULL,
    -- discord | telegram | slack
    platform    VARCHAR NOT NULL,
    -- the channel, thread or chat id; a Telegram target named @username before the chat itself claimed it
    chat_id     VARCHAR NOT NULL,
    -- a Telegram chat's public username (lower case, no @), so that targets written as @username match
    chat_name   VARCHAR,
    -- chat | operator | config-file | import | upgrade
    granted_via VARCHAR NOT NULL,
    granted_by  VARCHAR,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (group_id, platform, chat_id)
);
