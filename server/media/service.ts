// Uploads (POST /media/upload, docs/api.md#media-and-contracts): images and PDFs, typed by content,
// kept in the database (so every instance serves them, Deno Deploy included), served back with a
// type the browser cannot misread and a file name that cannot break the header.
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest, notFound } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";
import { media } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { sniffType } from "./sniff.ts";

/** The largest file accepted; the request body may be a little larger for the form's framing. */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_BODY_LIMIT = MEDIA_MAX_BYTES + 64 * 1024;

/** A file name safe in a header and on a disk: printable ASCII, no quotes or slashes, 100 long. */
export function cleanName(name: string, ext: string) {
  const base = name.replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9 _.-]+/g, "_")
    .replace(/^[\s._]+/, "").trim().slice(0, 90);
  return `${base || "file"}.${ext}`;
}

export async function uploadMedia(deps: Pick<Deps, "clock" | "db">, user: SessionUser, file: File) {
  if (file.size === 0) throw badRequest(msg("media.empty"), "file");
  if (file.size > MEDIA_MAX_BYTES) {
    throw badRequest(msg("media.tooLarge", { mb: MEDIA_MAX_BYTES / 1024 / 1024 }), "file");
  }
  const data = new Uint8Array(await file.arrayBuffer());
  const kind = sniffType(data);
  if (!kind) throw badRequest(msg("media.wrongType"), "file");
  const row = {
    id: crypto.randomUUID(),
    contentType: kind.type,
    name: cleanName(file.name, kind.ext),
    size: data.length,
    data,
    uploadedBy: user.id,
    createdAt: deps.clock.now(),
  };
  await deps.db.insert(media).values(row);
  await recordAudit(deps.db, {
    actorId: user.id,
    action: "media.uploaded",
    details: { id: row.id, name: row.name, contentType: row.contentType, size: row.size },
    at: row.createdAt,
  });
  return {
    id: row.id,
    url: `/api/media/${row.id}`,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
  };
}

export async function readMedia(deps: Pick<Deps, "db">, id: string) {
  const [row] = await deps.db.select().from(media).where(eq(media.id, id));
  if (!row) throw notFound(msg("media.notFound"));
  return row;
}
