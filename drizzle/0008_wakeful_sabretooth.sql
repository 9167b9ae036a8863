DROP INDEX "transactions_list_pair_sell";--> statement-breakpoint
CREATE INDEX "transactions_list_pair_sell" ON "transactions" USING btree ("pair","status","sell_price","created_at","id");