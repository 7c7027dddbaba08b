import { useQuery } from '@tanstack/react-query';
import type { ReviewList } from '@portal/contract';
import { api } from '../../lib/api';

export const reviewsKeys = { mine: ['reviews'] as const };

/** The signed-in lecturer's own results (the server answers theirs only). */
export function useReviews() {
  return useQuery({
    queryKey: reviewsKeys.mine,
    queryFn: ({ signal }) => api<ReviewList>('/api/reviews', { signal }),
  });
}
