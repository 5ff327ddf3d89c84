// The data API answers at most 1000 rows per request (the server's POSTGREST_MAX_ROWS, as on a
// hosted project), so lists that can grow past it are read page by page.

/** rows per request: the data API's maximum. */
export const PAGE_SIZE = 1000;

interface PageResult<T> {
  data: T[] | null;
  error: unknown;
}

/** Every row of a query, in pages of PAGE_SIZE. `page` must order the rows by a unique key so
 * that pages do not overlap or skip. */
export async function readAllRows<T>(
  page: (from: number, to: number) => PromiseLike<PageResult<T>>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await page(from, from + PAGE_SIZE - 1);
    if (error) throw error;
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE_SIZE) return rows;
  }
}
