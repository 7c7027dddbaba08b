/**
 * The sessions this server has looked up, kept in memory so that a signed-in person's read costs
 * no database round trip (issue 15, decision 48). A person's entries are forgotten as soon as the
 * database announces a change to anything the lookup reads (migration 0015's triggers, channel
 * `portal_person_change`): their session (revoked, touched, deleted), person, account, settings,
 * profile, identification or children, whoever made it. Expiry and idleness are checked on every
 * request against the clock, as without the cache.
 *
 * It is only switched on where the database delivers a transaction's notifications before the
 * transaction's own caller goes on (the embedded database: one process owns it, and its
 * notifications reach the listener as the COMMIT answers), so a change is never followed by a read
 * of the old value.
 */
export const PERSON_CHANGE_CHANNEL = 'portal_person_change';

export class SessionCache<Row> {
  private readonly entries = new Map<string, { personId: number; row: Row }>();
  private readonly byPerson = new Map<number, Set<string>>();
  /** moved by every change announced: a lookup that started before a change does not store what it read */
  private generation = 0;

  constructor(private readonly capacity = 20_000) {}

  get size(): number {
    return this.entries.size;
  }

  /** The generation to hand back to `set`, taken before the lookup's query. */
  mark(): number {
    return this.generation;
  }

  get(tokenHash: string): Row | undefined {
    return this.entries.get(tokenHash)?.row;
  }

  /** Keeps a row read by a lookup, unless a change was announced since `mark()`. */
  set(tokenHash: string, personId: number, row: Row, mark: number): void {
    if (mark !== this.generation) return;
    this.drop(tokenHash);
    if (this.entries.size >= this.capacity) this.drop(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { personId, row });
    let tokens = this.byPerson.get(personId);
    if (!tokens) this.byPerson.set(personId, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** A change announced: a person's id, or '*' for everyone (a table truncated, the listener lost). */
  changed(payload: string): void {
    this.generation++;
    if (payload === '*') {
      this.entries.clear();
      this.byPerson.clear();
      return;
    }
    const personId = Number(payload);
    for (const tokenHash of this.byPerson.get(personId) ?? []) this.entries.delete(tokenHash);
    this.byPerson.delete(personId);
  }

  private drop(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.byPerson.get(entry.personId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byPerson.delete(entry.personId);
  }
}
