import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDENT_SECTION_SCHEMAS, type StudentFile, type StudentIdentity } from '@portal/contract';
import { isoToDmy, STUDENT_PROFILE_SECTIONS, type StudentProfileSection } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { Fact, FactList } from '../../components/fact-list';
import { LeaveGuard } from '../../components/leave-guard';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { SectionStateChip } from '../../components/section-state';
import { ActionAlert } from '../../components/action-alert';
import { formatDay } from '../../lib/format';
import { useDirtySections } from '../../lib/use-dirty-sections';
import { sectionDefaults } from './section-form';
import { useStudentFile } from './students-api';

// The forms (their schemas, selects and place pickers) load once a section is opened, and the
// files part after the page: the page's first view is the identity and the sections' names.
const StudentSectionForm = lazy(() => import('./sections'));
const StudentDocuments = lazy(() => import('./documents').then((module) => ({ default: module.StudentDocuments })));

/** Who the student is, as the registry keeps it: shown, never edited here. */
function Identity({ identity }: { identity: StudentIdentity }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography variant="h5" component="h2">
        {t('studentFile.identity.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('studentFile.identity.help')}
      </Typography>
      <Box role="group" aria-label={t('studentFile.identity.label')}>
        <FactList sx={{ '& dd': { overflowWrap: 'anywhere' } }}>
          <Fact label={t('person.fields.MATRICULE')}>{identity.MATRICULE}</Fact>
          <Fact label={t('person.fields.LASTNAME')}>{identity.LASTNAME}</Fact>
          <Fact label={t('person.fields.FIRSTNAME')}>{identity.FIRSTNAME}</Fact>
          <Fact label={t('person.fields.BIRTHDATE')}>{isoToDmy(identity.BIRTHDATE)}</Fact>
          <Fact label={t('person.fields.BIRTHPLACE')}>{identity.BIRTHPLACE ?? ''}</Fact>
          <Fact label={t('person.fields.GENDER')}>{identity.GENDER ? t(`person.gender.${identity.GENDER}`) : ''}</Fact>
          <Fact label={t('person.fields.EMAIL')}>{identity.EMAIL ?? ''}</Fact>
        </FactList>
      </Box>
    </Card>
  );
}

/**
 * How many fields of a section never saved still need a value, by the contract's own schema (the
 * check its Save makes): what the header says before the section is opened.
 */
function fieldsToFill(section: StudentProfileSection, file: StudentFile): number {
  if (file.sectionsSaved[section]) return 0;
  const checked = STUDENT_SECTION_SCHEMAS[section].safeParse(sectionDefaults(section, file.profile));
  return checked.success ? 0 : new Set(checked.error.issues.map((issue) => issue.path.join('.'))).size;
}

/** Where a section stands: changes not saved, saved on a day, fields left to fill, or never saved. */
function SectionState({ savedAt, dirty, missing }: { savedAt: string | null; dirty: boolean; missing: number }) {
  const { t } = useTranslation();
  if (dirty) return <SectionStateChip standing="unsaved" label={t('studentFile.state.unsaved')} />;
  if (savedAt) return <SectionStateChip standing="saved" label={t('studentFile.state.saved', { date: formatDay(savedAt) })} />;
  if (missing > 0) return <SectionStateChip standing="toFill" label={t('studentFile.state.toFill', { count: missing })} />;
  return <SectionStateChip standing="notSaved" label={t('studentFile.state.notSaved')} />;
}

/** The sections, one panel each with its own form and Save; the first one never saved starts open. */
function Sections({
  file,
  dirty,
  onDirty,
}: {
  file: StudentFile;
  dirty: ReadonlySet<StudentProfileSection>;
  onDirty: (section: StudentProfileSection, dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<StudentProfileSection>>(() => {
    const first = STUDENT_PROFILE_SECTIONS.find((section) => !file.sectionsSaved[section]);
    return new Set(first ? [first] : []);
  });
  // A section's form is built when it is first opened, and kept (with what was typed) when closed.
  const [built, setBuilt] = useState<ReadonlySet<StudentProfileSection>>(open);
  const toggle = (section: StudentProfileSection) => {
    setBuilt((current) => (current.has(section) ? current : new Set([...current, section])));
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });
  };
  return (
    <Box>
      {STUDENT_PROFILE_SECTIONS.map((section) => {
        return (
          <Accordion key={section} expanded={open.has(section)} onChange={() => toggle(section)} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreOutlined />} aria-controls={`section-${section}-content`} id={`section-${section}-header`}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, width: '100%', pr: 1 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
                  {t(`studentFile.sections.${section}`)}
                </Typography>
                <SectionState savedAt={file.sectionsSaved[section]} dirty={dirty.has(section)} missing={fieldsToFill(section, file)} />
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`section-${section}-content`}>
              {built.has(section) ? (
                <Suspense fallback={<LinearProgress aria-label={t('studentFile.loadingSection')} />}>
                  <StudentSectionForm section={section} file={file} onDirty={onDirty} />
                </Suspense>
              ) : null}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

/** "My student file": the registry's identity, the sections the student fills and saves one by one, and their files. */
export default function StudentFilePage() {
  const { t } = useTranslation();
  const file = useStudentFile();
  const [dirty, onDirty] = useDirtySections<StudentProfileSection>();

  return (
    <Page title={t('studentFile.title')} intro={t('studentFile.intro')}>
      <LeaveGuard when={dirty.size > 0} text={t('studentFile.leave')} />
      <LoadStatus error={null} loading={file.isPending} />
      {file.isError ? (
        <ActionAlert severity="error" role="alert" actionLabel={t('studentFile.retry')} onAction={() => void file.refetch()}>
          {t('studentFile.loadFailed')}
        </ActionAlert>
      ) : null}
      {file.data ? (
        <Stack spacing={3}>
          <Identity identity={file.data.identity} />
          <Sections file={file.data} dirty={dirty} onDirty={onDirty} />
          <Suspense fallback={<LinearProgress aria-label={t('studentFile.loadingSection')} />}>
            <StudentDocuments documents={file.data.documents} />
          </Suspense>
        </Stack>
      ) : null}
    </Page>
  );
}
