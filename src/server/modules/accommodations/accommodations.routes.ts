import { Hono } from "hono";
import { z } from "zod";
import {
  ACCOMMODATION_MESSAGES,
  accommodationGrantSchema,
  accommodationReasonSchema,
  CERTIFICATE_MAX_BYTES,
  extraTimeSchema,
} from "../../../shared/accommodations.ts";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { privateFileResponse } from "../../storage/serve-file.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import {
  approveAccommodation,
  grantAccommodation,
  listAccommodations,
  rejectAccommodation,
  revokeAccommodation,
} from "./accommodation-review.ts";
import {
  getOwnAccommodation,
  openCertificate,
  uploadCertificate,
} from "./accommodations.service.ts";

const certificateForm = z.object({
  file: z.instanceof(File, { message: ACCOMMODATION_MESSAGES.fileMissing }),
});

/**
 * Extra time in tests (decision 048). `/api/accommodations`: the student's own request (no id:
 * nobody else's can be reached) and the certificate file, served to its student and admins.
 * `/api/admin/accommodations`: the admins' list and decisions.
 */
export function createAccommodationRoutes(db: Db, storage: FileStorage) {
  const student = requireRole("student");
  const admin = requireRole("admin");
  const now = () => new Date();

  const own = new Hono<AppEnv>()
    .get("/", student, async (c) => c.json(await getOwnAccommodation(db, viewerOf(c).userId)))
    .post(
      "/certificate",
      student,
      uploadLimit(CERTIFICATE_MAX_BYTES, ACCOMMODATION_MESSAGES.tooLarge),
      validate("form", certificateForm),
      async (c) =>
        c.json(
          await uploadCertificate({
            db,
            storage,
            userId: viewerOf(c).userId,
            file: c.req.valid("form").file,
          }),
          201,
        ),
    )
    .get(
      "/:id/certificate",
      requireAuth,
      declare({ servesStoredFile: true }),
      validate("param", idParamSchema),
      async (c) => {
        const { stored, contentType } = await openCertificate(db, {
          storage,
          viewer: viewerOf(c),
          id: c.req.valid("param").id,
        });
        return privateFileResponse(stored, contentType);
      },
    );

  const adminRoutes = new Hono<AppEnv>()
    .get("/", admin, validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listAccommodations(db, c.req.valid("query"))),
    )
    .post("/", admin, validate("json", accommodationGrantSchema), async (c) => {
      const { email, ...grant } = c.req.valid("json");
      const adminId = viewerOf(c).userId;
      return c.json(await grantAccommodation(db, { adminId, email, grant, now: now() }), 201);
    })
    .post(
      "/:id/approve",
      admin,
      validate("param", idParamSchema),
      validate("json", extraTimeSchema),
      async (c) =>
        c.json(
          await approveAccommodation(db, {
            adminId: viewerOf(c).userId,
            id: c.req.valid("param").id,
            grant: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .post(
      "/:id/reject",
      admin,
      validate("param", idParamSchema),
      validate("json", accommodationReasonSchema),
      async (c) =>
        c.json(
          await rejectAccommodation(db, {
            adminId: viewerOf(c).userId,
            id: c.req.valid("param").id,
            reason: c.req.valid("json").reason,
            now: now(),
          }),
        ),
    )
    .post(
      "/:id/revoke",
      admin,
      validate("param", idParamSchema),
      validate("json", accommodationReasonSchema),
      async (c) =>
        c.json(
          await revokeAccommodation(db, {
            adminId: viewerOf(c).userId,
            id: c.req.valid("param").id,
            reason: c.req.valid("json").reason,
            now: now(),
          }),
        ),
    );

  return { own, admin: adminRoutes };
}
