import AddOutlined from '@mui/icons-material/AddOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentApplication, EnrolmentDecision, EnrolmentSessionSummary, OfficeEnrolmentOffer } from '@portal/contract';
import { DECIDABLE_ENROLMENT_STATUSES, ENROLMENT_DECISION_NAMES, ENROLMENT_STATUSES, isoToDmy, type EnrolmentStatus } from '@portal/contract/rules';
import { useChoice } from '../../components/choice-table';
import { OfficeTable } from '../../components/office-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FilterBar, FilterSelect, ListPager } from '../../components/list-page';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { SearchField } from '../../components/search-field';
import { formatMoment } from '../../lib/format';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import {
  applicationFiltersFrom,
  applicationsExportUrl,
  decideApplications,
  enrolmentKeys,
  removeOffer,
  setSessionClosed,
  useApplications,
  useEnrolmentSessions,
  useOffers,
  type ApplicationFilters,
} from './enrolment-api';
import { EnrolmentStatusChip, enrolmentSessionName, offerClassCode, offerFullName, offerName } from './labels';

// The forms (with the contract's schemas and Zod) load when first opened.
const SessionDialog = lazy(() => import('./session-dialog'));
const AddOfferDialog = lazy(() => import('./offer-dialog').then((module) => ({ default: module.AddOfferDialog })));
const CapacityDialog = lazy(() => import('./offer-dialog').then((module) => ({ default: module.CapacityDialog })));

type Seen = { id: number; status: EnrolmentStatus };
type Open =
  | { kind: 'session'; session: EnrolmentSessionSummary | null }
  | { kind: 'closing'; session: EnrolmentSessionSummary }
  | { kind: 'addOffer' }
  | { kind: 'capacity'; offer: OfficeEnrolmentOffer }
  | { kind: 'removeOffer'; offer: OfficeEnrolmentOffer }
  | { kind: 'decide'; decision: EnrolmentDecision; applications: Seen[]; name: string | null };

const DECISION_COLOURS = { ACCEPT: 'success', WAITLIST: 'warning', REFUSE: 'error' } as const;
const isDecidable = (application: EnrolmentApplication) => DECIDABLE_ENROLMENT_STATUSES.includes(application.status);
const studentName = (application: EnrolmentApplication) =>
  `${application.student.LASTNAME} ${application.student.FIRSTNAME} (${application.student.MATRICULE})`;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** The session shown: its days, state, limit and counts, and what the office may do with it. */
function SessionFacts({ session, onOpen }: { session: EnrolmentSessionSummary; onOpen: (open: Open) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{enrolmentSessionName(session, i18n.language)}</Typography>
          <Chip size="small" color={session.state === 'OPEN' ? 'success' : 'default'} label={t(`enrolment.state.${session.state}`)} />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('enrolment.office.session.days', { from: isoToDmy(session.startDate), to: isoToDmy(session.endDate) })} ·{' '}
          {t('enrolment.office.session.limit', { count: session.maxApplications })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('enrolment.office.session.counts', { count: session.applications, total: session.offers, number: session.undecided })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => onOpen({ kind: 'session', session })}>
          {t('enrolment.office.session.editButton')}
        </Button>
        <Button variant="outlined" color={session.closedAt ? 'primary' : 'error'} onClick={() => onOpen({ kind: 'closing', session })}>
          {t(session.closedAt ? 'enrolment.office.session.reopen' : 'enrolment.office.session.close')}
        </Button>
      </Box>
    </Paper>
  );
}

function OffersTable({
  offers,
  onOpen,
  onShow,
}: {
  offers: OfficeEnrolmentOffer[];
  onOpen: (open: Open) => void;
  onShow: (offer: OfficeEnrolmentOffer) => void;
}) {
  const { t, i18n } = useTranslation();
  const count = (header: 'capacity' | 'taken' | 'pending' | 'waitlisted' | 'accepted', value: (offer: OfficeEnrolmentOffer) => number) => ({
    header: t(`enrolment.office.offers.columns.${header}`),
    align: 'right' as const,
    cell: value,
  });
  return (
    <OfficeTable
      label={t('enrolment.office.offers.title')}
      minWidth={820}
      rows={offers}
      rowKey={(offer) => offer.id}
      empty={t('enrolment.office.offers.empty')}
      columns={[
        { header: t('enrolment.office.offers.columns.kind'), sx: { whiteSpace: 'nowrap' }, cell: (offer) => t(`enrolment.kind.${offer.kind}`) },
        {
          header: t('enrolment.office.offers.columns.offer'),
          sx: { minWidth: 220 },
          cell: (offer) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {offerName(offer, i18n.language)}
              </Box>
              {offerClassCode(offer) ? (
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {offerClassCode(offer)}
                </Typography>
              ) : null}
            </>
          ),
        },
        count('capacity', (offer) => offer.capacity),
        count('taken', (offer) => offer.seatsTaken),
        {
          header: t('enrolment.office.offers.columns.left'),
          align: 'right',
          rowSx: (offer) => ({ color: offer.seatsLeft === 0 ? 'error.main' : undefined, fontWeight: offer.seatsLeft === 0 ? 600 : undefined }),
          cell: (offer) => offer.seatsLeft,
        },
        count('pending', (offer) => offer.pending),
        count('waitlisted', (offer) => offer.waitlisted),
        count('accepted', (offer) => offer.accepted),
        {
          header: t('enrolment.office.offers.columns.actions'),
          align: 'right',
          sx: { whiteSpace: 'nowrap' },
          cell: (offer) => {
            const name = offerFullName(offer, i18n.language);
            return (
              <>
                <Button size="small" onClick={() => onShow(offer)} aria-label={t('enrolment.office.offers.showFor', { name })}>
                  {t('enrolment.office.offers.show')}
                </Button>
                <Button size="small" onClick={() => onOpen({ kind: 'capacity', offer })} aria-label={t('enrolment.office.offers.capacityFor', { name })}>
                  {t('enrolment.office.offers.capacity')}
                </Button>
                {offer.applications === 0 ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onOpen({ kind: 'removeOffer', offer })}
                    aria-label={t('enrolment.office.offers.removeFor', { name })}
                  >
                    {t('enrolment.office.offers.remove')}
                  </Button>
                ) : null}
              </>
            );
          },
        },
      ]}
    />
  );
}

function ApplicationsTable({
  rows,
  fetching,
  chosen,
  onChosen,
  onDecide,
  footer,
}: {
  rows: EnrolmentApplication[];
  fetching: boolean;
  chosen: number[];
  onChosen: (ids: number[]) => void;
  onDecide: (decision: EnrolmentDecision, application: EnrolmentApplication) => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <OfficeTable
      label={t('enrolment.office.applications.title')}
      minWidth={980}
      rows={rows}
      rowKey={(row) => row.id}
      empty={t('enrolment.office.applications.empty')}
      fetching={fetching}
      footer={footer}
      rowProps={(row) => ({ selected: chosen.includes(row.id) })}
      choice={{
        chosen,
        onChosen,
        id: (row) => row.id,
        choosable: isDecidable,
        label: (row) => t('enrolment.office.applications.choose', { name: studentName(row) }),
        allLabel: t('enrolment.office.applications.chooseAll'),
      }}
      columns={[
        {
          header: t('enrolment.office.applications.columns.student'),
          sx: { minWidth: 170 },
          cell: (row) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>{`${row.student.LASTNAME} ${row.student.FIRSTNAME}`}</Box>
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                {row.student.MATRICULE}
              </Typography>
            </>
          ),
        },
        { header: t('enrolment.office.applications.columns.class'), sx: { whiteSpace: 'nowrap' }, cell: (row) => row.student.class?.code ?? '—' },
        { header: t('enrolment.office.applications.columns.offer'), sx: { minWidth: 200 }, cell: (row) => offerFullName(row.offer, i18n.language) },
        { header: t('enrolment.office.applications.columns.status'), cell: (row) => <EnrolmentStatusChip status={row.status} /> },
        { header: t('enrolment.office.applications.columns.appliedAt'), sx: { whiteSpace: 'nowrap' }, cell: (row) => formatMoment(row.appliedAt) },
        {
          header: t('enrolment.office.applications.columns.decidedAt'),
          sx: { whiteSpace: 'nowrap' },
          cell: (row) => (row.decidedAt ? formatMoment(row.decidedAt) : '—'),
        },
        {
          header: t('enrolment.office.applications.columns.actions'),
          align: 'right',
          sx: { whiteSpace: 'nowrap' },
          cell: (row) =>
            isDecidable(row)
              ? ENROLMENT_DECISION_NAMES.filter((decision) => !(decision === 'WAITLIST' && row.status === 'WAITLISTED')).map((decision) => (
                  <Button
                    key={decision}
                    size="small"
                    color={DECISION_COLOURS[decision]}
                    onClick={() => onDecide(decision, row)}
                    aria-label={t(`enrolment.office.decide.${decision}For`, { name: studentName(row) })}
                  >
                    {t(`enrolment.office.decide.${decision}`)}
                  </Button>
                ))
              : null,
        },
      ]}
    />
  );
}

/**
 * The academic office's enrolment: the enrolment sessions (opened, changed, closed by hand), the
 * classes and optional subjects each offers with their seats, and the students' applications,
 * filtered in the URL, accepted, waitlisted or refused one by one or as a selection, exported.
 */
export default function EnrolmentOfficePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { filters, update } = useUrlFilters(applicationFiltersFrom);
  const sessions = useEnrolmentSessions();
  const current = sessions.data?.find((session) => session.id === filters.session) ?? sessions.data?.[0] ?? null;
  const offers = useOffers(current?.id ?? null);
  const list = useApplications(filters, current?.id ?? null);
  // the applications chosen, kept for one set of filters: another session, offer, status or page chooses afresh
  const [chosen, setChosen] = useChoice(JSON.stringify({ ...filters, session: current?.id ?? null }));
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: enrolmentKeys.all });
  const rows = list.data?.rows ?? [];
  const change = (changes: Partial<Record<keyof ApplicationFilters, string | number>>) => update(changes);

  const decideSelection = (decision: EnrolmentDecision) =>
    setOpen({
      kind: 'decide',
      decision,
      applications: rows.filter((row) => chosen.includes(row.id)).map((row) => ({ id: row.id, status: row.status })),
      name: null,
    });
  const decision = open?.kind === 'decide' ? open : null;
  const offerOptions = (offers.data ?? []).map((offer) => ({ value: String(offer.id), label: offerFullName(offer, language) }));

  return (
    <Page title={t('enrolment.office.title')} maxWidth="lg" intro={t('enrolment.office.intro')}>
      <LoadStatus error={sessions.error} loading={sessions.isPending} />
      {sessions.data ? (
        <FilterBar label={t('enrolment.office.sessions.label')}>
          {sessions.data.length ? (
            <FilterSelect
              id="enrolment-session"
              label={t('enrolment.office.fields.session')}
              value={String(current?.id ?? '')}
              options={sessions.data.map((session) => ({
                value: String(session.id),
                label: `${enrolmentSessionName(session, language)} (${t(`enrolment.state.${session.state}`)})`,
              }))}
              onChange={(session) => change({ session, offer: '' })}
              sx={{ flex: '1 1 320px' }}
            />
          ) : null}
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setOpen({ kind: 'session', session: null })}>
            {t('enrolment.office.session.add')}
          </Button>
        </FilterBar>
      ) : null}
      {sessions.data && sessions.data.length === 0 ? <Alert severity="info">{t('enrolment.office.sessions.none')}</Alert> : null}

      {current ? (
        <>
          <SessionFacts session={current} onOpen={setOpen} />

          <Section
            title={t('enrolment.office.offers.title')}
            action={
              <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setOpen({ kind: 'addOffer' })}>
                {t('enrolment.office.offer.add')}
              </Button>
            }
          >
            <LoadStatus error={offers.error} loading={offers.isPending} />
            {offers.data ? <OffersTable offers={offers.data} onOpen={setOpen} onShow={(offer) => change({ offer: offer.id })} /> : null}
          </Section>

          <Section
            title={t('enrolment.office.applications.title')}
            action={
              <Button component="a" href={applicationsExportUrl(filters, current.id)} download variant="outlined" startIcon={<FileDownloadOutlined />}>
                {t('enrolment.office.applications.export')}
              </Button>
            }
          >
            <FilterBar label={t('enrolment.office.applications.filters')}>
              <FilterSelect
                id="enrolment-offer"
                label={t('enrolment.office.fields.offer')}
                all={t('enrolment.office.applications.allOffers')}
                displayEmpty
                value={offerOptions.some((option) => option.value === String(filters.offer)) ? String(filters.offer) : ''}
                options={offerOptions}
                onChange={(offer) => change({ offer })}
                sx={{ flex: '2 1 240px' }}
              />
              <FilterSelect
                id="enrolment-status"
                label={t('enrolment.office.fields.status')}
                all={t('enrolment.office.applications.allStatuses')}
                displayEmpty
                value={filters.status}
                options={ENROLMENT_STATUSES.map((status) => ({ value: status, label: t(`enrolment.status.${status}`) }))}
                onChange={(status) => change({ status })}
                sx={{ flex: '1 1 180px' }}
              />
              <SearchField
                id="enrolment-search"
                label={t('enrolment.office.applications.search')}
                value={filters.search}
                onSearch={(search) => change({ search })}
                sx={{ flex: '2 1 220px' }}
              />
            </FilterBar>

            <Paper
              variant="outlined"
              role="group"
              aria-label={t('enrolment.office.selection.label')}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, mb: 2 }}
            >
              <Typography sx={{ flex: '1 1 200px' }} aria-live="polite">
                {chosen.length > 0 ? t('enrolment.office.selection.count', { count: chosen.length }) : t('enrolment.office.selection.none')}
              </Typography>
              {ENROLMENT_DECISION_NAMES.map((name) => (
                <Button
                  key={name}
                  size="small"
                  variant="contained"
                  color={DECISION_COLOURS[name]}
                  disabled={chosen.length === 0}
                  onClick={() => decideSelection(name)}
                >
                  {t(`enrolment.office.selection.${name}`)}
                </Button>
              ))}
            </Paper>

            <LoadStatus error={list.error} loading={list.isPending} />
            {list.data ? (
              <ApplicationsTable
                rows={rows}
                fetching={list.isFetching}
                chosen={chosen}
                onChosen={setChosen}
                onDecide={(name, row) =>
                  setOpen({
                    kind: 'decide',
                    decision: name,
                    applications: [{ id: row.id, status: row.status }],
                    name: `${studentName(row)}, ${offerFullName(row.offer, language)}`,
                  })
                }
                footer={<ListPager data={list.data} paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }} />}
              />
            ) : null}
          </Section>
        </>
      ) : null}

      <Suspense fallback={null}>
        {open?.kind === 'session' ? (
          <SessionDialog
            session={open.session}
            onSaved={(saved) => {
              close();
              if (!open.session) change({ session: saved.id, offer: '' });
            }}
            onClose={close}
          />
        ) : null}
        {open?.kind === 'addOffer' && current ? <AddOfferDialog sessionId={current.id} onClose={close} /> : null}
        {open?.kind === 'capacity' && current ? <CapacityDialog sessionId={current.id} offer={open.offer} onClose={close} /> : null}
      </Suspense>
      {open?.kind === 'closing' ? (
        <ConfirmDialog
          title={t(open.session.closedAt ? 'enrolment.office.closing.reopenTitle' : 'enrolment.office.closing.closeTitle')}
          text={t(open.session.closedAt ? 'enrolment.office.closing.reopenText' : 'enrolment.office.closing.closeText', {
            name: enrolmentSessionName(open.session, language),
          })}
          confirmLabel={t(open.session.closedAt ? 'enrolment.office.session.reopen' : 'enrolment.office.session.close')}
          danger={!open.session.closedAt}
          action={() => setSessionClosed(open.session.id, !open.session.closedAt)}
          onDone={async () => {
            notify(open.session.closedAt ? 'enrolment.office.notify.reopened' : 'enrolment.office.notify.closed', 'success');
            close();
            await refresh();
          }}
          onError={() => void refresh()}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'removeOffer' && current ? (
        <ConfirmDialog
          title={t('enrolment.office.removing.title')}
          text={t('enrolment.office.removing.text', { name: offerFullName(open.offer, language) })}
          confirmLabel={t('enrolment.office.offers.remove')}
          danger
          action={() => removeOffer(current.id, open.offer.id)}
          onDone={async () => {
            notify('enrolment.office.notify.offerRemoved', 'success');
            close();
            await refresh();
          }}
          onError={() => void refresh()}
          onClose={close}
        />
      ) : null}
      {decision ? (
        <ConfirmDialog
          title={t(`enrolment.office.decide.${decision.decision}Title`, { count: decision.applications.length })}
          text={
            decision.name
              ? t(`enrolment.office.decide.${decision.decision}One`, { name: decision.name })
              : t(`enrolment.office.decide.${decision.decision}Text`, { count: decision.applications.length })
          }
          confirmLabel={t(`enrolment.office.decide.${decision.decision}`)}
          danger={decision.decision === 'REFUSE'}
          wide
          action={() =>
            decideApplications({
              DECISION: decision.decision,
              APPLICATIONS: decision.applications.map((application) => ({ ID: application.id, STATUS: application.status })),
            })
          }
          onDone={async (answer) => {
            notify(`enrolment.office.notify.${decision.decision}`, 'success', { count: answer.changed });
            setChosen([]);
            close();
            await refresh();
          }}
          onError={() => void refresh()}
          onClose={close}
        />
      ) : null}
    </Page>
  );
}
