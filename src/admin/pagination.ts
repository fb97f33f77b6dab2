// The pages of the admin host's lists (GET /api/tenants, the API usage): the same query, the same page count.
import { z } from 'zod';
import { pageNumber } from '../platform/http/schemas.ts';

/** `?page=&per_page=`: a page number and up to 100 rows a page, `perPage` unless asked. */
export const pageQuery = (perPage: number) =>
  z.object({ page: pageNumber(), per_page: z.coerce.number().int().min(1).max(100).default(perPage) });

/** The number of the last page (1 for an empty list). */
export const lastPage = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
