CREATE TABLE "profit_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"pair" text NOT NULL,
	"exchange" "exchange" NOT NULL,
	"trades" integer NOT NULL,
	"wins" integer NOT NULL,
	"quantity" numeric NOT NULL,
	"buy_amount" numeric NOT NULL,
	"sell_amount" numeric NOT NULL,
	"profit" numeric NOT NULL,
	"fees" numeric NOT NULL,
	"best" numeric,
	"worst" numeric,
	"not_counted_trades" integer NOT NULL,
	"not_counted_profit" numeric NOT NULL,
	"typed" integer NOT NULL,
	"hand_closed" integer NOT NULL,
	"edited" integer NOT NULL,
	"one_sided" integer NOT NULL,
	"unpriced" integer NOT NULL,
	"missed_calls" integer NOT NULL,
	"missed_profit" numeric NOT NULL,
	CONSTRAINT "profit_days_day_user_id_pair_exchange_pk" PRIMARY KEY("day","user_id","pair","exchange")
);
--> statement-breakpoint
-- What one transaction adds to its profit_days group (null when /profit does not read it): the
-- rules of server/reports/books.ts (realized, notRealized, missedCall, NOT_COUNTED_REASONS,
-- boughtFor, soldFor, targetProfit) and server/profits/series.ts (fees), row by row. A sum's null
-- term adds nothing, as in sum().
CREATE FUNCTION profit_day_of(r transactions) RETURNS profit_days LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  counted boolean := r.kind = 'trade' AND r.realized_pnl IS NOT NULL
    AND r.price_source <> 'hand_closed';
  apart boolean := r.kind = 'trade' AND (r.realized_pnl IS NULL OR r.price_source = 'hand_closed');
  missed boolean := r.kind = 'missed_call';
  one_sided boolean := r.use_bot IN ('only_buy', 'only_sell');
  sells_first boolean := r.use_bot IN ('sell_buy', 'only_sell');
  opening numeric := r.filled_quantity * r.avg_price;
  closing numeric := r.close_quantity * r.filled_price;
  quote text := upper(split_part(r.pair, '_', 2));
  base text := upper(split_part(r.pair, '_', 1));
  target numeric := coalesce((r.sell_price - r.buy_price) * r.quantity, 0);
  fees numeric := CASE WHEN upper(r.fee_asset) = quote THEN coalesce(r.fee, 0)
      WHEN upper(r.fee_asset) = base THEN coalesce(r.fee, 0) * coalesce(r.avg_price, 0) ELSE 0 END
    + CASE WHEN upper(r.close_fee_asset) = quote THEN coalesce(r.close_fee, 0)
      WHEN upper(r.close_fee_asset) = base THEN coalesce(r.close_fee, 0) * coalesce(r.filled_price, 0)
      ELSE 0 END;
  p profit_days;
BEGIN
  IF r.status <> 'DONE' OR r.order_state IS NOT NULL OR NOT (counted OR apart OR missed) THEN
    RETURN NULL;
  END IF;
  p.day := (r.created_at AT TIME ZONE 'UTC')::date;
  p.user_id := r.user_id;
  p.pair := r.pair;
  p.exchange := r.exchange;
  p.trades := counted::int;
  p.wins := (counted AND r.realized_pnl > 0)::int;
  p.quantity := CASE WHEN counted THEN coalesce(r.filled_quantity, 0) ELSE 0 END;
  p.buy_amount := CASE WHEN counted THEN coalesce(CASE WHEN sells_first THEN closing
    ELSE opening END, 0) ELSE 0 END;
  p.sell_amount := CASE WHEN counted THEN coalesce(CASE WHEN sells_first THEN opening
    ELSE closing END, 0) ELSE 0 END;
  p.profit := CASE WHEN counted THEN r.realized_pnl ELSE 0 END;
  p.fees := CASE WHEN counted THEN fees ELSE 0 END;
  p.best := CASE WHEN counted THEN r.realized_pnl END;
  p.worst := p.best;
  p.not_counted_trades := apart::int;
  p.not_counted_profit := CASE WHEN apart THEN target ELSE 0 END;
  p.typed := (apart AND r.price_source = 'typed')::int;
  p.hand_closed := (apart AND r.price_source = 'hand_closed')::int;
  p.edited := (apart AND r.price_source = 'edited')::int;
  p.one_sided := (apart AND r.price_source = 'server' AND one_sided)::int;
  p.unpriced := (apart AND r.price_source = 'server' AND NOT one_sided)::int;
  p.missed_calls := missed::int;
  p.missed_profit := CASE WHEN missed THEN target ELSE 0 END;
  RETURN p;
END $$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one row's part. A best or worst taken away is read again
-- from the group's rows (AFTER triggers see the statement's final rows); a group left empty goes.
CREATE FUNCTION profit_day_apply(r transactions, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  p profit_days := profit_day_of(r);
BEGIN
  IF p.day IS NULL THEN RETURN; END IF;
  INSERT INTO profit_days AS d VALUES (p.day, p.user_id, p.pair, p.exchange, sign * p.trades,
    sign * p.wins, sign * p.quantity, sign * p.buy_amount, sign * p.sell_amount, sign * p.profit,
    sign * p.fees, CASE WHEN sign > 0 THEN p.best END, CASE WHEN sign > 0 THEN p.worst END,
    sign * p.not_counted_trades, sign * p.not_counted_profit, sign * p.typed,
    sign * p.hand_closed, sign * p.edited, sign * p.one_sided, sign * p.unpriced,
    sign * p.missed_calls, sign * p.missed_profit)
  ON CONFLICT (day, user_id, pair, exchange) DO UPDATE SET
    trades = d.trades + excluded.trades, wins = d.wins + excluded.wins,
    quantity = d.quantity + excluded.quantity, buy_amount = d.buy_amount + excluded.buy_amount,
    sell_amount = d.sell_amount + excluded.sell_amount, profit = d.profit + excluded.profit,
    fees = d.fees + excluded.fees, best = greatest(d.best, excluded.best),
    worst = least(d.worst, excluded.worst),
    not_counted_trades = d.not_counted_trades + excluded.not_counted_trades,
    not_counted_profit = d.not_counted_profit + excluded.not_counted_profit,
    typed = d.typed + excluded.typed, hand_closed = d.hand_closed + excluded.hand_closed,
    edited = d.edited + excluded.edited, one_sided = d.one_sided + excluded.one_sided,
    unpriced = d.unpriced + excluded.unpriced, missed_calls = d.missed_calls + excluded.missed_calls,
    missed_profit = d.missed_profit + excluded.missed_profit;
  IF sign < 0 AND p.best IS NOT NULL THEN
    UPDATE profit_days d SET (best, worst) = (
      SELECT max(t.realized_pnl), min(t.realized_pnl) FROM transactions t, profit_day_of(t) q
      WHERE t.user_id = p.user_id AND t.status = 'DONE' AND t.pair = p.pair
        AND t.exchange = p.exchange AND t.created_at >= p.day::timestamp AT TIME ZONE 'UTC'
        AND t.created_at < (p.day + 1)::timestamp AT TIME ZONE 'UTC' AND q.trades = 1)
    WHERE (d.day, d.user_id, d.pair, d.exchange) = (p.day, p.user_id, p.pair, p.exchange)
      AND (d.best <= p.best OR d.worst >= p.worst);
  END IF;
  DELETE FROM profit_days d
  WHERE (d.day, d.user_id, d.pair, d.exchange) = (p.day, p.user_id, p.pair, p.exchange)
    AND d.trades = 0 AND d.not_counted_trades = 0 AND d.missed_calls = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION transactions_profit_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM profit_day_apply(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM profit_day_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_profit_days_insert AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.status = 'DONE') EXECUTE FUNCTION transactions_profit_days();
--> statement-breakpoint
-- Only a row that is or was DONE changes /profit: the bot's claims and fills on open rows skip it.
CREATE TRIGGER transactions_profit_days_update AFTER UPDATE ON transactions
  FOR EACH ROW WHEN (OLD.status = 'DONE' OR NEW.status = 'DONE')
  EXECUTE FUNCTION transactions_profit_days();
--> statement-breakpoint
CREATE TRIGGER transactions_profit_days_delete AFTER DELETE ON transactions
  FOR EACH ROW WHEN (OLD.status = 'DONE') EXECUTE FUNCTION transactions_profit_days();
--> statement-breakpoint
INSERT INTO profit_days
SELECT p.day, p.user_id, p.pair, p.exchange, sum(p.trades), sum(p.wins), sum(p.quantity),
  sum(p.buy_amount), sum(p.sell_amount), sum(p.profit), sum(p.fees), max(p.best), min(p.worst),
  sum(p.not_counted_trades), sum(p.not_counted_profit), sum(p.typed), sum(p.hand_closed),
  sum(p.edited), sum(p.one_sided), sum(p.unpriced), sum(p.missed_calls), sum(p.missed_profit)
FROM transactions t, profit_day_of(t) p
WHERE t.status = 'DONE' AND p.day IS NOT NULL
GROUP BY p.day, p.user_id, p.pair, p.exchange;
