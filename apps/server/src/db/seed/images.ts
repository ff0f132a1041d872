import type { Category } from '@catalogue/shared/domain/categories';
import { loadSharp } from '../../lib/sharp.ts';

/** Small deterministic PRNG so the demo catalogue is the same on every machine. */
export function createRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const METALS = [
  { name: 'Brass', light: '#f3d98b', dark: '#b8860b' },
  { name: '925 Sterling Silver', light: '#f4f6f8', dark: '#8e9aa6' },
  { name: 'Rose Gold Plated', light: '#f6c7b6', dark: '#b76e59' },
  { name: 'Oxidised Silver', light: '#c9ccd1', dark: '#4b4f56' },
] as const;

export const GEMS = [
  { name: 'Ruby', color: '#c0143c' },
  { name: 'Emerald', color: '#0f8a5f' },
  { name: 'Sapphire', color: '#1f4fbf' },
  { name: 'Amethyst', color: '#8a4fbf' },
  { name: 'Pearl', color: '#f5efe6' },
  { name: 'Turquoise', color: '#30c5c0' },
  { name: 'Citrine', color: '#e8a317' },
] as const;

type Look = {
  category: Category;
  metal: (typeof METALS)[number];
  gem: (typeof GEMS)[number] | null;
  hue: number;
};

const gemShape = (x: number, y: number, r: number, color: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" stroke="#00000033" stroke-width="3"/>` +
  `<circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 4}" fill="#ffffff99"/>`;

function jewellerySvg(look: Look): string {
  const { metal, gem } = look;
  const stroke = `url(#metal)`;
  const gemAt = (x: number, y: number, r: number) => (gem ? gemShape(x, y, r, gem.color) : '');
  let body = '';
  switch (look.category) {
    case 'Rings':
      body = `<ellipse cx="400" cy="470" rx="190" ry="150" fill="none" stroke="${stroke}" stroke-width="44"/>
        ${gem ? gemAt(400, 300, 70) : `<rect x="340" y="290" width="120" height="40" rx="18" fill="${stroke}"/>`}`;
      break;
    case 'Bracelets':
      body = `<ellipse cx="400" cy="420" rx="270" ry="200" fill="none" stroke="${stroke}" stroke-width="36"/>
        ${Array.from({ length: 9 }, (_, i) => {
          const a = (i / 9) * Math.PI * 2;
          const x = 400 + Math.cos(a) * 270;
          const y = 420 + Math.sin(a) * 200;
          return gem ? gemAt(x, y, 26) : `<circle cx="${x}" cy="${y}" r="22" fill="${metal.dark}"/>`;
        }).join('')}`;
      break;
    case 'Earrings':
      body = [250, 550]
        .map(
          (x) => `<circle cx="${x}" cy="180" r="26" fill="none" stroke="${stroke}" stroke-width="12"/>
          <line x1="${x}" y1="206" x2="${x}" y2="330" stroke="${stroke}" stroke-width="10"/>
          <path d="M${x - 80} 420 Q${x} 300 ${x + 80} 420 Q${x} 640 ${x - 80} 420 Z" fill="${stroke}"/>
          ${gemAt(x, 450, 44)}`,
        )
        .join('');
      break;
    case 'Necklaces':
      body = `<path d="M120 150 Q400 720 680 150" fill="none" stroke="${stroke}" stroke-width="22"/>
        ${Array.from({ length: 11 }, (_, i) => {
          const t = (i + 1) / 12;
          const x = (1 - t) * (1 - t) * 120 + 2 * (1 - t) * t * 400 + t * t * 680;
          const y = (1 - t) * (1 - t) * 150 + 2 * (1 - t) * t * 720 + t * t * 150;
          return gem && i % 2 === 0
            ? gemAt(x, y + 10, 30)
            : `<circle cx="${x}" cy="${y + 6}" r="18" fill="${metal.dark}"/>`;
        }).join('')}`;
      break;
    case 'Pendants':
      body = `<path d="M200 100 L400 330 L600 100" fill="none" stroke="${stroke}" stroke-width="10"/>
        <circle cx="400" cy="350" r="22" fill="none" stroke="${stroke}" stroke-width="10"/>
        <path d="M400 375 L520 520 L400 680 L280 520 Z" fill="${stroke}"/>
        ${gemAt(400, 525, 62)}`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs>
      <radialGradient id="bg" cx="50%" cy="40%" r="75%">
        <stop offset="0%" stop-color="hsl(${look.hue} 45% 97%)"/><stop offset="100%" stop-color="hsl(${look.hue} 30% 84%)"/>
      </radialGradient>
      <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0%" stop-color="${metal.light}"/><stop offset="55%" stop-color="${metal.dark}"/><stop offset="100%" stop-color="${metal.light}"/>
      </linearGradient>
    </defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="740" rx="260" ry="24" fill="#00000014"/>
    ${body}
  </svg>`;
}

/** A product photograph stand-in: the piece drawn in its metal and stone on a soft backdrop. */
export async function renderProductImage(look: Look): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(jewellerySvg(look)))
    .webp({ quality: 86 })
    .toBuffer();
}

/**
 * A wide cover for a blog post: gradient and ornament, no words. The page and the card set the
 * post's title in text beside the picture, so a title drawn into it would only be cut off by the
 * card's crop or repeat the heading.
 */
export async function renderBanner(hue: number, width = 1200, height = 675): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0%" stop-color="hsl(${hue} 55% 30%)"/><stop offset="100%" stop-color="hsl(${(hue + 40) % 360} 60% 55%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${Array.from({ length: 12 }, (_, i) => `<circle cx="${(i * 137) % width}" cy="${(i * 89) % height}" r="${40 + ((i * 23) % 90)}" fill="#ffffff" fill-opacity="0.07"/>`).join('')}
    <circle cx="${width - 190}" cy="${height / 2}" r="120" fill="none" stroke="#f3d98b" stroke-width="16"/>
    <circle cx="${width - 190}" cy="${height / 2 - 120}" r="30" fill="#c0143c"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 86 }).toBuffer();
}
