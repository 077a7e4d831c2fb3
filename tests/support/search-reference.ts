import type { EngineConfig, FacetStats, SearchParams, SearchRecord } from '../../src/search/engine.ts';

/**
 * The plain reference for the search engine: the same contract answered the slow, obvious way, record by
 * record, with its own edit distance. The engine must give identical hits, order and facet counts.
 */

function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const wordsOf = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
const valuesOf = (value: unknown): string[] => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

function typos(queryWord: string, word: string, isLast: boolean): number | null {
  const limit = queryWord.length >= 8 ? 2 : queryWord.length >= 4 ? 1 : 0;
  const candidates = [word];
  if (isLast) for (let length = 1; length <= word.length; length++) if (Math.abs(length - queryWord.length) <= limit) candidates.push(word.slice(0, length));
  if (isLast && word.startsWith(queryWord)) return 0;
  const best = Math.min(...candidates.map((c) => distance(queryWord, c)));
  return best <= limit ? best : null;
}

function numericPasses(filter: string, record: SearchRecord): boolean {
  const range = /^\s*(\w+)\s*:\s*(-?[\d.]+)\s+TO\s+(-?[\d.]+)\s*$/.exec(filter);
  const value = (attribute: string) => {
    const v = record[attribute];
    return typeof v === 'number' ? v : NaN;
  };
  if (range) {
    const v = value(range[1]!);
    return !Number.isNaN(v) && v >= Number(range[2]) && v <= Number(range[3]);
  }
  const m = /^\s*(\w+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/.exec(filter)!;
  const v = value(m[1]!);
  const bound = Number(m[3]);
  if (Number.isNaN(v)) return false;
  return { '<=': v <= bound, '>=': v >= bound, '!=': v !== bound, '<': v < bound, '>': v > bound, '=': v === bound }[m[2] as '<=']!;
}

function facetPasses(filter: string, record: SearchRecord): boolean {
  const colon = filter.indexOf(':');
  const attribute = filter.slice(0, colon);
  const raw = filter.slice(colon + 1);
  const negated = raw.startsWith('-');
  const value = negated ? raw.slice(1) : raw;
  const has = valuesOf(record[attribute]).includes(value);
  return negated ? !has : has;
}

export function referenceSearch<R extends SearchRecord>(records: readonly R[], config: EngineConfig<R>, indexName: string, params: SearchParams) {
  const order = config.indices[indexName]!;
  const list = <T>(v: T | readonly T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? [...(v as T[])] : [v as T]);
  const queryWords = wordsOf(params.query ?? '');
  const matched: Array<{ record: R; index: number; typos: number; attribute: number; exact: number }> = [];
  records.forEach((record, index) => {
    for (const group of list(params.facetFilters)) if (!list(group as string | string[]).some((f) => facetPasses(f, record))) return;
    for (const group of list(params.numericFilters)) if (!list(group as string | string[]).some((f) => numericPasses(f, record))) return;
    let total = { typos: 0, attribute: Infinity, exact: 0 };
    for (const [w, queryWord] of queryWords.entries()) {
      let best: { typos: number; attribute: number; exact: number } | null = null;
      config.searchable.forEach((attribute, rank) => {
        for (const text of valuesOf(record[attribute])) {
          for (const word of wordsOf(text)) {
            const t = typos(queryWord, word, w === queryWords.length - 1);
            if (t === null) continue;
            const candidate = { typos: t, attribute: rank, exact: t === 0 && word === queryWord ? 1 : 0 };
            if (!best || candidate.typos < best.typos || (candidate.typos === best.typos && (candidate.attribute < best.attribute || (candidate.attribute === best.attribute && candidate.exact > best.exact)))) best = candidate;
          }
        }
      });
      if (!best) return;
      const b = best as { typos: number; attribute: number; exact: number };
      total = { typos: total.typos + b.typos, attribute: Math.min(total.attribute, b.attribute), exact: total.exact + b.exact };
    }
    matched.push({ record, index, ...total });
  });
  matched.sort((a, b) => {
    const own = order.compare(a.record, b.record);
    const text = queryWords.length === 0 ? 0 : a.typos - b.typos || a.attribute - b.attribute || b.exact - a.exact;
    return (order.beforeRelevance ? own || text : text || own) || a.index - b.index;
  });

  const hitsPerPage = params.hitsPerPage ?? 20;
  const page = params.page ?? 0;
  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, FacetStats> = {};
  const requested = list(params.facets as string | string[]);
  for (const attribute of requested.includes('*') ? config.facets : requested) {
    const counts: Record<string, number> = {};
    for (const { record } of matched) for (const value of valuesOf(record[attribute])) counts[value] = (counts[value] ?? 0) + 1;
    facets[attribute] = counts;
    if (config.numeric.includes(attribute)) {
      const numbers = matched.map(({ record }) => record[attribute]).filter((v): v is number => typeof v === 'number');
      if (numbers.length > 0) {
        const sum = numbers.reduce((a, b) => a + b, 0);
        stats[attribute] = { min: Math.min(...numbers), max: Math.max(...numbers), avg: sum / numbers.length, sum };
      }
    }
  }
  return {
    ids: matched.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((m) => m.record.objectID),
    nbHits: matched.length,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(matched.length / hitsPerPage),
    facets,
    stats,
  };
}
