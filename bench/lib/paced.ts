import http from 'node:http';
import zlib from 'node:zlib';
import type { Step, StepContext } from './measure.ts';
import { percentile, round as roundTo } from './stats.ts';

/**
 * Buyers at a person's pace: one loop per buyer that waits a random "think time" before each
 * action (reading a product, filling in the form) and for each answer before going on, as a
 * person in a browser does. The closed loop with no pauses (autocannon, `measure.ts`) is a stress
 * test; this is the load 200 people at once put on the server.
 */

export type PacedSettings = {
  buyers: number;
  seconds: number;
  /** Think time before each request, drawn uniformly from [min, max] milliseconds. */
  thinkMs: { min: number; max: number };
  random: () => number;
};

export type PacedRound = {
  requests: number;
  /** Latencies in ms of every answered request, and of the writes (POST, PUT, DELETE) alone. */
  latencies: number[];
  writeLatencies: number[];
  /** Requests that got no answer (connection errors); answers outside 2xx are `non2xx`. */
  errors: number;
  non2xx: number;
  elapsedSeconds: number;
};

type Answer = { status: number; body: string; ms: number };

function send(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(url, { agent, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('error', reject);
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const raw = Buffer.concat(chunks);
        const isGzip = response.headers['content-encoding'] === 'gzip';
        resolve({
          status: response.statusCode ?? 0,
          body: (isGzip ? zlib.gunzipSync(raw) : raw).toString(),
          ms,
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `settings.buyers` paced loops through `steps` for `settings.seconds`; no request starts after that. */
export async function runPaced(baseUrl: string, steps: Step[], settings: PacedSettings): Promise<PacedRound> {
  const agent = new http.Agent({ keepAlive: true });
  const round: PacedRound = {
    requests: 0,
    latencies: [],
    writeLatencies: [],
    errors: 0,
    non2xx: 0,
    elapsedSeconds: 0,
  };
  const started = Date.now();
  const deadline = started + settings.seconds * 1000;
  const think = () =>
    settings.thinkMs.min + settings.random() * (settings.thinkMs.max - settings.thinkMs.min);

  async function buyer() {
    for (;;) {
      const context: StepContext = {};
      for (const step of steps) {
        await sleep(think());
        if (Date.now() >= deadline) return;
        const headers: Record<string, string> = {
          'accept-encoding': 'gzip',
          ...(typeof step.headers === 'function' ? step.headers(context) : step.headers),
        };
        const body = step.body?.(context);
        if (body !== undefined) headers['content-type'] = 'application/json';
        const path = typeof step.path === 'function' ? step.path(context) : step.path;
        const method = step.method ?? 'GET';
        round.requests++;
        let answer: Answer;
        try {
          answer = await send(
            agent,
            new URL(path, baseUrl),
            method,
            headers,
            body === undefined ? undefined : JSON.stringify(body),
          );
        } catch {
          round.errors++;
          break; // a person whose page failed starts over
        }
        round.latencies.push(answer.ms);
        if (method !== 'GET') round.writeLatencies.push(answer.ms);
        if (answer.status < 200 || answer.status > 299) round.non2xx++;
        step.onResponse?.(answer.status, answer.body, context);
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: settings.buyers }, buyer));
  } finally {
    agent.destroy();
  }
  round.elapsedSeconds = (Date.now() - started) / 1000;
  return round;
}

/** The figures reported for a paced run: rates and the percentiles of all requests and of the writes. */
export function pacedFigures(round: PacedRound) {
  const ms = (values: number[], p: number) => (values.length ? roundTo(percentile(values, p), 1) : 0);
  return {
    requests: round.requests,
    rps: Math.round(round.requests / Math.max(round.elapsedSeconds, 1e-9)),
    p50: ms(round.latencies, 50),
    p99: ms(round.latencies, 99),
    writeP50: ms(round.writeLatencies, 50),
    writeP99: ms(round.writeLatencies, 99),
    errors: round.errors,
    non2xx: round.non2xx,
  };
}
