// The pieces the registration's sections are made of: a choice among values named in the reader's
// language, and a section's collapsible panel with where it stands.
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CandidateCreateValues } from '@portal/contract';
import { CANDIDATE_REQUIRED_FIELDS } from '@portal/contract/rules';
import { FormTextField, type BoundTextFieldProps } from '../../components/form-text-field';
import { SectionStateChip } from '../../components/section-state';
import { SECTION_FIELDS, type CandidateFormValues, type CandidateSection } from './register-form';

export type CandidateControl = Control<CandidateFormValues, unknown, CandidateCreateValues>;

type ChoiceProps = Omit<BoundTextFieldProps<CandidateFormValues, CandidateCreateValues>, 'select' | 'children'> & {
  options: readonly string[];
  /** the words of a value */
  optionLabel: (value: string) => string;
  /** the words of an empty first choice, when the field may stay empty */
  none?: string;
  /** values shown but not offered (the first choice, in the second's list) */
  disabledOptions?: readonly string[];
};

/** A choice among values, named in the reader's language. */
export function ChoiceField({ options, optionLabel, none, disabledOptions = [], ...props }: ChoiceProps) {
  return (
    <FormTextField select fullWidth {...props}>
      {none !== undefined ? <MenuItem value="">{none}</MenuItem> : null}
      {options.map((value) => (
        <MenuItem key={value} value={value} disabled={disabledOptions.includes(value)}>
          {optionLabel(value)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

const REQUIRED: ReadonlySet<string> = new Set(CANDIDATE_REQUIRED_FIELDS);

/** Where a section stands: fields with a mistake, required fields still empty, or complete. */
function SectionState({ section, control }: { section: CandidateSection; control: CandidateControl }) {
  const { t } = useTranslation();
  const names = SECTION_FIELDS[section];
  const values = useWatch({ control, name: names as (keyof CandidateFormValues)[] }) as unknown[];
  const { errors } = useFormState({ control, name: names as (keyof CandidateFormValues)[] });
  const wrong = names.filter((name) => errors[name]).length;
  const empty = names.filter((name, index) => REQUIRED.has(name) && (typeof values[index] !== 'string' || (values[index] as string).trim() === '')).length;
  if (wrong > 0) return <SectionStateChip inline standing="wrong" label={t('candidates.register.sectionState.wrong', { count: wrong })} />;
  if (empty > 0) return <SectionStateChip inline standing="toFill" label={t('candidates.register.sectionState.toFill', { count: empty })} />;
  return <SectionStateChip inline standing="complete" label={t('candidates.register.sectionState.complete')} />;
}

interface PanelProps {
  section: CandidateSection;
  number: number;
  control: CandidateControl;
  open: boolean;
  onToggle: (section: CandidateSection) => void;
  children: ReactNode;
}

/**
 * A section of the form: a header (its number, its name, where it stands) that opens and closes it.
 * Closed, its fields are not built (a cheap phone draws one section at a time); what was typed stays
 * in the form.
 */
export function SectionPanel({ section, number, control, open, onToggle, children }: PanelProps) {
  const { t } = useTranslation();
  const headerId = `candidate-section-${section}-header`;
  const contentId = `candidate-section-${section}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headerId}>
      <Typography component="h2" variant="subtitle1" sx={{ m: 0 }}>
        <ButtonBase
          id={headerId}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => onToggle(section)}
          sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', p: 2, gap: 1.5, flexWrap: 'wrap', typography: 'subtitle1' }}
        >
          <Box component="span" sx={{ fontWeight: 600, flex: '1 1 160px' }}>
            {`${number}. ${t(`candidates.sections.${section}`)}`}
          </Box>
          <SectionState section={section} control={control} />
          <ExpandMoreOutlined aria-hidden sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
        </ButtonBase>
      </Typography>
      <Collapse in={open} unmountOnExit>
        <Box id={contentId} sx={{ px: 2, pb: 2 }}>
          <Stack spacing={2.5}>{children}</Stack>
        </Box>
      </Collapse>
    </Paper>
  );
}
