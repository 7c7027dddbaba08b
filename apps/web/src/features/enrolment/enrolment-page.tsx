import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentOffer, MyEnrolmentApplication, StudentEnrolmentSession } from '@portal/contract';
import { COUNTED_ENROLMENT_STATUSES, isoToDmy, WITHDRAWABLE_ENROLMENT_STATUSES } from '@portal/contract/rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { formatMoment } from '../../lib/format';
import { applyToOffer, enrolmentKeys, useMyEnrolment, withdrawApplication } from './enrolment-api';
import { EnrolmentStatusChip, enrolmentSessionName, offerClassCode, offerFullName, offerName } from './labels';

type Asking = { kind: 'apply'; offer: EnrolmentOffer; session: StudentEnrolmentSession } | { kind: 'withdraw'; application: MyEnrolmentApplication };

/** Where a session stands, in a sentence with its days. */
function StateText({ session }: { session: StudentEnrolmentSession }) {
  const { t } = useTranslation();
  const text = {
    OPEN: t('enrolment.session.open', { from: isoToDmy(session.startDate), to: isoToDmy(session.endDate) }),
    UPCOMING: t('enrolment.session.upcoming', { from: isoToDmy(session.startDate), to: isoToDmy(session.endDate) }),
    ENDED: t('enrolment.session.ended', { to: isoToDmy(session.endDate) }),
    CLOSED: t('enrolment.session.closed'),
  }[session.state];
  return <Typography>{text}</Typography>;
}

function OfferItem({
  offer,
  session,
  application,
  canApply,
  onApply,
}: {
  offer: EnrolmentOffer;
  session: StudentEnrolmentSession;
  application: MyEnrolmentApplication | undefined;
  canApply: boolean;
  onApply: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = offerName(offer, i18n.language);
  const klass = offerClassCode(offer);
  const applied = application && application.status !== 'WITHDRAWN';
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        {klass ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('enrolment.offer.inClass', { class: klass })}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ color: offer.seatsLeft > 0 ? 'text.secondary' : 'error.main' }}>
          {offer.seatsLeft > 0
            ? t('enrolment.offer.seatsLeft', { count: offer.seatsLeft, total: offer.capacity })
            : t('enrolment.offer.full', { total: offer.capacity })}
        </Typography>
      </Box>
      {applied ? (
        <EnrolmentStatusChip status={application.status} />
      ) : session.state === 'OPEN' ? (
        <Button
          variant="contained"
          size="small"
          disabled={!canApply || offer.seatsLeft === 0}
          onClick={onApply}
          aria-label={t('enrolment.offer.applyTo', { name })}
        >
          {t('enrolment.offer.apply')}
        </Button>
      ) : null}
    </Box>
  );
}

function ApplicationItem({ application, onWithdraw }: { application: MyEnrolmentApplication; onWithdraw: () => void }) {
  const { t, i18n } = useTranslation();
  const name = offerFullName(application.offer, i18n.language);
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('enrolment.mine.appliedAt', { date: formatMoment(application.appliedAt) })}
          {application.decidedAt
            ? ` · ${t(application.status === 'WITHDRAWN' ? 'enrolment.mine.withdrawnAt' : 'enrolment.mine.decidedAt', { date: formatMoment(application.decidedAt) })}`
            : ''}
        </Typography>
      </Box>
      <EnrolmentStatusChip status={application.status} />
      {WITHDRAWABLE_ENROLMENT_STATUSES.includes(application.status) ? (
        <Button size="small" color="error" onClick={onWithdraw} aria-label={t('enrolment.mine.withdrawFrom', { name })}>
          {t('enrolment.mine.withdraw')}
        </Button>
      ) : null}
    </Box>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0 } as const;

function SessionSection({ session, onAsk }: { session: StudentEnrolmentSession; onAsk: (asking: Asking) => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const running = session.applications.filter((application) => COUNTED_ENROLMENT_STATUSES.includes(application.status)).length;
  const underLimit = running < session.maxApplications;
  const applicationTo = (offer: EnrolmentOffer) => session.applications.find((application) => application.offer.id === offer.id);
  const groups = [
    { key: 'classes', offers: session.offers.filter((offer) => offer.kind === 'CLASS') },
    { key: 'subjects', offers: session.offers.filter((offer) => offer.kind === 'SUBJECT') },
  ].filter((group) => group.offers.length > 0);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {enrolmentSessionName(session, i18n.language)}
        </Typography>
        <Chip size="small" color={session.state === 'OPEN' ? 'success' : 'default'} label={t(`enrolment.state.${session.state}`)} />
      </Box>
      <StateText session={session} />
      {session.state === 'OPEN' ? (
        <Typography variant="body2" sx={{ color: underLimit ? 'text.secondary' : 'warning.dark', mt: 0.5 }}>
          {underLimit
            ? t('enrolment.session.running', { count: running, total: session.maxApplications })
            : t('enrolment.session.limitReached', { count: session.maxApplications })}
        </Typography>
      ) : null}

      {session.state === 'OPEN' || session.state === 'UPCOMING'
        ? groups.map((group) => (
            <Box key={group.key} sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t(`enrolment.offers.${group.key}`)}
              </Typography>
              <Box component="ul" sx={listSx} aria-label={t(`enrolment.offers.${group.key}`)}>
                {group.offers.map((offer) => (
                  <OfferItem
                    key={offer.id}
                    offer={offer}
                    session={session}
                    application={applicationTo(offer)}
                    canApply={underLimit}
                    onApply={() => onAsk({ kind: 'apply', offer, session })}
                  />
                ))}
              </Box>
            </Box>
          ))
        : null}
      {(session.state === 'OPEN' || session.state === 'UPCOMING') && groups.length === 0 ? (
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>{t('enrolment.offers.none')}</Typography>
      ) : null}

      <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('enrolment.mine.title')}
        </Typography>
        {session.applications.length ? (
          <Box component="ul" sx={listSx} aria-label={t('enrolment.mine.title')}>
            {session.applications.map((application) => (
              <ApplicationItem key={application.id} application={application} onWithdraw={() => onAsk({ kind: 'withdraw', application })} />
            ))}
          </Box>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('enrolment.mine.none')}</Typography>
        )}
      </Box>
    </Paper>
  );
}

/**
 * A student's enrolment: the sessions open (or to come, or ended lately) with the classes and
 * optional subjects offered and their seats left; applying with a confirmation, one's
 * applications with their status and decision, and withdrawing one not decided yet.
 */
export default function EnrolmentPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useMyEnrolment();
  const [asking, setAsking] = useState<Asking | null>(null);
  const close = () => setAsking(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: enrolmentKeys.mine });
  const data = query.data;
  const open = data?.sessions.some((session) => session.state === 'OPEN') ?? false;

  return (
    <Page title={t('enrolment.title')} intro={t('enrolment.intro')}>
      <LoadStatus error={query.error} loading={query.isPending} />
      {data ? (
        <>
          <Typography sx={{ mb: 2 }}>{data.class ? t('enrolment.myClass', { class: data.class.code }) : t('enrolment.noClass')}</Typography>
          {!open ? (
            <Alert severity="info" sx={{ mb: 3 }}>
              {data.sessions.some((session) => session.state === 'UPCOMING') ? t('enrolment.notOpenYet') : t('enrolment.noSession')}
            </Alert>
          ) : null}
          {data.sessions.map((session) => (
            <SessionSection key={session.id} session={session} onAsk={setAsking} />
          ))}
        </>
      ) : null}

      {asking?.kind === 'apply' ? (
        <ConfirmDialog
          title={t('enrolment.apply.title')}
          text={t('enrolment.apply.text', { name: offerFullName(asking.offer, i18n.language), session: enrolmentSessionName(asking.session, i18n.language) })}
          confirmLabel={t('enrolment.offer.apply')}
          action={() => applyToOffer(asking.offer.id)}
          onDone={async () => {
            notify('enrolment.notify.applied', 'success');
            close();
            await refresh();
          }}
          onError={() => void refresh()}
          onClose={close}
        />
      ) : null}
      {asking?.kind === 'withdraw' ? (
        <ConfirmDialog
          title={t('enrolment.withdraw.title')}
          text={t('enrolment.withdraw.text', { name: offerFullName(asking.application.offer, i18n.language) })}
          confirmLabel={t('enrolment.mine.withdraw')}
          danger
          action={() => withdrawApplication(asking.application.id)}
          onDone={async () => {
            notify('enrolment.notify.withdrawn', 'success');
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
