import type { SiteSettingsInput } from "../../../shared/settings.ts";
import type { Db } from "../../db/client.ts";
import { getSiteSettings, type SiteSettings, updateSiteSettings } from "./settings.service.ts";

export type SettingsStore = {
  get: () => Promise<SiteSettings>;
  update: (input: SiteSettingsInput) => Promise<SiteSettings>;
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
};
const settingsService: SettingsRow = { read: getSiteSettings, save: updateSiteSettings };

export function createSettingsStore(
  db: Db,
  ttlMs = SETTINGS_CACHE_TTL_MS,
  row: SettingsRow = settingsService,
): SettingsStore {
  let cached: { value: SiteSettings; at: number } | null = null;
  let loading: Promise<SiteSettings> | null = null;
  // Bumped by every save: a read that began before the save must not put back the old row.
  let generation = 0;
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
      const value = await row.save(db, input);
      generation += 1;
      cached = { value, at: Date.now() };
      // Later reads on this instance get the saved row, not a read still under way.
      loading = null;
      return value;
    },
  };
}
