import type { ApplicationSession, SubjectConstraint, SubjectRow } from '@portal/contract';

/** Test data that the choice pages and the academic office's pages both build. */

/** The hours each staff category may choose in a session. */
export const HOURS_ALLOWED: ApplicationSession['HOURS'] = { PERMANENT: 300, VACATAIRE: 200, STAGIAIRE: 120, STAFF: 60 };

/** The subjects allowed per level (1 to 5) for day classes, then evening classes. */
export function subjectLimits(
  id: number,
  day: readonly [number, number, number, number, number],
  evening: readonly [number, number, number, number, number],
): SubjectConstraint {
  return {
    id,
    LEVEL1_J: day[0],
    LEVEL2_J: day[1],
    LEVEL3_J: day[2],
    LEVEL4_J: day[3],
    LEVEL5_J: day[4],
    LEVEL1_S: evening[0],
    LEVEL2_S: evening[1],
    LEVEL3_S: evening[2],
    LEVEL4_S: evening[3],
    LEVEL5_S: evening[4],
  };
}

const LIMITS = subjectLimits(4, [2, 2, 2, 1, 1], [1, 1, 1, 1, 1]);

/** Open from 01/09/2023 to 31/10/2023 (university time, UTC+1). */
export const applicationSession = (overrides: Partial<ApplicationSession> = {}): ApplicationSession => ({
  id: 3,
  DESIGNATION: 'Subject choices, semester 1, 2023-2024',
  DESIGNATION_FR: 'Choix des matières, semestre 1, 2023-2024',
  START_DATE: '2023-08-31T23:00:00.000Z',
  END_DATE: '2023-10-31T23:00:00.000Z',
  MANUAL_CLOSURE: false,
  ACTIVED: true,
  SUBJECT_CONSTRAINT_ID: LIMITS.id,
  SubjectConstraint: LIMITS,
  HOURS: HOURS_ALLOWED,
  ...overrides,
});

/** A level-1 day subject of software engineering: Algorithms, 30 h of lectures and 20 h of tutorials. */
export function subjectRow(overrides: Partial<SubjectRow> = {}): SubjectRow {
  return {
    SUBJECT_ID: 101,
    SUBJECT_CODE: 'GL101',
    SUBJECT_NAME: 'Algorithms',
    SUBJECT_NAME_FR: 'Algorithmique',
    CLASS_ID: 5,
    CLASS_CODE: 'GL1/J',
    BRANCH_ID: 2,
    BRANCH_ABREVIATION: 'GL',
    LEVEL_ID: 1,
    CYCLE_ID: 1,
    CYCLE_NAME: 'Bachelor',
    CYCLE_NAME_FR: 'Licence',
    DEPARTMENT_NAME: 'Computer science',
    DEPARTMENT_NAME_FR: 'Informatique',
    SHIFT: 'DAY',
    HOURS_CM: 30,
    HOURS_TD: 20,
    HOURS_TP: 0,
    HOURLY_RATE: 5000,
    CREDITS: 4,
    TAX_RATE: 5.5,
    ASSIGNED: [],
    ...overrides,
  };
}
