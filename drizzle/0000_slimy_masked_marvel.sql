CREATE TYPE "public"."bot_mode" AS ENUM('none', 'buy_sell', 'sell_buy', 'only_buy_sell', 'only_buy', 'only_sell');--> statement-breakpoint
CREATE TYPE "public"."exchange" AS ENUM('none', 'gate', 'binance', 'houbi');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('SuperAdmin', 'Admin', 'Lead', 'User');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('BUY', 'SELL', 'DONE');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" integer,
	"action" text NOT NULL,
	"target_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exchange" "exchange" NOT NULL,
	"username" text NOT NULL,
	"adapter" text DEFAULT 'paper' NOT NULL,
	"key" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_outcomes" (
	"call_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"transaction_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_outcomes_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" text PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"from_username" text NOT NULL,
	"group" text NOT NULL,
	"target" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candles" (
	"exchange" text NOT NULL,
	"pair" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(38, 8) NOT NULL,
	"high" numeric(38, 8) NOT NULL,
	"low" numeric(38, 8) NOT NULL,
	"close" numeric(38, 8) NOT NULL,
	"volume" numeric(38, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "candles_exchange_pair_open_time_pk" PRIMARY KEY("exchange","pair","open_time")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_balances" (
	"account" text NOT NULL,
	"asset" text NOT NULL,
	"free" numeric(38, 8) DEFAULT '0' NOT NULL,
	"locked" numeric(38, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "paper_balances_account_asset_pk" PRIMARY KEY("account","asset")
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "shift_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"account" text NOT NULL,
	"usdt_in" numeric(38, 8) DEFAULT '0' NOT NULL,
	"usdt_out" numeric(38, 8) DEFAULT '0' NOT NULL,
	"btc_in" numeric(38, 8) DEFAULT '0' NOT NULL,
	"btc_out" numeric(38, 8) DEFAULT '0' NOT NULL,
	"eth_in" numeric(38, 8) DEFAULT '0' NOT NULL,
	"eth_out" numeric(38, 8) DEFAULT '0' NOT NULL,
	"gt_in" numeric(38, 8) DEFAULT '0' NOT NULL,
	"gt_out" numeric(38, 8) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"time_start" timestamp with time zone NOT NULL,
	"time_end" timestamp with time zone NOT NULL,
	"interval" integer NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" "transaction_status" NOT NULL,
	"pair" text NOT NULL,
	"exchange" "exchange" NOT NULL,
	"adapter" text NOT NULL,
	"use_bot" "bot_mode" DEFAULT 'none' NOT NULL,
	"market_price" numeric(38, 8) NOT NULL,
	"buy_price" numeric(38, 8) NOT NULL,
	"sell_price" numeric(38, 8) NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"quantity" numeric(38, 8) NOT NULL,
	"spread" numeric(38, 8) DEFAULT '0' NOT NULL,
	"trading_amount" numeric(38, 8) DEFAULT '0' NOT NULL,
	"is_auto_spread" boolean DEFAULT false NOT NULL,
	"is_full" boolean DEFAULT false NOT NULL,
	"is_random" boolean DEFAULT false NOT NULL,
	"fraction" numeric(38, 8) DEFAULT '0' NOT NULL,
	"asset_id" text,
	"hash" text,
	"bot_key_id" integer,
	"call_id" text,
	"order_id" text,
	"close_order_id" text,
	"filled_price" numeric(38, 8),
	"filled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" DEFAULT 'User' NOT NULL,
	"first_name" text,
	"last_name" text,
	"unique_id" integer NOT NULL,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"pair" text DEFAULT 'btc_usdt' NOT NULL,
	"exchange" "exchange" DEFAULT 'binance' NOT NULL,
	"group" text DEFAULT 'default' NOT NULL,
	"use_bot" "bot_mode" DEFAULT 'none' NOT NULL,
	"is_auto_spread" boolean DEFAULT false NOT NULL,
	"spread" numeric(38, 8) DEFAULT '0' NOT NULL,
	"trading_amount" numeric(38, 8) DEFAULT '0' NOT NULL,
	"coin_trading_amount" numeric(38, 8) DEFAULT '0' NOT NULL,
	"coin_funds" numeric(38, 8) DEFAULT '0' NOT NULL,
	"fraction" numeric(38, 8) DEFAULT '0' NOT NULL,
	"is_full" boolean DEFAULT false NOT NULL,
	"is_random" boolean DEFAULT false NOT NULL,
	"number_of_tran" integer DEFAULT 1 NOT NULL,
	"select_bots" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"gate_key_v2" text,
	"gate_key_v4" text,
	"gate_secret_v4" text,
	"binance_key" text,
	"binance_secret" text,
	"houbi_key" text,
	"houbi_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_outcomes" ADD CONSTRAINT "call_outcomes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bot_key_id_bot_keys_id_fk" FOREIGN KEY ("bot_key_id") REFERENCES "public"."bot_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bot_keys_exchange" ON "bot_keys" USING btree ("exchange");--> statement-breakpoint
CREATE INDEX "login_failures_key_at" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shift_reports_user_date" ON "shift_reports" USING btree ("user_id","report_date");--> statement-breakpoint
CREATE INDEX "transactions_user_status_created" ON "transactions" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_status_created" ON "transactions" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_created" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_pair_status" ON "transactions" USING btree ("pair","status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_live" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_unique_id" ON "users" USING btree ("unique_id");