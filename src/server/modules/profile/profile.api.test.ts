import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/profiles.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { fetchStored, makeImage, uploadFile } from "../../test/upload.ts";

const { t } = setupTestApp();

async function me(cookie: string) {
  const response = await t.request("/api/account/me", { cookie });
  return (await response.json()).profile;
}

async function profileRow(id: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

const details = {
  fullName: "Ananya Gupta",
  mobileNumber: "9812345678",
  address: "221B Civil Lines, Delhi",
  dateOfBirth: "1999-08-15",
};

describe("PUT /api/profile", () => {
  it("saves the caller's details and returns the refreshed profile", async () => {
    const user = await t.createUser("student");
    const response = await t.request("/api/profile", {
      method: "PUT",
      body: details,
      cookie: user.cookie,
    });
    expect(response.status).toBe(200);
    const { profile } = await response.json();
    expect(profile).toMatchObject({ ...details, email: user.email, role: "student" });
    expect(await me(user.cookie)).toMatchObject(details);
  });

  it("stores an empty date of birth, mobile and address as null", async () => {
    const user = await t.createUser("student");
    await t.request("/api/profile", { method: "PUT", body: details, cookie: user.cookie });
    const response = await t.request("/api/profile", {
      method: "PUT",
      body: { fullName: "Ananya", mobileNumber: " ", address: "", dateOfBirth: "" },
      cookie: user.cookie,
    });
    expect(response.status).toBe(200);
    const row = await profileRow((await me(user.cookie)).id);
    expect(row).toMatchObject({
      fullName: "Ananya",
      mobileNumber: null,
      address: null,
      dateOfBirth: null,
    });
  });

  it("requires a full name and a real date, and changes nothing when refused", async () => {
    const user = await t.createUser("student");
    await t.request("/api/profile", { method: "PUT", body: details, cookie: user.cookie });
    const blank = await t.request("/api/profile", {
      method: "PUT",
      body: { ...details, fullName: "  ", address: "Elsewhere" },
      cookie: user.cookie,
    });
    expect(blank.status).toBe(422);
    expect((await blank.json()).error.message).toBe("Full name is required.");
    const badDate = await t.request("/api/profile", {
      method: "PUT",
      body: { ...details, dateOfBirth: "2999-01-01" },
      cookie: user.cookie,
    });
    expect(badDate.status).toBe(422);
    expect(await me(user.cookie)).toMatchObject(details);
  });

  it("never lets the input choose the row, the role or the photo", async () => {
    const victim = await t.createUser("student");
    const attacker = await t.createUser("student");
    const victimId = (await me(victim.cookie)).id;
    const before = await profileRow(victimId);
    for (const extra of [
      { id: victimId },
      { role: "admin" },
      { profilePhotoUrl: "/x.png" },
      { email: "x@y.z" },
    ]) {
      const response = await t.request("/api/profile", {
        method: "PUT",
        body: { ...details, fullName: "Hacked", ...extra },
        cookie: attacker.cookie,
      });
      expect(response.status, JSON.stringify(extra)).toBe(422);
    }
    expect(await profileRow(victimId)).toEqual(before);
    expect((await me(attacker.cookie)).role).toBe("student");
  });

  it("is for signed-in users only", async () => {
    expect((await t.request("/api/profile", { method: "PUT", body: details })).status).toBe(401);
  });
});

describe("POST /api/profile/photo", () => {
  it("stores a resized photo at profile_photos/{userId}/{userId}-{timestamp}.webp", async () => {
    const user = await t.createUser("student");
    const { id } = await me(user.cookie);
    const before = Date.now();
    const response = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(1200, 900, "jpeg"), name: "me.jpg", type: "image/jpeg" },
      user.cookie,
    );
    expect(response.status).toBe(200);
    const { profile } = await response.json();
    const match = profile.profilePhotoUrl.match(
      new RegExp(`^/storage/profile_photos/${id}/${id}-(\\d+)\\.webp$`),
    );
    expect(match).not.toBeNull();
    expect(Number(match[1])).toBeGreaterThanOrEqual(before);
    expect((await me(user.cookie)).profilePhotoUrl).toBe(profile.profilePhotoUrl);

    const served = await fetchStored(t, profile.profilePhotoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("removes the old photo when a new one is uploaded", async () => {
    const user = await t.createUser("student");
    const first = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "a.png" },
      user.cookie,
    );
    const oldUrl = (await first.json()).profile.profilePhotoUrl;
    // The stored name carries the upload's millisecond: wait for the clock to reach the next one
    // (no fixed sleep; at most a millisecond of yielding to the event loop).
    const firstAt = Date.now();
    while (Date.now() === firstAt) await new Promise((resolve) => setImmediate(resolve));
    const second = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "b.png" },
      user.cookie,
    );
    const newUrl = (await second.json()).profile.profilePhotoUrl;
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchStored(t, oldUrl)).status).toBe(404);
    expect((await fetchStored(t, newUrl)).status).toBe(200);
  });

  it("refuses a non-image renamed to .png and a broken image, keeping the current photo", async () => {
    const user = await t.createUser("student");
    const ok = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "a.png" },
      user.cookie,
    );
    const url = (await ok.json()).profile.profilePhotoUrl;
    const pdf = new TextEncoder().encode("%PDF-1.4 not an image");
    const renamed = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: pdf, name: "me.png" },
      user.cookie,
    );
    expect(renamed.status).toBe(422);
    expect((await renamed.json()).error.message).toBe(
      "Only image files (JPEG, PNG, GIF, WebP or AVIF) can be uploaded.",
    );
    const png = await makeImage();
    const broken = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: png.subarray(0, 40), name: "cut.png" },
      user.cookie,
    );
    expect(broken.status).toBe(422);
    expect((await me(user.cookie)).profilePhotoUrl).toBe(url);
    expect((await fetchStored(t, url)).status).toBe(200);
  });

  it("refuses a photo over 5 MB", async () => {
    const user = await t.createUser("student");
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await makeImage());
    const response = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: big, name: "big.png" },
      user.cookie,
    );
    expect(response.status).toBe(413);
    expect((await me(user.cookie)).profilePhotoUrl).toBeNull();
  });

  it("changes only the caller's photo: another user's upload never touches mine", async () => {
    const owner = await t.createUser("student");
    const other = await t.createUser("student");
    const mine = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "a.png" },
      owner.cookie,
    );
    const myUrl = (await mine.json()).profile.profilePhotoUrl;
    const theirs = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "b.png" },
      other.cookie,
    );
    const theirUrl = (await theirs.json()).profile.profilePhotoUrl;
    const otherId = (await me(other.cookie)).id;
    expect(theirUrl.startsWith(`/storage/profile_photos/${otherId}/`)).toBe(true);
    expect((await me(owner.cookie)).profilePhotoUrl).toBe(myUrl);
    expect((await fetchStored(t, myUrl)).status).toBe(200);

    // Even a profile row pointing at my file (set behind the API's back) cannot make the other
    // user's next upload delete it: only files in the uploader's own folder are removed.
    await t.db.update(profiles).set({ profilePhotoUrl: myUrl }).where(eq(profiles.id, otherId));
    await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "c.png" },
      other.cookie,
    );
    expect((await fetchStored(t, myUrl)).status).toBe(200);
  });

  it("is for signed-in users only", async () => {
    const response = await uploadFile(t, "/api/profile/photo", {
      bytes: await makeImage(),
      name: "a.png",
    });
    expect(response.status).toBe(401);
  });
});
