// The OpenAPI 3.1 document of every API route, read off the built app: paths and methods from
// Hono's route table, bodies and parameters from the zod validators, auth and roles from the
// middleware tags, answers from each route's `responds(...)` (server/core/route-meta.ts). Nothing
// is listed twice, so it cannot drift from the routes.
import type { Hono } from "hono";
import { toJSONSchema } from "zod/v4/core";
import type { $ZodType } from "zod/v4/core";
import { type Answer, isFileAnswer, type RouteMeta, routeMeta } from "./core/route-meta.ts";
import { PERMISSIONS } from "./auth/roles.shared.ts";
import { errorAnswerSchema } from "./core/answer-schema.ts";

type Schema = Record<string, unknown>;

function jsonSchema(schema: $ZodType, io: "input" | "output"): Schema {
  try {
    return toJSONSchema(schema, { io, unrepresentable: "any" }) as Schema;
  } catch {
    return {};
  }
}

/** Hono's path as a pattern: `:id{[0-9]+}` keeps its own pattern, `:id` takes one segment. */
const patternOf = (path: string) =>
  new RegExp(
    `^${
      path.replace(/\/\*$/, "(/.*)?").replace(
        /:[^/{}]+(\{([^}]*)\})?/g,
        (_, _braces, own) => own ? `(?:${own})` : "[^/]+",
      )
    }$`,
  );

/** What the middleware a route goes through can answer besides what the route declares. */
function middlewareAnswers(method: string, metas: RouteMeta[]): Record<number, Answer> {
  const auth = metas.find((m) => m.auth)?.auth;
  const answers: Record<number, Answer> = {};
  if (metas.some((m) => m.validate)) answers[400] = "The input is not valid";
  if (auth && auth !== "optional") answers[401] = "No session, or it ended";
  if (metas.some((m) => m.permission)) answers[403] = "The caller's role may not do this";
  // server/core/body-limit.ts: any request may carry a body, and is refused past the limit.
  if (method !== "GET") answers[413] = "The body is too large";
  // server/core/request-scope.ts and database-faults.ts: past the deadline, or no database.
  answers[503] = "Service unavailable: the request ran out of time or the database does not answer";
  return answers;
}

export interface DescribedRoute {
  method: string;
  /** Hono's path, `:id{[0-9]+}` and all. */
  path: string;
  pattern: RegExp;
  metas: RouteMeta[];
  /** What the route itself declared with responds(); undefined when it declared nothing. */
  declared?: Record<number, Answer>;
  /** Every status it can answer: its own and its middleware's. */
  responses: Record<number, Answer>;
}

/** Every API route, in the order Hono tries them, with what it says about itself. */
// deno-lint-ignore no-explicit-any
export function describeRoutes(app: Hono<any>): DescribedRoute[] {
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
  return [...groups].map(([key, metas]) => {
    const [method, path] = key.split(" ");
    // Middleware mounted with use() on a prefix applies to the route too.
    for (const w of wide) {
      const meta = routeMeta(w.handler);
      if (meta && patternOf(w.path).test(path)) metas.push(meta);
    }
    const declared = metas.find((m) => m.responses)?.responses;
    return {
      method,
      path,
      pattern: patternOf(path),
      metas,
      declared,
      responses: { ...middlewareAnswers(method, metas), ...declared },
    };
  });
}

const ERROR = { $ref: "#/components/schemas/Error" };

function responseOf(status: number, answer: Answer) {
  if (answer === null) return { description: status === 101 ? "Switching protocols" : "No body" };
  if (typeof answer === "string") {
    return { description: answer, content: { "application/json": { schema: ERROR } } };
  }
  if (isFileAnswer(answer)) {
    return {
      description: answer.description,
      content: { [answer.mediaType]: { schema: { type: "string", format: "binary" } } },
    };
  }
  return {
    description: status < 300 ? "Success" : "See the body",
    content: { "application/json": { schema: jsonSchema(answer, "output") } },
  };
}

// deno-lint-ignore no-explicit-any
export function buildOpenApi(app: Hono<any>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, metas, responses } of describeRoutes(app)) {
    const auth = metas.find((m) => m.auth)?.auth;
    const permission = metas.find((m) => m.permission)?.permission as
      | keyof typeof PERMISSIONS
      | undefined;
    const parameters = metas.flatMap((m) => {
      const where = m.validate?.target;
      if (where !== "query" && where !== "param") return [];
      const schema = jsonSchema(m.validate!.schema, "input");
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
          requestBody: {
            content: { "application/json": { schema: jsonSchema(body.validate!.schema, "input") } },
          },
        }
        : {}),
      ...(auth === "socket"
        ? { security: [{ socketToken: [] }] }
        : auth && auth !== "optional"
        ? { security: [{ bearer: [] }] }
        : {}),
      ...(permission ? { "x-roles": PERMISSIONS[permission] } : {}),
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, answer]) => [
          status,
          responseOf(Number(status), answer),
        ]),
      ),
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
      schemas: { Error: jsonSchema(errorAnswerSchema, "output") },
    },
  };
}
