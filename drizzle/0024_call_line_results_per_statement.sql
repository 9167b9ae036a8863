-- A line's result when it is inserted, per statement instead of per row: a call to a group of
-- 1,000 writes 1,000 lines before it is delivered, and the row trigger (0.11 ms a line) held the
-- call back 110 ms; looked up together they take about 14 ms. An update that moves a line to
-- another call or user still reads its result row by row.
DROP TRIGGER call_recipients_result ON call_recipients;
--> statement-breakpoint
CREATE TRIGGER call_recipients_result BEFORE UPDATE OF call_id, user_id
  ON call_recipients FOR EACH ROW EXECUTE FUNCTION call_recipients_result();
--> statement-breakpoint
-- Only the lines whose result is not what was inserted (a new call's: none, its window has just
-- opened) are updated, each through the primary key; the update's row trigger then adds the
-- difference to the day sums. AFTER triggers run in name order: call_recipients_days_insert has
-- counted the lines first, so the day rows it adds to exist.
CREATE FUNCTION call_recipients_results_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  FOR x IN SELECT a.call_id, a.user_id, l.result FROM added_results a,
      LATERAL (SELECT call_line_result(a.user_id, c.created_at, c.expires_at) AS result
        FROM calls c WHERE c.id = a.call_id) l
    WHERE l.result IS DISTINCT FROM a.result
  LOOP
    UPDATE call_recipients SET result = x.result
    WHERE call_id = x.call_id AND user_id = x.user_id;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_recipients_results_insert AFTER INSERT ON call_recipients
  REFERENCING NEW TABLE AS added_results FOR EACH STATEMENT
  EXECUTE FUNCTION call_recipients_results_added();
--> statement-breakpoint
-- The day sums count a line's state only as traded or not: a line seen, refused or missed changes
-- none of them, yet fired the trigger, which updated its user's day row and its Lead's. Every
-- member's "seen" of a call then waited on the Lead's one day row in turn, and a no-op update of
-- it was written each time.
DROP TRIGGER call_recipients_days_update ON call_recipients;
--> statement-breakpoint
CREATE TRIGGER call_recipients_days_update AFTER UPDATE ON call_recipients
  FOR EACH ROW WHEN ((OLD.state = 'traded') IS DISTINCT FROM (NEW.state = 'traded')
    OR OLD.result <> NEW.result OR OLD.call_id <> NEW.call_id OR OLD.user_id <> NEW.user_id)
  EXECUTE FUNCTION call_recipients_days();
