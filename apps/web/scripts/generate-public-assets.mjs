// Draws the storefront's demo pictures (home posters, section pictures, video posters, social
// image, logo) as SVG and encodes them with sharp into apps/web/public. Run it again after changing
// a drawing: `node apps/web/scripts/generate-public-assets.mjs`. The business replaces any file
// with its own photograph of the same name and size. The demo videos are made from these drawings
// by generate-demo-videos.mjs (needs ffmpeg).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

/** A small deterministic random source, so every run draws the same pictures. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PALETTES = [
  { name: 'ruby', from: '#3b0a1a', to: '#8c1c3a', glow: '#f2b6a0', metal: '#e9c46a', gem: '#d7263d' },
  { name: 'emerald', from: '#062a22', to: '#0f6b52', glow: '#bfe8d2', metal: '#f1d18a', gem: '#12a37a' },
  { name: 'sapphire', from: '#0a1440', to: '#2546a8', glow: '#b9c9ff', metal: '#e6e9ef', gem: '#3867ff' },
  { name: 'gold', from: '#3d2c03', to: '#9a6f08', glow: '#ffe6a6', metal: '#ffd86b', gem: '#c0143c' },
  { name: 'rose', from: '#4a1d2b', to: '#b76e79', glow: '#ffd9d0', metal: '#f6c7b6', gem: '#8a4fbf' },
  { name: 'teal', from: '#0b2b33', to: '#1d7f8c', glow: '#c8f1ef', metal: '#dfe6ea', gem: '#30c5c0' },
  { name: 'pink city', from: '#5c2334', to: '#d9767f', glow: '#ffe3d6', metal: '#f3d98b', gem: '#0f8a5f' },
];

const defs = (p, id = 'a') => `
  <linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
  <radialGradient id="glow-${id}" cx="0.7" cy="0.4" r="0.6"><stop offset="0" stop-color="${p.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
  <linearGradient id="metal-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff8e1"/><stop offset=".45" stop-color="${p.metal}"/><stop offset="1" stop-color="#7a5806"/></linearGradient>
  <radialGradient id="gem-${id}" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#ffffff" stop-opacity=".9"/><stop offset=".25" stop-color="${p.gem}"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></radialGradient>
  <pattern id="jaali-${id}" width="80" height="80" patternUnits="userSpaceOnUse">
    <path d="M40 4c10 12 10 24 0 36C30 28 30 16 40 4Zm0 72c-10-12-10-24 0-36 10 12 10 24 0 36ZM4 40c12-10 24-10 36 0-12 10-24 10-36 0Zm72 0c-12 10-24 10-36 0 12-10 24-10 36 0Z" fill="none" stroke="${p.glow}" stroke-opacity=".12" stroke-width="2"/>
  </pattern>`;

const backdrop = (w, h, id = 'a') =>
  `<rect width="${w}" height="${h}" fill="url(#bg-${id})"/><rect width="${w}" height="${h}" fill="url(#jaali-${id})"/><rect width="${w}" height="${h}" fill="url(#glow-${id})"/>`;

const gem = (x, y, r, id = 'a') =>
  `<g><circle cx="${x}" cy="${y}" r="${r}" fill="url(#gem-${id})" stroke="url(#metal-${id})" stroke-width="${Math.max(2, r / 5)}"/><path d="M${x - r * 0.5} ${y - r * 0.1}L${x} ${y - r * 0.6}L${x + r * 0.5} ${y - r * 0.1}L${x} ${y + r * 0.6}Z" fill="#fff" fill-opacity=".18"/></g>`;

const necklace = (cx, cy, rx, ry, id = 'a', beads = 23) => {
  let out = `<path d="M${cx - rx} ${cy - ry * 0.2}Q${cx} ${cy + ry * 1.6} ${cx + rx} ${cy - ry * 0.2}" fill="none" stroke="url(#metal-${id})" stroke-width="6"/>`;
  for (let i = 0; i <= beads; i++) {
    const t = i / beads;
    const x = (1 - t) * (1 - t) * (cx - rx) + 2 * (1 - t) * t * cx + t * t * (cx + rx);
    const y =
      (1 - t) * (1 - t) * (cy - ry * 0.2) + 2 * (1 - t) * t * (cy + ry * 1.6) + t * t * (cy - ry * 0.2);
    out += i % 4 === 2 ? gem(x, y, 14, id) : `<circle cx="${x}" cy="${y}" r="8" fill="url(#metal-${id})"/>`;
  }
  const py = cy + ry * 0.7 + 10;
  out += `<path d="M${cx} ${py}l-38 40 38 70 38-70Z" fill="url(#metal-${id})"/>${gem(cx, py + 52, 26, id)}`;
  return out;
};

const ring = (x, y, s, id = 'a') =>
  `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${s * 0.8}" fill="none" stroke="url(#metal-${id})" stroke-width="${s * 0.22}"/>${gem(x, y - s * 0.95, s * 0.38, id)}`;

const jhumka = (x, y, s, id = 'a') => {
  let out = `<circle cx="${x}" cy="${y}" r="${s * 0.18}" fill="none" stroke="url(#metal-${id})" stroke-width="${s * 0.06}"/>`;
  out += gem(x, y + s * 0.42, s * 0.2, id);
  out += `<path d="M${x - s * 0.5} ${y + s * 1.25}Q${x} ${y + s * 0.25} ${x + s * 0.5} ${y + s * 1.25}Z" fill="url(#metal-${id})"/>`;
  for (let i = 0; i < 7; i++)
    out += `<circle cx="${x - s * 0.45 + (i * s * 0.9) / 6}" cy="${y + s * 1.38}" r="${s * 0.07}" fill="url(#metal-${id})"/>`;
  return out;
};

const bracelet = (x, y, s, id = 'a') => {
  let out = `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${s * 0.55}" fill="none" stroke="url(#metal-${id})" stroke-width="${s * 0.14}"/>`;
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    out += gem(x + Math.cos(a) * s, y + Math.sin(a) * s * 0.55, s * 0.09, id);
  }
  return out;
};

const sparkles = (w, h, n, seed, color = '#fff') => {
  const r = random(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = r() * w;
    const y = r() * h;
    const s = 3 + r() * 7;
    out += `<path d="M${x} ${y - s}L${x + s * 0.25} ${y - s * 0.25}L${x + s} ${y}L${x + s * 0.25} ${y + s * 0.25}L${x} ${y + s}L${x - s * 0.25} ${y + s * 0.25}L${x - s} ${y}L${x - s * 0.25} ${y - s * 0.25}Z" fill="${color}" fill-opacity="${0.35 + r() * 0.5}"/>`;
  }
  return out;
};

const svg = (w, h, body, p, id = 'a') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs(p, id)}</defs>${body}</svg>`;

/** Six home posters, 1920×720, each a different stone and composition; text is HTML on top. */
export function posterSvg(index) {
  const p = PALETTES[index % PALETTES.length];
  const W = 1920;
  const H = 720;
  const scenes = [
    () => necklace(1380, 150, 330, 190) + ring(1800, 560, 70),
    () => ring(1250, 420, 130) + ring(1530, 380, 100) + ring(1760, 470, 80),
    () => jhumka(1250, 120, 260) + jhumka(1600, 150, 220),
    () => bracelet(1450, 380, 300) + bracelet(1450, 380, 220),
    () => necklace(1300, 120, 250, 160) + jhumka(1720, 140, 200),
    () => bracelet(1250, 420, 200) + ring(1600, 430, 110) + jhumka(1820, 170, 130),
  ];
  const body = backdrop(W, H) + sparkles(W, H, 40, 11 + index) + scenes[index % scenes.length]();
  return svg(W, H, body, p);
}

/** A section picture (w×h) with one motif. */
export function pictureSvg(kind, w, h, paletteIndex) {
  const p = PALETTES[paletteIndex % PALETTES.length];
  const cx = w / 2;
  const cy = h / 2;
  const s = Math.min(w, h);
  const motifs = {
    necklace: () => necklace(cx, cy - s * 0.28, s * 0.34, s * 0.2),
    ring: () => ring(cx, cy + s * 0.08, s * 0.2),
    rings: () => ring(cx - s * 0.22, cy + s * 0.1, s * 0.15) + ring(cx + s * 0.2, cy + s * 0.12, s * 0.12),
    earrings: () =>
      jhumka(cx - s * 0.2, cy - s * 0.32, s * 0.35) + jhumka(cx + s * 0.2, cy - s * 0.32, s * 0.35),
    bracelet: () => bracelet(cx, cy, s * 0.32),
    pendant: () =>
      `<path d="M${cx - s * 0.3} ${cy - s * 0.45}Q${cx} ${cy - s * 0.05} ${cx + s * 0.3} ${cy - s * 0.45}" fill="none" stroke="url(#metal-a)" stroke-width="5"/><path d="M${cx} ${cy - s * 0.2}l-${s * 0.12} ${s * 0.14} ${s * 0.12} ${s * 0.3} ${s * 0.12}-${s * 0.3}Z" fill="url(#metal-a)"/>${gem(cx, cy + s * 0.02, s * 0.09)}`,
    workshop: () =>
      `<rect x="${w * 0.12}" y="${h * 0.62}" width="${w * 0.76}" height="${h * 0.08}" rx="8" fill="url(#metal-a)"/>` +
      `<path d="M${w * 0.3} ${h * 0.62}v-${h * 0.14}h${w * 0.12}v${h * 0.14}" fill="${p.from}" stroke="url(#metal-a)" stroke-width="5"/>` +
      `<path d="M${w * 0.58} ${h * 0.3}l${w * 0.14} ${h * 0.22}" stroke="url(#metal-a)" stroke-width="12" stroke-linecap="round"/><rect x="${w * 0.53}" y="${h * 0.22}" width="${w * 0.12}" height="${h * 0.1}" rx="6" transform="rotate(35 ${w * 0.59} ${h * 0.27})" fill="url(#metal-a)"/>` +
      ring(w * 0.36, h * 0.42, s * 0.08),
    arch: () =>
      `<path d="M${w * 0.3} ${h * 0.9}V${h * 0.45}Q${w * 0.3} ${h * 0.12} ${w * 0.5} ${h * 0.1}Q${w * 0.7} ${h * 0.12} ${w * 0.7} ${h * 0.45}V${h * 0.9}" fill="none" stroke="url(#metal-a)" stroke-width="18"/>` +
      `<path d="M${w * 0.36} ${h * 0.9}V${h * 0.48}Q${w * 0.36} ${h * 0.2} ${w * 0.5} ${h * 0.18}Q${w * 0.64} ${h * 0.2} ${w * 0.64} ${h * 0.48}V${h * 0.9}Z" fill="url(#jaali-a)" stroke="url(#metal-a)" stroke-width="4"/>` +
      gem(w * 0.5, h * 0.12, s * 0.05),
    sketch: () =>
      `<rect x="${w * 0.18}" y="${h * 0.16}" width="${w * 0.5}" height="${h * 0.66}" rx="10" fill="#fdf8ef" transform="rotate(-6 ${cx} ${cy})"/>` +
      `<g transform="rotate(-6 ${cx} ${cy})" fill="none" stroke="#7a5806" stroke-width="3"><ellipse cx="${w * 0.43}" cy="${h * 0.52}" rx="${s * 0.14}" ry="${s * 0.11}"/><circle cx="${w * 0.43}" cy="${h * 0.35}" r="${s * 0.06}"/><path d="M${w * 0.24} ${h * 0.74}h${w * 0.3}M${w * 0.24} ${h * 0.22}h${w * 0.18}" stroke-dasharray="8 6"/></g>` +
      `<path d="M${w * 0.7} ${h * 0.2}l${w * 0.12} ${h * 0.55}" stroke="url(#metal-a)" stroke-width="14" stroke-linecap="round"/>`,
    materials: () =>
      `<rect x="${w * 0.14}" y="${h * 0.56}" width="${w * 0.26}" height="${h * 0.14}" rx="6" fill="url(#metal-a)"/><rect x="${w * 0.18}" y="${h * 0.42}" width="${w * 0.26}" height="${h * 0.14}" rx="6" fill="#dfe6ea"/>` +
      gem(w * 0.6, h * 0.5, s * 0.08) +
      gem(w * 0.74, h * 0.58, s * 0.06) +
      gem(w * 0.68, h * 0.36, s * 0.05) +
      gem(w * 0.82, h * 0.42, s * 0.045),
    globe: () => {
      const r = s * 0.3;
      return (
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="url(#metal-a)" stroke-width="6"/>` +
        `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.45}" ry="${r}" fill="none" stroke="url(#metal-a)" stroke-width="3"/><path d="M${cx - r} ${cy}h${2 * r}M${cx - r * 0.87} ${cy - r * 0.5}h${1.74 * r}M${cx - r * 0.87} ${cy + r * 0.5}h${1.74 * r}" stroke="url(#metal-a)" stroke-width="3"/>` +
        `<path d="M${cx - r * 0.6} ${cy + r * 0.2}Q${cx} ${cy - r * 1.1} ${cx + r * 0.7} ${cy - r * 0.1}" fill="none" stroke="${p.glow}" stroke-width="4" stroke-dasharray="10 8"/>` +
        gem(cx - r * 0.6, cy + r * 0.2, s * 0.03) +
        gem(cx + r * 0.7, cy - r * 0.1, s * 0.03)
      );
    },
    exhibition: () =>
      `<rect x="${w * 0.12}" y="${h * 0.2}" width="${w * 0.76}" height="${h * 0.1}" fill="url(#metal-a)"/>` +
      [0.22, 0.5, 0.78]
        .map(
          (fx) =>
            `<rect x="${w * (fx - 0.1)}" y="${h * 0.5}" width="${w * 0.2}" height="${h * 0.3}" fill="${p.from}" stroke="url(#metal-a)" stroke-width="4"/><rect x="${w * (fx - 0.08)}" y="${h * 0.38}" width="${w * 0.16}" height="${h * 0.12}" fill="#ffffff22" stroke="url(#metal-a)" stroke-width="3"/>` +
            gem(w * fx, h * 0.44, s * 0.03),
        )
        .join(''),
    handshake: () =>
      `<path d="M${w * 0.12} ${h * 0.55}l${w * 0.2}-${h * 0.1}l${w * 0.18} ${h * 0.12}l${w * 0.18}-${h * 0.12}l${w * 0.2} ${h * 0.1}" fill="none" stroke="url(#metal-a)" stroke-width="26" stroke-linejoin="round" stroke-linecap="round"/>` +
      `<rect x="${w * 0.38}" y="${h * 0.2}" width="${w * 0.24}" height="${h * 0.18}" rx="6" fill="url(#metal-a)"/><path d="M${cx} ${h * 0.2}v${h * 0.18}M${w * 0.38} ${h * 0.29}h${w * 0.24}" stroke="${p.gem}" stroke-width="8"/>`,
    palace: () => {
      let out = `<path d="M${w * 0.1} ${h * 0.92}V${h * 0.34}L${cx} ${h * 0.08}L${w * 0.9} ${h * 0.34}V${h * 0.92}Z" fill="#e58d8d" stroke="#fbe3d2" stroke-width="4"/>`;
      for (let row = 0; row < 5; row++)
        for (let col = 0; col < 9; col++) {
          const x = w * 0.16 + col * w * 0.085;
          const y = h * 0.38 + row * h * 0.1;
          if (row === 0 && (col < 2 || col > 6)) continue;
          out += `<path d="M${x} ${y + h * 0.07}v-${h * 0.04}q${w * 0.025}-${h * 0.04} ${w * 0.05} 0v${h * 0.04}Z" fill="#fbe3d2" stroke="#b24e5c" stroke-width="2"/>`;
        }
      return out;
    },
    leaf: () =>
      `<path d="M${cx} ${h * 0.86}C${w * 0.2} ${h * 0.6} ${w * 0.3} ${h * 0.2} ${cx} ${h * 0.12}C${w * 0.7} ${h * 0.2} ${w * 0.8} ${h * 0.6} ${cx} ${h * 0.86}Z" fill="${p.gem}" fill-opacity=".75" stroke="url(#metal-a)" stroke-width="6"/><path d="M${cx} ${h * 0.86}V${h * 0.2}" stroke="url(#metal-a)" stroke-width="5"/>`,
    envelope: () =>
      `<rect x="${w * 0.22}" y="${h * 0.28}" width="${w * 0.56}" height="${h * 0.44}" rx="12" fill="#fdf8ef"/><path d="M${w * 0.22} ${h * 0.3}L${cx} ${h * 0.55}L${w * 0.78} ${h * 0.3}" fill="none" stroke="#9a6f08" stroke-width="8"/>` +
      gem(w * 0.74, h * 0.3, s * 0.07),
  };
  const body =
    backdrop(w, h) + sparkles(w, h, 18, kind.length * 7 + paletteIndex) + (motifs[kind] ?? motifs.ring)();
  return svg(w, h, body, p);
}

const POSTER_WIDTHS = [640, 768, 1024, 1600];

const PICTURES = [
  // Why us tabs
  ['pictures/why-intro', 'workshop', 800, 600, 3],
  ['pictures/why-welcome', 'arch', 800, 600, 6],
  ['pictures/why-custom', 'sketch', 800, 600, 0],
  ['pictures/why-materials', 'materials', 800, 600, 5],
  ['pictures/why-global', 'globe', 800, 600, 2],
  ['pictures/why-exhibition', 'exhibition', 800, 600, 4],
  ['pictures/why-conclusion', 'handshake', 800, 600, 1],
  // Explore More cards
  ['pictures/explore-designs', 'necklace', 600, 400, 3],
  ['pictures/explore-about', 'workshop', 600, 400, 0],
  ['pictures/explore-fairtrade', 'leaf', 600, 400, 1],
  ['pictures/explore-jaipur', 'palace', 600, 400, 6],
  // Category tiles
  ['pictures/category-rings', 'rings', 480, 480, 0],
  ['pictures/category-bracelets', 'bracelet', 480, 480, 2],
  ['pictures/category-earrings', 'earrings', 480, 480, 4],
  ['pictures/category-necklaces', 'necklace', 480, 480, 1],
  ['pictures/category-pendants', 'pendant', 480, 480, 5],
  // Static pages
  ['pictures/jaipur-heritage', 'palace', 800, 600, 6],
  ['pictures/jaipur-craft', 'workshop', 800, 600, 3],
  ['pictures/about-story', 'arch', 800, 600, 3],
  ['pictures/about-why', 'globe', 800, 600, 1],
  ['pictures/fairtrade-hero', 'leaf', 1200, 500, 1],
  ['pictures/contact', 'envelope', 800, 600, 3],
  ['pictures/who-we-are', 'necklace', 800, 600, 0],
  // Video posters (the facades show these until a visitor presses play)
  ['videos/company-poster', 'workshop', 1280, 720, 3],
  ['videos/testimonial-poster', 'handshake', 1280, 720, 4],
];

async function write(file, buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, buffer);
}

async function main() {
  for (let i = 0; i < 6; i++) {
    const master = Buffer.from(posterSvg(i));
    for (const width of POSTER_WIDTHS) {
      const image = sharp(master, { density: 72 }).resize({ width });
      await write(
        path.join(PUBLIC, `posters/poster-${i + 1}-${width}.avif`),
        await image.clone().avif({ quality: 50, effort: 6 }).toBuffer(),
      );
      await write(
        path.join(PUBLIC, `posters/poster-${i + 1}-${width}.webp`),
        await image.clone().webp({ quality: 72, effort: 6 }).toBuffer(),
      );
    }
  }
  for (const [name, kind, w, h, palette] of PICTURES) {
    const image = sharp(Buffer.from(pictureSvg(kind, w, h, palette)));
    await write(path.join(PUBLIC, `${name}.webp`), await image.webp({ quality: 74, effort: 6 }).toBuffer());
  }
  // Link previews prefer JPEG; 1200×630 is the common size.
  const og = Buffer.from(posterSvg(3));
  await write(
    path.join(PUBLIC, 'images/og-default.jpg'),
    await sharp(og)
      .resize({ width: 1200, height: 630, fit: 'cover' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  );
  const logo = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512"><rect width="32" height="32" rx="6" fill="#3d2c03"/><g transform="translate(3 3) scale(.8125)"><path d="M8 4h16l6 8-14 17L2 12Z" fill="#b8860b"/><path d="M2 12h28M8 4l4 8 4-8 4 8 4-8M12 12l4 17 4-17" fill="none" stroke="#fdf8ef" stroke-width="1.3"/></g></svg>`,
  );
  await write(
    path.join(PUBLIC, 'images/logo-512.png'),
    await sharp(logo).png({ compressionLevel: 9 }).toBuffer(),
  );
  await write(
    path.join(PUBLIC, 'images/apple-touch-icon.png'),
    await sharp(logo).resize(180).png({ compressionLevel: 9 }).toBuffer(),
  );
  await write(
    path.join(PUBLIC, 'images/blog-fallback.webp'),
    await sharp(Buffer.from(pictureSvg('arch', 800, 500, 3)))
      .webp({ quality: 74 })
      .toBuffer(),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
