import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { ClassSubject, StudentClassHeading, SubjectLecturer } from '@portal/contract';
import { CHOICE_CATEGORIES } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { Fact, FactList } from '../../components/fact-list';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { Page } from '../../components/page';
import { inLanguage } from '../../lib/names';
import { useStudentClass } from './classes-api';

const HOURS = { CM: 'HOURS_CM', TD: 'HOURS_TD', TP: 'HOURS_TP' } as const;

/** The lecturers of a subject, each with the parts they teach: "Ada Lovelace (CM, TD)"; or that none is assigned yet. */
function useLecturersText() {
  const { t } = useTranslation();
  return (lecturers: readonly SubjectLecturer[]) =>
    lecturers.length ? lecturers.map((l) => `${l.FIRSTNAME} ${l.LASTNAME} (${l.PARTS.join(', ')})`).join(' · ') : t('classes.noLecturer');
}

/** The class in the catalogue: its code as the heading, then its cycle, level, branch, shift and department. */
function ClassHeading({ heading }: { heading: StudentClassHeading }) {
  const { t, i18n } = useTranslation();
  const name = (en: string, fr: string) => inLanguage(i18n.language, en, fr);
  return (
    <Card>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('classes.yourClass', { name: heading.CODE })}
      </Typography>
      <FactList sx={{ gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' } }}>
        <Fact label={t('classes.fields.cycle')}>{name(heading.CYCLE_NAME, heading.CYCLE_NAME_FR)}</Fact>
        <Fact label={t('classes.fields.level')}>{name(heading.LEVEL_NAME, heading.LEVEL_NAME_FR)}</Fact>
        <Fact label={t('classes.fields.branch')}>{`${heading.BRANCH_ABBREVIATION} · ${name(heading.BRANCH_NAME, heading.BRANCH_NAME_FR)}`}</Fact>
        <Fact label={t('classes.fields.shift')}>{t(`classes.shift.${heading.SHIFT}`)}</Fact>
        <Fact label={t('classes.fields.department')}>{name(heading.DEPARTMENT_NAME, heading.DEPARTMENT_NAME_FR)}</Fact>
      </FactList>
    </Card>
  );
}

/** Subjects on a computer: one row each. */
function SubjectTable({ subjects, label, withClass }: { subjects: readonly ClassSubject[]; label: string; withClass: boolean }) {
  const { t, i18n } = useTranslation();
  const lecturersText = useLecturersText();
  return (
    <OfficeTable
      label={label}
      minWidth={null}
      noHover
      rows={subjects}
      rowKey={(subject) => subject.id}
      empty=""
      columns={[
        { header: t('classes.columns.code'), sx: { whiteSpace: 'nowrap' }, cell: (subject) => subject.CODE },
        { header: t('classes.columns.subject'), cell: (subject) => inLanguage(i18n.language, subject.NAME, subject.NAME_FR) },
        withClass && { header: t('classes.columns.class'), sx: { whiteSpace: 'nowrap' }, cell: (subject) => subject.CLASS_CODE },
        ...CHOICE_CATEGORIES.map((part) => ({
          header: t(`classes.columns.${part}`),
          align: 'right' as const,
          headerAlign: 'left' as const,
          cell: (subject: ClassSubject) => subject[HOURS[part]],
        })),
        { header: t('classes.columns.credits'), align: 'right', headerAlign: 'left', cell: (subject) => subject.CREDITS },
        { header: t('classes.columns.lecturers'), cell: (subject) => lecturersText(subject.LECTURERS) },
      ]}
    />
  );
}

/** Subjects on a phone: a card each, its hours, credits and lecturers one under the other. */
function SubjectCards({ subjects, label, withClass }: { subjects: readonly ClassSubject[]; label: string; withClass: boolean }) {
  const { t, i18n } = useTranslation();
  const lecturersText = useLecturersText();
  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {subjects.map((subject) => (
        <Paper component="li" key={subject.id} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {inLanguage(i18n.language, subject.NAME, subject.NAME_FR)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {withClass ? `${subject.CODE} · ${subject.CLASS_CODE}` : subject.CODE}
          </Typography>
          <FactList>
            <Fact label={t('classes.columns.hours')}>
              {CHOICE_CATEGORIES.map((part) => t('classes.partHours', { part, hours: subject[HOURS[part]] })).join(' · ')}
            </Fact>
            <Fact label={t('classes.columns.credits')}>{subject.CREDITS}</Fact>
            <Fact label={t('classes.columns.lecturers')}>{lecturersText(subject.LECTURERS)}</Fact>
          </FactList>
        </Paper>
      ))}
    </Stack>
  );
}

function SubjectList({ title, subjects, empty, withClass }: { title: string; subjects: readonly ClassSubject[]; empty: string; withClass: boolean }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {subjects.length === 0 ? (
        <Alert severity="info">{empty}</Alert>
      ) : phone ? (
        <SubjectCards subjects={subjects} label={title} withClass={withClass} />
      ) : (
        <SubjectTable subjects={subjects} label={title} withClass={withClass} />
      )}
    </Box>
  );
}

/**
 * A student's class (issue 13): where it stands in the catalogue, its subjects with their hours,
 * credits and lecturers, and the optional subjects the student follows. A table on a computer,
 * cards on a phone; names in the reader's language.
 */
export default function ClassesPage() {
  const { t } = useTranslation();
  const answer = useStudentClass();
  const data = answer.data;
  return (
    <Page title={t('classes.title')} maxWidth="lg" intro={t('classes.intro')}>
      <LoadStatus error={answer.error} loading={answer.isPending} />
      {data && !data.class ? <Alert severity="info">{t('classes.noClass')}</Alert> : null}
      {data?.class ? (
        <>
          <ClassHeading heading={data.class} />
          <SubjectList title={t('classes.subjects')} subjects={data.subjects} empty={t('classes.noSubjects')} withClass={false} />
        </>
      ) : null}
      {data && data.optionalSubjects.length ? <SubjectList title={t('classes.optionalSubjects')} subjects={data.optionalSubjects} empty="" withClass /> : null}
    </Page>
  );
}
