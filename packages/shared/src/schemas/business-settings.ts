import { z } from 'zod';
import { GSTIN_PATTERN } from '../domain/pricing.ts';
import { oneLine } from './common.ts';

/**
 * The business's registrations and bank details, set by an administrator on the settings screen
 * (`GET/PUT /api/admin/business-settings`) and printed on every proforma invoice.
 */

export const IEC_PATTERN = /^[A-Z0-9]{10}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** The acknowledgement number (ARN) of the year's Letter of Undertaking, as the GST portal gives it. */
export const LUT_ARN_PATTERN = /^[A-Z0-9]{15}$/;

const text = (field: string) =>
  z.string({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be text`) });

/** A code written in capitals without spaces (`08abcde1234f1z5 ` is `08ABCDE1234F1Z5`). */
const code = (field: string, pattern: RegExp, what: string) =>
  text(field)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v.length > 0, `${field} is required`)
    .refine((v) => v.length === 0 || pattern.test(v), `${field} must be ${what}`);

const line = (field: string, max: number, required: boolean) =>
  oneLine(
    text(field)
      .trim()
      .min(required ? 1 : 0, `${field} is required`)
      .max(max, `${field} must be at most ${max} characters`),
    field,
  );

export const businessSettingsSchema = z.object({
  gstin: code('gstin', GSTIN_PATTERN, 'a GSTIN of 15 characters, such as 08ABCDE1234F1Z5'),
  iec: code('iec', IEC_PATTERN, 'the Importer-Exporter Code of 10 letters and digits, such as ABCDE1234F'),
  /** Optional: printed with the LUT declaration of an export. */
  lutArn: text('lutArn')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(
      (v) => v === '' || LUT_ARN_PATTERN.test(v),
      'lutArn must be the LUT acknowledgement number of 15 letters and digits, such as AD080324000123X',
    )
    .default(''),
  bank: z.object(
    {
      name: line('bank.name', 100, true),
      accountName: line('bank.accountName', 100, true),
      accountNumber: code(
        'bank.accountNumber',
        ACCOUNT_NUMBER_PATTERN,
        'an account number of 9 to 18 digits',
      ),
      ifsc: code('bank.ifsc', IFSC_PATTERN, 'an IFSC of 11 characters, such as SBIN0001234'),
      swift: code('bank.swift', SWIFT_PATTERN, 'a SWIFT/BIC code of 8 or 11 characters, such as SBININBB'),
      branch: line('bank.branch', 200, false).default(''),
    },
    { error: 'bank is required: name, accountName, accountNumber, ifsc and swift' },
  ),
});
export type BusinessSettings = z.output<typeof businessSettingsSchema>;
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;

/** The answer: the saved settings, or null before an administrator has saved any. */
export const businessSettingsAnswerSchema = z.object({
  settings: z
    .object({
      gstin: z.string(),
      iec: z.string(),
      lutArn: z.string(),
      bank: z.object({
        name: z.string(),
        accountName: z.string(),
        accountNumber: z.string(),
        ifsc: z.string(),
        swift: z.string(),
        branch: z.string(),
      }),
    })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type BusinessSettingsAnswer = z.infer<typeof businessSettingsAnswerSchema>;
