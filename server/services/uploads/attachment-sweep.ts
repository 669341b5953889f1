// Uploads nobody registered: a browser may PUT a file to its signed URL and never call the
// registration (the form closed, the network dropped). Such objects belong to no transaction and
// are deleted once they are old enough that no registration can still be on its way.
import { inArray } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { attachments } from "../../db/schema";
import { pruneUploadGrants } from "../attachments";

/** Registration follows the upload within minutes (the URL lives 15); a day leaves ample room. */
export const UNREGISTERED_UPLOAD_GRACE_MS = 24 * 60 * 60_000;
/** How often each server process sweeps (deleting is idempotent, so processes need not agree). */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
const BATCH = 500;

/** Deletes attachment objects older than the grace period that no attachment row names; answers how many. */
export async function sweepUnregisteredUploads(ctx: Pick<ServiceContext, "db" | "storage" | "clock">): Promise<number> {
  const before = new Date(ctx.clock().getTime() - UNREGISTERED_UPLOAD_GRACE_MS);
  let deleted = 0;
  let batch: string[] = [];
  const settle = async () => {
    const registered = await ctx.db.select({ objectPath: attachments.objectPath }).from(attachments).where(inArray(attachments.objectPath, batch));
    const known = new Set(registered.map((r) => r.objectPath));
    for (const objectPath of batch) {
      if (known.has(objectPath)) continue;
      await ctx.storage.delete(objectPath);
      deleted += 1;
    }
    batch = [];
  };
  for await (const objectPath of ctx.storage.listAttachmentObjects(before)) {
    batch.push(objectPath);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  // Expired upload URLs (15 minutes) no longer count against a transaction's 20.
  await pruneUploadGrants(ctx.db, ctx.clock());
  return deleted;
}
