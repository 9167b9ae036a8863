-- call_days_apply's clean-up deletes read call_user_days by day alone once PostgreSQL switched the
-- function to its generic plan (from the sixth call on a connection): the array's 1,000 lines were
-- estimated at 10 and the user was checked as a join filter, so each line walked its day's rows.
-- A call to 1,000 members then waited 150 ms for it (bench realtime: a second instance's calls, p99
-- 245 ms). Only a line taken away can leave a day row empty, so a call's new lines skip the
-- clean-up; when it runs, its keys come distinct from a subquery, probed by the whole key.
-- And no JIT: the first five (custom) plans of the lead-days insert were estimated past
-- jit_above_cost once call_recipients had grown, and compiling them took 18 ms of a 20 ms call.
CREATE OR REPLACE FUNCTION call_days_apply(changes call_line_change[]) RETURNS void LANGUAGE plpgsql AS $$
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
  IF NOT EXISTS (SELECT 1 FROM unnest(changes) x WHERE x.sign < 0) THEN RETURN; END IF;
  DELETE FROM call_user_days d USING (SELECT DISTINCT (c.created_at AT TIME ZONE 'UTC')::date AS day,
      x.user_id FROM unnest(changes) x JOIN calls c ON c.id = x.call_id) k
  WHERE d.day = k.day AND d.user_id = k.user_id AND d.received = 0;
  DELETE FROM call_lead_days d USING (SELECT DISTINCT (c.created_at AT TIME ZONE 'UTC')::date AS day,
      c.from_user_id, c.from_username FROM unnest(changes) x JOIN calls c ON c.id = x.call_id) k
  WHERE d.day = k.day AND d.lead_id = k.from_user_id AND d.lead_name = k.from_username
    AND d.recipients = 0;
END $$ SET jit = off;
