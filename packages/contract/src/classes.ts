// A student's class (issue 13): the class, its subjects with the lecturers confirmed for their
// parts, and the optional subjects the student follows besides. Lecturers by name only.
import { z } from 'zod';
import { ChoiceCategory, Regime } from './applications';

/** Where the class stands in the catalogue: its cycle, level, branch, shift and department, names in both languages. */
export const StudentClassHeading = z
  .object({
    id: z.number().int(),
    CODE: z.string(),
    CYCLE_NAME: z.string(),
    CYCLE_NAME_FR: z.string(),
    LEVEL_ID: z.number().int(),
    LEVEL_NAME: z.string(),
    LEVEL_NAME_FR: z.string(),
    BRANCH_ABBREVIATION: z.string(),
    BRANCH_NAME: z.string(),
    BRANCH_NAME_FR: z.string(),
    SHIFT: Regime,
    DEPARTMENT_NAME: z.string(),
    DEPARTMENT_NAME_FR: z.string(),
  })
  .meta({ id: 'StudentClassHeading' });
export type StudentClassHeading = z.infer<typeof StudentClassHeading>;

/** A lecturer of a subject, by name only (no matricule, no contact), with the parts confirmed to them. */
export const SubjectLecturer = z.object({ FIRSTNAME: z.string(), LASTNAME: z.string(), PARTS: z.array(ChoiceCategory) }).meta({ id: 'SubjectLecturer' });
export type SubjectLecturer = z.infer<typeof SubjectLecturer>;

/** A subject as the student reads it: hours per part, credits, and who teaches which part. */
export const ClassSubject = z
  .object({
    id: z.number().int(),
    CODE: z.string(),
    NAME: z.string(),
    NAME_FR: z.string(),
    /** the class the subject belongs to (an optional subject's is another class) */
    CLASS_CODE: z.string(),
    HOURS_CM: z.number().int(),
    HOURS_TD: z.number().int(),
    HOURS_TP: z.number().int(),
    CREDITS: z.number().int(),
    LECTURERS: z.array(SubjectLecturer),
  })
  .meta({ id: 'ClassSubject' });
export type ClassSubject = z.infer<typeof ClassSubject>;

/**
 * `GET /students/class`: the signed-in student's class (null when they have none yet: no subjects
 * then), the class's subjects by code, and the optional subjects they follow besides.
 */
export const StudentClass = z
  .object({ class: StudentClassHeading.nullable(), subjects: z.array(ClassSubject), optionalSubjects: z.array(ClassSubject) })
  .meta({ id: 'StudentClass' });
export type StudentClass = z.infer<typeof StudentClass>;
