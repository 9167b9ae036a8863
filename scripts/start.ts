// `deno task start`: build the client if needed, then run the server (migrations run at start).
import { buildWebIfStale } from "./build-web.ts";

await buildWebIfStale();
await import("../server/main.ts");
