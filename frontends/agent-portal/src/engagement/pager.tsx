import { useSearchParams } from '@manzil/ui/router';

/** The `?page=` of a list page (1 when absent or not a number). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [page, (to: number) => setParams(to > 1 ? { page: String(to) } : {})];
}
