import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';

/**
 * Debian's nginx on a loopback port serving fixed files: the same bytes our server answered, so
 * the ratio of the two throughputs says what our code costs over the floor of HTTP on this
 * machine. One worker, like our one Node process. A file our server answered gzipped is served
 * pre-compressed (`gzip_static`, the limit for stored bytes) with exactly our gzip bytes; nginx
 * never compresses on the fly, so neither side spends CPU the other does not.
 */
export type StaticFile = {
  urlPath: string;
  /** The answer's bytes, uncompressed. */
  body: Buffer;
  /** The gzip bytes our server sent for `Accept-Encoding: gzip`, if it compressed the answer. */
  gzip?: Buffer | null;
  contentType: string;
  /**
   * The headers our server sent with the answer, but for the date, framing and encoding (the bare
   * Node server replays them; nginx sends its own).
   */
  headers?: [string, string][];
  /** Those of the uncompressed answer, where they differ (a stored page's `etag`); else `headers`. */
  identityHeaders?: [string, string][];
};

export type NginxServer = { url: string; stop(): Promise<void> };

export const NGINX = '/usr/sbin/nginx';

export function nginxConfig(root: string, port: number, files: StaticFile[]): string {
  const types = files.map((f) => `    location = ${f.urlPath} { default_type ${f.contentType}; }`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  gzip off;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${root}/www;
${types}
  }
}
`;
}

export async function startNginx(preferredPort: number, files: StaticFile[]): Promise<NginxServer> {
  const port = await freePort(preferredPort);
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user, which must be able to read the files.
  fs.chmodSync(root, 0o755);
  fs.mkdirSync(path.join(root, 'tmp'));
  for (const file of files) {
    const target = path.join(root, 'www', file.urlPath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.body);
    if (file.gzip) fs.writeFileSync(`${target}.gz`, file.gzip);
  }
  const conf = path.join(root, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(root, port, files));
  const child: ChildProcess = spawn(NGINX, ['-p', root, '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // SIGQUIT: nginx's graceful stop.
  const stop = stopper(child, 'SIGQUIT', root);
  await waitUntilServing(url + files[0]!.urlPath, child, stop, () => {
    const errorLog = path.join(root, 'error.log');
    return fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8').slice(-500) : '';
  });
  return { url, stop };
}

/** Stops `child` with `signal`, waits for it to exit and removes its directory `root`. */
export function stopper(child: ChildProcess, signal: NodeJS.Signals, root: string): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      child.kill(signal);
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/**
 * Waits until `fileUrl` answers 200 from a static server just started as `child`; when it exits,
 * answers anything else, or has not answered in ~10 s, stops it and throws with `log()`.
 */
export async function waitUntilServing(
  fileUrl: string,
  child: ChildProcess,
  stop: () => Promise<void>,
  log: () => string,
): Promise<void> {
  for (let i = 0; ; i++) {
    let status = 0;
    try {
      status = (await fetch(fileUrl)).status;
    } catch {
      // not listening yet
    }
    if (status === 200) return;
    if (child.exitCode !== null || status > 0 || i > 100) {
      const message = log();
      await stop();
      throw new Error(`${new URL(fileUrl).origin} did not serve the files (status ${status}): ${message}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
