// Pieces the units' pages share: the filters' options, the lecturer and deadline cells.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InboxRow, RequestAuthor, RequestUnit } from '@portal/contract';
import type { RequestBatchStatus } from '@portal/contract/rules';
import { formatMoment } from '../../lib/format';
import type { RequestKind } from './office-api';
import { labelled } from './request-labels';

/** Every sub-category as a filter's choice: "Category · Sub-category", in the reader's language. */
export const subcategoryOptions = (kinds: readonly RequestKind[], language: string) =>
  kinds.flatMap((category) => category.subcategories.map((sub) => ({ value: String(sub.id), label: `${labelled(category, language)} · ${labelled(sub, language)}` })));

export const categoryOptions = (kinds: readonly RequestKind[], language: string) => kinds.map((category) => ({ value: String(category.id), label: labelled(category, language) }));

/** Units as choices: "CODE – name". */
export const unitOptions = (units: readonly RequestUnit[], language: string) => units.map((unit) => ({ value: String(unit.id), label: unitName(unit, language) }));

export const unitName = (unit: RequestUnit, language: string) => `${unit.code} – ${labelled(unit, language)}`;

const BATCH_COLOR: Record<RequestBatchStatus, 'default' | 'info' | 'success' | 'error'> = { DRAFT: 'default', SENT: 'info', RECEIVED: 'success', CANCELLED: 'error' };

/** A transmittal batch's status, in its colour. */
export function BatchStatusChip({ status }: { status: RequestBatchStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={BATCH_COLOR[status]} variant={status === 'DRAFT' ? 'outlined' : 'filled'} label={t(`requests.batchStatus.${status}`)} />;
}

/** The lecturer: name, and the matricule under it. */
export function AuthorCell({ author }: { author: RequestAuthor }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>{`${author.LASTNAME} ${author.FIRSTNAME}`}</Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {author.MATRICULE}
      </Typography>
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
  if (row.signedAt) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        {t('requestsOffice.inbox.signedOn', { date: formatMoment(row.signedAt) })}
      </Typography>
    );
  }
  if (row.stage !== 'AWAITING_SIGNATURE') return <>—</>;
  const when = formatMoment(row.signatureDeadline);
  return deadlineSoon(row) ? (
    <Chip size="small" color="error" label={when} aria-label={t('requestsOffice.inbox.deadlineSoon', { date: when })} />
  ) : (
    <>{when}</>
  );
}
