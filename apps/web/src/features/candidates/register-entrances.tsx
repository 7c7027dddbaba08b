// The first part of the registration: the entrance exams open today, one to choose.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Entrance } from '@portal/contract';
import { formatFcfa, isoToDmy } from '@portal/contract/rules';
import { messageKey } from '../../lib/form';
import type { CandidateControl } from './register-fields';

/** One entrance as a choice: its name, then its year and school, fee, deadline and first exam day. */
function EntranceLabel({ entrance }: { entrance: Entrance }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {entrance.Entrance_Name}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {t('candidates.entrance.yearSchool', { year: entrance.Year_Name, name: entrance.School_Name })}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {t('candidates.entrance.fee', { value: formatFcfa(entrance.Entrance_Registration_Amount) })}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {t('candidates.entrance.dates', {
          deadline: isoToDmy(entrance.Entrance_Registration_Limit_Date),
          date: isoToDmy(entrance.Entrance_Evaluation_Begin_Date),
        })}
      </Typography>
    </>
  );
}

interface Props {
  control: CandidateControl;
  entrances: readonly Entrance[];
  disabled: boolean;
  /** after a choice: the sections follow it (a cycle the new entrance does not offer is cleared) */
  onChosen: (entrance: Entrance) => void;
}

/** The open entrances as radio buttons, each a card that reads well on a phone. */
export function EntranceChoice({ control, entrances, disabled, onChosen }: Props) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'ENTRANCE_ID' });
  const message = fieldState.error?.message;
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled} required sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1, typography: 'subtitle1', fontWeight: 600 }}>
        {t('candidates.entrance.choose')}
      </FormLabel>
      <RadioGroup
        name={field.name}
        value={field.value}
        onChange={(event) => {
          field.onChange(event.target.value);
          const chosen = entrances.find((entrance) => String(entrance.Entrance_ID) === event.target.value);
          if (chosen) onChosen(chosen);
        }}
        onBlur={field.onBlur}
        sx={{ gap: 1 }}
      >
        {entrances.map((entrance) => (
          <Paper
            key={entrance.Entrance_ID}
            variant="outlined"
            sx={{ px: 1.5, py: 1, borderColor: field.value === String(entrance.Entrance_ID) ? 'primary.main' : undefined }}
          >
            <FormControlLabel
              value={String(entrance.Entrance_ID)}
              control={<Radio />}
              label={<EntranceLabel entrance={entrance} />}
              sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: -0.5 } }}
            />
          </Paper>
        ))}
      </RadioGroup>
      {message ? <FormHelperText>{t(messageKey(message))}</FormHelperText> : null}
    </FormControl>
  );
}
