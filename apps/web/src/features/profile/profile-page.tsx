import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PersonRecord } from '@portal/contract';
import { isBackOffice, isoToDmy } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useCountryName } from '../../lib/country';
import { usePerson } from './profile-api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty = children === null || children === undefined || children === '';
  return (
    <Box sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {empty ? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            {t('profile.notProvided')}
          </Box>
        ) : (
          children
        )}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
    </Card>
  );
}

/**
 * A record speaks to whom it belongs (issue 10): an employee's shows their staff category, HR
 * registration and identification; a student's and an office account's show none of them.
 */
function ProfileDetails({ person }: { person: PersonRecord }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const staff = person.KIND === 'STAFF';
  return (
    <Stack spacing={3}>
      <Section title={t('profile.identity')}>
        <Field label={t('person.fields.LASTNAME')}>{person.LASTNAME}</Field>
        <Field label={t('person.fields.FIRSTNAME')}>{person.FIRSTNAME}</Field>
        <Field label={t('person.fields.MATRICULE')}>{person.MATRICULE}</Field>
        <Field label={t('person.fields.KIND')}>{t(`person.kind.${person.KIND}`)}</Field>
        {staff ? <Field label={t('person.fields.STATUS')}>{person.STATUS ? t(`person.status.${person.STATUS}`) : null}</Field> : null}
        <Field label={t('person.fields.GENDER')}>{person.GENDER ? t(`person.gender.${person.GENDER}`) : null}</Field>
        <Field label={t('person.fields.BIRTHDATE')}>{isoToDmy(person.BIRTHDATE)}</Field>
        <Field label={t('person.fields.BIRTHPLACE')}>{person.BIRTHPLACE}</Field>
        <Field label={t('person.fields.COUNTRY')}>{countryName(person.COUNTRY)}</Field>
      </Section>
      <Section title={t('profile.contact')}>
        <Field label={t('person.fields.EMAIL')}>
          {person.EMAIL}
          {person.EMAIL ? (
            <Chip
              size="small"
              sx={{ ml: 1 }}
              color={person.EMAIL_VERIFIED ? 'success' : 'default'}
              label={person.EMAIL_VERIFIED ? t('profile.emailVerified') : t('profile.emailNotVerified')}
            />
          ) : null}
        </Field>
        <Field label={t('person.fields.PHONE_NUMBER')}>{person.PHONE_NUMBER}</Field>
      </Section>
      <Section title={t('profile.account')}>
        <Field label={t('person.fields.USERNAME')}>{person.USERNAME}</Field>
        {staff ? <Field label={t('person.fields.ACTIVED')}>{person.ACTIVED ? t('profile.registrationClosed') : t('profile.registrationOpen')}</Field> : null}
        {staff ? (
          <Field label={t('profile.identification')}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              {person.PHOTO_LINK ? (
                <Box
                  component="img"
                  src={person.PHOTO_LINK}
                  alt={t('profile.photoAlt')}
                  sx={{ width: 72, height: 90, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
                />
              ) : null}
              <span>{person.IDENTIFIED ? t('profile.identified') : t('profile.notIdentified')}</span>
            </Box>
          </Field>
        ) : null}
        {isBackOffice(person) ? <Field label={t('person.fields.ROLES')}>{person.ROLES.map((role) => t(`person.role.${role}`)).join(', ')}</Field> : null}
        <Field label={t('person.fields.LANGUAGE')}>{t(`language.${person.LANGUAGE}`)}</Field>
        <Field label={t('person.fields.updatedAt')}>{formatDateTime(person.updatedAt)}</Field>
      </Section>
      <Box>
        <Button component={RouterLink} to="/profile/mail-account" variant="outlined">
          {t('mailLink.profileButton')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Where to turn to correct the record: HR for an employee, the academic office for a student, the administrator for an office account. */
const introKey = (person: PersonRecord | null) =>
  person?.KIND === 'STUDENT' ? 'profile.introStudent' : person?.KIND === 'OFFICE' ? 'profile.introOffice' : 'profile.intro';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = user?.STUDENT_ID ?? 0;
  const person = usePerson(id);
  const shown = person.data ?? user;

  return (
    <Page title={t('profile.title')}>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>{t(introKey(shown))}</Typography>
      {person.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {t(errorKey(person.error))}
        </Alert>
      ) : null}
      {person.isPending ? <PageLoader /> : null}
      {/* the record from the sign-in shows until (or if not) the fresh one arrives */}
      {shown ? <ProfileDetails person={shown} /> : null}
    </Page>
  );
}
