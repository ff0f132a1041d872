/**
 * `node --import tsx bench/browser-profile.ts [--runs 3] [--out /tmp/catalogue-browser-profiles] [--port N]`:
 * where a phone's main thread goes while the 12-picture product page loads. Seeds the bench's
 * 1k catalogue, fills one gallery, loads the page in Debian's Chromium at a phone's viewport
 * under 4× CPU throttling (Lighthouse's phone model), and writes one CPU profile per load (open
 * it in Chromium's DevTools, Performance panel) and prints the functions with the most self time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { fillGallery } from './lib/gallery.ts';
import { discoverCatalogue } from './lib/scenarios.ts';
import { benchPorts } from './lib/plan.ts';
import { startBenchServer } from './lib/server.ts';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: '/tmp/catalogue-browser-profiles' },
    port: { type: 'string' },
  },
});
const runs = Number(values.runs);
fs.mkdirSync(values.out, { recursive: true });

/** Milliseconds of self time per function (name, file and line), most first. */
function selfTimes(profile: Profile, top = 15): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[i]! / 1000);
  });
  return [...self]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`);
}

const server = await startBenchServer({ products: 1000, port: benchPorts(values.port).server });
try {
  const { productIds } = await discoverCatalogue(server.url);
  const url = `${server.url}${await fillGallery(server.url, productIds[1]!)}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    // Hydration starts after `load` (the module script waits for it), so the profile runs on.
    await page.waitForTimeout(3000);
    const { profile } = await cdp.send('Profiler.stop');
    const file = path.join(values.out, `product-12-pictures-${run}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`load ${run}: ${file}\n${selfTimes(profile as Profile).join('\n')}\n`);
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
