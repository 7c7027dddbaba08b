/*
 * The database schema, one file per area; drizzle (db/database.ts) and drizzle-kit (drizzle.config.ts)
 * read it whole from here, and the rest of the server imports it from `db/schema`. Enumerations come
 * from `@portal/contract/rules`; a new table gets the `announce_table_change` trigger in its
 * migration (docs/architecture.md, section 7).
 */
export * from './catalogue';
export * from './reference';
export * from './persons';
export * from './mail-and-audit';
export * from './files';
export * from './registration';
export * from './applications';
export * from './identification';
export * from './requests';
export * from './timetable';
export * from './students';
export * from './enrolment';
export * from './evaluation';
export * from './candidates';
export * from './payments';
