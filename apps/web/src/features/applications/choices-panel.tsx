import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SubjectConstraint } from '@portal/contract';
import { AFFECTATION, type Affectation } from '@portal/contract/rules';
import { formatCurrency } from '../../lib/format';
import { byLevel, payEstimate, slotUsage, totalHours, type DraftChoice } from './choices';
import { choiceName, formatRate } from './labels';
import { LimitsTable, Section } from './panels';
import { subjectName } from '../../lib/names';

/** Confirmed (1), Declined (2) or Selected. */
export function AffectationChip({ affectation }: { affectation: Affectation }) {
  const { t } = useTranslation();
  if (affectation === AFFECTATION.CONFIRMED) return <Chip size="small" color="success" label={t('applications.affectation.confirmed')} />;
  if (affectation === AFFECTATION.DECLINED) return <Chip size="small" color="error" variant="outlined" label={t('applications.affectation.declined')} />;
  return <Chip size="small" color="info" variant="outlined" label={t('applications.affectation.selected')} />;
}

interface ListProps {
  choices: readonly DraftChoice[];
  readOnly: boolean;
  onRemove: (choice: DraftChoice) => void;
}

/** The list by level, each choice with its class, subject, part, hours and state. */
export function ChoicesList({ choices, readOnly, onRemove }: ListProps) {
  const { t, i18n } = useTranslation();
  if (choices.length === 0) {
    return (
      <Typography role="status" sx={{ color: 'text.secondary', py: 2 }}>
        {t('applications.choices.empty')}
      </Typography>
    );
  }
  return (
    <Box>
      {byLevel(choices).map(([level, items]) => (
        <Box key={level} component="section" aria-labelledby={`courses-level-${level}`} sx={{ mb: 2 }}>
          <Typography id={`courses-level-${level}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('applications.levelN', { level })}
          </Typography>
          <List dense aria-labelledby={`courses-level-${level}`} disablePadding>
            {items.map((choice) => {
              const name = choiceName(subjectName(choice.Subject, i18n.language), choice.CATEGORY);
              const removable = !readOnly && choice.AFFECTATION === AFFECTATION.SELECTED;
              return (
                <ListItem
                  key={`${choice.Subject.SUBJECT_ID}:${choice.CATEGORY}`}
                  divider
                  secondaryAction={
                    removable ? (
                      <IconButton edge="end" aria-label={t('applications.remove', { name })} onClick={() => onRemove(choice)}>
                        <DeleteOutline />
                      </IconButton>
                    ) : null
                  }
                  sx={{ pr: removable ? 7 : 2, flexWrap: 'wrap', gap: 1 }}
                >
                  <ListItemText
                    primary={name}
                    secondary={`${choice.Subject.CLASS_CODE} · ${t(`applications.regimes.${choice.Subject.SHIFT}`)} · ${t('applications.hours', { count: choice.HOURS })}`}
                    sx={{ flex: '1 1 220px' }}
                  />
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <AffectationChip affectation={choice.AFFECTATION} />
                    {choice.saved ? null : <Chip size="small" color="warning" label={t('applications.choices.unsavedChip')} />}
                  </Box>
                </ListItem>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );
}

interface SummaryProps {
  choices: readonly DraftChoice[];
  allowedHours: number;
  limits: Omit<SubjectConstraint, 'id'>;
  hasNiu: boolean;
}

/** The running hourly volume against the allowed one, the pay estimate and the limits used. */
export function ChoicesSummary({ choices, allowedHours, limits, hasNiu }: SummaryProps) {
  const { t, i18n } = useTranslation();
  const hours = totalHours(choices);
  const pay = payEstimate(choices, hasNiu);
  const usage = slotUsage(choices, limits);
  const over = hours > allowedHours;
  const percent = allowedHours > 0 ? Math.min(100, Math.round((hours / allowedHours) * 100)) : hours > 0 ? 100 : 0;
  return (
    <Section id="courses-summary-title" title={t('applications.summary.title')}>
      <Typography id="courses-hours-label" sx={{ fontWeight: 600 }}>
        {t('applications.summary.hoursLabel')}
      </Typography>
      <Typography role="status" aria-live="polite" sx={{ color: over ? 'error.main' : 'text.primary' }}>
        {t('applications.summary.hours', { number: hours, total: allowedHours })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={over ? 'error' : 'primary'}
        aria-labelledby="courses-hours-label"
        aria-valuetext={t('applications.summary.hours', { number: hours, total: allowedHours })}
        sx={{ height: 8, borderRadius: 4, my: 1 }}
      />

      <Typography sx={{ fontWeight: 600, mt: 2 }}>{t('applications.summary.payTitle')}</Typography>
      <Box
        component="dl"
        aria-label={t('applications.summary.payTitle')}
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0, textAlign: 'right' } }}
      >
        <dt>{t('applications.summary.gross')}</dt>
        <dd>{formatCurrency(pay.gross)}</dd>
        <dt>{t('applications.summary.tax', { number: formatRate(pay.rate, i18n.language) })}</dt>
        <dd>{formatCurrency(pay.tax)}</dd>
        <Box component="dt" sx={{ fontWeight: 700 }}>
          {t('applications.summary.net')}
        </Box>
        <Box component="dd" sx={{ fontWeight: 700 }}>
          {formatCurrency(pay.net)}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {hasNiu ? t('applications.summary.withNiu') : t('applications.summary.withoutNiu')}
      </Typography>

      <Typography sx={{ fontWeight: 600, mt: 2 }} id="courses-limits-title">
        {t('applications.summary.limitsTitle')}
      </Typography>
      <LimitsTable
        labelledBy="courses-limits-title"
        nowrap
        cellSx={(group, shift) => {
          const slot = usage.find((u) => u.group === group && u.shift === shift);
          return slot ? { color: slot.used >= slot.limit ? 'warning.dark' : undefined, whiteSpace: 'nowrap' } : undefined;
        }}
        cell={(group, shift) => {
          const slot = usage.find((u) => u.group === group && u.shift === shift);
          return slot ? t('applications.summary.used', { number: slot.used, total: slot.limit }) : null;
        }}
      />
    </Section>
  );
}
