// A lesson's status as everyone sees it (issue 12): its colour (the reference system's planning
// colours, LESSON_STATUS_COLOURS), a text colour that reads on it, its name in the reader's
// language (`schedule.status.<status>`), a chip and the legend of the four. The Schedule page,
// the week beside the requests' form and the academic office's planning use these.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { LESSON_STATUS_COLOURS, type LessonStatus } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';

/** The statuses in the legend's order: from done (validated and billed) to refused, as the reference system listed them. */
export const LESSON_STATUS_LEGEND: readonly LessonStatus[] = ['ValidatedAndBilled', 'ValidatedButNotBilled', 'PendingValidation', 'NotValidated'];

/** Text only screen readers read (a table's caption, a status beside its colour). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  m: 0,
  p: 0,
  border: 0,
} as const;

/** The text colours a status colour may carry. */
export const DARK_TEXT = 'rgb(0, 0, 0)';
export const LIGHT_TEXT = 'rgb(255, 255, 255)';

/** The relative luminance (WCAG 2) of an `rgb(r,g,b)` or `rgba(r,g,b,a)` colour. */
function luminanceOf(colour: string): number {
  const [r = 0, g = 0, b = 0] = (/rgba?\(([^)]+)\)/.exec(colour)?.[1] ?? '').split(',').map((part) => Number(part.trim()));
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio (WCAG 2) of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever contrasts more with the colour (all four status colours, the two greens, orange and red alike, read best in black). */
export const readableTextOn = (colour: string): string => (contrastRatio(colour, DARK_TEXT) >= contrastRatio(colour, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT);

/** A status's background and text colours. */
export const lessonStatusColours = (status: LessonStatus): { background: string; text: string } => {
  const background = LESSON_STATUS_COLOURS[status];
  return { background, text: readableTextOn(background) };
};

/** The translation key of a status's name. */
export const lessonStatusKey = (status: LessonStatus): string => `schedule.status.${status}`;

/** A status in its colour. */
export function LessonStatusChip({ status, sx }: { status: LessonStatus; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const { background, text } = lessonStatusColours(status);
  return (
    <Chip
      size="small"
      label={t(lessonStatusKey(status))}
      data-status={status}
      sx={[{ bgcolor: background, color: text, fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

/** The four statuses with their colours, as a labelled list. */
export function LessonStatusLegend({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('schedule.legend')}
      sx={[
        { listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75, typography: 'body2' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {LESSON_STATUS_LEGEND.map((status) => (
        <Box component="li" key={status} data-status={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden
            style={{ backgroundColor: LESSON_STATUS_COLOURS[status] }}
            sx={{ width: 14, height: 14, borderRadius: 0.5, border: 1, borderColor: 'divider', flexShrink: 0 }}
          />
          {t(lessonStatusKey(status))}
        </Box>
      ))}
    </Box>
  );
}
