import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.ts";
import type { SiteSettings } from "./settings.service.ts";
import {
  createSettingsStore as createStore,
  SETTINGS_CACHE_TTL_MS,
  type SettingsRow,
} from "./settings-store.ts";

// The database is replaced by reads the test answers by hand, to order a read and a save.
const reads: ((value: SiteSettings) => void)[] = [];
const byHand: SettingsRow = {
  read: () => new Promise<SiteSettings>((resolve) => reads.push(resolve)),
  save: async (_db, input) => row(input.maintenanceMode),
  saveLogo: async (_db, logoUrl) => ({
    settings: { ...row(false), logoUrl } as SiteSettings,
    previousLogoUrl: null,
  }),
};
const createSettingsStore = (database: Db, ttlMs = SETTINGS_CACHE_TTL_MS) =>
  createStore(database, { ttlMs, row: byHand });

const row = (maintenanceMode: boolean) => ({ id: 1, maintenanceMode }) as unknown as SiteSettings;
const input = (maintenanceMode: boolean) => ({
  appTitle: "UPSC Prep",
  contactEmail: "help@example.com",
  maintenanceMode,
  examName: "UPSC CSE",
  examDate: "2027-05-23",
});
const db = {} as Db;

beforeEach(() => {
  reads.length = 0;
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-22T08:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the settings cache", () => {
  it("serves its copy for the TTL, then reads again", async () => {
    const store = createSettingsStore(db);
    const first = store.get();
    reads.shift()?.(row(false));
    expect((await first).maintenanceMode).toBe(false);
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_TTL_MS - 1);
    expect((await store.get()).maintenanceMode).toBe(false);
    expect(reads).toHaveLength(0);
    vi.setSystemTime(Date.now() + 1);
    const again = store.get();
    expect(reads).toHaveLength(1);
    reads.shift()?.(row(true));
    expect((await again).maintenanceMode).toBe(true);
  });

  it("never puts back a row read before its own save", async () => {
    const store = createSettingsStore(db);
    const racing = store.get(); // a read under way (it will see the old row)...
    await store.update(input(true)); // ...when this instance saves maintenance on
    expect((await store.get()).maintenanceMode).toBe(true);
    reads.shift()?.(row(false));
    expect((await racing).maintenanceMode).toBe(false);
    // The stale read did not replace the saved copy.
    expect((await store.get()).maintenanceMode).toBe(true);
    expect(reads).toHaveLength(0);
  });

  it("serves a new logo at once, over a read still under way", async () => {
    const store = createSettingsStore(db);
    const racing = store.get();
    await store.setLogo("/storage/site_logos/logo-1.png");
    reads.shift()?.(row(false));
    await racing;
    expect((await store.get()).logoUrl).toBe("/storage/site_logos/logo-1.png");
    expect(reads).toHaveLength(0);
  });

  it("ages a copy from when its read began, so a slow read cannot stretch the bound", async () => {
    const store = createSettingsStore(db);
    const slow = store.get();
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_TTL_MS);
    reads.shift()?.(row(false));
    await slow;
    // The copy is already TTL old: the next request reads again.
    const next = store.get();
    expect(reads).toHaveLength(1);
    reads.shift()?.(row(true));
    expect((await next).maintenanceMode).toBe(true);
  });

  it("treats a copy from the future (the clock stepped back) as expired", async () => {
    const store = createSettingsStore(db);
    const first = store.get();
    reads.shift()?.(row(false));
    await first;
    vi.setSystemTime(Date.now() - 60_000);
    const next = store.get();
    expect(reads).toHaveLength(1);
    reads.shift()?.(row(true));
    expect((await next).maintenanceMode).toBe(true);
  });
});
