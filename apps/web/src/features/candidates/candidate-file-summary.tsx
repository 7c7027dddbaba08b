import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CandidateFile } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from '../../components/fact-list';
import { countryName } from '../../lib/country';
import { inLanguage } from '../../lib/names';
import { useRegionName, useRegions } from '../../lib/regions';

/** The registration's sections, in the order of the form, and the fields each shows. */
const SECTIONS = {
  identity: [
    'LASTNAME',
    'FIRSTNAME',
    'BIRTHDATE',
    'BIRTHPLACE',
    'GENDER',
    'COUNTRY',
    'REGION_ORIGIN',
    'DEPARTMENT',
    'LIVING_TOWN',
    'FIRST_LANGUAGE',
    'SECOND_LANGUAGE',
  ],
  contacts: ['EMAIL', 'PHONE_NUMBER'],
  diploma: [
    'ADMISSION_DIPLOMA',
    'ADMISSION_DIPLOMA_GRADE',
    'MENTION_OBTAINED',
    'YEAR_OBTENTION',
    'COUNTRY_OBTENTION',
    'SCHOOL_OBTENTION',
    'LAST_YEAR_SITUATION',
    'LAST_YEAR_RANK',
    'IS_PROFESSIONAL',
  ],
  university: ['FIRST_YEAR_UNIVERSITY', 'FIRST_YEAR_UNIVERSITY_TYPE', 'NAME_OF_UNIVERSITY'],
  formation: ['FORMATION_TYPE', 'CYCLE', 'FORMATION_FIRST_CHOICE', 'FORMATION_SECOND_CHOICE'],
  parents: ['FATHER_NAME', 'FATHER_JOB', 'FATHER_CONTACT', 'FATHER_REGION_ORIGIN', 'MOTHER_NAME', 'MOTHER_JOB', 'MOTHER_CONTACT', 'MOTHER_REGION_ORIGIN'],
  emergency: ['EMERGENCY_NAME', 'EMERGENCY_CONTACT'],
  other: ['IS_HANDICAPED', 'HANDICAP_DETAILS', 'IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR', 'FIRST_SPORT'],
} as const satisfies Record<string, readonly (keyof CandidateFile)[]>;

type Field = (typeof SECTIONS)[keyof typeof SECTIONS][number];

/** The translation key of a value of a list the contract names (a mention, a sport ...): the words the student file already uses. */
const VALUE_KEYS: Partial<Record<Field, string>> = {
  GENDER: 'person.gender',
  FIRST_LANGUAGE: 'registration.spokenLanguage',
  SECOND_LANGUAGE: 'registration.spokenLanguage',
  MENTION_OBTAINED: 'studentFile.mention',
  LAST_YEAR_SITUATION: 'studentFile.lastYearSituation',
  LAST_YEAR_RANK: 'studentFile.lastYearRank',
  FIRST_YEAR_UNIVERSITY_TYPE: 'studentFile.universityType',
  FORMATION_TYPE: 'studentFile.formationType',
  FIRST_SPORT: 'studentFile.sport',
};
const REGION_FIELDS: readonly Field[] = ['REGION_ORIGIN', 'FATHER_REGION_ORIGIN', 'MOTHER_REGION_ORIGIN'];
const YES_NO_FIELDS: readonly Field[] = ['IS_PROFESSIONAL', 'IS_HANDICAPED', 'IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR'];

/** What was given in one field, in the reader's language; null when nothing was. */
function useValueOf(file: CandidateFile): (field: Field) => ReactNode {
  const { t, i18n } = useTranslation();
  const regions = useRegions();
  const regionName = useRegionName();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (field) => {
    const value = file[field];
    if (value === null || value === undefined || value === '') return null;
    if (field === 'FORMATION_FIRST_CHOICE' || field === 'FORMATION_SECOND_CHOICE') {
      const choice = file[field];
      return choice ? inLanguage(language, choice.SPECIALITY_DESCRIPTION, choice.SPECIALITY_DESCRIPTION_FR) : null;
    }
    if (YES_NO_FIELDS.includes(field)) return t(value === 1 || value === 'YES' ? 'common.yes' : 'common.no');
    if (field === 'BIRTHDATE') return isoToDmy(String(value));
    if (field === 'COUNTRY' || field === 'COUNTRY_OBTENTION') return countryName(String(value), language);
    if (REGION_FIELDS.includes(field))
      return regionName(
        regions.data?.find((region) => region.name === value),
        String(value),
      );
    const list = VALUE_KEYS[field];
    if (list) return t(`${list}.${String(value)}`, { defaultValue: String(value) });
    return String(value);
  };
}

/** What the registration gave, read-only, one collapsible section a part of the form. */
export default function CandidateSummary({ file }: { file: CandidateFile }) {
  const { t } = useTranslation();
  const valueOf = useValueOf(file);
  return (
    <Box component="section" aria-labelledby="candidate-summary-title">
      <Typography id="candidate-summary-title" variant="h5" component="h2" gutterBottom>
        {t('candidateFile.summary.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('candidateFile.summary.intro')}
      </Typography>
      {(Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).map((section) => (
        <Accordion key={section} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreOutlined />} aria-controls={`candidate-${section}-content`} id={`candidate-${section}-header`}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t(`candidateFile.summary.sections.${section}`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`candidate-${section}-content`}>
            <FactList sx={{ '& dd': { overflowWrap: 'anywhere' } }}>
              {SECTIONS[section].map((field) => (
                <Fact key={field} label={t(`candidateFile.summary.fields.${field}`)}>
                  {valueOf(field) ?? (
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                      {t('candidateFile.summary.none')}
                    </Box>
                  )}
                </Fact>
              ))}
            </FactList>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
