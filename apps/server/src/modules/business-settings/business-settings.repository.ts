import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/system.ts';

/** The business's settings are one JSON value in `settings`, under this key. */
export const BUSINESS_SETTINGS_KEY = 'business';

export type StoredBusinessSettings = { value: unknown; updatedAt: string | null };

export function createBusinessSettingsRepository(db: Db | Tx) {
  return {
    /** The stored value (parsed JSON), or null when none was saved. */
    async find(): Promise<StoredBusinessSettings | null> {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, BUSINESS_SETTINGS_KEY))
        .limit(1);
      if (!row) return null;
      const stored = JSON.parse(row.value) as { settings: unknown; updatedAt?: string };
      return { value: stored.settings, updatedAt: stored.updatedAt ?? null };
    },

    /** Replaces the stored settings (one row, written at once). */
    async save(value: unknown, updatedAt: Date): Promise<void> {
      const json = JSON.stringify({ settings: value, updatedAt: updatedAt.toISOString() });
      await db
        .insert(settings)
        .values({ key: BUSINESS_SETTINGS_KEY, value: json })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
    },
  };
}
