ALTER TABLE "transactions" ADD COLUMN "order_state" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "order_note" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "order_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transactions_pending" ON "transactions" USING btree ("order_check_at") WHERE "transactions"."order_state" = 'pending';