ALTER TABLE "paper_orders" ADD COLUMN "fee" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "paper_orders" ADD COLUMN "fee_asset" text;