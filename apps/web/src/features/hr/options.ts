import { ACADEMIC_GRADES, ACTIVITIES, BLOOD_GROUPS, CIVIL_STATUSES, GENDERS, PAY_MODES, STAFF_STATUSES, TITLES } from '@portal/contract/rules';
import type { OptionList } from './sections';

/** The contract's enumerations the correction forms offer (loaded with the forms, not with the pages). */
export const OPTION_LISTS: Record<OptionList, readonly string[]> = {
  STAFF_STATUSES,
  TITLES,
  GENDERS,
  CIVIL_STATUSES,
  BLOOD_GROUPS,
  ACADEMIC_GRADES,
  ACTIVITIES,
  PAY_MODES,
};
