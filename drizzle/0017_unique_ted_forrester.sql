CREATE TYPE "public"."price_source" AS ENUM('server', 'typed', 'hand_closed', 'edited');--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "price_source" "price_source" DEFAULT 'server' NOT NULL;--> statement-breakpoint
-- Rows written before the column: what the pair and the audit log tell of their prices.
UPDATE "transactions" SET "price_source" = 'hand_closed' WHERE "id" IN (
	SELECT ("details"->>'id')::bigint FROM "audit_log"
	WHERE "action" = 'transaction.updated' AND "details"->'after' ? 'status'
	UNION SELECT "ids"."id"::bigint FROM "audit_log",
		jsonb_array_elements_text(coalesce("details"->'ids', '[]'::jsonb)) AS "ids"("id")
	WHERE "action" = 'transaction.set_done'
);--> statement-breakpoint
UPDATE "transactions" SET "price_source" = 'typed' WHERE "pair" IN ('ub_nft', 'ma_nft');--> statement-breakpoint
UPDATE "transactions" SET "price_source" = 'edited' WHERE "id" IN (
	SELECT ("details"->>'id')::bigint FROM "audit_log"
	WHERE "action" = 'transaction.updated'
		AND "details"->'after' ?| array['marketPrice', 'buyPrice', 'sellPrice', 'amount', 'quantity']
);
