import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * Every text key of the storefront as i18next would show it when its namespace is missing
 * (`detail.addToList`, or `catalogue:detail.addToList`). Keys without a dot are left out: a raw
 * `title` cannot be told from the word.
 */
function textKeys(): string[] {
  const dir = path.resolve(import.meta.dirname, '../packages/shared/src/i18n/en');
  const keys: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
    } else if (prefix.includes('.')) keys.push(prefix);
  };
  for (const file of fs.readdirSync(dir)) walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), '');
  return keys;
}

const KEYS = textKeys();

/**
 * Watches every page of `context` from its first byte: every text node and label ever shown (the
 * server HTML, hydration, each client navigation) is checked against the keys, so a key shown for
 * one frame before its texts arrive is caught too. Scripts and styles are not shown: the product
 * page's data names the text keys of its specification, which the page resolves.
 */
export async function watchRawKeys(context: BrowserContext): Promise<void> {
  await context.addInitScript((keys: string[]) => {
    const known = new Set(keys);
    const seen: string[] = [];
    (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
    const check = (text: string | null) => {
      for (const token of text?.match(/[\w-]+:?[\w-]+(?:\.[\w-]+)+/g) ?? []) {
        const key = token.replace(/^[\w-]+:/, '');
        if (known.has(key)) seen.push(token);
      }
    };
    const LABELS = ['aria-label', 'placeholder', 'title', 'alt', 'content'];
    // A script's or a style's text is never shown (the page's data may name text keys it resolves).
    const isHidden = (node: Node) => ['SCRIPT', 'STYLE'].includes(node.parentElement?.tagName ?? '');
    const visit = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) return isHidden(node) ? undefined : check(node.textContent);
      if (!(node instanceof Element) || node.tagName === 'SCRIPT' || node.tagName === 'STYLE') return;
      for (const name of LABELS) check(node.getAttribute(name));
      node.childNodes.forEach(visit);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') {
          if (!isHidden(record.target)) check(record.target.textContent);
        } else if (record.type === 'attributes') visit(record.target);
        else record.addedNodes.forEach(visit);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: LABELS,
    });
  }, KEYS);
}

/** The raw keys the watched page has shown since its document started. */
export const rawKeysOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __rawKeys: string[] }).__rawKeys);
