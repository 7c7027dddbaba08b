// Pieces the units' pages share: the filters' options, the author and deadline cells.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InboxRow, RequestAuthor, RequestUnit } from '@portal/contract';
import type { RequestAudience, RequestBatchStatus } from '@portal/contract/rules';
import { formatMoment } from '../../lib/format';
import type { RequestKind } from './office-api';
import { labelled } from './request-labels';

/** Every sub-category as a filter's choice: "Category · Sub-category", in the reader's language. */
export const subcategoryOptions = (kinds: readonly RequestKind[], language: string) =>
  kinds.flatMap((category) =>
    category.subcategories.map((sub) => ({ value: String(sub.id), label: `${labelled(category, language)} · ${labelled(sub, language)}` })),
  );

export const categoryOptions = (kinds: readonly RequestKind[], language: string) =>
  kinds.map((category) => ({ value: String(category.id), label: labelled(category, language) }));

/** Units as choices: "CODE – name". */
export const unitOptions = (units: readonly RequestUnit[], language: string) =>
  units.map((unit) => ({ value: String(unit.id), label: unitName(unit, language) }));

export const unitName = (unit: RequestUnit, language: string) => `${unit.code} – ${labelled(unit, language)}`;

const BATCH_COLOR: Record<RequestBatchStatus, 'default' | 'info' | 'success' | 'error'> = {
  DRAFT: 'default',
  SENT: 'info',
  RECEIVED: 'success',
  CANCELLED: 'error',
};

/** A transmittal batch's status, in its colour. */
export function BatchStatusChip({ status }: { status: RequestBatchStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={BATCH_COLOR[status]} variant={status === 'DRAFT' ? 'outlined' : 'filled'} label={t(`requests.batchStatus.${status}`)} />;
}

/** The staff's or the students' requests, as a filter's choices. */
export const audienceOptions = (t: (key: string) => string) =>
  (['STAFF', 'STUDENT'] as const).map((audience) => ({ value: audience, label: t(`requestsOffice.audience.${audience}`) }));

/** The author: name, and the matricule under it; a student's request says so, with the student's class (decision 41). */
export function AuthorCell({ author, audience, className }: { author: RequestAuthor; audience?: RequestAudience; className?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>{`${author.LASTNAME} ${author.FIRSTNAME}`}</Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {author.MATRICULE}
      </Typography>
      {audience === 'STUDENT' ? (
        <Chip
          size="small"
          variant="outlined"
          color="secondary"
          sx={{ display: 'flex', width: 'fit-content', mt: 0.5 }}
          label={className ? t('requestsOffice.inbox.student', { class: className }) : t('requestsOffice.inbox.studentNoClass')}
        />
      ) : null}
    </>
  );
}

const DAY_MS = 86_400_000;
/** Under this, an unsigned request's deadline is shown as urgent. */
export const DEADLINE_WARNING_MS = 2 * DAY_MS;

/** Whether an unsigned request is close to its signature deadline (or past it, the job not run yet). */
export const deadlineSoon = (row: Pick<InboxRow, 'signedAt' | 'stage' | 'signatureDeadline'>, now = Date.now()): boolean =>
  row.signedAt === null && row.stage === 'AWAITING_SIGNATURE' && new Date(row.signatureDeadline).getTime() - now < DEADLINE_WARNING_MS;

/** The signature deadline of a request still waiting for it (urgent under two days), or when it was signed. */
export function DeadlineCell({ row }: { row: InboxRow }) {
  const { t } = useTranslation();
  // a student's request is signed by its filing (decision 41): no signature to wait for
  if (row.audience === 'STUDENT') {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        {t('requestsOffice.inbox.noSignature')}
      </Typography>
    );
  }
  if (row.signedAt) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        {t('requestsOffice.inbox.signedOn', { date: formatMoment(row.signedAt) })}
      </Typography>
    );
  }
  if (row.stage !== 'AWAITING_SIGNATURE') return <>—</>;
  const when = formatMoment(row.signatureDeadline);
  return deadlineSoon(row) ? <Chip size="small" color="error" label={when} aria-label={t('requestsOffice.inbox.deadlineSoon', { date: when })} /> : <>{when}</>;
}
