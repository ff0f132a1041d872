import crypto from 'node:crypto';

/** A fresh opaque bearer token: 256 random bits, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the sessions table stores instead of the token itself. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
