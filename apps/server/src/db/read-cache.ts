import type { PGlite, Results } from '@electric-sql/pglite';
import { copyResult, valuesKey } from './read-cache-values';

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * The embedded database's answers to reads, kept until a table they read changes (docs/performance.md, read cache).
 *
 * PGlite is one process's own database: every change to it goes through this process's client,
 * so the client knows exactly when a table changes, and an answer read from it stays true until
 * then. A read answered here makes no turn and no call into WebAssembly.
 *
 * - **What is kept**: a statement outside a transaction that only reads: it begins with `select`,
 *   takes no lock (`for update`, `for share`), creates nothing (`into`), and calls no function
 *   that depends on the moment or changes something (PostgreSQL's volatile functions, and `now()`,
 *   `current_date` and the like). It reads at least one of the portal's tables, and its answer has
 *   at most `maxCells` values, and all of them at most `totalCells`. The key is the text, the
 *   values and the row mode.
 * - **What a read depends on**: every name in its text that is one of the portal's tables (more
 *   than it reads at worst, never fewer: there are no views, and the portal's functions are
 *   triggers).
 * - **What a change touches**: every table its text names, then, again and again, what their
 *   triggers' functions name (the catalogue's version, docs/performance.md, subject lists' stamp) and the tables whose foreign
 *   keys cascade from them. The database is asked once which those are, before the first read is
 *   kept, and again after the schema changed.
 * - **When**: a change outside a transaction bumps its tables once it answered; a change inside
 *   one bumps them at once and again when the transaction ends, committed or not. Anything else
 *   that may change the schema or data in ways a text does not say (DDL, `exec`, `truncate`)
 *   forgets everything.
 * - A read that began before a change (its tables' counters are taken when it runs) is kept with
 *   the counters of then, so the change makes it stale at once.
 * - Each answer handed out is a copy: rows and the JSON in them may be changed by their reader.
 */
export interface ReadCache {
  /** the answer kept for a statement outside a transaction, as a copy, or undefined */
  answer(text: string, params: unknown[] | undefined, options: QueryOptions): Results | undefined;
  /**
   * Runs a statement outside a transaction that `answer` did not answer: learns what changes touch
   * first (with `query`) if it must, keeps a read's answer, tells a change once it answered.
   */
  run(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions,
    execute: () => Promise<Results>,
    query: (text: string) => Promise<Results>,
  ): Promise<Results>;
  /** Follows one transaction: each of its changes is told at once, and all of them again at its `end` (committed or not). */
  transaction(): { statement(text: string | undefined): void; end(): void };
  /** what a statement is: memoised per text */
  classify(text: string): Statement;
  /** the answer kept for this read, as a copy, or undefined */
  get(statement: Statement, text: string, params: unknown[] | undefined, options: QueryOptions): Results | undefined;
  /** the tables' counters now, taken just before a read runs */
  stamp(statement: Statement): Stamp | undefined;
  /**
   * These tables' counters now, for an answer built from reads of them (db/kept-answers.ts);
   * undefined while nothing may be kept (paused, or the triggers and cascades not yet learnt).
   */
  stampOf(tables: readonly string[]): Stamp | undefined;
  /** whether none of these tables changed since their counters were taken, and nothing was forgotten */
  holds(tables: readonly string[], stamp: Stamp): boolean;
  /** keeps a copy of a read's answer, under the counters taken before it ran */
  keep(statement: Statement, text: string, params: unknown[] | undefined, options: QueryOptions, stamp: Stamp | undefined, result: Results): void;
  /** a change to these tables (and what their triggers and cascades touch) */
  changed(tables: Iterable<string>): void;
  /** the schema (or data in ways a text does not say) may have changed: forget everything */
  forget(): void;
  /**
   * Changes made elsewhere may go unheard (PostgreSQL: the listening connection is lost, or not yet
   * there): forget everything and keep nothing until `resume`.
   */
  pause(): void;
  /** changes made elsewhere are heard again: keep reads from now on */
  resume(): void;
  /** whether the database's triggers and cascades are known (reads are kept only then) */
  readonly ready: boolean;
  /** learns the triggers, cascades and volatile functions from the database (one learning at a time) */
  learn(query: (text: string) => Promise<Results>): Promise<void>;
  readonly size: number;
  /** answers given from the cache, and reads that ran */
  readonly hits: number;
  readonly misses: number;
}

export type Statement =
  | { kind: 'read'; tables: readonly string[] }
  | { kind: 'change'; tables: readonly string[] }
  /** may change anything: DDL, truncate, a procedure */
  | { kind: 'schema' }
  /** neither kept nor a change to a table: `select 1`, a lock, `set`, `vacuum`, a read that depends on the moment */
  | { kind: 'other' };

/** When a read ran: everything forgotten so far (the epoch) and its tables' counters. */
export interface Stamp {
  epoch: number;
  counters: number[];
}

interface Entry {
  cells: number;
  tables: readonly string[];
  counters: number[];
  result: Results;
}

const OTHER: Statement = { kind: 'other' };
/** how many texts' classifications are remembered */
const MAX_TEXTS = 10_000;
const SCHEMA: Statement = { kind: 'schema' };

/** functions and keywords whose value is the moment, not the data (they are stable, not volatile) */
const MOMENT =
  /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|statement_timestamp|transaction_timestamp)\b|\bage\s*\(|'(now|today|tomorrow|yesterday)'/i;
const SELECT = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;
const INTO = /\binto\b/i;
const CALL = /([a-z_][a-z0-9_$]*)"?\s*\(/gi;
const NAME = /"((?:[^"]|"")+)"|\b([a-z_][a-z0-9_$]*)\b/gi;
const CHANGING = /^(insert|update|delete|with|merge|copy)\b/i;
const OTHERS =
  /^(vacuum|analyze|analyse|set|reset|show|listen|unlisten|notify|explain|begin|start|commit|end|rollback|savepoint|release|prepare|execute|deallocate|discard|lock|checkpoint|load|fetch|close|declare|move)\b/i;

/** Every name in a text: quoted identifiers as written, others in lower case (as PostgreSQL folds them). */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME)) names.add(match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]!.toLowerCase());
  return names;
}

export function createReadCache({
  tables,
  entries,
  maxCells,
  totalCells = entries * maxCells,
}: {
  tables: readonly string[];
  entries: number;
  maxCells: number;
  totalCells?: number;
}): ReadCache {
  const known = new Set(tables);
  const kept = new Map<string, Entry>();
  /** the values of every answer kept, bounded by `totalCells` (the least recently used forgotten first) */
  let cellsKept = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    cellsKept -= entry.cells;
  };
  const statements = new Map<string, Statement>();
  const counters = new Map<string, number>();
  /** what a change to a table touches besides itself (triggers' functions, cascades), transitively */
  let touches: Map<string, readonly string[]> | undefined;
  let volatile: Set<string> | undefined;
  let epoch = 0;
  let paused = false;
  let hits = 0;
  let misses = 0;

  const keyOf = (text: string, params: unknown[] | undefined, options: QueryOptions): string | undefined => {
    if (options && (options.parsers || options.serializers || options.blob || options.paramTypes)) return undefined;
    const values = valuesKey(params);
    return values === undefined ? undefined : `${options?.rowMode ?? 'object'}\u0000${text}\u0000${values}`;
  };

  const classify = (text: string): Statement => {
    const known_ = statements.get(text);
    if (known_) return known_;
    const head = text.trimStart();
    let statement: Statement;
    if (/^select\b/i.test(head)) {
      const readTables = [...namesIn(head)].filter((name) => known.has(name));
      const calls = [...head.matchAll(CALL)].map((match) => match[1]!.toLowerCase());
      const unsafe = !volatile || MOMENT.test(head) || LOCKING.test(head) || INTO.test(head) || calls.some((name) => volatile!.has(name));
      statement = readTables.length === 0 || unsafe ? OTHER : { kind: 'read', tables: readTables };
    } else if (CHANGING.test(head)) {
      statement = { kind: 'change', tables: [...namesIn(head)].filter((name) => known.has(name)) };
    } else if (OTHERS.test(head)) {
      statement = OTHER;
    } else {
      statement = SCHEMA;
    }
    // (a select is classified for good only once the volatile functions are known)
    if (statement !== OTHER || volatile || !/^select\b/i.test(head)) {
      // (texts are the portal's statements, a few hundred; a text with values written into it would be new each time)
      if (statements.size >= MAX_TEXTS) statements.clear();
      statements.set(text, statement);
    }
    return statement;
  };

  const forget = () => {
    epoch++;
    kept.clear();
    cellsKept = 0;
    statements.clear();
    counters.clear();
    touches = undefined;
    volatile = undefined;
  };

  /** Asks the database what a change to each table touches (triggers' functions, cascades) and which functions are volatile. */
  async function learnFrom(query: (text: string) => Promise<Results>): Promise<void> {
    const at = epoch;
    const [triggers, cascades, functions] = await Promise.all([
      // each table's triggers and the text of their functions
      query(
        `select c.relname as "table", p.prosrc as "source" from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal`,
      ),
      // foreign keys that change the rows referring to a changed row
      query(
        `select f.relname as "referenced", c.relname as "referring" from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid where k.contype = 'f' and (k.confdeltype <> 'a' and k.confdeltype <> 'r' or k.confupdtype <> 'a' and k.confupdtype <> 'r')`,
      ),
      query(`select distinct lower(proname) as "name" from pg_proc where provolatile = 'v'`),
    ]);
    if (at !== epoch) return; // the schema changed meanwhile: learn again next time
    const direct = new Map<string, Set<string>>();
    const add = (from: string, to: string) => {
      if (from === to || !known.has(from) || !known.has(to)) return;
      let set = direct.get(from);
      if (!set) direct.set(from, (set = new Set()));
      set.add(to);
    };
    for (const row of triggers.rows as { table: string; source: string }[]) for (const name of namesIn(row.source)) add(row.table, name);
    for (const row of cascades.rows as { referenced: string; referring: string }[]) add(row.referenced, row.referring);
    const closure = new Map<string, readonly string[]>();
    for (const table of direct.keys()) {
      const seen = new Set<string>();
      const stack = [...direct.get(table)!];
      while (stack.length) {
        const next = stack.pop()!;
        if (seen.has(next) || next === table) continue;
        seen.add(next);
        stack.push(...(direct.get(next) ?? []));
      }
      closure.set(table, [...seen]);
    }
    touches = closure;
    volatile = new Set((functions.rows as { name: string }[]).map((row) => row.name));
    statements.clear(); // selects seen before are classified again
  }

  let learning: Promise<void> | undefined;
  const cache: ReadCache = {
    answer(text, params, options) {
      return cache.get(classify(text), text, params, options);
    },
    async run(text, params, options, execute, query) {
      let statement = classify(text);
      if (!touches && SELECT.test(text)) {
        // (if the database cannot say, nothing is kept and the statement runs as it would have)
        await cache.learn(query).catch(() => undefined);
        statement = classify(text);
      }
      const stamp = cache.stamp(statement);
      try {
        const result = await execute();
        cache.keep(statement, text, params, options, stamp, result);
        return result;
      } finally {
        if (statement.kind === 'change') cache.changed(statement.tables);
        else if (statement.kind === 'schema') forget();
      }
    },
    transaction() {
      const tables = new Set<string>();
      let schema = false;
      return {
        statement(text) {
          const statement = text === undefined ? SCHEMA : classify(text);
          if (statement.kind === 'change') {
            for (const table of statement.tables) tables.add(table);
            cache.changed(statement.tables);
          } else if (statement.kind === 'schema') {
            schema = true;
            forget();
          }
        },
        end() {
          if (schema) forget();
          else cache.changed(tables);
        },
      };
    },
    classify,
    get(statement, text, params, options) {
      if (statement.kind !== 'read' || paused) return undefined;
      const key = keyOf(text, params, options);
      const entry = key === undefined ? undefined : kept.get(key);
      if (!entry) return undefined;
      if (entry.tables.some((table, i) => (counters.get(table) ?? 0) !== entry.counters[i])) {
        drop(key!);
        return undefined;
      }
      kept.delete(key!); // the most recently used last
      kept.set(key!, entry);
      hits++;
      return copyResult(entry.result);
    },
    stamp(statement) {
      if (statement.kind !== 'read' || !touches) return undefined;
      misses++;
      return { epoch, counters: statement.tables.map((table) => counters.get(table) ?? 0) };
    },
    stampOf(tables) {
      if (!touches || paused) return undefined;
      return { epoch, counters: tables.map((table) => counters.get(table) ?? 0) };
    },
    holds(tables, stamp) {
      return !paused && stamp.epoch === epoch && tables.every((table, i) => (counters.get(table) ?? 0) === stamp.counters[i]);
    },
    keep(statement, text, params, options, stamp, result) {
      // (forgotten while it ran: its counters are of before, which the cleared counters may equal)
      if (statement.kind !== 'read' || !stamp || stamp.epoch !== epoch || !touches || paused) return;
      const cells = result.rows.length * Math.max(result.fields.length, 1);
      if (cells > maxCells) return;
      const key = keyOf(text, params, options);
      if (key === undefined) return;
      drop(key);
      kept.set(key, { cells, tables: statement.tables, counters: stamp.counters, result: copyResult(result) });
      cellsKept += cells;
      while (kept.size > entries || cellsKept > totalCells) drop(kept.keys().next().value!);
    },
    changed(changedTables) {
      for (const table of changedTables) {
        counters.set(table, (counters.get(table) ?? 0) + 1);
        const also = touches?.get(table);
        if (also) for (const other of also) counters.set(other, (counters.get(other) ?? 0) + 1);
        // before the triggers are known, nothing is kept: there is nothing to make stale
      }
    },
    forget,
    pause() {
      paused = true;
      forget();
    },
    resume() {
      paused = false;
      forget();
    },
    get ready() {
      return touches !== undefined;
    },
    learn(query) {
      learning ??= learnFrom(query).finally(() => (learning = undefined));
      return learning;
    },
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
  return cache;
}
