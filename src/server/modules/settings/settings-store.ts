import type { SiteSettingsInput } from "../../../shared/settings.ts";
import type { Db } from "../../db/client.ts";
import { getSiteSettings, type SiteSettings, updateSiteSettings } from "./settings.service.ts";

export type SettingsStore = {
  get: () => Promise<SiteSettings>;
  update: (input: SiteSettingsInput) => Promise<SiteSettings>;
};

/**
 * The settings row, cached for a few seconds because every API request checks maintenance mode.
 * A save replaces the cached copy at once; other instances see it when their copy expires.
 */
export function createSettingsStore(db: Db, ttlMs = 5_000): SettingsStore {
  let cached: { value: SiteSettings; at: number } | null = null;
  let loading: Promise<SiteSettings> | null = null;
  return {
    async get() {
      if (cached && Date.now() - cached.at < ttlMs) return cached.value;
      loading ??= getSiteSettings(db)
        .then((value) => {
          cached = { value, at: Date.now() };
          return value;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    async update(input) {
      const value = await updateSiteSettings(db, input);
      cached = { value, at: Date.now() };
      return value;
    },
  };
}
