// Every environment variable the server reads, parsed once. Nothing else reads the environment.
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_SECRET_KEY: z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters").optional(),
  ADMIN_USERNAME: z.string().regex(/^[A-Za-z0-9_-]{5,30}$/).default("superadmin"),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  ADMIN_EMAIL: z.email().default("superadmin@localhost.localdomain"),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  // How long a resolved session is reused before it is looked up again (0: never reused).
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ROLES: z.enum(["api", "engine", "both"]).default("both"),
  // How /api/health names this engine; unset: host name and process id.
  ENGINE_NAME: z.string().regex(/^[\w.:-]{1,48}$/, "1-48 of A-Z a-z 0-9 _ . : -").optional(),
  MARKET_FEED: z.enum(["sim", "binance", "gate"]).default("sim"),
  MARKET_SEED: z.coerce.number().int().default(42),
  MARKET_SIM_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  MARKET_RECONNECT_MS: z.coerce.number().int().positive().default(5000),
  BINANCE_WS_URL: z.string().default("wss://stream.binance.com:9443"),
  BINANCE_REST_URL: z.string().default("https://api.binance.com"),
  GATE_WS_URL: z.string().default("wss://api.gateio.ws/ws/v4/"),
  // Optional: signs the Gate ticker subscription (docs/realtime.md#live-prices).
  GATE_WS_KEY: z.string().min(1).optional(),
  GATE_WS_SECRET: z.string().min(1).optional(),
  GATE_REST_URL: z.string().default("https://api.gateio.ws"),
  EXCHANGE_ADAPTER: z.enum(["paper", "live"]).default("paper"),
  // What a paper account holds on first use: "ASSET:amount,...".
  PAPER_START_BALANCES: z.string().regex(/^[A-Z0-9_]+:\d+(\.\d+)?(,[A-Z0-9_]+:\d+(\.\d+)?)*$/)
    .default(
      "USDT:100000,USD:100000,FDUSD:100000,BUSD:100000,TUSD:100000,BTC:2,ETH:30,BNB:100," +
        "UNDEAD:1000000,NAFT:10000000,MEPAD:10000000,UB_NFT:10,MA_NFT:10",
    ),
  FLUCTUATION_TOLERANCE: z.coerce.number().min(0).max(1).default(0.005),
  // A feed price older than this (seconds since its last frame) is stale: nothing trades on it.
  PRICE_MAX_AGE_S: z.coerce.number().int().min(1).max(3600).default(10),
  // The /Summaries/hash value (docs/trading.md#key-transport) changes this often.
  KEY_TRANSPORT_ROTATE_HOURS: z.coerce.number().positive().default(24),
  CALL_EXPIRY_MS: z.coerce.number().int().positive().default(20_000),
  // Web Push (server/push/): unset, a pair is generated into DATA_DIR/vapid.json once.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 key")
    .optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 key")
    .optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/, "must be a mailto: or https: URL")
    .default("mailto:admin@localhost.localdomain"),
  // A socket that answers no ping for this long is dropped (Deno's WebSocket idleTimeout).
  WS_IDLE_TIMEOUT_S: z.coerce.number().int().positive().default(30),
  // A socket with this many unsent bytes is too slow: it is closed so it never stalls the others.
  WS_MAX_BUFFERED_BYTES: z.coerce.number().int().positive().default(1_048_576),
  // Browser origins allowed to open the socket ("https://a.example,https://b.example"); unset:
  // only the server's own origin. A client that sends no Origin (not a browser) is not refused.
  PUBLIC_ORIGINS: z.string().regex(/^https?:\/\/[^,\s/]+(,https?:\/\/[^,\s/]+)*$/).optional(),
  // Open sockets per user on one instance; a further one is refused with 429.
  WS_MAX_PER_USER: z.coerce.number().int().positive().default(10),
  // Open sockets per client address on one instance, over all its users (an office behind one NAT
  // shares it); a further one is refused with 429.
  WS_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  YAHOO_PROVIDER: z.enum(["yahoo", "recorded"]).default("yahoo"),
  YAHOO_URL: z.string().default("https://query1.finance.yahoo.com"),
  // Whose recorded candles serve the price history; unset: the exchange MARKET_FEED follows.
  YAHOO_RECORDED_EXCHANGE: z.enum(["binance", "gate"]).optional(),
  // CSV reports: rows read per database page; a user regex's time limit on PostgreSQL.
  REPORT_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(5_000),
  REPORT_REGEX_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  TRUST_PROXY: bool.default(false),
  // Database trouble answers fast: a connection attempt, a statement and a whole request each have
  // a limit; past it the request answers 503 with a message (and its statements are cancelled).
  DB_CONNECT_TIMEOUT_S: z.coerce.number().int().min(1).max(60).default(5),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // The server's own front door (server/front-door/connection-guard.ts): a request's head must arrive
  // within HEADER_TIMEOUT_MS of its first byte and its body within BODY_TIMEOUT_MS of the head, or
  // the connection is closed; one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections
  // (not counted behind a trusted proxy, whose one address carries everybody).
  HEADER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(500),
  // How long an order's request waits for the exchange; past it the row is answered pending (202)
  // and settled when the exchange answers. Below REQUEST_TIMEOUT_MS (checked at start).
  ORDER_ANSWER_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  // How long a sent order is its sender's alone (its answer and the lookups after a lost one): a
  // process that died sending leaves the pending row to the resolver after this.
  ORDER_SENDING_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // SIGTERM/SIGINT: how long in-flight requests and the bot's current order may take to finish.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  WEB_DIST: z.string().default("./web/dist"),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; a bad value names the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (result.data.ORDER_ANSWER_MS >= result.data.REQUEST_TIMEOUT_MS) {
    throw new Error(
      "Invalid configuration:\n  ORDER_ANSWER_MS: must be below REQUEST_TIMEOUT_MS (an order's " +
        "request answers pending before the request's deadline)",
    );
  }
  return result.data;
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...configSchema.parse({}),
  ...overrides,
});
