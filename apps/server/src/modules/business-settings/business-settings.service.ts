import {
  businessSettingsSchema,
  type BusinessSettings,
  type BusinessSettingsAnswer,
} from '@catalogue/shared/schemas/business-settings';
import type { Db, Tx } from '../../db/client.ts';
import { createBusinessSettingsRepository } from './business-settings.repository.ts';

/**
 * The business's GSTIN, IEC, LUT number and bank details: saved by an administrator, read by the
 * proforma invoice. Stored values are read back through the same schema, so a value saved by an
 * older rule that no longer holds reads as not set.
 */
export function createBusinessSettingsService({ db }: { db: Db }) {
  const repoOf = (handle: Db | Tx) => createBusinessSettingsRepository(handle);

  async function read(handle: Db | Tx = db): Promise<BusinessSettingsAnswer> {
    const stored = await repoOf(handle).find();
    const parsed = stored ? businessSettingsSchema.safeParse(stored.value) : null;
    return parsed?.success
      ? { settings: parsed.data, updatedAt: stored!.updatedAt }
      : { settings: null, updatedAt: null };
  }

  return {
    read,

    /** The settings, or null when not saved (in `handle`'s transaction when given). */
    async current(handle: Db | Tx = db): Promise<BusinessSettings | null> {
      return (await read(handle)).settings;
    },

    async save(settings: BusinessSettings): Promise<BusinessSettingsAnswer> {
      await repoOf(db).save(settings, new Date());
      return read();
    },
  };
}

export type BusinessSettingsService = ReturnType<typeof createBusinessSettingsService>;
