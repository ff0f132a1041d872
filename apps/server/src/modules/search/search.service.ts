import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import {
  checkSynonymFields,
  SYNONYM_MESSAGES,
  type SearchInterpretation,
  type Synonym,
} from '@catalogue/shared/schemas/search';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { CatalogueEvents } from '../../domain-events.ts';
import { checkSearchText, readCatalogueVersion } from '../products/index.ts';
import {
  deleteSynonym,
  insertSynonym,
  listSynonyms,
  readAttributeLabels,
  readAttributesVersion,
  readSynonymsVersion,
  streamWordRows,
  updateSynonym,
  type SynonymRow,
} from './search.repository.ts';
import { WordIndex, type SynonymMap } from './word-index.ts';

/** Rows per read while the index is built. */
const BUILD_CHUNK = 2000;

type Snapshot = { index: WordIndex; synonyms: SynonymMap; version: string };

/** The ids of one page of search results, with what the page says about them. */
export type SearchPageIds = {
  query: string;
  ids: string[];
  totalItems: number;
  literalTotal: number;
  currentPage: number;
  totalPages: number;
  interpretation: SearchInterpretation;
};

/** Every result of a query, ranked, with what the page says about them. */
export type SearchMatches = Pick<SearchPageIds, 'query' | 'ids' | 'literalTotal' | 'interpretation'>;

const toSynonym = (row: SynonymRow): Synonym => ({
  id: row.id,
  term: row.term,
  meaning: row.meaning,
  createdAt: row.createdAt.toISOString(),
});

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * The forgiving search: the word index and the synonyms of one catalogue snapshot, kept in step
 * with writes. A write on this instance (or, through the cache sync, on another) drops the
 * snapshot at once; writes the events missed are caught by a version check at most once per
 * `ttlMs` (every search when it is 0). A search waits for a rebuild rather than answering stale.
 */
export function createSearchService(deps: { db: Db; events: CatalogueEvents; ttlMs: number }) {
  const { db, events } = deps;
  let snapshot: Snapshot | null = null;
  let checkedAt = 0;
  let building: Promise<Snapshot> | null = null;
  let generation = 0;

  // Products (their attributes, tags and descriptions with them), the attribute labels and the synonyms.
  const readVersion = async () =>
    `${await readCatalogueVersion(db)}#${await readAttributesVersion(db)}#${await readSynonymsVersion(db)}`;

  events.on('catalogue:changed', () => {
    generation++;
    snapshot = null;
  });

  function rebuild(): Promise<Snapshot> {
    if (building) return building;
    const started = generation;
    const promise = (async () => {
      const version = await readVersion();
      const [index, rows] = await Promise.all([
        readAttributeLabels(db).then((labels) => WordIndex.build(streamWordRows(db, BUILD_CHUNK), labels)),
        listSynonyms(db),
      ]);
      const built: Snapshot = {
        index,
        synonyms: new Map(rows.map((row) => [row.term, row.meaning])),
        version,
      };
      if (started === generation) {
        snapshot = built;
        checkedAt = Date.now();
      }
      return built;
    })().finally(() => {
      if (building === promise) building = null;
    });
    building = promise;
    return promise;
  }

  async function current(): Promise<Snapshot> {
    const held = snapshot;
    if (!held) return rebuild();
    if (Date.now() - checkedAt < deps.ttlMs) return held;
    if ((await readVersion()) === held.version) {
      checkedAt = Date.now();
      return held;
    }
    if (snapshot === held) {
      generation++;
      snapshot = null;
    }
    return rebuild();
  }

  function changed() {
    events.emit('catalogue:changed');
  }

  function checkedFields(input: unknown) {
    const checked = checkSynonymFields(input);
    if (!checked.ok) {
      throw new AppError('BAD_REQUEST', checked.issues.map((i) => i.message).join('; '), checked.issues);
    }
    return checked.value;
  }

  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', SYNONYM_MESSAGES.termTaken, [
          { path: 'term', message: SYNONYM_MESSAGES.termTaken },
        ]);
      }
      throw error;
    }
  }

  async function matches(raw: string): Promise<SearchMatches> {
    const query = checkSearchText(raw);
    const held = query ? await current() : null;
    if (!held) return { query, ids: [], literalTotal: 0, interpretation: { corrected: null, synonyms: [] } };
    const ranked = held.index.rank(query, held.synonyms);
    return {
      query,
      ids: [...ranked.literal, ...ranked.extra].map((r) => held.index.idOf(r)),
      literalTotal: ranked.literal.length,
      interpretation: { corrected: ranked.corrected, synonyms: ranked.synonyms },
    };
  }

  return {
    /** Builds the index now, so the first search after start does not wait for it. */
    warm(): void {
      current().catch(() => {});
    },

    /**
     * Every result of the results page, ranked: literal matches of name or code first (as the
     * header ranks them), then the products whose words match every query word (name words before
     * attribute labels, tags and descriptions), with synonyms, plurals and close spellings. A
     * filtered results page narrows these ids.
     */
    matches,

    /** One page of the results page's ranked matches. */
    async page(raw: string, page: number, limit: number): Promise<SearchPageIds> {
      const found = await matches(raw);
      const totalPages = totalPagesOf(found.ids.length, limit);
      const currentPage = Number.isSafeInteger(page) && page >= 1 ? page : 1;
      const start = (currentPage - 1) * limit;
      return {
        query: found.query,
        ids: found.ids.slice(start, start + limit),
        totalItems: found.ids.length,
        literalTotal: found.literalTotal,
        currentPage,
        totalPages,
        interpretation: found.interpretation,
      };
    },

    async listSynonyms(): Promise<Synonym[]> {
      return (await listSynonyms(db)).map(toSynonym);
    },

    async createSynonym(input: unknown): Promise<Synonym> {
      const fields = checkedFields(input);
      const row = await saving(() => insertSynonym(db, fields));
      changed();
      return toSynonym(row);
    },

    async updateSynonym(id: string, input: unknown): Promise<Synonym> {
      const fields = checkedFields(input);
      const row = isId(id) ? await saving(() => updateSynonym(db, id, fields)) : null;
      if (!row) throw new AppError('NOT_FOUND', SYNONYM_MESSAGES.notFound);
      changed();
      return toSynonym(row);
    },

    async deleteSynonym(id: string): Promise<void> {
      if (!isId(id) || !(await deleteSynonym(db, id)))
        throw new AppError('NOT_FOUND', SYNONYM_MESSAGES.notFound);
      changed();
    },
  };
}
