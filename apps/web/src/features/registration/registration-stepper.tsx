import CheckCircle from '@mui/icons-material/CheckCircle';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationState } from '@portal/contract';
import type { StepId } from './steps';

/** What a step shows: saved, changed and not saved, mandatory data missing, or not done yet. */
export type StepState = 'saved' | 'unsaved' | 'missing' | 'todo';

export function stepStateOf(step: StepId, dirty: boolean, state: RegistrationState | undefined, closed: boolean): StepState {
  if (dirty) return 'unsaved';
  if (step === 'closure') return closed ? 'saved' : state && state.missing.length > 0 ? 'missing' : 'todo';
  const section = state?.sections.find((item) => item.section === step);
  if (section && section.missing.length > 0) return 'missing';
  if (section?.savedAt) return 'saved';
  return 'todo';
}

/** The words read for a state (the closure step has its own). */
function stateKey(step: StepId, state: StepState): string {
  if (step === 'closure') return `registration.closureState.${state}`;
  return `registration.stepState.${state}`;
}

function StateIcon({ state, number }: { state: StepState; number: number }) {
  if (state === 'saved') return <CheckCircle color="success" />;
  if (state === 'unsaved') return <EditOutlined color="secondary" />;
  if (state === 'missing') return <ErrorOutlineOutlined color="error" />;
  return number;
}

interface Props {
  steps: readonly StepId[];
  active: StepId;
  states: Record<StepId, StepState>;
  onSelect: (step: StepId) => void;
}

function Steps({ steps, active, states, onSelect, vertical }: Props & { vertical: boolean }) {
  const { t } = useTranslation();
  return (
    <Stepper
      nonLinear
      activeStep={steps.indexOf(active)}
      orientation={vertical ? 'vertical' : 'horizontal'}
      alternativeLabel={!vertical}
      component="ol"
      sx={vertical ? { pl: 0, m: 0 } : { pl: 0, m: 0, minWidth: steps.length * 80 }}
    >
      {steps.map((step, index) => {
        const state = states[step];
        return (
          <Step key={step} completed={state === 'saved'} component="li" sx={{ listStyle: 'none' }}>
            <StepButton
              id={`step-tab-${step}`}
              onClick={() => onSelect(step)}
              icon={<StateIcon state={state} number={index + 1} />}
              optional={
                <Typography variant="caption" sx={{ color: state === 'missing' ? 'error.main' : 'text.secondary', display: 'block' }}>
                  {t(stateKey(step, state))}
                </Typography>
              }
            >
              <StepLabel error={state === 'missing'} sx={{ '& .MuiStepLabel-label': { fontWeight: step === active ? 700 : 400 } }}>
                {t(`registration.steps.${step}`)}
              </StepLabel>
            </StepButton>
          </Step>
        );
      })}
    </Stepper>
  );
}

/**
 * The wizard's steps, any of which can be opened in any order. Horizontal on wide screens;
 * on a phone a single line names the current step and opens the list of steps.
 */
export function RegistrationStepper(props: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (!phone) {
    return (
      <Box component="nav" aria-label={t('registration.stepperLabel')} sx={{ overflowX: 'auto', pb: 1 }}>
        <Steps {...props} vertical={false} />
      </Box>
    );
  }

  const position = props.steps.indexOf(props.active) + 1;
  return (
    <Box component="nav" aria-label={t('registration.stepperLabel')}>
      <Button
        fullWidth
        variant="outlined"
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
        onClick={() => setOpen((value) => !value)}
        sx={{ justifyContent: 'space-between', textAlign: 'left' }}
      >
        {t('registration.stepOf', { position, total: props.steps.length, name: t(`registration.steps.${props.active}`) })}
      </Button>
      <Collapse in={open} id={listId}>
        <Box sx={{ pt: 1 }}>
          <Steps
            {...props}
            vertical
            onSelect={(step) => {
              setOpen(false);
              props.onSelect(step);
            }}
          />
        </Box>
      </Collapse>
    </Box>
  );
}
