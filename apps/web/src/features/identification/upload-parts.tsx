import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorKey, isApiError } from '../../lib/api';
import { identificationKeys } from './identification-api';

/**
 * What a refused change shows: the error's translation key. A change refused because the
 * identification was completed meanwhile (by another agent) reloads it, so the page turns read-only.
 */
export function useChangeError(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown): string | null => {
      if (isApiError(error) && error.status === 401) return null;
      if (isApiError(error) && error.code === 'IDENTIFICATION_COMPLETED') {
        void queryClient.invalidateQueries({ queryKey: identificationKeys.person(id) });
      }
      return errorKey(error);
    },
    [queryClient, id],
  );
}
