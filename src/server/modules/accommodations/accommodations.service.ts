import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ACCOMMODATION_MESSAGES } from "../../../shared/accommodations.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { accommodations } from "../../db/schema/accommodations.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { readCertificateUpload } from "../../storage/certificate-upload.ts";
import type { FileStorage } from "../../storage/storage.ts";

type Row = typeof accommodations.$inferSelect;

/** Where a certificate is read: this API route, never /storage (a private bucket). */
export const certificateUrlOf = (id: string) => `/api/accommodations/${id}/certificate`;

/** What the student sees on the profile: the status, the grant, the reason, the certificate. */
export function ownView(row: Row | undefined) {
  if (!row) return { status: "none" as const, extraTime: null, reason: null, certificate: null };
  return {
    status: row.status,
    extraTime:
      row.extraTimeKind && row.extraMinutes
        ? { kind: row.extraTimeKind, minutes: row.extraMinutes }
        : null,
    reason: row.reason,
    certificate: row.certificateKey
      ? {
          url: certificateUrlOf(row.id),
          contentType: row.certificateType,
          uploadedAt: row.certificateUploadedAt?.toISOString() ?? null,
        }
      : null,
  };
}
export type OwnAccommodation = ReturnType<typeof ownView>;

export async function getOwnAccommodation(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(accommodations).where(eq(accommodations.userId, userId));
  return ownView(row);
}

/**
 * Stores the student's certificate and puts the request under review: a first request, a new
 * one after a refusal or a revocation, or a replacement while under review. Once approved the
 * certificate stays as it is (409): changing it would withdraw the extra time. The file is
 * stored before the row changes and the one it replaces deleted after, so the row never names
 * a missing file.
 */
export async function uploadCertificate(input: {
  db: Db;
  storage: FileStorage;
  userId: string;
  file: unknown;
  now?: Date;
}) {
  const now = input.now ?? new Date();
  const { db, storage, userId } = input;
  const certificate = await readCertificateUpload(input.file);
  const [before] = await db.select().from(accommodations).where(eq(accommodations.userId, userId));
  if (before?.status === "approved") {
    throw new AppError("CONFLICT", ACCOMMODATION_MESSAGES.alreadyApproved);
  }
  const key = `${userId}/${randomUUID()}.${certificate.extension}`;
  await storage.put("certificates", key, certificate.bytes, certificate.contentType);
  const review = {
    status: "pending" as const,
    certificateKey: key,
    certificateType: certificate.contentType,
    certificateUploadedAt: now,
    extraTimeKind: null,
    extraMinutes: null,
    reason: null,
    reviewedBy: null,
    reviewedAt: null,
    requestedAt: now,
    updatedAt: now,
  };
  try {
    const { row, replaced } = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(accommodations)
        .where(eq(accommodations.userId, userId))
        .for("update");
      if (locked?.status === "approved") {
        throw new AppError("CONFLICT", ACCOMMODATION_MESSAGES.alreadyApproved);
      }
      const [saved] = await tx
        .insert(accommodations)
        .values({ userId, ...review })
        .onConflictDoUpdate({ target: accommodations.userId, set: review })
        .returning();
      return { row: saved, replaced: locked?.certificateKey ?? null };
    });
    if (replaced) await storage.delete("certificates", replaced);
    return ownView(row);
  } catch (error) {
    await storage.delete("certificates", key);
    throw error;
  }
}

export type OpenCertificateInput = {
  storage: FileStorage;
  viewer: Pick<Viewer, "userId" | "role">;
  id: string;
};

/**
 * A certificate, to its student and to admins. Anyone else gets the same 404 as for a request
 * that does not exist.
 */
export async function openCertificate(db: DbOrTx, { storage, viewer, id }: OpenCertificateInput) {
  const [row] = await db.select().from(accommodations).where(eq(accommodations.id, id));
  const allowed = row && (viewer.role === "admin" || row.userId === viewer.userId);
  if (!allowed || !row.certificateKey) {
    throw new AppError("NOT_FOUND", ACCOMMODATION_MESSAGES.notFound);
  }
  const stored = await storage.get("certificates", row.certificateKey);
  if (!stored) throw new AppError("NOT_FOUND", ACCOMMODATION_MESSAGES.notFound);
  return { stored, contentType: row.certificateType ?? stored.contentType };
}
