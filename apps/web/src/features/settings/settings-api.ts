import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonRecord, Settings } from '@portal/contract';
import { api } from '../../lib/api';
import { changeLanguage, isLanguage, DEFAULT_LANGUAGE, type Language } from '../../lib/i18n';
import { currentUser, queryKeys } from '../../lib/session';

export function saveSettings(body: Record<string, unknown>): Promise<Settings> {
  return api<Settings>('/api/settings', { method: 'POST', body });
}

/** The signed-in person's settings as saved with their account (nothing is asked for nobody). */
export function useSettings(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api<Settings>('/api/settings', { signal }),
    enabled,
  });
}

/**
 * The interface language. Switching applies at once, is remembered in this browser and,
 * when someone is signed in, saved with their settings.
 */
export function useLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  const setLanguage = useCallback(
    async (next: Language): Promise<void> => {
      await changeLanguage(next);
      const user = currentUser(queryClient);
      if (!user) return;
      const updated: PersonRecord = { ...user, LANGUAGE: next };
      queryClient.setQueryData(queryKeys.session, updated);
      const settings = await saveSettings({ LANGUAGE: next });
      queryClient.setQueryData(queryKeys.settings, settings);
    },
    [queryClient],
  );

  return { language, setLanguage };
}
