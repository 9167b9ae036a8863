CREATE TABLE "call_lead_days" (
	"day" date NOT NULL,
	"lead_id" integer NOT NULL,
	"lead_name" text NOT NULL,
	"sent" integer NOT NULL,
	"recipients" integer NOT NULL,
	"followed" integer NOT NULL,
	"result" numeric NOT NULL,
	CONSTRAINT "call_lead_days_day_lead_id_lead_name_pk" PRIMARY KEY("day","lead_id","lead_name")
);
--> statement-breakpoint
CREATE TABLE "call_user_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"received" integer NOT NULL,
	"followed" integer NOT NULL,
	"result" numeric NOT NULL,
	CONSTRAINT "call_user_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "call_recipients" ADD COLUMN "result" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "call_recipients_traded" ON "call_recipients" USING btree ("user_id","call_at","reaction_ms") WHERE "call_recipients"."state" = 'traded';--> statement-breakpoint
CREATE INDEX "calls_duration" ON "calls" USING btree (("expires_at" - "created_at"));--> statement-breakpoint
-- What a user's counted trades (server/reports/books.ts counted, tradedInCall) created in a call's
-- window realized: inCallResult's sum, 0 when none. Through transactions_list_user.
CREATE FUNCTION call_line_result(uid integer, since timestamptz, until timestamptz) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(t.realized_pnl), 0) FROM transactions t
  WHERE t.user_id = uid AND t.status = 'DONE' AND t.order_state IS NULL AND t.kind = 'trade'
    AND t.realized_pnl IS NOT NULL AND t.price_source <> 'hand_closed'
    AND t.created_at BETWEEN since AND until
$$;
--> statement-breakpoint
-- Adds `delta` to the result of every line of `uid` whose call ran at `at` (overlapping calls
-- each count the trade, as inCallResult does). The calls are found through calls_created: they
-- started at most the longest call's length before `at` (calls_duration). One UPDATE adding to
-- the stored value: two closes of one user at once wait on the line's row lock and both add.
CREATE FUNCTION call_lines_add(uid integer, at timestamptz, delta numeric) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF delta IS NULL OR delta = 0 THEN RETURN; END IF;
  UPDATE call_recipients r SET result = r.result + delta
  FROM calls c
  WHERE r.call_id = c.id AND r.user_id = uid AND c.expires_at >= at
    AND c.created_at BETWEEN at - (SELECT max(expires_at - created_at) FROM calls) AND at;
END $$;
--> statement-breakpoint
CREATE FUNCTION transactions_call_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'DONE' AND OLD.order_state IS NULL
    AND OLD.kind = 'trade' AND OLD.realized_pnl IS NOT NULL AND OLD.price_source <> 'hand_closed';
  is_now boolean := TG_OP <> 'DELETE' AND NEW.status = 'DONE' AND NEW.order_state IS NULL
    AND NEW.kind = 'trade' AND NEW.realized_pnl IS NOT NULL AND NEW.price_source <> 'hand_closed';
BEGIN
  IF was AND is_now AND OLD.user_id = NEW.user_id AND OLD.created_at = NEW.created_at THEN
    PERFORM call_lines_add(NEW.user_id, NEW.created_at, NEW.realized_pnl - OLD.realized_pnl);
    RETURN NULL;
  END IF;
  IF was THEN PERFORM call_lines_add(OLD.user_id, OLD.created_at, -OLD.realized_pnl); END IF;
  IF is_now THEN PERFORM call_lines_add(NEW.user_id, NEW.created_at, NEW.realized_pnl); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A line's result from the trades already there: a call's lines come when it is sent, but a seed
-- or an import may write trades first.
CREATE FUNCTION call_recipients_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.result := coalesce((SELECT call_line_result(NEW.user_id, c.created_at, c.expires_at)
    FROM calls c WHERE c.id = NEW.call_id), 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- One line's part in the day sums: its call's UTC day and sender, counted `sign` times.
CREATE TYPE call_line_change AS (call_id text, user_id integer, state text, result numeric,
  sign integer);
--> statement-breakpoint
-- Adds the changed lines' parts (a sign -1 part takes one away) to call_user_days and
-- call_lead_days, after the statement: `sent` is whether the call has lines now less whether it
-- had before. Groups whose parts cancel are not written; a group left empty goes.
CREATE FUNCTION call_days_apply(changes call_line_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  WITH x AS (
    SELECT (c.created_at AT TIME ZONE 'UTC')::date AS day, c.id AS call_id, c.from_user_id,
      c.from_username, x.user_id, x.sign, x.sign * (x.state = 'traded')::int AS followed,
      x.sign * x.result AS result
    FROM unnest(changes) x JOIN calls c ON c.id = x.call_id
  ), users_changed AS (
    INSERT INTO call_user_days AS d (day, user_id, received, followed, result)
    SELECT day, user_id, sum(sign), sum(followed), sum(result) FROM x GROUP BY day, user_id
    HAVING sum(sign) <> 0 OR sum(followed) <> 0 OR sum(result) <> 0
    ON CONFLICT (day, user_id) DO UPDATE SET received = d.received + excluded.received,
      followed = d.followed + excluded.followed, result = d.result + excluded.result
  ), per_call AS (
    SELECT day, call_id, from_user_id, from_username, sum(sign) AS lines, sum(followed) AS followed,
      sum(result) AS result
    FROM x GROUP BY day, call_id, from_user_id, from_username
  ), sent AS (
    SELECT p.*, (n.now > 0)::int - (n.now - p.lines > 0)::int AS sent
    FROM per_call p,
      LATERAL (SELECT count(*) AS now FROM call_recipients r WHERE r.call_id = p.call_id) n
  )
  INSERT INTO call_lead_days AS d (day, lead_id, lead_name, sent, recipients, followed, result)
  SELECT day, from_user_id, from_username, sum(sent), sum(lines), sum(followed), sum(result)
  FROM sent GROUP BY day, from_user_id, from_username
  HAVING sum(sent) <> 0 OR sum(lines) <> 0 OR sum(followed) <> 0 OR sum(result) <> 0
  ON CONFLICT (day, lead_id, lead_name) DO UPDATE SET sent = d.sent + excluded.sent,
    recipients = d.recipients + excluded.recipients, followed = d.followed + excluded.followed,
    result = d.result + excluded.result;
  DELETE FROM call_user_days d USING unnest(changes) x JOIN calls c ON c.id = x.call_id
  WHERE d.day = (c.created_at AT TIME ZONE 'UTC')::date AND d.user_id = x.user_id
    AND d.received = 0;
  DELETE FROM call_lead_days d USING unnest(changes) x JOIN calls c ON c.id = x.call_id
  WHERE d.day = (c.created_at AT TIME ZONE 'UTC')::date AND d.lead_id = c.from_user_id
    AND d.lead_name = c.from_username AND d.recipients = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION call_recipients_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_lead integer;
  v_name text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM call_days_apply(ARRAY(SELECT (a.call_id, a.user_id, a.state, a.result, 1)::call_line_change
      FROM added_lines a));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM call_days_apply(ARRAY(SELECT (a.call_id, a.user_id, a.state, a.result, -1)::call_line_change
      FROM removed_lines a));
  ELSIF OLD.call_id = NEW.call_id AND OLD.user_id = NEW.user_id THEN
    -- The common change, a line followed or a trade's result: its day rows are there (the line is
    -- counted in them), add to them.
    SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.from_user_id, c.from_username
      INTO v_day, v_lead, v_name FROM calls c WHERE c.id = NEW.call_id;
    UPDATE call_user_days d SET
      followed = d.followed + (NEW.state = 'traded')::int - (OLD.state = 'traded')::int,
      result = d.result + NEW.result - OLD.result
    WHERE d.day = v_day AND d.user_id = NEW.user_id;
    UPDATE call_lead_days d SET
      followed = d.followed + (NEW.state = 'traded')::int - (OLD.state = 'traded')::int,
      result = d.result + NEW.result - OLD.result
    WHERE d.day = v_day AND d.lead_id = v_lead AND d.lead_name = v_name;
  ELSE
    PERFORM call_days_apply(ARRAY[
      (OLD.call_id, OLD.user_id, OLD.state, OLD.result, -1)::call_line_change,
      (NEW.call_id, NEW.user_id, NEW.state, NEW.result, 1)::call_line_change]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A call's time or sender changed (nothing does so today): its lines' parts move to the new day
-- and sender, then its lines' time (call_at) and results are read again for the new window.
CREATE FUNCTION calls_call_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines call_line_change[] := ARRAY(SELECT (r.call_id, r.user_id, r.state, r.result, 1)::call_line_change
    FROM call_recipients r WHERE r.call_id = NEW.id);
  old_day date := (OLD.created_at AT TIME ZONE 'UTC')::date;
  new_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF cardinality(lines) > 0 AND (old_day, OLD.from_user_id, OLD.from_username)
      IS DISTINCT FROM (new_day, NEW.from_user_id, NEW.from_username) THEN
    -- The parts as they were counted (under the old day and sender), then as they are now.
    INSERT INTO call_user_days AS d (day, user_id, received, followed, result)
    SELECT v.day, x.user_id, sum(v.sign), sum(v.sign * (x.state = 'traded')::int),
      sum(v.sign * x.result)
    FROM unnest(lines) x, (VALUES (old_day, -1), (new_day, 1)) v(day, sign)
    GROUP BY v.day, x.user_id HAVING count(*) = 1 -- the same day: nothing moves
    ON CONFLICT (day, user_id) DO UPDATE SET received = d.received + excluded.received,
      followed = d.followed + excluded.followed, result = d.result + excluded.result;
    INSERT INTO call_lead_days AS d (day, lead_id, lead_name, sent, recipients, followed, result)
    SELECT v.day, v.lead_id, v.lead_name, v.sign, v.sign * count(*),
      v.sign * count(*) FILTER (WHERE x.state = 'traded'), v.sign * sum(x.result)
    FROM unnest(lines) x, (VALUES (old_day, OLD.from_user_id, OLD.from_username, -1),
      (new_day, NEW.from_user_id, NEW.from_username, 1)) v(day, lead_id, lead_name, sign)
    GROUP BY v.day, v.lead_id, v.lead_name, v.sign
    ON CONFLICT (day, lead_id, lead_name) DO UPDATE SET sent = d.sent + excluded.sent,
      recipients = d.recipients + excluded.recipients, followed = d.followed + excluded.followed,
      result = d.result + excluded.result;
    DELETE FROM call_user_days WHERE day = old_day AND received = 0;
    DELETE FROM call_lead_days WHERE day = old_day AND recipients = 0;
  END IF;
  IF (OLD.created_at, OLD.expires_at) IS DISTINCT FROM (NEW.created_at, NEW.expires_at) THEN
    UPDATE call_recipients r SET call_at = NEW.created_at,
      result = call_line_result(r.user_id, NEW.created_at, NEW.expires_at)
    WHERE r.call_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE call_recipients r SET result = call_line_result(r.user_id, c.created_at, c.expires_at)
FROM calls c WHERE c.id = r.call_id;
--> statement-breakpoint
INSERT INTO call_user_days
SELECT (c.created_at AT TIME ZONE 'UTC')::date, r.user_id, count(*),
  count(*) FILTER (WHERE r.state = 'traded'), sum(r.result)
FROM call_recipients r JOIN calls c ON c.id = r.call_id GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO call_lead_days
SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.from_user_id, c.from_username,
  count(DISTINCT c.id), count(*), count(*) FILTER (WHERE r.state = 'traded'), sum(r.result)
FROM call_recipients r JOIN calls c ON c.id = r.call_id GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER transactions_call_lines_insert AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.status = 'DONE' AND NEW.realized_pnl IS NOT NULL)
  EXECUTE FUNCTION transactions_call_lines();
--> statement-breakpoint
-- Only a row that is or was DONE with a result can change a line's: fills and claims skip it.
CREATE TRIGGER transactions_call_lines_update AFTER UPDATE ON transactions
  FOR EACH ROW WHEN ((OLD.status = 'DONE' AND OLD.realized_pnl IS NOT NULL)
    OR (NEW.status = 'DONE' AND NEW.realized_pnl IS NOT NULL))
  EXECUTE FUNCTION transactions_call_lines();
--> statement-breakpoint
CREATE TRIGGER transactions_call_lines_delete AFTER DELETE ON transactions
  FOR EACH ROW WHEN (OLD.status = 'DONE' AND OLD.realized_pnl IS NOT NULL)
  EXECUTE FUNCTION transactions_call_lines();
--> statement-breakpoint
CREATE TRIGGER call_recipients_result BEFORE INSERT OR UPDATE OF call_id, user_id
  ON call_recipients FOR EACH ROW EXECUTE FUNCTION call_recipients_result();
--> statement-breakpoint
CREATE TRIGGER call_recipients_days_insert AFTER INSERT ON call_recipients
  REFERENCING NEW TABLE AS added_lines FOR EACH STATEMENT EXECUTE FUNCTION call_recipients_days();
--> statement-breakpoint
-- Row by row, and only the lines whose count, state or result changed: a statement trigger fires
-- for every UPDATE, also the close's that finds no line (most of them), and cost it 0.45 ms.
CREATE TRIGGER call_recipients_days_update AFTER UPDATE ON call_recipients
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.result <> NEW.result
    OR OLD.call_id <> NEW.call_id OR OLD.user_id <> NEW.user_id)
  EXECUTE FUNCTION call_recipients_days();
--> statement-breakpoint
CREATE TRIGGER call_recipients_days_delete AFTER DELETE ON call_recipients
  REFERENCING OLD TABLE AS removed_lines FOR EACH STATEMENT EXECUTE FUNCTION call_recipients_days();
--> statement-breakpoint
CREATE TRIGGER calls_call_lines AFTER UPDATE OF created_at, expires_at, from_user_id, from_username
  ON calls FOR EACH ROW EXECUTE FUNCTION calls_call_lines();
