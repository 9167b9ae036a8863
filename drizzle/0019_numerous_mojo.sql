CREATE TABLE "call_recipients" (
	"call_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"call_at" timestamp with time zone NOT NULL,
	"pair" text NOT NULL,
	"state" text DEFAULT 'notified' NOT NULL,
	"delivery" text NOT NULL,
	"seen_at" timestamp with time zone,
	"reaction_ms" integer,
	"transaction_id" bigint,
	"reason" jsonb,
	CONSTRAINT "call_recipients_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "call_recipients" ADD CONSTRAINT "call_recipients_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_recipients" ADD CONSTRAINT "call_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_recipients_user" ON "call_recipients" USING btree ("user_id","call_at");--> statement-breakpoint
CREATE INDEX "calls_created" ON "calls" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "calls_from_created" ON "calls" USING btree ("from_user_id","created_at" DESC NULLS LAST,"id");