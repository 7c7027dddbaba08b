import { blankSection, ribKey, type SavedSection } from '@portal/contract';

/** A section's body with the values given and every other field of the section empty (null), as the web form sends it. */
export const sectionOf = <T extends object>(section: SavedSection, values: T): Record<string, null> & T => ({ ...blankSection(section), ...values });

/** A complete, valid registration, section by section, as a lecturer would type it. */
export const VALID_SECTIONS = {
  status: sectionOf('status', { STATUS: 'VACATAIRE' }),
  personal: sectionOf('personal', {
    DENOMINATION: 'Dr',
    FIRSTNAME: 'Aïcha',
    LASTNAME: 'Bello',
    GENDER: 'Female',
    BIRTHDATE: '14/03/1984',
    BIRTHPLACE: 'Garoua',
    COUNTRY: 'Cameroon',
    REGION_ORIGIN: 'North',
    DEPARTMENT: 'Bénoué',
    FIRST_LANGUAGE: 'French',
    SECOND_LANGUAGE: 'English',
  }),
  identification: sectionOf('identification', {
    IDENTIFICATION: 'CNI',
    IDENTIFNUM: '112233445',
    IDENTIFPLACE: 'Garoua',
    IDENTIFSTART: '10/01/2020',
    IDENTIFEND: '10/01/2030',
  }),
  address: sectionOf('address', {
    LIVING_TOWN: 'Douala',
    DISTRICT: 'Douala 5e',
    PRECINCT: 'Bonamoussadi',
    RELIGION: 'Muslim',
    CODE1: '+237',
    NUMPHONE: '699123456',
    CODE2: '+237',
    NUMPHONE2: '677654321',
  }),
  familial: sectionOf('familial', {
    CIVILSTATUS: 'Married',
    SPFIRSTNAME: 'Ibrahim',
    SPLASTNAME: 'Hamadou',
    SPBIRTHDATE: '02/02/1980',
    CHILDNUM: 2,
    CHILDREN: [
      { FIRSTNAME: 'Fadimatou', LASTNAME: 'Hamadou', BIRTHDATE: '01/09/2012' },
      { FIRSTNAME: 'Moussa', LASTNAME: 'Hamadou', BIRTHDATE: '15/06/2016' },
    ],
  }),
  parents: sectionOf('parents', { FATHER_NAME: 'Bello Adamou', MOTHER_NAME: 'Hadidja Aminou', HEIGHT: 168, WEIGHT: 64, BLOOD_GROUP: 'O+', HANDICAP: false }),
  emergency: sectionOf('emergency', {
    EMERGNAME1: 'Ibrahim Hamadou',
    EMERGCODE1: '+237',
    EMERGNUM1: '655112233',
    EMERGNAME2: 'Aminatou Bello',
    EMERGCODE2: '+237',
    EMERGNUM2: '690445566',
  }),
  fiscal: sectionOf('fiscal', { NIU: 'P084512345678Q', CNPSYN: true, CNPSNUM: '123456789' }),
  professional: sectionOf('professional', {
    LASTDIPLOMA: 'PhD in Computer Science',
    OLD_SPECIALITY: 'Distributed systems',
    OLD_OBTENTION_YEAR: 2015,
    STAB: 'Université de Ngaoundéré',
    SPECIALITY: 'Software engineering',
    TITLE: 'Dr',
    GRADES: 'Chargé de cours',
    JOBTITLE: 'Lecturer',
  }),
  'last-job': sectionOf('last-job', { LASTJOB: 'Software architect', LASTEMPLOYER: 'Camtel', LASTJOBSTART: '01/02/2016', LASTJOBEND: '', LASTJOBSTILL: true }),
  financial: sectionOf('financial', { ACTIVITY_PRINCIPAL: 'EMPLOYEE', BASESALARY: 450000, HOURRATE: 5000, CONTENDDATE: '31/07/2025' }),
  'pay-mode': sectionOf('pay-mode', {
    PAYMODE: 'BANK_TRANSFER',
    BANK_CODE: '10005',
    BRANCH_CODE: '00001',
    ACCOUNT_NUM: '00012345678',
    RIB_KEY: ribKey('10005', '00001', '00012345678'),
    ACCOUNT_LASTNAME: 'Bello',
    ACCOUNT_FIRSTNAME: 'Aïcha',
  }),
};
