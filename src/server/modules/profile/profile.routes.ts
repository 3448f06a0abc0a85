import { Hono } from "hono";
import { z } from "zod";
import { profileUpdateSchema } from "../../../shared/profile.ts";
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from "../../../shared/uploads.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, viewerOf } from "../../lib/guards.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import { type Profile, updateOwnProfile, uploadOwnPhoto } from "./profile.service.ts";

/** A profile edit (the name, the photo) shows in this user's next request. */
const refreshesOwnViewer = declare({ refreshesViewers: "user" });

const photoForm = z.object({ file: z.instanceof(File, { message: UPLOAD_MESSAGES.fileMissing }) });

function toJson(profile: Profile, email: string) {
  return {
    id: profile.id,
    fullName: profile.fullName,
    email,
    role: profile.role,
    mobileNumber: profile.mobileNumber,
    address: profile.address,
    dateOfBirth: profile.dateOfBirth,
    profilePhotoUrl: profile.profilePhotoUrl,
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/** The caller's own profile: there is no id in these routes, so no one else's can be reached. */
export function createProfileRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>()
    .use("*", requireAuth)
    .put("/", refreshesOwnViewer, validate("json", profileUpdateSchema), async (c) => {
      const viewer = viewerOf(c);
      const profile = await updateOwnProfile(db, {
        userId: viewer.userId,
        input: c.req.valid("json"),
      });
      return c.json({ profile: toJson(profile, viewer.email) });
    })
    .post(
      "/photo",
      refreshesOwnViewer,
      uploadLimit(IMAGE_MAX_BYTES),
      validate("form", photoForm),
      async (c) => {
        const viewer = viewerOf(c);
        const profile = await uploadOwnPhoto({
          db,
          storage,
          userId: viewer.userId,
          file: c.req.valid("form").file,
        });
        return c.json({ profile: toJson(profile, viewer.email) });
      },
    );
}
