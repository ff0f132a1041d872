import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = import.meta.dirname;

/**
 * Words that stay as they are in the Hindi texts: names of the business, of places, brands and
 * services, and codes. Everything else in a Hindi file must be Hindi.
 */
const NAMES = [
  'Jaipur Jewellery House',
  'Jaipur',
  'Sitapura',
  'Pratap Nagar',
  'Rajasthan',
  'India',
  'Google',
  'WhatsApp',
  'LinkedIn',
  'Facebook',
  'Instagram',
  'Pinterest',
  'YouTube',
  'Excel',
  'PDF',
  'SKU',
  'N/A',
  'AM',
  'PM',
  'RIICO',
  // A key on the keyboard (the selection editor's Alt+↑ / Alt+↓).
  'Alt',
  // Design codes in the quick order's examples, and the file types it reads.
  'RG-1001',
  'JH-33',
  'BG-7',
  '.xlsx',
  '.csv',
  // Registrations and bank codes printed on a proforma invoice (the business settings screen).
  'GSTIN',
  'IEC',
  'LUT',
  'ARN',
  'IFSC',
  'SWIFT',
  'BIC',
];

type Texts = { [key: string]: string | Texts };

function namespacesOf(language: string) {
  return fs
    .readdirSync(path.join(ROOT, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

function read(language: string, namespace: string): Texts {
  return JSON.parse(fs.readFileSync(path.join(ROOT, language, `${namespace}.json`), 'utf8')) as Texts;
}

function flatten(texts: Texts, prefix = ''): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** What is left of a Hindi text once names, placeholders, tags, addresses and numbers are removed. */
function latinLeftIn(text: string): string[] {
  let rest = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<\/?[a-z0-9]+>/gi, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  for (const name of [...NAMES].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('i18n resources', () => {
  const english = namespacesOf('en');

  it('has the same namespaces in English and Hindi', () => {
    expect(english.length).toBeGreaterThan(0);
    expect(namespacesOf('hi')).toEqual(english);
  });

  it.each(english)('%s: Hindi has exactly the English keys, none empty', (namespace) => {
    const en = flatten(read('en', namespace));
    const hi = flatten(read('hi', namespace));
    expect(hi.map(([k]) => k).sort()).toEqual(en.map(([k]) => k).sort());
    expect([...en, ...hi].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
  });

  it.each(english)('%s: keeps the same placeholders in both languages', (namespace) => {
    const placeholders = (v: string) => (v.match(/\{\{[^}]*\}\}/g) ?? []).sort();
    const hi = new Map(flatten(read('hi', namespace)));
    const mismatched = flatten(read('en', namespace)).filter(
      ([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(hi.get(k) ?? '')),
    );
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it.each(english)('%s: no English is left in the Hindi texts except names', (namespace) => {
    const leftovers = flatten(read('hi', namespace))
      .map(([k, v]) => [k, latinLeftIn(v)] as const)
      .filter(([, words]) => words.length > 0)
      .map(([k, words]) => `${k}: ${words.join(' ')}`);
    expect(leftovers).toEqual([]);
  });
});
