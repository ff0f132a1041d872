import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';

export type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type MailTransport = {
  kind: 'smtp' | 'files';
  /** `ref` names the message for logs and files (the outbox id); resolves once it is handed over. */
  send(mail: OutgoingMail, ref: string): Promise<void>;
  close(): void;
};

/** SMTP with bounded waits, so a hung server delays one message, not the dispatcher forever. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP, each message becomes an `.eml` file a person can open in any mail program.
 * File names come from the outbox id and the time, never from the message.
 */
export function createFileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The directory is made once, not for every message; one removed meanwhile is made again.
  let isDirMade = false;
  const write = async (file: string, bytes: Buffer) => {
    if (!isDirMade) await fs.mkdir(dir, { recursive: true });
    isDirMade = true;
    await fs.writeFile(file, bytes);
  };
  return {
    kind: 'files',
    async send(mail, ref) {
      const info = (await composer.sendMail(mail)) as { message: Buffer };
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${ref.replace(/[^a-z0-9-]/gi, '')}.eml`);
      const tmp = `${file}.tmp`;
      try {
        await write(tmp, info.message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        isDirMade = false;
        await write(tmp, info.message);
      }
      await fs.rename(tmp, file);
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(env: Pick<Env, 'SMTP_URL' | 'dataDir'>): MailTransport {
  return env.SMTP_URL
    ? createSmtpTransport(env.SMTP_URL)
    : createFileTransport(path.join(env.dataDir, 'mail'));
}
