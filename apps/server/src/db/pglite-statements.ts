import { parse as results, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Named statements for PGlite (docs/performance.md, PGlite in turns). PGlite's `query` parses, analyses and describes every
 * statement again, in six calls into WebAssembly. Here each text is parsed and described once, as a
 * named statement of the one session PGlite has; then each run is one call (bind, execute, sync),
 * and the answer is read as PGlite reads its own, with the same type parsers and serializers.
 *
 * Each statement is planned as PostgreSQL plans prepared statements (`plan_cache_mode = auto`,
 * docs/performance.md, kept plans): with its values for the first five runs, then with one plan kept for all runs where
 * that plan costs no more than those. PGlite once planned every run anew (docs/performance.md, kept plans), because a plan
 * forced on every statement (`force_generic_plan`) knew neither a search's pattern nor a page's
 * size; PostgreSQL's own choice keeps planning those with their values, and stops planning the
 * lookups and writes whose plan is the same for every value (a session's, a filing's inserts).
 *
 * The statements kept are bounded (`size`, the least recently used is closed). A text that fails
 * to parse is not kept. A query with a blob (COPY) is not for these: db/pglite-client.ts gives it to PGlite's
 * own `query`.
 */
export interface PgliteStatements {
  /** `query` outside a transaction: waits for any transaction, as PGlite's own `query` does */
  query(text: string, params: unknown[] | undefined, options: QueryOptions): Promise<Results>;
  /** `query` inside the transaction now running */
  inTransaction(text: string, params: unknown[] | undefined, options: QueryOptions): Promise<Results>;
  /** statements kept now */
  readonly size: number;
}

interface Statement {
  name: string;
  paramTypes: number[];
  /** the statement's row description (or none): the answer's shape, the same for every run */
  description: BackendMessage[];
}

const concat = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

export function pgliteStatements(client: PGlite, { size }: { size: number }): PgliteStatements {
  const kept = new Map<string, Statement>();
  let named = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const prepare = async (text: string, types: number[] | undefined): Promise<Statement> => {
    const name = `portal_s${++named}`;
    let described: BackendMessage[] = [];
    try {
      await send(protocol.serialize.parse({ name, text, ...(types ? { types } : {}) }));
      described = await send(protocol.serialize.describe({ type: 'S', name }));
    } finally {
      await send(protocol.serialize.sync());
    }
    const paramTypes = results.parseDescribeStatementResults(described);
    return { name, paramTypes, description: described.filter((m) => m.name === 'rowDescription') };
  };

  const forget = async (statement: Statement) => {
    await send(concat(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()));
  };

  const run = async (text: string, params: unknown[] = [], options: QueryOptions, inTransaction: boolean): Promise<Results> => {
    const key = options?.paramTypes ? `${options.paramTypes.join(',')}|${text}` : text;
    let statement = kept.get(key);
    if (statement) {
      kept.delete(key); // most recently used last
    } else {
      statement = await prepare(text, options?.paramTypes);
      if (kept.size >= size) {
        const [oldestKey, oldest] = kept.entries().next().value as [string, Statement];
        kept.delete(oldestKey);
        await forget(oldest);
      }
    }
    kept.set(key, statement);
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    // Bind, execute and sync in one call: after an error the session skips to the sync, and the
    // error is thrown once the whole answer is read.
    const answer = await send(
      concat(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()),
    );
    if (!inTransaction) await client.syncToFs();
    return results.parseResults([...statement.description, ...answer], client.parsers, options)[0]!;
  };

  return {
    query: (text, params, options) => client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options, false))),
    inTransaction: (text, params, options) => client._runExclusiveQuery(() => run(text, params, options, true)),
    get size() {
      return kept.size;
    },
  };
}
