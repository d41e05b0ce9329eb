import type { PromotionsPage } from '@sweepstack/contracts/promotions/promotion';
import { useCallback, useState } from 'react';
import { http } from '../../../lib/http';

/** GET /rest/page/promotions/ in the page's language (operator texts such as quest titles). */
export function usePromotions(locale: string) {
  const [page, setPage] = useState<PromotionsPage | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const answer = await http<{ payload: PromotionsPage }>('/rest/page/promotions/', { query: { locale } });
      setPage(answer.payload);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [locale]);
  return { page, failed, load };
}
