import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchivedApplication, Choice, ApplicationSessionChoice } from '@portal/contract';
import { OfficeTable } from '../../components/office-table';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey } from '../../lib/api';
import { useSession } from '../../lib/session';
import { dayOf, sessionFirstDay, sessionLastDay } from './choices';
import { AffectationChip } from './choices-panel';
import { useArchive } from './applications-api';
import { sessionSpan } from './labels';
import { Section } from './panels';
import { subjectName, sessionName } from '../../lib/names';

const TABS = ['applications', 'assignments', 'older'] as const;
type TabName = (typeof TABS)[number];

function ChoiceTable({ choices, label }: { choices: readonly Choice[]; label: string }) {
  const { t, i18n } = useTranslation();
  if (choices.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('applications.archive.empty')}</Typography>;
  return (
    <OfficeTable
      bare
      noHover
      label={label}
      minWidth={560}
      rows={choices}
      rowKey={(choice) => choice.id}
      empty=""
      columns={[
        { header: t('applications.archive.columns.level'), cell: (choice) => choice.Subject.LEVEL_ID },
        { header: t('applications.archive.columns.class'), sx: { whiteSpace: 'nowrap' }, cell: (choice) => choice.Subject.CLASS_CODE },
        { header: t('applications.archive.columns.subject'), cell: (choice) => subjectName(choice.Subject, i18n.language) },
        { header: t('applications.archive.columns.part'), cell: (choice) => choice.CATEGORY },
        { header: t('applications.archive.columns.hours'), sx: { whiteSpace: 'nowrap' }, cell: (choice) => t('applications.hours', { count: choice.HOURS }) },
        { header: t('applications.archive.columns.state'), cell: (choice) => <AffectationChip affectation={choice.AFFECTATION} /> },
      ]}
    />
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Typography role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
      {t('applications.archive.empty')}
    </Typography>
  );
}

function PastApplications({ items }: { items: ArchivedApplication[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <Empty />;
  return (
    <Stack spacing={2}>
      {items.map((application) => (
        <Paper key={application.id} variant="outlined" component="section" aria-labelledby={`archive-app-${application.id}`} sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
            <Typography id={`archive-app-${application.id}`} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
              {sessionName(application, i18n.language)}
            </Typography>
            {application.CLOSED ? (
              <Chip size="small" color="default" label={t('applications.archive.closedOn', { date: dayOf(application.CLOSED_AT) })} />
            ) : (
              <Chip size="small" color="info" variant="outlined" label={t('applications.archive.open')} />
            )}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {sessionSpan(t, sessionFirstDay(application.START_DATE), sessionLastDay(application.END_DATE))}
            {' · '}
            {t('applications.archive.allowed', { count: application.TOTAL_HOURS })}
          </Typography>
          <ChoiceTable choices={application.choices} label={t('applications.archive.choicesOf', { name: sessionName(application, i18n.language) })} />
        </Paper>
      ))}
    </Stack>
  );
}

/** Choices grouped by the session they were made in. */
function ByApplicationSession({ items, tab }: { items: ApplicationSessionChoice[]; tab: TabName }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <Empty />;
  const sessions = new Map<number, ApplicationSessionChoice[]>();
  for (const item of items) sessions.set(item.SESSION_APPLICATION_ID, [...(sessions.get(item.SESSION_APPLICATION_ID) ?? []), item]);
  return (
    <Stack spacing={2}>
      {[...sessions.entries()].map(([id, choices]) => (
        <Section key={id} id={`archive-${tab}-${id}`} title={sessionName(choices[0]!, i18n.language)}>
          <ChoiceTable choices={choices} label={t('applications.archive.choicesOf', { name: sessionName(choices[0]!, i18n.language) })} />
        </Section>
      ))}
    </Stack>
  );
}

function Panel({ tab, employee }: { tab: TabName; employee: number }) {
  const { t } = useTranslation();
  const query = useArchive<ArchivedApplication | ApplicationSessionChoice>(tab, employee, true);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {t(errorKey(query.error))}
      </Alert>
    );
  }
  return tab === 'applications' ? (
    <PastApplications items={query.data as ArchivedApplication[]} />
  ) : (
    <ByApplicationSession items={query.data as ApplicationSessionChoice[]} tab={tab} />
  );
}

/** History: past applications, archived assignments and older choices. */
export default function ArchivePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [tab, setTab] = useState<TabName>('applications');
  return (
    <Page title={t('applications.archive.title')} maxWidth="lg">
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('applications.archive.title')}
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} id={`archive-tab-${name}`} aria-controls={`archive-panel-${name}`} label={t(`applications.archive.tabs.${name}`)} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`archive-panel-${tab}`} aria-labelledby={`archive-tab-${tab}`}>
        {user ? <Panel key={tab} tab={tab} employee={user.id} /> : <PageLoader />}
      </Box>
    </Page>
  );
}
