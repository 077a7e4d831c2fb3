/**
 * The build's search engine for an updated catalogue: a running site's update changes a few listing records,
 * and its pages' searches are answered by an engine started from the one the previous catalogue's pages
 * used (src/views/search-island.ts). Server-only, so the engine the island loads in the browser does not
 * carry it.
 */
import { insertSorted } from '../lib/sorted.ts';
import { Bitset, countedValues, createSearchEngine, facetValues, numericValue, preparedOf, recordWords, type EngineConfig, type FilterCounts, type NumericStats, type Prepared, type PreparedOrder, type SearchEngine, type SearchRecord } from './engine.ts';

/**
 * Past this many records changed, building the engine afresh is cheaper than changing the previous one's
 * structures record by record.
 */
const MOST_PATCHED = 64;

/**
 * The previous engine's structures brought to `records`, where these are the previous records with a few
 * replaced in place (the same number, the rest the same objects at the same positions) under the same
 * configuration object: each structure is
 * copied only where a replaced record changes it, so the previous engine still answers as it did. The
 * result answers every search as structures built afresh over `records` would. Null when the records are not such
 * a change, or too many changed.
 */
function patch<R extends SearchRecord>(previous: Prepared<R>, records: readonly R[], config: EngineConfig<R>): Prepared<R> | null {
  const n = records.length;
  if (previous.records.length !== n || previous.config !== config) return null;
  const changed: number[] = [];
  for (let i = 0; i < n; i++) {
    if (records[i] !== previous.records[i]) {
      if (changed.push(i) > MOST_PATCHED) return null;
    }
  }
  if (changed.length === 0) return { ...previous, records, config };

  const facetSets = new Map(previous.facetSets);
  for (const attribute of config.facets) {
    // The attribute's map and each set in it are copied on their first write: the previous engine keeps its own.
    let values = undefined as Map<string, Bitset> | undefined;
    const copied = new Set<string>();
    const writable = (value: string): Bitset => {
      values ??= new Map(previous.facetSets.get(attribute));
      let set = values.get(value);
      if (!set) values.set(value, (set = new Bitset(n)));
      else if (!copied.has(value)) values.set(value, (set = set.copy()));
      copied.add(value);
      return set;
    };
    for (const i of changed) {
      const before = new Set(facetValues(previous.records[i]![attribute]));
      const after = new Set(facetValues(records[i]![attribute]));
      for (const value of before) if (!after.has(value)) writable(value).clear(i);
      for (const value of after) if (!before.has(value)) writable(value).set(i);
    }
    if (!values) continue;
    for (const value of copied) if (values.get(value)!.isEmpty()) values.delete(value);
    facetSets.set(attribute, values);
  }

  // A single-valued attribute's record values, copied on their first write; a value new to the attribute
  // is added at the end. An attribute a changed record holds several values of is counted by its sets.
  const valueIds = new Map(previous.valueIds);
  for (const [attribute, before] of previous.valueIds) {
    let ids: { names: string[]; of: Int32Array } | null = null;
    let placeOf: Map<string, number> | null = null;
    for (const i of changed) {
      const own = facetValues(records[i]![attribute]);
      if (own.length > 1) {
        valueIds.delete(attribute);
        ids = null;
        break;
      }
      // The record's value where it had one: nothing to copy (a sale leaves most attributes so).
      const was = before.of[i]!;
      if (own.length === 0 ? was < 0 : was >= 0 && before.names[was] === own[0]) continue;
      ids ??= { names: [...before.names], of: before.of.slice() };
      placeOf ??= new Map(before.names.map((value, at) => [value, at]));
      let place = -1;
      if (own.length === 1) {
        place = placeOf.get(own[0]!) ?? -1;
        if (place < 0) placeOf.set(own[0]!, (place = ids.names.push(own[0]!) - 1));
      }
      ids.of[i] = place;
    }
    if (ids) valueIds.set(attribute, ids);
  }

  const columns = new Map(previous.columns);
  for (const attribute of config.numeric) {
    const old = previous.columns.get(attribute)!;
    let column: Float64Array | null = null;
    for (const i of changed) {
      const value = numericValue(records[i]![attribute]);
      if (Object.is(value, old[i])) continue;
      column ??= old.slice();
      column[i] = value;
    }
    if (column) columns.set(attribute, column);
  }

  // Copied on the first word whose records change: a change of price or status leaves every word as it was.
  let vocabulary = previous.vocabulary;
  const copiedWords = new Set<string>();
  const postingsOf = (word: string): Map<number, number> => {
    if (vocabulary === previous.vocabulary) vocabulary = new Map(previous.vocabulary);
    let postings = vocabulary.get(word);
    if (!postings) vocabulary.set(word, (postings = new Map()));
    else if (!copiedWords.has(word)) vocabulary.set(word, (postings = new Map(postings)));
    copiedWords.add(word);
    return postings;
  };
  for (const i of changed) {
    const before = recordWords(previous.records[i]!, config);
    const after = recordWords(records[i]!, config);
    for (const word of before.keys()) if (!after.has(word)) postingsOf(word).delete(i);
    for (const [word, rank] of after) if (before.get(word) !== rank) postingsOf(word).set(i, rank);
  }
  let wordsMoved = false;
  for (const word of copiedWords) {
    if (vocabulary.get(word)!.size === 0) vocabulary.delete(word);
    if (vocabulary.has(word) !== previous.vocabulary.has(word)) wordsMoved = true;
  }

  // What each filter set found: the replaced records that passed before are taken off, those that pass now
  // added. A set no replaced record passes, before or now, found the same records.
  const pairs = changed.map((i) => ({ was: previous.records[i]!, now: records[i]! }));
  const counts = new Map<string, FilterCounts<R>>();
  for (const [key, before] of previous.counts) counts.set(key, carriedCounts(before, pairs, config));

  const orders = new Map<string, PreparedOrder<R>>();
  const replaced = new Set(changed);
  for (const [name, prior] of previous.orders) {
    const { order } = prior;
    const compare = (a: number, b: number) => order.compare(records[a]!, records[b]!) || a - b;
    // An order is sorted when each record is in order with the next: where every changed record still is
    // with its neighbours (a sale, most price changes), the order is the one before.
    const inPlace = changed.every((i) => {
      const at = prior.position[i]!;
      return (at === 0 || compare(prior.sorted[at - 1]!, i) < 0) && (at === n - 1 || compare(i, prior.sorted[at + 1]!) < 0);
    });
    if (inPlace) {
      orders.set(name, rerankedFrom(prior, records, prior.sorted, replaced));
      continue;
    }
    // Otherwise the unchanged records keep their order, and each changed one is placed by binary search.
    const sorted: number[] = [];
    for (const i of prior.sorted) if (!replaced.has(i)) sorted.push(i);
    for (const i of changed) insertSorted(sorted, i, compare);
    orders.set(name, rerankedFrom(prior, records, Int32Array.from(sorted), replaced));
  }
  return { records, config, facetSets, valueIds, columns, vocabulary, allWords: wordsMoved ? [...vocabulary.keys()] : previous.allWords, orders, counts };
}

/**
 * What `ranked` gives for `sorted`, an order that differs from `prior`'s only where replaced records left or
 * took a place: each record's position and rank are copied, and worked out again from the first place that
 * differs, past the last one for as long as ranks still differ (a run of records the order cannot tell apart
 * takes its first one's place as its rank, and a replaced record can join or split a run).
 */
function rerankedFrom<R extends SearchRecord>(prior: PreparedOrder<R>, records: readonly R[], sorted: Int32Array, replaced: ReadonlySet<number>): PreparedOrder<R> {
  const n = sorted.length;
  const same = (at: number) => sorted[at] === prior.sorted[at] && !replaced.has(sorted[at]!);
  let first = 0;
  while (first < n && same(first)) first++;
  let last = n - 1;
  while (last >= first && same(last)) last--;
  const { order } = prior;
  const position = prior.position.slice();
  const rank = prior.rank.slice();
  for (let at = first; at < n; at++) {
    const record = sorted[at]!;
    const before = at > 0 ? sorted[at - 1]! : -1;
    const place = before >= 0 && order.compare(records[before]!, records[record]!) === 0 ? rank[before]! : at;
    // Past the last place that differs, a record keeps its position; once its rank is as it was, so are the rest.
    if (at > last && place === rank[record]) break;
    position[record] = at;
    rank[record] = place;
  }
  return { order, sorted, position, rank };
}

/**
 * One filter set's counts brought to the records an update made: each replaced record that passed the
 * filters before is taken off, and each that passes now added. A numeric statistic that cannot be brought
 * forward exactly is left out, to be counted afresh when a search asks for it: one whose smallest or
 * largest value left, or a sum of other than whole numbers (whose rounding depends on the order of adding).
 */
function carriedCounts<R extends SearchRecord>(before: FilterCounts<R>, pairs: ReadonlyArray<{ was: R; now: R }>, config: EngineConfig<R>): FilterCounts<R> {
  const moves = pairs.map(({ was, now }) => ({ was, now, passed: before.passes(was), passes: before.passes(now) })).filter((m) => m.passed || m.passes);
  if (moves.length === 0) return before;
  let hits = before.hits;
  for (const m of moves) hits += Number(m.passes) - Number(m.passed);

  const tallies = new Map<string, ReadonlyMap<string, number>>();
  for (const [attribute, tally] of before.tallies) {
    let next: Map<string, number> | null = null;
    for (const m of moves) {
      const gone = m.passed ? countedValues(m.was, attribute, config) : [];
      const come = m.passes ? countedValues(m.now, attribute, config) : [];
      if (gone.length === come.length && gone.every((value) => come.includes(value))) continue;
      next ??= new Map(tally);
      for (const value of gone) {
        const count = (next.get(value) ?? 0) - 1;
        if (count > 0) next.set(value, count);
        else next.delete(value);
      }
      for (const value of come) next.set(value, (next.get(value) ?? 0) + 1);
    }
    tallies.set(attribute, next ?? tally);
  }

  const stats = new Map<string, Readonly<NumericStats>>();
  for (const [attribute, was] of before.stats) {
    let next: NumericStats | null = { ...was };
    for (const m of moves) {
      const gone = m.passed ? numericValue(m.was[attribute]) : Number.NaN;
      const come = m.passes ? numericValue(m.now[attribute]) : Number.NaN;
      if (Object.is(gone, come)) continue;
      if (!next.whole) {
        next = null;
        break;
      }
      if (!Number.isNaN(gone)) {
        next.count--;
        next.sum -= gone;
        if (next.count === 0) next = { count: 0, min: Infinity, max: -Infinity, sum: 0, whole: true };
        else if (gone === next.min || gone === next.max) {
          next = null;
          break;
        }
      }
      if (!Number.isNaN(come)) {
        if (!Number.isInteger(come)) {
          next = null;
          break;
        }
        next.count++;
        next.sum += come;
        next.min = Math.min(next.min, come);
        next.max = Math.max(next.max, come);
      }
    }
    if (next && Number.isSafeInteger(next.sum)) stats.set(attribute, next);
  }
  return { hits, tallies, stats, passes: before.passes };
}

/**
 * The engine over `records`. Where they are the previous engine's records with a few replaced in place
 * (the same number, the rest the same objects at the same positions), it starts from the previous engine's
 * structures, which costs what those records cost instead of a pass over every record; the answers are
 * those of an engine built afresh, and the previous engine answers as it did.
 */
export function searchEngineAfter<R extends SearchRecord>(previous: SearchEngine<R> | undefined, records: readonly R[], config: EngineConfig<R>): SearchEngine<R> {
  const before = previous && preparedOf(previous);
  return createSearchEngine(records, config, (before && patch(before, records, config)) ?? undefined);
}
