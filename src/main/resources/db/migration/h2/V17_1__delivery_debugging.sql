-- What the delivery view shows and searches. send_logs.call_record: the request an attempt made (credentials left
-- out, body cut) and the platform's answer, as JSON; NULL when no request was made. delivery_state.repo: the
-- repository the event is about, so that deliveries can be searched by it after their payload is discarded.
ALTER TABLE send_logs ADD COLUMN call_record CHARACTER VARYING;
ALTER TABLE delivery_state ADD COLUMN repo CHARACTER VARYING;
