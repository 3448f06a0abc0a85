import type { SiteSettingsInput } from "../../../shared/settings.ts";
import type { Db } from "../../db/client.ts";
import {
  getSiteSettings,
  type LogoChange,
  type SiteSettings,
  setSiteLogo,
  updateSiteSettings,
} from "./settings.service.ts";

export type SettingsStore = {
  get: () => Promise<SiteSettings>;
  update: (input: SiteSettingsInput) => Promise<SiteSettings>;
  /** Points the row at a new logo (null: none); the header and og:image follow at once. */
  setLogo: (logoUrl: string | null) => Promise<LogoChange>;
};

/**
 * How long an instance may serve its copy of the settings row. A change saved through another
 * instance (maintenance mode, the title) reaches this one at most this long after it commits: a
 * copy counts its age from the moment its read began, so even a read that raced the save expires
 * in time (decisions 012 and 025).
 */
export const SETTINGS_CACHE_TTL_MS = 5_000;

/**
 * The settings row, cached for a few seconds because every API request checks maintenance mode.
 * A save replaces the cached copy at once; other instances see it when their copy expires.
 */
/** Where the store reads and saves the row: the settings service, or a test's stand-in. */
export type SettingsRow = {
  read: (db: Db) => Promise<SiteSettings>;
  save: (db: Db, input: SiteSettingsInput) => Promise<SiteSettings>;
  saveLogo: (db: Db, logoUrl: string | null) => Promise<LogoChange>;
};
const settingsService: SettingsRow = {
  read: getSiteSettings,
  save: updateSiteSettings,
  saveLogo: setSiteLogo,
};

export type CreateSettingsStoreInput = {
  ttlMs?: number;
  row?: SettingsRow;
};

export function createSettingsStore(
  db: Db,
  { ttlMs = SETTINGS_CACHE_TTL_MS, row = settingsService }: CreateSettingsStoreInput = {},
): SettingsStore {
  let cached: { value: SiteSettings; at: number } | null = null;
  let loading: Promise<SiteSettings> | null = null;
  // Bumped by every save: a read that began before the save must not put back the old row.
  let generation = 0;
  // A saved row replaces the cached copy, and later reads on this instance get it, not a read
  // still under way.
  const remember = (value: SiteSettings) => {
    generation += 1;
    cached = { value, at: Date.now() };
    loading = null;
    return value;
  };
  return {
    async get() {
      // A copy "from the future" (the clock was stepped back) counts as expired, not as fresh.
      const age = cached ? Date.now() - cached.at : -1;
      if (cached && age >= 0 && age < ttlMs) return cached.value;
      if (!loading) {
        const startedAt = generation;
        const readAt = Date.now();
        loading = row
          .read(db)
          .then((value) => {
            if (generation === startedAt) cached = { value, at: readAt };
            return value;
          })
          .finally(() => {
            if (generation === startedAt) loading = null;
          });
      }
      return loading;
    },
    async update(input) {
      return remember(await row.save(db, input));
    },
    async setLogo(logoUrl) {
      const change = await row.saveLogo(db, logoUrl);
      remember(change.settings);
      return change;
    },
  };
}
