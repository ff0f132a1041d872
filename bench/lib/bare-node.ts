import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NginxServer, type StaticFile, stopper, waitUntilServing } from './nginx.ts';
import { freePort } from './server.ts';

const SCRIPT = fileURLToPath(new URL('./bare-node-server.mjs', import.meta.url));

/**
 * A bare Node HTTP server (bare-node-server.mjs, its own process) answering `files` with the bytes
 * and headers our server sent: gzip to a client that accepts it, else the uncompressed bytes. It
 * measures what Node's http module allows on this machine for a stored answer, beside nginx's
 * figure for the same bytes: the ceiling of our server's stored answers, whatever the machine.
 */
export async function startBareNode(preferredPort: number, files: StaticFile[]): Promise<NginxServer> {
  const port = await freePort(preferredPort);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-bare-node-'));
  const manifest = files.map((file, i) => {
    const bodyFile = path.join(root, `${i}.body`);
    fs.writeFileSync(bodyFile, file.body);
    const gzipFile = file.gzip ? path.join(root, `${i}.gz`) : null;
    if (gzipFile) fs.writeFileSync(gzipFile, file.gzip!);
    const headers = file.headers ?? [['content-type', file.contentType]];
    return {
      urlPath: file.urlPath,
      bodyFile,
      gzipFile,
      headers,
      identityHeaders: file.identityHeaders ?? headers,
    };
  });
  const manifestFile = path.join(root, 'manifest.json');
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, manifestFile, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, 'SIGTERM', root);
  await waitUntilServing(url + files[0]!.urlPath, child, stop, () => 'the bare Node server');
  return { url, stop };
}
