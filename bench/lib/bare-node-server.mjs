// A bare Node HTTP server answering stored bytes: what `bench/lib/bare-node.ts` starts beside nginx
// to measure Node's own ceiling for stored answers on the machine the bench runs on. It does only
// what any Node server answering a stored buffer must: parse the request (Node's http module), pick
// the encoding and write the head and the bytes. Plain JavaScript, started without a loader.
//
// `node bare-node-server.mjs <manifest.json> <port>`; the manifest lists
// `{ urlPath, bodyFile, gzipFile | null, headers: [name, value][], identityHeaders: [name, value][] }`:
// `headers` go with the gzip bytes, `identityHeaders` with the uncompressed ones (each its own etag).
import fs from 'node:fs';
import http from 'node:http';

const [manifestFile, port] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const flat = (headers, body, encoding) => [
  ...headers.flat(),
  'content-length',
  String(body.length),
  ...(encoding ? ['content-encoding', encoding] : []),
];
const answers = new Map(
  manifest.map((file) => {
    const identity = fs.readFileSync(file.bodyFile);
    const gzip = file.gzipFile ? fs.readFileSync(file.gzipFile) : null;
    return [
      file.urlPath,
      {
        identity: { body: identity, headers: flat(file.identityHeaders, identity, null) },
        gzip: gzip ? { body: gzip, headers: flat(file.headers, gzip, 'gzip') } : null,
      },
    ];
  }),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) {
      res.writeHead(404, { 'content-length': '0' });
      res.end();
      return;
    }
    const gzip = answer.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const chosen = gzip ? answer.gzip : answer.identity;
    res.writeHead(200, chosen.headers);
    res.end(chosen.body);
  })
  .listen(Number(port), '127.0.0.1');
