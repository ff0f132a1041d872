// Reads the mail a server without SMTP writes as `.eml` files under DATA_DIR/mail, as a person
// would open it: end-to-end journeys, soak tests and benchmarks follow the links it carries
// (e-mail verification, password reset) instead of turning the checks off.
import fs from 'node:fs/promises';
import path from 'node:path';

/** Quoted-printable soft line breaks and escapes undone (nodemailer wraps long lines this way). */
function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function recipientOf(message) {
  const header = /^To:\s*(.+)$/im.exec(message);
  return (header?.[1] ?? '').toLowerCase();
}

/**
 * A reader of one mail directory. Each file is read once (they never change after the server
 * renames them into place), so polling a busy directory stays cheap.
 */
export function createMailbox(mailDir) {
  const seen = new Map();

  async function messages() {
    const names = await fs.readdir(mailDir).catch(() => []);
    for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
      if (seen.has(name)) continue;
      const raw = await fs.readFile(path.join(mailDir, name), 'utf8');
      seen.set(name, { to: recipientOf(raw), body: decodeQuotedPrintable(raw) });
    }
    return [...seen.values()];
  }

  return {
    /**
     * The newest link to `/{page}?token=…` mailed to `to`, waiting up to `timeoutMs` for the
     * mail to be sent; throws when none arrives.
     */
    async link(to, page, { timeoutMs = 20_000, after = null } = {}) {
      const address = to.toLowerCase();
      const pattern = new RegExp(`https?://[^\\s"'<>]*/${page}\\?token=[A-Za-z0-9_-]+`, 'g');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const links = (await messages())
          .filter((m) => m.to.includes(address))
          .flatMap((m) => m.body.match(pattern) ?? [])
          .filter((l) => l !== after);
        if (links.length) return links[links.length - 1];
        if (Date.now() > deadline) throw new Error(`no ${page} link mailed to ${to} in ${mailDir}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** The token of a mailed link. */
export const tokenOf = (link) => new URL(link).searchParams.get('token');
