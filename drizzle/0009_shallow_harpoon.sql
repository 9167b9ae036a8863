CREATE TABLE "trading_halts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_halts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"exchange" "exchange",
	"user_id" integer,
	"reason" text NOT NULL,
	"stops_closing" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_limits" (
	"user_id" integer NOT NULL,
	"exchange" "exchange" NOT NULL,
	"max_per_order" numeric(38, 8),
	"max_per_day" numeric(38, 8),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_limits_user_id_exchange_pk" PRIMARY KEY("user_id","exchange")
);
--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_limits" ADD CONSTRAINT "trading_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_limits" ADD CONSTRAINT "trading_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_halts_active" ON "trading_halts" USING btree ("id") WHERE "trading_halts"."released_at" is null;