import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RequestDetail, RequestStep } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatMoment } from '../../lib/format';
import { inLanguage } from '../../lib/names';
import { decisionLabel, labelled } from './request-labels';
import { RequestStatusChip } from './status-chip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

const number = (value: number, language: string) =>
  new Intl.NumberFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 }).format(value);

/** The detail fields a request carries (only those given), in the order of the printed form. */
function detailFields(request: RequestDetail, t: (key: string, options?: Record<string, unknown>) => string, language: string): [string, ReactNode][] {
  const percent = (value: number) => `${number(value, language)}${language.startsWith('fr') ? '\u00a0' : ''}%`;
  const pairs: [string, ReactNode | null][] = [
    ['CLASS_ID', request.className],
    ['SUBJECT_ID', request.subjectName ? inLanguage(language, request.subjectName, request.subjectNameFr) : null],
    ['REQUEST_PBLM_DATE', request.REQUEST_PBLM_DATE ? isoToDmy(request.REQUEST_PBLM_DATE) : null],
    ['REQUEST_PBLM_WEEK', request.REQUEST_PBLM_WEEK],
    ['slot', request.REQUEST_PBLM_HOUR_START ? `${request.REQUEST_PBLM_HOUR_START} – ${request.REQUEST_PBLM_HOUR_END}` : null],
    ['CONTRACT_NUMBER', request.CONTRACT_NUMBER],
    ['VH_DISPLAYED', request.VH_DISPLAYED === null ? null : number(request.VH_DISPLAYED, language)],
    ['VH_EXPECTED', request.VH_EXPECTED === null ? null : number(request.VH_EXPECTED, language)],
    ['TH_DISPLAYED', request.TH_DISPLAYED === null ? null : formatCurrency(request.TH_DISPLAYED)],
    ['TH_EXPECTED', request.TH_EXPECTED === null ? null : formatCurrency(request.TH_EXPECTED)],
    ['TI_DISPLAYED', request.TI_DISPLAYED === null ? null : percent(request.TI_DISPLAYED)],
    ['TI_EXPECTED', request.TI_EXPECTED === null ? null : percent(request.TI_EXPECTED)],
    ['AMOUNT_RECEIVED', request.AMOUNT_RECEIVED === null ? null : formatCurrency(request.AMOUNT_RECEIVED)],
    ['AMOUNT_EXPECTED', request.AMOUNT_EXPECTED === null ? null : formatCurrency(request.AMOUNT_EXPECTED)],
    ['REPRO_COPY_NUMBER', request.REPRO_COPY_NUMBER],
    ['REPRO_STUDENT_COUNT', request.REPRO_STUDENT_COUNT],
    ['DESCRIPTION', request.DESCRIPTION],
  ];
  return pairs
    .filter((pair): pair is [string, ReactNode] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '')
    .map(([field, value]) => [t(`requests.field.${field}`), value]);
}

/** One step of the history: what happened, where, the decision and its comment (the deliberation), when, and (for the units) who. */
function Step({ step }: { step: RequestStep }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const place = step.unit ? labelled(step.unit, language) : null;
  return (
    <Box component="li" sx={{ listStyle: 'none', position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          {t(`requests.stepKind.${step.kind}`)}
        </Typography>
        {/* the label reads into the unit ("Sent to" Finance): a space between them for whoever reads the text, not the layout */}
        {place ? ' ' : null}
        {place ? (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {place}
          </Typography>
        ) : null}
        <RequestStatusChip status={step.status} />
      </Stack>
      {step.decision ? <Typography variant="body2">{t('requests.detail.decision', { decision: decisionLabel(step.decision, language) })}</Typography> : null}
      {step.comment ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {t(step.kind === 'DECIDED' ? 'requests.detail.deliberation' : 'requests.detail.reason', { text: step.comment })}
        </Typography>
      ) : null}
      {step.batch ? <Typography variant="body2">{t('requests.detail.batch', { reference: step.batch.reference })}</Typography> : null}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {formatMoment(step.at)}
        {step.by ? ` · ${step.by.FIRSTNAME} ${step.by.LASTNAME}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * A request as both its author and the units read it: the reference, title, status and holder,
 * every detail field it carries, the attachment and the printable form, and every step. `actions`:
 * what the viewer may do, shown under the steps (the units' buttons). A student's request names its
 * author a student and asks for no signature (decision 41).
 */
export function RequestDetailView({ request, actions }: { request: RequestDetail; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const student = request.audience === 'STUDENT';
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
            {request.REQUEST_OBJECT}
          </Typography>
          <RequestStatusChip status={request.REQUEST_STATUS} />
          <Chip size="small" variant="outlined" label={t(`requests.stage.${request.stage}`)} />
        </Stack>
        <Box component="dl" sx={{ m: 0 }}>
          <Field label={t('requests.field.REQUEST_ID')}>{request.REQUEST_ID}</Field>
          <Field
            label={t('requests.field.category')}
          >{`${inLanguage(language, request.subcategory.categoryName, request.subcategory.categoryNameFr)} · ${labelled(request.subcategory, language)}`}</Field>
          <Field
            label={t(student ? 'requests.field.authorStudent' : 'requests.field.author')}
          >{`${request.author.FIRSTNAME} ${request.author.LASTNAME} (${request.author.MATRICULE})`}</Field>
          <Field label={t('requests.field.filedAt')}>{formatMoment(request.filedAt)}</Field>
          {student ? (
            <Field label={t('requests.field.signature')}>{t('requests.detail.noSignature')}</Field>
          ) : (
            <Field label={t('requests.field.signedAt')}>
              {request.signedAt
                ? formatMoment(request.signedAt)
                : request.REQUEST_STATUS === 'REGISTERED'
                  ? t('requests.detail.signBefore', { deadline: formatMoment(request.signatureDeadline) })
                  : t('requests.detail.notSigned')}
            </Field>
          )}
          <Field label={t('requests.field.unit')}>
            {request.unit ? labelled(request.unit, language) : t(student ? 'requests.detail.withStudent' : 'requests.detail.withLecturer')}
          </Field>
          {detailFields(request, t, language).map(([label, value]) => (
            <Field key={label} label={label}>
              {value}
            </Field>
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" size="small" startIcon={<PictureAsPdfOutlined />} href={request.formUrl} target="_blank" rel="noopener">
            {t('requests.detail.form')}
          </Button>
          {request.REQUEST_FILE ? (
            <Button variant="outlined" size="small" startIcon={<AttachFileOutlined />} href={request.REQUEST_FILE} target="_blank" rel="noopener">
              {t('requests.detail.attachment', { name: request.fileName ?? '' })}
            </Button>
          ) : null}
        </Stack>
      </Paper>
      {actions}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('requests.detail.steps')}
        </Typography>
        <Box component="ol" sx={{ m: 0, p: 0 }}>
          {request.steps.map((step) => (
            <Step key={step.id} step={step} />
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}
