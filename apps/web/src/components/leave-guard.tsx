import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { LazySimpleDialog } from './lazy';

export interface LeaveGuardProps {
  /** the page holds unsaved changes */
  when: boolean;
  /** what would be lost, in the page's words */
  text: string;
}

/**
 * Asks "Leave this page?" before a navigation away from a page with unsaved changes (and lets
 * the browser ask when the tab is closed): staying is the focused answer.
 */
export function LeaveGuard({ when, text }: LeaveGuardProps) {
  const { t } = useTranslation();
  const guard = useLeaveGuard(when);
  if (!guard.asking) return null;
  return (
    <Suspense fallback={null}>
      <LazySimpleDialog
        open
        title={t('common.leave.title')}
        text={text}
        onClose={guard.stay}
        actions={
          <>
            <Button onClick={guard.leave} color="error">
              {t('common.leave.leave')}
            </Button>
            <Button onClick={guard.stay} variant="contained" autoFocus>
              {t('common.leave.stay')}
            </Button>
          </>
        }
      />
    </Suspense>
  );
}
