import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PIECE_TYPES } from '@portal/contract/rules';
import { ts, updated } from './columns';
import { persons } from './persons';
import { files } from './files';

/* The HR registration (the profile wizard): profiles, children, documents and banks. */

/** What the wizard collects about a person, one row per person; column names are the contract's. */
export const profiles = pgTable('profiles', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  DENOMINATION: text('denomination'),
  REGION_ORIGIN: text('region_origin'),
  DEPARTMENT: text('department'),
  FIRST_LANGUAGE: text('first_language'),
  SECOND_LANGUAGE: text('second_language'),
  IDENTIFICATION: text('identification'),
  IDENTIFNUM: text('identifnum'),
  IDENTIFPLACE: text('identifplace'),
  IDENTIFSTART: date('identifstart', { mode: 'string' }),
  IDENTIFEND: date('identifend', { mode: 'string' }),
  LIVING_TOWN: text('living_town'),
  DISTRICT: text('district'),
  PRECINCT: text('precinct'),
  RELIGION: text('religion'),
  CODE1: text('code1'),
  NUMPHONE: text('numphone'),
  CODE2: text('code2'),
  NUMPHONE2: text('numphone2'),
  CIVILSTATUS: text('civilstatus'),
  SPFIRSTNAME: text('spfirstname'),
  SPLASTNAME: text('splastname'),
  SPBIRTHDATE: date('spbirthdate', { mode: 'string' }),
  CHILDNUM: integer('childnum'),
  FATHER_NAME: text('father_name'),
  MOTHER_NAME: text('mother_name'),
  HEIGHT: integer('height'),
  WEIGHT: integer('weight'),
  BLOOD_GROUP: text('blood_group'),
  HANDICAP: boolean('handicap'),
  HANDICAP_DETAILS: text('handicap_details'),
  EMERGNAME1: text('emergname1'),
  EMERGCODE1: text('emergcode1'),
  EMERGNUM1: text('emergnum1'),
  EMERGNAME2: text('emergname2'),
  EMERGCODE2: text('emergcode2'),
  EMERGNUM2: text('emergnum2'),
  NIU: text('niu'),
  NIU_MISSING: boolean('niu_missing'),
  CNPSYN: boolean('cnpsyn').default(true),
  CNPSNUM: text('cnpsnum'),
  LASTDIPLOMA: text('lastdiploma'),
  OLD_SPECIALITY: text('old_speciality'),
  OLD_OBTENTION_YEAR: integer('old_obtention_year'),
  STAB: text('stab'),
  SPECIALITY: text('speciality'),
  TITLE: text('title'),
  GRADES: text('grades'),
  JOBTITLE: text('jobtitle'),
  LASTJOB: text('lastjob'),
  LASTEMPLOYER: text('lastemployer'),
  LASTJOBSTART: date('lastjobstart', { mode: 'string' }),
  LASTJOBEND: date('lastjobend', { mode: 'string' }),
  LASTJOBSTILL: boolean('lastjobstill'),
  ACTIVITY_PRINCIPAL: text('activity_principal'),
  BASESALARY: integer('basesalary'),
  HOURRATE: integer('hourrate'),
  CONTENDDATE: date('contenddate', { mode: 'string' }),
  PAYMODE: text('paymode'),
  BANK_CODE: text('bank_code'),
  BRANCH_CODE: text('branch_code'),
  ACCOUNT_NUM: text('account_num'),
  RIB_KEY: text('rib_key'),
  PAY_CODE: text('pay_code'),
  PAY_PHONE: text('pay_phone'),
  CARD_NUM: text('card_num'),
  ACCOUNT_LASTNAME: text('account_lastname'),
  ACCOUNT_FIRSTNAME: text('account_firstname'),
  ACCOUNT_BIRTHDATE: date('account_birthdate', { mode: 'string' }),
  CASHIER_CODE: text('cashier_code'),
  /** file columns: the id of an upload in `files` */
  CV_LINK: text('cv_link'),
  NIU_LINK: text('niu_link'),
  CNPS_LINK: text('cnps_link'),
  RIB_LINK: text('rib_link'),
  MINISTERIAL_DECREE: text('ministerial_decree'),
  PRESENCE_ATTEST: text('presence_attest'),
  IDENTITY1: text('identity1'),
  IDENTITY2: text('identity2'),
  /** when each section was last saved: { personal: ISO time, ... } */
  sectionsSaved: jsonb('sections_saved').$type<Record<string, string>>().notNull().default({}),
  updatedAt: updated(),
});

export const children = pgTable(
  'children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    FIRSTNAME: text('firstname').notNull(),
    LASTNAME: text('lastname').notNull(),
    BIRTHDATE: date('birthdate', { mode: 'string' }),
  },
  (t) => [uniqueIndex('children_person_position_uq').on(t.personId, t.position)],
);

/** Diplomas and civil-status pieces (birth, child birth, wedding certificates). */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    PIECE_TYPE: text('piece_type', { enum: PIECE_TYPES }).notNull(),
    DESIGNATION: text('designation').notNull(),
    SPECIALITY: text('speciality'),
    LEVEL: integer('level'),
    LANGUAGE: text('language'),
    OBTENEDDATE: date('obteneddate', { mode: 'string' }),
    OBTENEDSTAB: text('obtenedstab'),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    isLast: boolean('is_last').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('documents_person_idx').on(t.personId),
    // At most one diploma marked as the last one per person.
    uniqueIndex('documents_one_last_uq')
      .on(t.personId)
      .where(sql`${t.isLast}`),
  ],
);

/** Banks and microfinance institutions by their 5-digit CEMAC code; microfinance accounts are refused. */
export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  microfinance: boolean('microfinance').notNull().default(false),
});

export type Profile = typeof profiles.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
