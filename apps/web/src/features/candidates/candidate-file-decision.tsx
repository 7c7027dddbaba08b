import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { CandidateDecision } from '@portal/contract';
import { isoToDmy, universityDayOf, type AdmissionDecision } from '@portal/contract/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '../../lib/names';

const LOOK: Record<AdmissionDecision, { severity: AlertColor; icon: ReactNode }> = {
  ADMITTED: { severity: 'success', icon: <EmojiEventsOutlined fontSize="large" /> },
  WAITING_LIST: { severity: 'warning', icon: <HourglassEmptyOutlined fontSize="large" /> },
  REFUSED: { severity: 'info', icon: <InfoOutlined fontSize="large" /> },
};

/** The admissions office's decision after the exam, shown first once there is one: admitted to, waiting for, or not admitted, and its day. */
export function DecisionCard({ decision }: { decision: CandidateDecision }) {
  const { t, i18n } = useTranslation();
  const speciality = decision.SPECIALITY_DESCRIPTION ? inLanguage(i18n.language, decision.SPECIALITY_DESCRIPTION, decision.SPECIALITY_DESCRIPTION_FR) : null;
  const look = LOOK[decision.DECISION];
  const title = t(`candidateFile.decision.${decision.DECISION}`, { context: speciality ? 'named' : undefined, speciality });
  return (
    <Box component="section" aria-label={t('candidateFile.decision.label')}>
      <Alert severity={look.severity} variant="filled" icon={look.icon} role="status" sx={{ '& .MuiAlert-message': { width: '100%' }, py: 2 }}>
        <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {title}
        </AlertTitle>
        {t('candidateFile.decision.decidedOn', { date: isoToDmy(universityDayOf(decision.decidedAt)) })}
      </Alert>
    </Box>
  );
}
