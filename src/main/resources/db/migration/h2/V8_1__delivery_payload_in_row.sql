-- Embedded (H2) only; undoes V7_1. As a CLOB, each accepted payload went into H2's LOB store: its data,
-- reference and metadata maps are three more B-trees whose changed pages are copied into the file at every
-- commit. Measured on this machine (2026-11-30, same build otherwise): held in the row, ingest at
-- concurrency 64 went from about 3,700 to about 5,000 webhooks/s, and end-to-end saturation from about
-- 1,100 to about 1,300 deliveries/s. So the copy of the payload that a claim or a release now makes again
-- (H2 rewrites the whole row) costs less than the LOB store did; and a delivery that no route selects is
-- concluded in its intake commit and never claimed.
ALTER TABLE delivery_state ALTER COLUMN payload SET DATA TYPE CHARACTER VARYING;
