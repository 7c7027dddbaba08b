import AlertTitle from '@mui/material/AlertTitle';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api';
import { conflictText } from './labels';

/**
 * Asks before acting on lessons (a decision, a deletion) and shows why the server refused: a
 * conflict names the other lesson (validating a refused lesson whose slot was taken since).
 */
export function ActionDialog<T>(props: Omit<ComponentProps<typeof ConfirmDialog<T>>, 'describeError' | 'wide'>) {
  const { t } = useTranslation();
  const describeError = (error: unknown) => {
    const conflict = isApiError(error) ? error.conflict : undefined;
    return conflict ? (
      <>
        <AlertTitle>{t('planning.conflict.title')}</AlertTitle>
        {conflictText(t, conflict)}
      </>
    ) : null;
  };
  return <ConfirmDialog<T> {...props} describeError={describeError} wide />;
}
