// The OpenAPI 3.1 document of every API route, read off the built app: paths and methods from
// Hono's route table, bodies and parameters from the zod validators, auth and roles from the
// middleware tags. Nothing is listed twice, so it cannot drift from the routes.
import type { Hono } from "hono";
import { toJSONSchema } from "zod/v4/core";
import { type RouteMeta, routeMeta } from "./core/route-meta.ts";
import { PERMISSIONS } from "./auth/roles.shared.ts";

type Schema = Record<string, unknown>;

function jsonSchema(meta: RouteMeta["validate"]): Schema {
  try {
    return toJSONSchema(meta!.schema, { io: "input", unrepresentable: "any" }) as Schema;
  } catch {
    return {};
  }
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/\/\*$/, "(/.*)?").replace(/:[^/]+/g, "[^/]+")}$`);

// deno-lint-ignore no-explicit-any
export function buildOpenApi(app: Hono<any>) {
  const wide = app.routes.filter((r) => r.method === "ALL");
  const groups = new Map<string, RouteMeta[]>();
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/")) continue;
    const key = `${r.method} ${r.path}`;
    const metas = groups.get(key) ?? [];
    const meta = routeMeta(r.handler);
    if (meta) metas.push(meta);
    groups.set(key, metas);
  }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, metas] of groups) {
    const [method, path] = key.split(" ");
    // Middleware mounted with use() on a prefix applies to the route too.
    for (const w of wide) {
      const meta = routeMeta(w.handler);
      if (meta && patternOf(w.path).test(path)) metas.push(meta);
    }
    const auth = metas.find((m) => m.auth)?.auth;
    const permission = metas.find((m) => m.permission)?.permission as
      | keyof typeof PERMISSIONS
      | undefined;
    const parameters = metas.flatMap((m) => {
      const where = m.validate?.target;
      if (where !== "query" && where !== "param") return [];
      const schema = jsonSchema(m.validate);
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.entries(props).map(([name, s]) => ({
        name,
        in: where === "param" ? "path" : "query",
        required: where === "param" || required.includes(name),
        schema: s,
      }));
    });
    const body = metas.find((m) => m.validate?.target === "json");
    const openApiPath = path.replace(/:([^/{}]+)(\{[^}]*\})?/g, "{$1}");
    paths[openApiPath] ??= {};
    paths[openApiPath][method.toLowerCase()] = {
      operationId: `${method.toLowerCase()} ${openApiPath}`,
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
          requestBody: { content: { "application/json": { schema: jsonSchema(body.validate) } } },
        }
        : {}),
      ...(auth === "socket"
        ? { security: [{ socketToken: [] }] }
        : auth && auth !== "optional"
        ? { security: [{ bearer: [] }] }
        : {}),
      ...(permission ? { "x-roles": PERMISSIONS[permission] } : {}),
      responses: {
        "200": { description: "Success" },
        "400": { $ref: "#/components/responses/Error" },
        ...(auth ? { "401": { $ref: "#/components/responses/Error" } } : {}),
        ...(permission ? { "403": { $ref: "#/components/responses/Error" } } : {}),
      },
    };
  }

  return {
    openapi: "3.1.0",
    info: { title: "Gate Bot back-office API", version: "1" },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        socketToken: { type: "apiKey", in: "query", name: "token" },
      },
      responses: {
        Error: {
          description: "An error with a message for the user",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  message: {
                    oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
                  },
                },
                required: ["message"],
              },
            },
          },
        },
      },
    },
  };
}
