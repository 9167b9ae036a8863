ALTER TABLE "calls" ADD COLUMN "pairs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_pairs" ON "calls" USING gin ("pairs");--> statement-breakpoint
-- A call's recipients' pairs join its pairs: lines are only inserted when the call is sent
-- (server/calls/recipients.ts) and a line's pair never changes, so an insert trigger keeps them.
CREATE FUNCTION call_recipients_pairs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The inserted lines grouped first: a bulk insert (a seed's 500,000 lines) is then one hash
  -- join, not a scan of the transition table (which has no index) per call.
  UPDATE calls SET pairs = array(SELECT DISTINCT p FROM unnest(calls.pairs || a.pairs) p ORDER BY p)
  FROM (SELECT call_id, array_agg(pair) pairs FROM added GROUP BY call_id) a
  WHERE a.call_id = calls.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_recipients_pairs AFTER INSERT ON call_recipients
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION call_recipients_pairs();
--> statement-breakpoint
-- The calls sent so far: a pair target is lower-case, the fixed targets (BUY, ALL...) upper-case.
UPDATE calls SET pairs = array(
  SELECT DISTINCT p FROM (
    SELECT r.pair FROM call_recipients r WHERE r.call_id = calls.id
    UNION SELECT calls.target WHERE calls.target = lower(calls.target)
  ) x(p) ORDER BY p
);
