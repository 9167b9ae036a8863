// Holds every answer an API test gets to the route's documented answers (server/openapi.ts): its
// status must be listed, and a JSON body must match the zod schema the document is built from. A
// mismatch fails the request that got it. Routes that declare nothing yet are left to the OpenAPI
// test, which lists them.
import type { Hono } from "hono";
import { safeParse } from "zod/v4/core";
import { errorAnswerSchema } from "../../server/core/answer-schema.ts";
import { isFileAnswer } from "../../server/core/route-meta.ts";
import { type DescribedRoute, describeRoutes } from "../../server/openapi.ts";

export class UndocumentedAnswer extends Error {}

/** The route Hono answers `method path` with: the first registered that matches. */
export function routeFor(routes: DescribedRoute[], method: string, path: string) {
  return routes.find((r) => r.method === method && r.pattern.test(path));
}

// deno-lint-ignore no-explicit-any
export function checkAnswers(app: Hono<any>) {
  let routes: DescribedRoute[] | undefined;
  const fetch = app.fetch;
  app.fetch = async (request: Request, ...rest: unknown[]) => {
    // deno-lint-ignore no-explicit-any
    const res = await (fetch as any)(request, ...rest) as Response;
    const path = new URL(request.url).pathname;
    if (!path.startsWith("/api/")) return res;
    routes ??= describeRoutes(app);
    const route = routeFor(routes, request.method, path);
    if (!route?.declared) return res;
    const what = `${request.method} ${path} answered ${res.status}`;
    const answer = route.responses[res.status];
    if (answer === undefined) {
      throw new UndocumentedAnswer(`${what}, which its OpenAPI operation does not list`);
    }
    const type = res.headers.get("content-type") ?? "";
    if (answer === null || isFileAnswer(answer)) return res;
    // A compressed body is checked by the tests that compress; its shape is the same.
    if (!type.startsWith("application/json") || res.headers.get("content-encoding")) {
      if (!type.startsWith("application/json")) {
        throw new UndocumentedAnswer(`${what} with ${type || "no content type"}, not JSON`);
      }
      return res;
    }
    const body = await res.clone().json();
    const schema = typeof answer === "string" ? errorAnswerSchema : answer;
    const parsed = safeParse(schema, body);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((i) =>
        `${i.path.join(".") || "(body)"}: ${i.message}`
      );
      throw new UndocumentedAnswer(
        `${what}, a body its schema refuses: ${issues.join("; ")}\n${
          JSON.stringify(body).slice(0, 300)
        }`,
      );
    }
    return res;
  };
}
