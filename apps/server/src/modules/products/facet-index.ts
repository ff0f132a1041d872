import { ATTRIBUTE_KINDS, type AttributeKind } from '@catalogue/shared/schemas/attributes';
import type { FacetSelection, Facets, ListingSort } from '@catalogue/shared/schemas/listing-filters';
import { IdTable } from './id-table.ts';
import { nameSortKey } from './name-order.ts';

/**
 * One product as the index needs it; the source lists them newest first. `valuePositions` are the
 * positions in the source's `values` of the list values the product has: small numbers, so a
 * catalogue's few hundred thousand links are not as many objects and id strings.
 */
export type FacetProduct = {
  id: string;
  category: string;
  subcategory: string;
  name: string;
  requestCount: number;
  valuePositions: readonly number[];
};
export type FacetValueSource = {
  kind: string;
  slug: string;
  labelEn: string;
  labelHi: string;
};
export type FacetSource = {
  products: FacetProduct[];
  values: FacetValueSource[];
};

/**
 * A listing's products before filters; `none` for a listing that cannot hold any (an unknown
 * category); `within` for one made of given products (search results), in their own order, which
 * is then the order of the default sort.
 */
export type FacetScope = {
  category?: string;
  subcategory?: string;
  none?: boolean;
  within?: readonly string[];
};

export type FacetQuery = {
  scope: FacetScope;
  selected: FacetSelection;
  sort: ListingSort;
  offset: number;
  limit: number;
};

export type FacetAnswer = { ids: string[]; total: number; facets: Facets };

type IndexedValue = { slug: string; label: string; labelHi: string; bits: Uint32Array };

/** Set bits in a 32-bit word (SWAR). */
function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Faceted counts and pages over the whole catalogue in memory. Products are numbered in newest-
 * first order; each attribute value, category and category/subcategory is a bit set over those
 * numbers. A listing's products are the AND of its scope and, per facet, the OR of its chosen
 * values; a facet's counts apply every selection but its own. At 100,000 products a set is 3,125
 * words, so a page with its counts is a few hundred thousand word operations: well under a
 * millisecond, whatever is chosen. The other orders are permutations computed once per build.
 */
export class FacetIndex {
  readonly size: number;
  private readonly words: number;
  /** The products' ids by number, and each id's number. */
  private readonly ids: IdTable;
  private readonly all: Uint32Array;
  private readonly scopes = new Map<string, Uint32Array>();
  private readonly kinds: Record<AttributeKind, IndexedValue[]>;
  private readonly bySlug: Record<AttributeKind, Map<string, IndexedValue>>;
  private readonly orders: Record<Exclude<ListingSort, 'newest'>, Int32Array>;

  constructor(source: FacetSource) {
    const n = source.products.length;
    this.size = n;
    this.words = Math.ceil(n / 32);
    this.ids = new IdTable(source.products.map((p) => p.id));
    this.all = this.empty();
    for (let i = 0; i < n; i++) this.set(this.all, i);

    source.products.forEach((p, i) => {
      this.set(this.scopeBits(p.category), i);
      this.set(this.scopeBits(p.category, p.subcategory), i);
    });

    this.kinds = { metal: [], finish: [], stone: [], colour: [] };
    this.bySlug = { metal: new Map(), finish: new Map(), stone: new Map(), colour: new Map() };
    // By position in the source's list; undefined for a value of a kind the index does not know.
    const byPosition = source.values.map((v) => {
      if (!(ATTRIBUTE_KINDS as readonly string[]).includes(v.kind)) return undefined;
      const kind = v.kind as AttributeKind;
      const value = { slug: v.slug, label: v.labelEn, labelHi: v.labelHi, bits: this.empty() };
      this.kinds[kind].push(value);
      this.bySlug[kind].set(v.slug, value);
      return value;
    });
    source.products.forEach((product, i) => {
      for (const position of product.valuePositions) {
        const value = byPosition[position];
        if (value) this.set(value.bits, i);
      }
    });

    const numbers = () => Int32Array.from({ length: n }, (_, i) => i);
    const p = source.products;
    const keys = p.map((row) => nameSortKey(row.name));
    this.orders = {
      name: numbers().sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b)),
      requested: numbers().sort((a, b) => p[b]!.requestCount - p[a]!.requestCount || a - b),
    };
  }

  /** Whether `slug` is a value of `kind` in the lists the index was built from. */
  hasValue(kind: AttributeKind, slug: string): boolean {
    return this.bySlug[kind].has(slug);
  }

  /** The slugs of each list, for reading URLs (unknown values are ignored). */
  knownSlugs(): Record<AttributeKind, ReadonlySet<string>> {
    return {
      metal: new Set(this.bySlug.metal.keys()),
      finish: new Set(this.bySlug.finish.keys()),
      stone: new Set(this.bySlug.stone.keys()),
      colour: new Set(this.bySlug.colour.keys()),
    };
  }

  query(q: FacetQuery): FacetAnswer {
    let scope = this.scopeMask(q.scope);
    // Given products: their numbers in their order (products no longer in the index left out).
    let given: Int32Array | null = null;
    if (q.scope.within) {
      const numbers = q.scope.within.map((id) => this.ids.numberOf(id)).filter((i) => i !== undefined);
      given = Int32Array.from(numbers);
      const mask = this.empty();
      for (const i of given) if ((scope[i >>> 5]! >>> (i & 31)) & 1) this.set(mask, i);
      scope = mask;
    }
    // Per facet with a selection: the OR of its chosen values (unknown slugs choose nothing extra).
    const chosen: Partial<Record<AttributeKind, Uint32Array>> = {};
    for (const kind of ATTRIBUTE_KINDS) {
      const slugs = q.selected[kind].filter((s) => this.bySlug[kind].has(s));
      if (!slugs.length) continue;
      const union = this.empty();
      for (const slug of slugs) {
        const bits = this.bySlug[kind].get(slug)!.bits;
        for (let w = 0; w < this.words; w++) union[w]! |= bits[w]!;
      }
      chosen[kind] = union;
    }

    const without = (skip: AttributeKind | null) => {
      const mask = Uint32Array.from(scope);
      for (const kind of ATTRIBUTE_KINDS) {
        const bits = kind === skip ? undefined : chosen[kind];
        if (bits) for (let w = 0; w < this.words; w++) mask[w]! &= bits[w]!;
      }
      return mask;
    };
    const matching = without(null);

    const facets = {} as Facets;
    for (const kind of ATTRIBUTE_KINDS) {
      const base = chosen[kind] ? without(kind) : matching;
      const selected = new Set(q.selected[kind]);
      facets[kind] = this.kinds[kind].map((v) => ({
        slug: v.slug,
        label: v.label,
        labelHi: v.labelHi,
        count: this.countAnd(base, v.bits),
        selected: selected.has(v.slug),
      }));
    }

    const total = this.count(matching);
    return { ids: this.pick(matching, q.sort, q.offset, q.limit, given), total, facets };
  }

  private pick(
    mask: Uint32Array,
    sort: ListingSort,
    offset: number,
    limit: number,
    given: Int32Array | null,
  ): string[] {
    const out: string[] = [];
    let skipped = 0;
    const take = (i: number) => {
      if (!((mask[i >>> 5]! >>> (i & 31)) & 1)) return false;
      if (skipped < offset) skipped++;
      else out.push(this.ids.idOf(i));
      return out.length >= limit;
    };
    if (limit <= 0) return out;
    if (sort === 'newest' && given) {
      for (const i of given) if (take(i)) break;
      return out;
    }
    if (sort === 'newest') {
      for (let w = 0; w < this.words; w++) {
        let word = mask[w]!;
        // Whole words before the page are counted, not walked.
        if (skipped + popcount32(word) <= offset) {
          skipped += popcount32(word);
          continue;
        }
        while (word) {
          const bit = 31 - Math.clz32(word & -word);
          word &= word - 1;
          if (take(w * 32 + bit)) return out;
        }
      }
      return out;
    }
    for (const i of this.orders[sort]) if (take(i)) break;
    return out;
  }

  private scopeMask(scope: FacetScope): Uint32Array {
    if (scope.none) return this.empty();
    if (!scope.category) return this.all;
    return this.scopes.get(this.scopeKey(scope.category, scope.subcategory)) ?? this.empty();
  }

  private scopeKey(category: string, subcategory?: string) {
    return subcategory ? `${category}/${subcategory}` : category;
  }

  private scopeBits(category: string, subcategory?: string): Uint32Array {
    const key = this.scopeKey(category, subcategory);
    let bits = this.scopes.get(key);
    if (!bits) this.scopes.set(key, (bits = this.empty()));
    return bits;
  }

  private empty() {
    return new Uint32Array(this.words);
  }

  private set(bits: Uint32Array, i: number) {
    bits[i >>> 5]! |= 1 << (i & 31);
  }

  private count(bits: Uint32Array): number {
    let n = 0;
    for (let w = 0; w < this.words; w++) n += popcount32(bits[w]!);
    return n;
  }

  private countAnd(a: Uint32Array, b: Uint32Array): number {
    let n = 0;
    for (let w = 0; w < this.words; w++) n += popcount32(a[w]! & b[w]!);
    return n;
  }
}
