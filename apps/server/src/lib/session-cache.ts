/**
 * The sessions this server has looked up, kept in memory so that a signed-in person's read costs
 * no database round trip (issue 15, docs/performance.md, sessions in memory). A person's entries are forgotten as soon as the
 * database announces a change to anything the lookup reads (migration 0015's triggers, channel
 * `portal_person_change`): their session (revoked, touched, deleted), person, account, settings,
 * profile, identification or children, whoever made it, on whichever instance. Expiry and idleness
 * are checked on every request against the clock, as without the cache.
 *
 * On the embedded database the announcement reaches the cache before the committing statement's
 * caller goes on. On PostgreSQL it comes on a listening connection, a moment later: a request that
 * changed something waits, before it answers, until the database's announcements up to its own
 * have arrived (`ChangeFeed.settle`), so that its author's next request reads the change; another
 * instance learns it within milliseconds. While that connection is lost or late, nothing is kept,
 * and no entry is used longer than `maxAgeMs` (a minute) whatever happens.
 */
export const PERSON_CHANGE_CHANNEL = 'portal_person_change';

export class SessionCache<Row> {
  private readonly entries = new Map<string, { personId: number; row: Row; storedAt: number }>();
  private readonly byPerson = new Map<number, Set<string>>();
  /** moved by every change announced: a lookup that started before a change of its person does not store what it read */
  private generation = 0;
  /** the generation of each person's last change, and of the last change of everyone ('*') */
  private readonly changedAt = new Map<number, number>();
  private everyoneChangedAt = 0;

  /** false while changes may be missed (PostgreSQL's listening connection lost): nothing is kept nor used */
  private enabled = true;

  constructor(
    private readonly capacity = 20_000,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** whether entries are kept and used (false while changes may be missed) */
  get active(): boolean {
    return this.enabled;
  }

  /** The generation to hand back to `set`, taken before the lookup's query. */
  mark(): number {
    return this.generation;
  }

  get(tokenHash: string): Row | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.maxAgeMs) {
      this.drop(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  /**
   * Keeps a row read by a lookup, unless a change of its person (or of everyone) was announced
   * since `mark()`. Another person's change does not matter: under a crowd of writes, the sessions
   * of those who only read are still kept.
   */
  set(tokenHash: string, personId: number, row: Row, mark: number): void {
    if (!this.enabled || this.everyoneChangedAt > mark || (this.changedAt.get(personId) ?? 0) > mark) return;
    this.drop(tokenHash);
    if (this.entries.size >= this.capacity) this.drop(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { personId, row, storedAt: this.now() });
    let tokens = this.byPerson.get(personId);
    if (!tokens) this.byPerson.set(personId, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** A change announced: a person's id, or '*' for everyone (a table truncated, the listener lost). */
  changed(payload: string): void {
    this.generation++;
    if (payload === '*' || this.changedAt.size >= this.capacity) {
      // (past `capacity` people changed, the oldest changes are forgotten as if everyone had changed)
      this.everyoneChangedAt = this.generation;
      this.changedAt.clear();
    }
    if (payload === '*') {
      this.entries.clear();
      this.byPerson.clear();
      return;
    }
    const personId = Number(payload);
    this.changedAt.set(personId, this.generation);
    for (const tokenHash of this.byPerson.get(personId) ?? []) this.entries.delete(tokenHash);
    this.byPerson.delete(personId);
  }

  /** Changes may be missed from now on: everything is forgotten and nothing kept until `resume`. */
  suspend(): void {
    this.enabled = false;
    this.changed('*');
  }

  resume(): void {
    this.changed('*');
    this.enabled = true;
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
