import { useIsMutating } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMountedOnce } from '../../components/lazy';
import { LazyBackdropView } from './lazy';

export const BACKDROP_CLOSE_DELAY_MS = 500;

/**
 * Covers the page while a mutation (a save, a sign-in, ...) runs; closes 500 ms after the
 * last one ends. Uploads that show their own progress say `meta: { backdrop: false }`.
 */
export function LoadingBackdrop() {
  const { t } = useTranslation();
  const busy = useIsMutating({ predicate: (mutation) => mutation.options.meta?.backdrop !== false }) > 0;
  const [lingering, setLingering] = useState(false);

  useEffect(() => {
    if (busy) {
      setLingering(true);
      return undefined;
    }
    const timer = setTimeout(() => setLingering(false), BACKDROP_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const open = busy || lingering;
  const mounted = useMountedOnce(open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyBackdropView open={open} label={t('common.loading')} />
    </Suspense>
  );
}
