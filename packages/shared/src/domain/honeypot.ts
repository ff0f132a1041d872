/**
 * The hidden field of the price request and contact forms. People never see or reach it; a bot
 * that fills every input fills it too, and its submission is answered like a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';

/** Whether a submitted body filled the honeypot (anything but absent, null or blank). */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}
