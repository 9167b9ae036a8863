// `deno task dev`: the API with file watching on :8000 and Vite's dev server with hot reload on :5173.
const root = new URL("..", import.meta.url).pathname;
const deno = Deno.execPath();

const api = new Deno.Command(deno, {
  args: ["run", "-A", "--watch=server/", "server/main.ts"],
  cwd: root,
}).spawn();
const web = new Deno.Command(deno, {
  args: ["run", "-A", "npm:vite@8.3.8", "--config", "web/vite.config.ts"],
  cwd: root,
}).spawn();

const [a, w] = await Promise.all([api.status, web.status]);
Deno.exit(a.success && w.success ? 0 : 1);
