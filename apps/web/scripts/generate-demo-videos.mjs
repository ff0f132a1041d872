// Makes the two demo videos of the home page (company film and client testimonial) from drawn
// frames: sharp renders each frame, ffmpeg encodes H.264 MP4 for every browser. Needs ffmpeg on
// the PATH (`apt-get install ffmpeg`). The business replaces public/videos/*.mp4 with its own films
// or points SITE.videos at a hosted video id.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PALETTES, pictureSvg } from './generate-public-assets.mjs';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const W = 640;
const H = 360;
const FPS = 20;

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Scenes: [motif, palette, caption lines, seconds]. */
const FILMS = {
  company: [
    ['workshop', 3, ['Jaipur Jewellery House', 'Made in Jaipur since 2005'], 3],
    ['sketch', 0, ['Design', 'Every piece starts as a drawing'], 2.5],
    ['materials', 5, ['Materials', 'Brass, imitation and 925 sterling silver'], 2.5],
    ['necklace', 1, ['Craft', 'Cast, set and polished by hand'], 2.5],
    ['globe', 2, ['Worldwide', 'Shipped to brands and retailers'], 2.5],
  ],
  testimonial: [
    ['handshake', 4, ['“Consistent quality,', 'order after order.”'], 3],
    ['exhibition', 4, ['“They turned our sketches', 'into a full collection.”'], 3],
    ['arch', 4, ['— Boutique owner, London', 'Client since 2016'], 3],
  ],
};

function frameSvg(background, lines, t, duration) {
  const fadeIn = Math.min(1, t / 0.6);
  const fadeOut = Math.min(1, (duration - t) / 0.4);
  const alpha = Math.max(0, Math.min(fadeIn, fadeOut));
  const zoom = 1 + 0.06 * (t / duration);
  const [first = '', second = ''] = lines;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <image href="data:image/png;base64,${background}" x="${(W - W * zoom) / 2}" y="${(H - H * zoom) / 2}" width="${W * zoom}" height="${H * zoom}"/>
    <rect x="0" y="${H - 110}" width="${W}" height="110" fill="#000" fill-opacity="${0.45 * alpha}"/>
    <text x="32" y="${H - 62}" font-family="DejaVu Serif" font-size="30" fill="#fff" fill-opacity="${alpha}">${escapeXml(first)}</text>
    <text x="32" y="${H - 26}" font-family="DejaVu Sans" font-size="18" fill="#fdf8ef" fill-opacity="${alpha}">${escapeXml(second)}</text>
  </svg>`;
}

async function makeFilm(name, scenes) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `film-${name}-`));
  let index = 0;
  for (const [motif, palette, lines, seconds] of scenes) {
    const background = (
      await sharp(Buffer.from(pictureSvg(motif, W, H, palette % PALETTES.length)))
        .png()
        .toBuffer()
    ).toString('base64');
    const frames = Math.round(seconds * FPS);
    for (let f = 0; f < frames; f++) {
      const png = await sharp(Buffer.from(frameSvg(background, lines, f / FPS, seconds)))
        .png({ compressionLevel: 1 })
        .toBuffer();
      await fs.writeFile(path.join(dir, `f${String(index++).padStart(5, '0')}.png`), png);
    }
  }
  const out = path.join(PUBLIC, `videos/${name}.mp4`);
  await fs.mkdir(path.dirname(out), { recursive: true });
  const result = spawnSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-framerate',
      String(FPS),
      '-i',
      path.join(dir, 'f%05d.png'),
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '30',
      '-preset',
      'slow',
      '-movflags',
      '+faststart',
      '-an',
      out,
    ],
    { stdio: 'inherit' },
  );
  await fs.rm(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${name}`);
}

for (const [name, scenes] of Object.entries(FILMS)) await makeFilm(name, scenes);
