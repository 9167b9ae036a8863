DROP INDEX "transactions_user_status_created";--> statement-breakpoint
DROP INDEX "transactions_list_created";--> statement-breakpoint
DROP INDEX "transactions_list_pair";--> statement-breakpoint
DROP INDEX "transactions_status_created";--> statement-breakpoint
DROP INDEX "transactions_list_user";--> statement-breakpoint
CREATE INDEX "transactions_list_pair_sell" ON "transactions" USING btree ("pair","status","sell_price");--> statement-breakpoint
CREATE INDEX "transactions_created" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_status_created" ON "transactions" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"sell_price");--> statement-breakpoint
CREATE INDEX "transactions_list_user" ON "transactions" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"pair","sell_price");