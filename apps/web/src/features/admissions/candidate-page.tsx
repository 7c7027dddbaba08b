import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FindReplaceOutlined from '@mui/icons-material/FindReplaceOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CandidateDocument, CandidateFile } from '@portal/contract';
import {
  ADMISSION_DECISIONS,
  CANDIDATE_DOCUMENT_KINDS,
  formatFcfa,
  isoToDmy,
  type AdmissionDecision,
  type CandidateDocumentKind,
} from '@portal/contract/rules';
import { Fact, FactList } from '../../components/fact-list';
import { FormError } from '../../components/form-error';
import { useNotify } from '../../components/notify';
import { OfficeTable } from '../../components/office-table';
import { RecordPage } from '../../components/record-page';
import { errorKey } from '../../lib/api';
import { useCountryName } from '../../lib/country';
import { formatMoment } from '../../lib/format';
import { messageKey } from '../../lib/form';
import { useRegionName, useRegions } from '../../lib/regions';
import { admissionsKeys, checkDocument, recordDecisions, refusedLines, useCandidate } from './admissions-api';
import { DecisionChip, DocumentStatusChip, DocumentsChip, PaidChip, PaymentStatusChip, specialityName } from './labels';

// The reason dialog (and the contract's schema it validates with) loads on first use.
const ReplaceDialog = lazy(() => import('./replace-dialog'));

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** A value, or a dash when there is none. */
const shown = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

/** What the candidate gave, grouped as the registration form asks it. */
function GivenFacts({ file }: { file: CandidateFile }) {
  const { t, i18n } = useTranslation();
  const country = useCountryName();
  const regions = useRegions();
  const regionName = useRegionName();
  const region = (name: string) =>
    regionName(
      regions.data?.find((item) => item.name === name),
      name,
    );
  const yesNo = (value: 0 | 1 | boolean) => t(value ? 'common.yes' : 'common.no');
  const language = (name: string) => t(`registration.spokenLanguage.${name}`, { defaultValue: name });
  const term = (group: string, value: string | null) => (value ? t(`studentFile.${group}.${value}`, { defaultValue: value }) : null);
  const choice = (value: CandidateFile['FORMATION_FIRST_CHOICE'] | null) => (value ? `${specialityName(value, i18n.language)} (${value.CYCLE_NAME})` : null);
  const field = (name: string) => t(`admissions.file.fields.${name}`);
  const groups: { key: string; facts: [string, ReactNode][] }[] = [
    {
      key: 'identity',
      facts: [
        ['LASTNAME', file.LASTNAME],
        ['FIRSTNAME', file.FIRSTNAME],
        ['BIRTHDATE', isoToDmy(file.BIRTHDATE)],
        ['BIRTHPLACE', file.BIRTHPLACE],
        ['GENDER', t(`person.gender.${file.GENDER}`, { defaultValue: file.GENDER })],
        ['COUNTRY', country(file.COUNTRY)],
        ['REGION_ORIGIN', region(file.REGION_ORIGIN)],
        ['DEPARTMENT', file.DEPARTMENT],
        ['LIVING_TOWN', file.LIVING_TOWN],
        ['FIRST_LANGUAGE', language(file.FIRST_LANGUAGE)],
        ['SECOND_LANGUAGE', language(file.SECOND_LANGUAGE)],
      ],
    },
    {
      key: 'contacts',
      facts: [
        ['EMAIL', file.EMAIL],
        ['PHONE_NUMBER', file.PHONE_NUMBER],
        ['LANGUAGE', t(`language.${file.LANGUAGE}`, { defaultValue: file.LANGUAGE })],
      ],
    },
    {
      key: 'diploma',
      facts: [
        ['ADMISSION_DIPLOMA', file.ADMISSION_DIPLOMA],
        ['ADMISSION_DIPLOMA_GRADE', file.ADMISSION_DIPLOMA_GRADE === null ? null : t('admissions.file.grade', { value: file.ADMISSION_DIPLOMA_GRADE })],
        ['MENTION_OBTAINED', term('mention', file.MENTION_OBTAINED)],
        ['YEAR_OBTENTION', file.YEAR_OBTENTION],
        ['COUNTRY_OBTENTION', country(file.COUNTRY_OBTENTION)],
        ['SCHOOL_OBTENTION', file.SCHOOL_OBTENTION],
        ['LAST_YEAR_SITUATION', term('lastYearSituation', file.LAST_YEAR_SITUATION)],
        ['LAST_YEAR_RANK', term('lastYearRank', file.LAST_YEAR_RANK)],
        ['IS_PROFESSIONAL', yesNo(file.IS_PROFESSIONAL === 'YES')],
      ],
    },
    {
      key: 'university',
      facts: [
        ['FIRST_YEAR_UNIVERSITY', file.FIRST_YEAR_UNIVERSITY],
        ['FIRST_YEAR_UNIVERSITY_TYPE', term('universityType', file.FIRST_YEAR_UNIVERSITY_TYPE)],
        ['NAME_OF_UNIVERSITY', file.NAME_OF_UNIVERSITY],
      ],
    },
    {
      key: 'formation',
      facts: [
        ['FORMATION_TYPE', term('formationType', file.FORMATION_TYPE)],
        ['CYCLE', file.CYCLE],
        ['FORMATION_FIRST_CHOICE', choice(file.FORMATION_FIRST_CHOICE)],
        ['FORMATION_SECOND_CHOICE', choice(file.FORMATION_SECOND_CHOICE)],
      ],
    },
    {
      key: 'parents',
      facts: [
        ['FATHER_NAME', file.FATHER_NAME],
        ['FATHER_JOB', file.FATHER_JOB],
        ['FATHER_CONTACT', file.FATHER_CONTACT],
        ['FATHER_REGION_ORIGIN', region(file.FATHER_REGION_ORIGIN)],
        ['MOTHER_NAME', file.MOTHER_NAME],
        ['MOTHER_JOB', file.MOTHER_JOB],
        ['MOTHER_CONTACT', file.MOTHER_CONTACT],
        ['MOTHER_REGION_ORIGIN', region(file.MOTHER_REGION_ORIGIN)],
        ['EMERGENCY_NAME', file.EMERGENCY_NAME],
        ['EMERGENCY_CONTACT', file.EMERGENCY_CONTACT],
      ],
    },
    {
      key: 'other',
      facts: [
        ['IS_HANDICAPED', yesNo(file.IS_HANDICAPED)],
        ['HANDICAP_DETAILS', file.HANDICAP_DETAILS],
        ['IS_SPORTIVE', yesNo(file.IS_SPORTIVE)],
        ['IS_SPORTIVE_COMPETITOR', yesNo(file.IS_SPORTIVE_COMPETITOR)],
        ['FIRST_SPORT', term('sport', file.FIRST_SPORT)],
      ],
    },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {groups.map((group) => (
        <Section key={group.key} title={t(`admissions.file.groups.${group.key}`)}>
          <FactList sx={{ overflowWrap: 'anywhere' }}>
            {group.facts.map(([name, value]) => (
              <Fact key={name} label={field(name)}>
                {shown(value)}
              </Fact>
            ))}
          </FactList>
        </Section>
      ))}
    </Box>
  );
}

function Payments({ file }: { file: CandidateFile }) {
  const { t } = useTranslation();
  return (
    <Section title={t('admissions.file.payments.title')} action={<PaidChip paid={file.HAS_PAID} />}>
      <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
        {file.HAS_PAID && file.paidAt
          ? t('admissions.file.payments.paidAt', { time: formatMoment(file.paidAt), value: formatFcfa(file.ENTRANCE_AMOUNT) })
          : t('admissions.file.payments.notPaid', { value: formatFcfa(file.ENTRANCE_AMOUNT) })}
      </Typography>
      <OfficeTable
        bare
        noHover
        label={t('admissions.file.payments.title')}
        minWidth={720}
        rows={file.payments}
        rowKey={(payment) => payment.id}
        empty={t('admissions.file.payments.none')}
        columns={[
          { header: t('admissions.file.payments.columns.date'), sx: { whiteSpace: 'nowrap' }, cell: (payment) => formatMoment(payment.createdAt) },
          { header: t('admissions.file.payments.columns.network'), cell: (payment) => payment.networkName },
          { header: t('admissions.file.payments.columns.phone'), sx: { whiteSpace: 'nowrap' }, cell: (payment) => payment.accountNumber },
          { header: t('admissions.file.payments.columns.amount'), align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (payment) => formatFcfa(payment.amount) },
          { header: t('admissions.file.payments.columns.fees'), align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (payment) => formatFcfa(payment.fees) },
          { header: t('admissions.file.payments.columns.status'), cell: (payment) => <PaymentStatusChip status={payment.status} /> },
          { header: t('admissions.file.payments.columns.receipt'), sx: { whiteSpace: 'nowrap' }, cell: (payment) => payment.receiptNumber ?? '—' },
        ]}
      />
    </Section>
  );
}

const sizeInKb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

function DocumentItem({
  candidateId,
  kind,
  document,
  onReplace,
}: {
  candidateId: number;
  kind: CandidateDocumentKind;
  document: CandidateDocument | undefined;
  onReplace: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const name = t(`admissions.documentKind.${kind}`);
  const check = useMutation({
    mutationFn: () => checkDocument(candidateId, kind),
    onSuccess: async () => {
      notify('admissions.file.documents.checkedDone', 'success', { document: name });
      await queryClient.invalidateQueries({ queryKey: admissionsKeys.all });
    },
    onError: (error) => notify(errorKey(error), 'error'),
  });
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          {document ? <DocumentStatusChip status={document.status} /> : null}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {document
            ? t('admissions.file.documents.given', { time: formatMoment(document.uploadedAt), number: sizeInKb(document.size) })
            : t('admissions.file.documents.missing')}
        </Typography>
        {document?.status === 'REPLACE_REQUESTED' && document.note ? (
          <Typography variant="body2" sx={{ color: 'warning.dark' }}>
            {t('admissions.file.documents.asked', { text: document.note })}
          </Typography>
        ) : null}
      </Box>
      {document ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            component="a"
            href={document.url}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<VisibilityOutlined />}
            aria-label={t('admissions.file.documents.viewFor', { document: name })}
          >
            {t('admissions.file.documents.view')}
          </Button>
          {document.status !== 'CHECKED' ? (
            <Button
              size="small"
              startIcon={<FactCheckOutlined />}
              disabled={check.isPending}
              onClick={() => check.mutate()}
              aria-label={t('admissions.file.documents.checkFor', { document: name })}
            >
              {t('admissions.file.documents.check')}
            </Button>
          ) : null}
          <Button
            size="small"
            color="warning"
            startIcon={<FindReplaceOutlined />}
            onClick={onReplace}
            aria-label={t('admissions.file.documents.replaceFor', { document: name })}
          >
            {t('admissions.file.documents.replace')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

function Documents({ file }: { file: CandidateFile }) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState<CandidateDocumentKind | null>(null);
  return (
    <Section title={t('admissions.file.documents.title')} action={<DocumentsChip complete={file.documentsComplete} />}>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {CANDIDATE_DOCUMENT_KINDS.map((kind) => (
          <DocumentItem
            key={kind}
            candidateId={file.id}
            kind={kind}
            document={file.documents.find((item) => item.kind === kind)}
            onReplace={() => setReplacing(kind)}
          />
        ))}
      </Box>
      {replacing ? (
        <Suspense fallback={null}>
          <ReplaceDialog id={file.id} kind={replacing} onClose={() => setReplacing(null)} />
        </Suspense>
      ) : null}
    </Section>
  );
}

/** The decision: what it is, and setting or changing it (admitted or waiting: for one of the candidate's choices). */
function Decision({ file }: { file: CandidateFile }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const choices = [file.FORMATION_FIRST_CHOICE, file.FORMATION_SECOND_CHOICE].filter((choice) => choice !== null);
  const [decision, setDecision] = useState<AdmissionDecision | ''>(file.decision?.DECISION ?? '');
  const [speciality, setSpeciality] = useState(String(file.decision?.SPECIALITY_ID ?? file.FORMATION_FIRST_CHOICE.SPECIALITY_ID));
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (chosen: AdmissionDecision) =>
      recordDecisions({
        decisions: [{ CANDIDATE_NUMBER: file.CANDIDATE_NUMBER, DECISION: chosen, SPECIALITY_ID: chosen === 'REFUSED' ? null : Number(speciality) }],
      }),
    onSuccess: async (result) => {
      notify(result.mailed > 0 ? 'admissions.file.decision.savedMailed' : 'admissions.file.decision.saved', 'success');
      await queryClient.invalidateQueries({ queryKey: admissionsKeys.all });
    },
    onError: (error) => {
      // one decision sent: the server names it `line 1`
      const refused = refusedLines(error)[0];
      setMessage(refused ? t('admissions.file.decision.refused', { value: t(messageKey(refused.message)) }) : t(errorKey(error)));
    },
  });
  const current = file.decision;
  return (
    <Section title={t('admissions.file.decision.title')} action={<DecisionChip decision={current?.DECISION ?? null} />}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {current
          ? t(current.SPECIALITY_DESCRIPTION ? 'admissions.file.decision.currentFor' : 'admissions.file.decision.current', {
              decision: t(`admissions.decision.${current.DECISION}`),
              name: current.SPECIALITY_DESCRIPTION
                ? specialityName(
                    { SPECIALITY_DESCRIPTION: current.SPECIALITY_DESCRIPTION, SPECIALITY_DESCRIPTION_FR: current.SPECIALITY_DESCRIPTION_FR ?? '' },
                    i18n.language,
                  )
                : '',
              time: formatMoment(current.decidedAt),
            })
          : t('admissions.file.decision.none')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(decision ? null : t('validation.required'));
          if (decision) save.mutate(decision);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          select
          size="small"
          id="admissions-decision"
          label={t('admissions.file.decision.decision')}
          value={decision}
          onChange={(event) => setDecision(event.target.value as AdmissionDecision)}
          sx={{ flex: '1 1 180px' }}
        >
          {ADMISSION_DECISIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`admissions.decision.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {decision !== 'REFUSED' ? (
          <TextField
            select
            size="small"
            id="admissions-decision-speciality"
            label={t('admissions.file.decision.speciality')}
            value={speciality}
            onChange={(event) => setSpeciality(event.target.value)}
            sx={{ flex: '2 1 260px' }}
          >
            {choices.map((choice) => (
              <MenuItem key={choice.SPECIALITY_ID} value={String(choice.SPECIALITY_ID)}>
                {`${specialityName(choice, i18n.language)} (${choice.CYCLE_NAME})`}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('admissions.file.decision.save')}
        </Button>
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('admissions.file.decision.mailed')}
      </Typography>
      <FormError message={message} sx={{ mt: 2 }} />
    </Section>
  );
}

/** `/admissions/candidates/:id`: a candidate's registration, payments, documents and the decision. */
export default function CandidatePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCandidate(valid ? id : 0);
  const file = query.data;
  return (
    <RecordPage
      title={file ? `${file.LASTNAME} ${file.FIRSTNAME}` : t('admissions.file.title')}
      list="/admissions/candidates"
      backLabel={t('admissions.file.back')}
      valid={valid}
      query={query}
    >
      {file ? (
        <Stack spacing={2}>
          <Paper component="section" variant="outlined" aria-label={t('admissions.file.summary')} sx={{ p: { xs: 2, sm: 2.5 } }}>
            <FactList sx={{ overflowWrap: 'anywhere' }}>
              <Fact label={t('admissions.file.number')}>{file.CANDIDATE_NUMBER}</Fact>
              <Fact label={t('admissions.file.entrance')}>{`${file.ENTRANCE_NAME} · ${file.ENTRANCE_YEAR} · ${file.ENTRANCE_SCHOOL}`}</Fact>
              <Fact label={t('admissions.file.fee')}>{formatFcfa(file.ENTRANCE_AMOUNT)}</Fact>
              <Fact label={t('admissions.file.registeredAt')}>{formatMoment(file.createdAt)}</Fact>
              <Fact label={t('admissions.file.paid')}>
                <PaidChip paid={file.HAS_PAID} />
              </Fact>
              <Fact label={t('admissions.file.documentsState')}>
                <DocumentsChip complete={file.documentsComplete} />
              </Fact>
              <Fact label={t('admissions.file.decisionState')}>
                <DecisionChip decision={file.decision?.DECISION ?? null} />
              </Fact>
            </FactList>
          </Paper>
          {!file.HAS_PAID ? <Alert severity="info">{t('admissions.file.unpaidNote')}</Alert> : null}
          <Decision key={`${file.decision?.DECISION ?? ''}-${file.decision?.SPECIALITY_ID ?? ''}`} file={file} />
          <Documents file={file} />
          <Payments file={file} />
          <GivenFacts file={file} />
        </Stack>
      ) : null}
    </RecordPage>
  );
}
