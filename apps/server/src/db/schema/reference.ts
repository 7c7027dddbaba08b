import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/* Reference lists the forms choose from: identification types, payment modes, countries, regions and towns. */

export const identificationTypes = pgTable('identification_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull().unique(),
});

export const paymentModes = pgTable('payment_modes', {
  abbreviation: text('abbreviation').primaryKey(),
  designation: text('designation').notNull(),
  position: integer('position').notNull(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

export const regions = pgTable('regions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  nameFr: text('name_fr').notNull(),
});

export const towns = pgTable(
  'towns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('towns_region_name_uq').on(t.regionId, t.name)],
);
