import { describe, expect, it } from 'vitest';
import {
  AddressSection,
  blankSection,
  DocumentFields,
  FamilialSection,
  FiscalSection,
  isCameroonMobile,
  isValidCardNumber,
  isValidPhone,
  isValidRib,
  LastJobSection,
  missingFields,
  PayModeSection,
  ProfileFields,
  ribKey,
  RULE_CODES,
  SECTION_SCHEMAS,
  sectionBody,
  sectionFieldNames,
  SignUpBody,
  type ClosureSnapshot,
} from './index';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('bank accounts', () => {
  it('computes the RIB key like the French and CEMAC banks', () => {
    // The worked example of La Banque Postale's RIB: 20041 01005 0500013M026 06.
    expect(ribKey('20041', '01005', '0500013M026')).toBe('06');
    expect(isValidRib('20041', '01005', '0500013M026', '06')).toBe(true);
    expect(isValidRib('20041', '01005', '0500013M026', '07')).toBe(false);
  });
  it('checks card numbers with Luhn', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('4111 1111 1111 1112')).toBe(false);
  });
  it('asks each payment mode for its own data', () => {
    expect(PayModeSection.safeParse({ ...blankSection('pay-mode'), PAYMODE: 'CASH' }).success).toBe(true);
    expect(
      issues(
        PayModeSection.safeParse({
          ...blankSection('pay-mode'),
          PAYMODE: 'BANK_TRANSFER',
          BANK_CODE: '20041',
          BRANCH_CODE: '01005',
          ACCOUNT_NUM: '0500013M026',
          RIB_KEY: '07',
        }),
      ),
    ).toEqual({
      ACCOUNT_LASTNAME: 'validation.required',
      ACCOUNT_FIRSTNAME: 'validation.required',
      RIB_KEY: 'validation.ribKey',
    });
    expect(
      issues(
        PayModeSection.safeParse({
          ...blankSection('pay-mode'),
          PAYMODE: 'MOBILE_TRANSFER',
          PAY_PHONE: '222231234',
          ACCOUNT_LASTNAME: 'A',
          ACCOUNT_FIRSTNAME: 'B',
        }),
      ),
    ).toEqual({ PAY_PHONE: 'validation.mobile' });
    expect(
      PayModeSection.safeParse({
        ...blankSection('pay-mode'),
        PAYMODE: 'MOBILE_TRANSFER',
        PAY_PHONE: '699 12 34 56',
        ACCOUNT_LASTNAME: 'A',
        ACCOUNT_FIRSTNAME: 'B',
      }).success,
    ).toBe(true);
    expect(
      issues(
        PayModeSection.safeParse({ ...blankSection('pay-mode'), PAYMODE: 'PREPAID_CARD', CARD_NUM: '1234', ACCOUNT_LASTNAME: 'A', ACCOUNT_FIRSTNAME: 'B' }),
      ),
    ).toEqual({ ACCOUNT_BIRTHDATE: 'validation.required', CARD_NUM: 'validation.cardNumber' });
  });
});

describe('sections', () => {
  it('needs the living town and precinct, with the rule code', () => {
    const r = AddressSection.safeParse({ ...blankSection('address'), LIVING_TOWN: ' ', NUMPHONE: '699123456', CODE1: '+237' });
    expect(issues(r)).toEqual({ LIVING_TOWN: 'validation.townPrecinct', PRECINCT: 'validation.townPrecinct' });
    expect(RULE_CODES['validation.townPrecinct']).toBe('ADDRESS_INCOMPLETE');
  });
  it('has separate messages for phone 1 and phone 2', () => {
    expect(
      issues(
        AddressSection.safeParse({
          ...blankSection('address'),
          LIVING_TOWN: 'Douala',
          PRECINCT: 'Bonamoussadi',
          CODE1: '+237',
          NUMPHONE: '12',
          CODE2: '+237',
          NUMPHONE2: '699',
        }),
      ),
    ).toEqual({
      NUMPHONE: 'validation.phone1',
      NUMPHONE2: 'validation.phone2',
    });
    expect(isValidPhone('+237', '677 12 34 56')).toBe(true);
    expect(isValidPhone('+33', '612345678')).toBe(true);
    expect(isCameroonMobile('677123456')).toBe(true);
  });
  it('requires the spouse when married and keeps dates typed dd/mm/yyyy', () => {
    expect(issues(FamilialSection.safeParse({ ...blankSection('familial'), CIVILSTATUS: 'Married', CHILDNUM: '2' }))).toEqual({
      SPFIRSTNAME: 'validation.spouseRequired',
      SPLASTNAME: 'validation.spouseRequired',
    });
    const ok = FamilialSection.parse({
      ...blankSection('familial'),
      CIVILSTATUS: 'Married',
      SPFIRSTNAME: 'Marie',
      SPLASTNAME: 'Ngo',
      SPBIRTHDATE: '03/07/1985',
      CHILDNUM: '1',
      CHILDREN: [{ FIRSTNAME: 'Paul', LASTNAME: 'Ngo', BIRTHDATE: '2015-09-01' }],
    });
    expect(ok).toMatchObject({ SPBIRTHDATE: '1985-07-03', CHILDNUM: 1, CHILDREN: [{ BIRTHDATE: '2015-09-01' }] });
    expect(issues(FamilialSection.safeParse({ ...blankSection('familial'), SPBIRTHDATE: '31/02/1985' }))).toEqual({ SPBIRTHDATE: 'validation.date' });
  });
  it('checks NIU and dates in order', () => {
    expect(FiscalSection.parse({ ...blankSection('fiscal'), NIU: 'm012345678901a' }).NIU).toBe('M012345678901A');
    expect(issues(FiscalSection.safeParse({ ...blankSection('fiscal'), NIU: '12345' }))).toEqual({ NIU: 'validation.niu' });
    expect(issues(LastJobSection.safeParse({ ...blankSection('last-job'), LASTJOBSTART: '01/01/2020', LASTJOBEND: '31/12/2019' }))).toEqual({
      LASTJOBEND: 'validation.endBeforeStart',
    });
  });
  it('refuses a section body that leaves a field out, so that {} erases nothing (null clears a field)', () => {
    expect(sectionFieldNames('familial')).not.toContain('CHILDREN');
    expect(sectionFieldNames('identification')).not.toContain('IDENTITY1');
    for (const section of Object.keys(SECTION_SCHEMAS) as (keyof typeof SECTION_SCHEMAS)[]) {
      const empty = issues(sectionBody(section).safeParse({}));
      expect(Object.keys(empty).sort(), section).toEqual(sectionFieldNames(section).sort());
      if (section !== 'status') expect(new Set(Object.values(empty)), section).toEqual(new Set(['validation.required']));
    }
    expect(issues(FamilialSection.safeParse({ ...blankSection('familial'), CHILDREN: [{ FIRSTNAME: 'Paul', LASTNAME: 'Ngo' }] }))).toEqual({
      'CHILDREN.0.BIRTHDATE': 'validation.required',
    });
    expect(FamilialSection.parse({ ...blankSection('familial'), CIVILSTATUS: '' })).toMatchObject({ CIVILSTATUS: null, CHILDNUM: null });
  });
  it('takes ids and numbers as decimal digits only', () => {
    for (const odd of ['0x1F', '+1', '0001', ' 1', '1e1', '1.5', '-1', '0', '', '2147483648']) {
      expect(sectionBody('status').safeParse({ STATUS: 'VACATAIRE', STUDENT_ID: odd }).success, odd).toBe(false);
    }
    expect(FamilialSection.parse({ ...blankSection('familial'), CHILDNUM: '1 2' }).CHILDNUM).toBe(12);
    expect(issues(FamilialSection.safeParse({ ...blankSection('familial'), CHILDNUM: '0x1' }))).toEqual({ CHILDNUM: 'validation.invalid' });
  });
  it('accepts STUDENT_ID beside the fields', () => {
    expect(sectionBody('status').parse({ STATUS: 'VACATAIRE', STUDENT_ID: '4' })).toEqual({ STATUS: 'VACATAIRE', STUDENT_ID: 4 });
  });
  it('asks diplomas for speciality, level and language', () => {
    expect(
      issues(DocumentFields.safeParse({ PIECE_TYPE: 'DIPL_CERT', DESIGNATION: 'Master', OBTENEDDATE: '01/07/2010', OBTENEDSTAB: 'Université de Douala' })),
    ).toEqual({
      SPECIALITY: 'validation.documentSpeciality',
      LEVEL: 'validation.documentLevel',
      LANGUAGE: 'validation.documentLanguage',
    });
    expect(issues(DocumentFields.safeParse({ PIECE_TYPE: 'BIRTH_CERT', OBTENEDSTAB: 'Mairie' }))).toEqual({
      DESIGNATION: 'validation.documentDesignation',
      OBTENEDDATE: 'validation.documentDate',
    });
    expect(
      DocumentFields.safeParse({ PIECE_TYPE: 'BIRTH_CERT', DESIGNATION: 'Acte de naissance', OBTENEDDATE: '01/07/1980', OBTENEDSTAB: 'Mairie de Douala 1er' })
        .success,
    ).toBe(true);
  });
  it('refuses a matricule of the wrong length', () => {
    expect(issues(SignUpBody.safeParse({ matricule: 'AB1' }))).toEqual({ matricule: 'validation.matriculeLength' });
  });
});

describe('closure', () => {
  const blank = Object.fromEntries(Object.keys(ProfileFields.shape).map((k) => [k, null])) as unknown as ClosureSnapshot;
  it('names every missing mandatory field, and only those', () => {
    const missing = missingFields({
      ...blank,
      CHILDREN: [],
      MATRICULE: 'VAC0002',
      STATUS: null,
      EMAIL: 'a@b.c',
      BIRTHDATE: null,
      BIRTHPLACE: null,
      GENDER: null,
      COUNTRY: 'Cameroon',
    });
    expect(missing).toContain('STATUS');
    expect(missing).toContain('NIU');
    expect(missing).toContain('LASTJOBEND');
    expect(missing).not.toContain('SPFIRSTNAME');
    expect(missing).not.toContain('ACCOUNT_NUM');
    expect(missing).not.toContain('MATRICULE');
  });
  it('follows the conditions: married, still in post, NIU confirmed missing, payment mode', () => {
    const m = missingFields({
      ...blank,
      CHILDREN: [],
      MATRICULE: 'X',
      STATUS: 'VACATAIRE',
      EMAIL: 'a@b.c',
      BIRTHDATE: '1980-01-01',
      BIRTHPLACE: 'Douala',
      GENDER: 'Male',
      COUNTRY: 'Cameroon',
      CIVILSTATUS: 'Married',
      LASTJOBSTILL: true,
      NIU_MISSING: true,
      PAYMODE: 'BANK_TRANSFER',
    });
    expect(m).toEqual(expect.arrayContaining(['SPFIRSTNAME', 'SPLASTNAME', 'ACCOUNT_NUM', 'ACCOUNT_DATA']));
    expect(m).not.toContain('LASTJOBEND');
    expect(m).not.toContain('NIU');
  });
});
