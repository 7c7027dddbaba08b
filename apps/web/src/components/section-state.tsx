import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';

/** Where a section of a person's file stands, as its header says it. */
export type SectionStanding = 'wrong' | 'toFill' | 'complete' | 'unsaved' | 'saved' | 'notSaved';

const LOOKS: Record<SectionStanding, Pick<ChipProps, 'color' | 'variant'> & { icon?: boolean }> = {
  wrong: { color: 'error' },
  toFill: {},
  complete: { color: 'success', variant: 'outlined', icon: true },
  unsaved: { color: 'warning' },
  saved: { color: 'success', variant: 'outlined' },
  notSaved: {},
};

/** A section header's chip: fields with a mistake, fields to fill, complete, changes not saved, saved, never saved. */
export function SectionStateChip({ standing, label, inline = false }: { standing: SectionStanding; label: string; inline?: boolean }) {
  const { icon, ...look } = LOOKS[standing];
  return <Chip {...(inline ? { component: 'span' as const } : {})} size="small" {...look} icon={icon ? <CheckCircleOutlined /> : undefined} label={label} />;
}
