import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileTransport } from './mail-transport.ts';

const mail = (subject: string) => ({
  from: 'no-reply@example.com',
  to: 'sales@example.com',
  subject,
  text: 'Hello',
  html: '<p>Hello</p>',
});

describe('the file transport', () => {
  let root: string;
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('makes its directory, and makes it again when it was removed between messages', async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-transport-'));
    const dir = path.join(root, 'mail');
    const transport = createFileTransport(dir);
    await transport.send(mail('first'), 'outbox-1');
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('-outbox-1.eml'))).toHaveLength(1);

    await fs.rm(dir, { recursive: true });
    await transport.send(mail('second'), 'outbox-2');
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(await fs.readFile(path.join(dir, files[0]!), 'utf8')).toContain('Subject: second');
    transport.close();
  });
});
