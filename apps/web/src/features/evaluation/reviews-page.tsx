import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EvaluationSessionRef, Review } from '@portal/contract';
import { isoToDmy, RESULTS_THRESHOLD } from '@portal/contract/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TargetResultCard } from '../../components/evaluation-results';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { inLanguage } from '../../lib/names';
import { useReviews } from './reviews-api';

/**
 * `/reviews`: the signed-in lecturer's own evaluation results, by session, one card per subject
 * and class: the answers counted and, from the threshold on, the averages, distributions and
 * comments; below it, "not enough answers to show results". Nobody else's.
 */
export default function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const reviews = useReviews();
  const sessions = useMemo(() => {
    const groups = new Map<number, { session: EvaluationSessionRef; reviews: Review[] }>();
    for (const review of reviews.data?.reviews ?? []) {
      const group = groups.get(review.session.id) ?? { session: review.session, reviews: [] };
      group.reviews.push(review);
      groups.set(review.session.id, group);
    }
    return [...groups.values()];
  }, [reviews.data]);

  return (
    <Page title={t('reviews.title')} intro={t('reviews.intro', { count: reviews.data?.threshold ?? RESULTS_THRESHOLD })}>
      <LoadStatus error={reviews.error} loading={reviews.isPending} />
      {reviews.data && sessions.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('reviews.none')}</Typography> : null}
      {sessions.map(({ session, reviews: items }) => {
        const name = inLanguage(language, session.name, session.nameFr);
        return (
          <Box component="section" key={session.id} aria-label={name} sx={{ mb: 4 }}>
            <Typography variant="h6" component="h2">
              {name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {t(session.state === 'OPEN' ? 'reviews.open' : session.state === 'UPCOMING' ? 'reviews.upcoming' : 'reviews.ended', {
                from: isoToDmy(session.startDate),
                to: isoToDmy(session.endDate),
              })}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {items.map((review) => (
                <TargetResultCard
                  key={review.targetId}
                  result={review}
                  form={review.form}
                  threshold={reviews.data?.threshold ?? RESULTS_THRESHOLD}
                  showLecturer={false}
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Page>
  );
}
