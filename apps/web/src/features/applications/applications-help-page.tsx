import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApplicationSession, PersonRecord } from '@portal/contract';
import { groupLimit, STAFF_STATUSES, TAX_RATE_WITH_NIU, TAX_RATE_WITHOUT_NIU } from '@portal/contract/rules';
import { Page } from '../../components/page';
import { errorKey } from '../../lib/api';
import { applicationsKeys, initApplication } from './applications-api';
import { ChoiceGate } from './gate';
import { formatRate } from './labels';
import { OfficeTable } from '../../components/office-table';
import { LimitsTable, Section, ApplicationSessionHeading } from './panels';

function Rules({ session, person }: { session: ApplicationSession; person: PersonRecord }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: initApplication,
    onSuccess: (application) => {
      queryClient.setQueryData(applicationsKeys.application, application);
      void navigate('/courses');
    },
  });
  const mine = person.STATUS;
  const hasNiu = Boolean(person.NIU);

  return (
    <Stack spacing={3}>
      <ApplicationSessionHeading session={session} heading="h2" />
      <Typography>{t('applications.help.intro')}</Typography>

      <Section id="courses-help-limits" title={t('applications.help.limitsTitle')}>
        <Typography sx={{ mb: 1 }}>{t('applications.help.limitsText')}</Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <LimitsTable
            labelledBy="courses-help-limits"
            cell={(group, shift) => t('applications.help.subjects', { count: groupLimit(session.SubjectConstraint, group, shift) })}
          />
        </Box>
      </Section>

      <Section id="courses-help-hours" title={t('applications.help.hoursTitle')}>
        <Typography sx={{ mb: 1 }}>
          {mine ? t('applications.help.hoursMine', { count: session.HOURS[mine], name: t(`person.status.${mine}`) }) : t('applications.help.hoursNoCategory')}
        </Typography>
        <OfficeTable
          bare
          plain
          noHover
          labelledBy="courses-help-hours"
          minWidth={null}
          rows={STAFF_STATUSES}
          rowKey={(status) => status}
          empty=""
          rowProps={(status) => ({ selected: status === mine })}
          columns={[
            {
              header: t('applications.help.category'),
              rowHeader: true,
              cell: (status) => (
                <>
                  {t(`person.status.${status}`)}
                  {status === mine ? ` (${t('applications.help.yours')})` : ''}
                </>
              ),
            },
            { header: t('applications.help.allowed'), cell: (status) => t('applications.hours', { count: session.HOURS[status] }) },
          ]}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('applications.help.closureHours')}
        </Typography>
      </Section>

      <Section id="courses-help-tax" title={t('applications.help.taxTitle')}>
        <Typography>
          {t('applications.help.taxRates', {
            withNiu: formatRate(TAX_RATE_WITH_NIU, i18n.language),
            withoutNiu: formatRate(TAX_RATE_WITHOUT_NIU, i18n.language),
          })}
        </Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{hasNiu ? t('applications.summary.withNiu') : t('applications.summary.withoutNiu')}</Typography>
      </Section>

      <Section id="courses-help-confirmation" title={t('applications.help.confirmationTitle')}>
        <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
          <li>{t('applications.help.step1')}</li>
          <li>{t('applications.help.step2')}</li>
          <li>{t('applications.help.step3')}</li>
          <li>{t('applications.help.step4')}</li>
        </Box>
      </Section>

      {start.isError ? (
        <Alert severity="error" role="alert">
          {t(errorKey(start.error))}
        </Alert>
      ) : null}
      <Box>
        <Button variant="contained" size="large" startIcon={<PlayArrowOutlined />} onClick={() => start.mutate()} disabled={start.isPending}>
          {t('applications.help.start')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The rules of the choice session, and the way into it. */
export default function ApplicationsHelpPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('applications.help.title')}>
      <ChoiceGate>{(session, person) => <Rules session={session} person={person} />}</ChoiceGate>
    </Page>
  );
}
