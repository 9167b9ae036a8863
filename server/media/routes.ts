import { Hono } from "hono";
import { z } from "zod";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { badRequest } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { readMedia, uploadMedia } from "./service.ts";
import { file, responds } from "../core/route-meta.ts";

const mediaIdParam = z.object({ id: z.uuid("Must be a media id") });

const uploadedSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export function mediaRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      "/media/upload",
      responds({ 201: uploadedSchema, 400: "Not a multipart form with a file of an allowed type" }),
      requireAuth(deps),
      requirePermission("media.upload"),
      async (c) => {
        const form = await c.req.formData().catch(() => {
          throw badRequest(msg("media.multipartExpected"));
        });
        const file = form.get("file");
        if (!(file instanceof File)) throw badRequest(msg("media.fileRequired"), "file");
        return c.json(await uploadMedia(deps, c.get("user"), file), 201);
      },
    )
    .get(
      "/media/:id",
      responds({ 200: file("*/*", "The stored image or PDF"), 404: "No such file" }),
      requireAuth(deps),
      validate("param", mediaIdParam),
      async (c) => {
        const row = await readMedia(deps, c.req.valid("param").id);
        // Images may show inline; a PDF is always downloaded. Either way nothing in it runs here.
        // Cached as every API answer is not (no-store): a signed-in file must not stay in the
        // browser after sign-out.
        const disposition = row.contentType === "application/pdf" ? "attachment" : "inline";
        return c.body(row.data as Uint8Array<ArrayBuffer>, 200, {
          "content-type": row.contentType,
          "content-disposition": `${disposition}; filename="${row.name}"`,
          "content-security-policy": "default-src 'none'; sandbox",
        });
      },
    );
}
