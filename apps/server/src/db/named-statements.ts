/**
 * Statement names for PostgreSQL's connections (docs/performance.md, kept plans).
 *
 * drizzle sends a statement that was not `prepare`d without a name: PostgreSQL parses it and plans
 * it on every run. A filing's inserts spent about a third of their time in the database so (the
 * parse alone 50 to 130 µs each). Here a statement text seen a second time gets a name, the same on
 * every connection of the pool; node-postgres then parses it once per connection and sends only its
 * values afterwards, and PostgreSQL plans it with its values for the first five runs, then keeps one
 * plan where that costs no more (its `plan_cache_mode = auto`, as for the statements the portal
 * prepares itself).
 *
 * Bounded: a text seen once is not named (an import's one-off statements), nor one longer than
 * `maxText` characters or with more than `maxParams` values (a batch insert), and a connection keeps
 * at most `perConnection` named statements, then sends the rest unnamed. The texts remembered are
 * bounded too (`texts`): the one first seen, or named, longest ago is forgotten (a hit costs one map
 * read, no reordering); seen again, it counts as new.
 */
export interface StatementNames {
  /** the name to send `text` under on a connection (its names so far in `held`), or undefined for none */
  nameFor(text: string, params: number, held: Set<string>): string | undefined;
}

export interface StatementNameLimits {
  texts: number;
  perConnection: number;
  maxText: number;
  maxParams: number;
}

export const STATEMENT_NAME_LIMITS: StatementNameLimits = { texts: 2_000, perConnection: 200, maxText: 16_000, maxParams: 100 };

export function statementNames(limits: StatementNameLimits = STATEMENT_NAME_LIMITS): StatementNames {
  /** text → its name once seen twice, or null when seen once */
  const seen = new Map<string, string | null>();
  let named = 0;
  return {
    nameFor(text, params, held) {
      if (params === 0 || params > limits.maxParams || text.length > limits.maxText) return undefined;
      let name = seen.get(text);
      if (name === undefined) {
        if (seen.size >= limits.texts) seen.delete(seen.keys().next().value!);
        seen.set(text, null);
        return undefined;
      }
      if (name === null) {
        name = `portal_n${++named}`;
        seen.delete(text);
        seen.set(text, name);
      }
      if (held.has(name)) return name;
      if (held.size >= limits.perConnection) return undefined;
      held.add(name);
      return name;
    },
  };
}
