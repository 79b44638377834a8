-- The order of the state a tracked message shows (format.UpdateOrder: the event object's timestamp in
-- epoch millis x 4 + a status rank), so a late, older event does not edit it back (W15).
-- NULL: the state's order was unknown; the next event edits as before.
ALTER TABLE message_tracking ADD COLUMN source_order BIGINT;
