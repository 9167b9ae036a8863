DROP INDEX "transactions_created";--> statement-breakpoint
DROP INDEX "transactions_pair_status";