-- Embedded (H2) only. A payload is up to 64 KB of JSON (1–10 KB typically). Held inline, it made every
-- change of a delivery_state row expensive: H2 keeps the row's previous value in its undo log and writes
-- that and the whole changed page into the file at each commit, so every claim and every release copied
-- the payload (and its neighbours' payloads) again. As a CLOB, a payload above 256 bytes is written once
-- into H2's LOB store and the row holds a short reference to it. The value is still the row's column.
-- PostgreSQL needs no such change: it keeps large values out of the row by itself (TOAST).
ALTER TABLE delivery_state ALTER COLUMN payload SET DATA TYPE CHARACTER LARGE OBJECT;
