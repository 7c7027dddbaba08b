import { type SQLWrapper, sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/* The column helpers every area's tables share (not part of the schema's exports). */

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const created = () => ts('created_at').notNull().defaultNow();
export const updated = () => ts('updated_at').notNull().defaultNow();

/** A check that a text column holds one of the values listed. */
export const inList = (column: SQLWrapper, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
