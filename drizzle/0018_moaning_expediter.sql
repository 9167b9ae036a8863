CREATE TYPE "public"."transaction_kind" AS ENUM('trade', 'missed_call');--> statement-breakpoint
CREATE TABLE "balance_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"exchange" "exchange" NOT NULL,
	"adapter" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"actual" jsonb,
	"expected" jsonb,
	"drift" jsonb,
	"transaction_ids" jsonb,
	"note" text,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "close_quantity" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "close_fee" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "close_fee_asset" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "realized_pnl" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kind" "transaction_kind" DEFAULT 'trade' NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_checks" ADD CONSTRAINT "balance_checks_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_checks_account" ON "balance_checks" USING btree ("account","exchange","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "balance_checks_open_drift" ON "balance_checks" USING btree ("checked_at") WHERE "balance_checks"."state" = 'drift' and "balance_checks"."acknowledged_at" is null;--> statement-breakpoint
-- generate-done rows written before the column: the call outcome "done" points at them.
UPDATE "transactions" SET "kind" = 'missed_call' WHERE "id" IN (
	SELECT "transaction_id" FROM "call_outcomes" WHERE "outcome" = 'done' AND "transaction_id" IS NOT NULL
);--> statement-breakpoint
-- An opening fill recorded before the column happened when its row was written.
UPDATE "transactions" SET "opened_at" = "created_at" WHERE "order_id" IS NOT NULL AND "order_state" IS NULL;
