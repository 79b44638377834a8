-- Embedded (H2) only. The payload (1–10 KB of JSON typically, up to PAYLOAD_INLINE_MAX_BYTES, 64 KB by default) and a
-- send's call record (up to a few KB) are kept as their UTF-8 bytes instead of as character strings. H2 writes every
-- page a commit changed into the file: the claim and the release of a delivery each rewrite the page of its row, and
-- a send's log row is written again with each commit that changes its page. A character string is encoded into the
-- page char by char at each of those writes (and decoded char by char when a page is read back), where bytes are
-- copied whole. The columns' values stay the same text to every statement: H2 converts between
-- character and binary strings as UTF-8 both ways, so a string parameter is stored as its bytes and getString reads
-- the text back. PostgreSQL keeps its text columns (it stores large values apart from the row itself).
ALTER TABLE delivery_state ALTER COLUMN payload SET DATA TYPE BINARY VARYING;
ALTER TABLE send_logs ALTER COLUMN call_record SET DATA TYPE BINARY VARYING;
