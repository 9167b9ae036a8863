CREATE TABLE "paper_orders" (
	"account" text NOT NULL,
	"client_order_id" text NOT NULL,
	"pair" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(38, 8) NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_orders_account_client_order_id_pk" PRIMARY KEY("account","client_order_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "filled_quantity" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "avg_price" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee_asset" text;