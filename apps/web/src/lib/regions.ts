import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Region } from '@portal/contract';
import { api } from './api';

/** Cameroon's regions and their towns (English and French names), fetched once per visit. */
export const regionsQueryKey = ['reference', 'regions'] as const;

export function useRegions() {
  return useQuery({ queryKey: regionsQueryKey, queryFn: () => api<Region[]>('/api/reference/regions'), staleTime: Infinity, gcTime: Infinity });
}

/** The name of a region in the reader's language (the reference list gives English and French). */
export function useRegionName(): (region: Region | undefined, fallback?: string) => string {
  const { i18n } = useTranslation();
  const french = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr');
  return (region, fallback = '') => (region ? (french ? region.nom : region.name) : fallback);
}
