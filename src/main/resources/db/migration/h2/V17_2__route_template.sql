-- A route's own wording of its messages (Mustache templates for title, body and footer), as JSON; NULL: the
-- formatters' own.
ALTER TABLE d1_routes ADD COLUMN template CHARACTER VARYING;
