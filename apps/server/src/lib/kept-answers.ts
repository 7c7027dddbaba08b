import { getTableName, type Table } from 'drizzle-orm';
import type { ReadCache, Stamp } from '../db/read-cache';
import { frozenAnswer } from './frozen-answer';

/**
 * Whole answers kept until a table they were read from changes (docs/performance.md, kept answers).
 *
 * The read cache (db/read-cache.ts) keeps each statement's rows; a page that reads them still maps,
 * checks and writes them as JSON on every request, which is most of its time once the rows come
 * from memory. A service that asks for an answer here names what the answer is made of:
 *
 * - `name` and `of`: the answer's kind and every value it depends on besides the tables (the acting
 *   person, the filters, the page, the university day where the moment matters). Two requests with
 *   the same name and values get the same answer while the tables hold.
 * - `tables`: every table its reads name. The answer is kept under their counters, taken before it
 *   is built, and given again only while none of them changed and nothing was forgotten (on
 *   PostgreSQL: while the changes of other instances are heard, docs/performance.md, read cache).
 *
 * A kept answer is frozen (lib/frozen-answer.ts): its text is written once, and nobody can change
 * what a later request is given. Requests for the same answer while it is being built wait for that
 * build rather than building it again.
 *
 * `check` (the tests, on PGlite, where every change is known at once): each answer given from memory
 * is built again and compared, and a difference throws. A table or a value missing from what the
 * service named then fails the tests that read it twice, instead of serving stale pages.
 */
export interface KeptAnswers {
  answer<T extends object>(what: AnswerOf, build: () => Promise<T>): Promise<T>;
  /** whether each answer given from memory is built again and compared */
  readonly check: boolean;
  readonly size: number;
  readonly hits: number;
  readonly misses: number;
}

export interface AnswerOf {
  name: string;
  /** every value the answer depends on besides the tables, as JSON */
  of: unknown;
  /** a module constant: the table names are worked out once per list */
  tables: readonly Table[];
}

interface Entry {
  tables: readonly string[];
  stamp: Stamp;
  value: object;
}

export class StaleKeptAnswer extends Error {
  constructor(name: string) {
    super(`kept answer "${name}" differs from the same answer built again: a table or a value it depends on is missing from what its service names`);
  }
}

export function createKeptAnswers(cache: Pick<ReadCache, 'stampOf' | 'holds'>, { entries, check = false }: { entries: number; check?: boolean }): KeptAnswers {
  const kept = new Map<string, Entry>();
  const building = new Map<string, { tables: readonly string[]; stamp: Stamp; value: Promise<object> }>();
  const names = new WeakMap<readonly Table[], readonly string[]>();
  let hits = 0;
  let misses = 0;
  const namesOf = (tables: readonly Table[]): readonly string[] => {
    let known = names.get(tables);
    if (!known) names.set(tables, (known = tables.map((table) => getTableName(table))));
    return known;
  };

  async function compared<T extends object>(what: AnswerOf, entry: Entry, build: () => Promise<T>): Promise<T> {
    const fresh = await build();
    if (JSON.stringify(fresh) !== JSON.stringify(entry.value) && cache.holds(entry.tables, entry.stamp)) throw new StaleKeptAnswer(what.name);
    return entry.value as T;
  }

  return {
    async answer<T extends object>(what: AnswerOf, build: () => Promise<T>): Promise<T> {
      const tables = namesOf(what.tables);
      const key = `${what.name}\u0000${JSON.stringify(what.of)}`;
      const entry = kept.get(key);
      if (entry) {
        kept.delete(key);
        if (cache.holds(entry.tables, entry.stamp)) {
          kept.set(key, entry); // the most recently used last
          hits++;
          return check ? compared(what, entry, build) : (entry.value as T);
        }
      }
      const pending = building.get(key);
      if (pending && cache.holds(pending.tables, pending.stamp)) return (await pending.value) as T;
      misses++;
      const stamp = cache.stampOf(tables);
      if (!stamp) return build();
      const value = build();
      const mine = { tables, stamp, value };
      building.set(key, mine);
      try {
        const built = await value;
        if (cache.holds(tables, stamp)) {
          kept.set(key, { tables, stamp, value: frozenAnswer(built) });
          while (kept.size > entries) kept.delete(kept.keys().next().value!);
        }
        return built;
      } finally {
        if (building.get(key) === mine) building.delete(key);
      }
    },
    check,
    get size() {
      return kept.size;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

/** The answer kept for `what` where the context keeps answers, else built. */
export function keptAnswer<T extends object>(ctx: { answers?: KeptAnswers | undefined }, what: AnswerOf, build: () => Promise<T>): Promise<T> {
  return ctx.answers ? ctx.answers.answer(what, build) : build();
}
