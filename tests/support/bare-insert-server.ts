// The yardstick of the order-path benchmark (tests/bench/order-path.ts): the least a server can do
// for an order, a bare Hono route parsing the JSON body and running one postgres.js
// INSERT … RETURNING, on the same PostgreSQL with the same pool size as the product.
// Run as `deno run -A tests/support/bare-insert-server.ts <database url> <port>`.
import { Hono } from "hono";
import postgres from "postgres";

const [url, port] = Deno.args;
const sql = postgres(url, { max: 20, onnotice: () => {} });
await sql`create table if not exists bare_orders (id bigint generated always as identity
  primary key, pair text not null, amount numeric not null, price numeric not null,
  created_at timestamptz not null default now())`;

const app = new Hono();
app.post("/api/transaction", async (c) => {
  const body = await c.req.json();
  const [row] = await sql`insert into bare_orders (pair, amount, price)
    values (${body.pair}, ${body.amount}, ${body.marketPrice}) returning *`;
  return c.json({ transaction: row }, 201);
});
app.get("/api/health", (c) => c.json({ ok: true }));
Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen: () => {} }, app.fetch);
