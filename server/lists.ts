/** The list pages in the shapes services send them (Laravel's paginators, bare arrays), and the lenient params. */
export const PRODUCTS_PER_PAGE = 15;
export const SERVICE_VERSION = '1.4.2';

/** Laravel reads ?page= leniently: anything that is not a positive integer is page 1. */
export function pageParam(raw: unknown): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 ? page : 1;
}

export function idParam(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export type ListShapeOption = 'paginated' | 'simple' | 'data-paged' | 'bare-paged' | 'data' | 'bare';
export const LIST_SHAPES: readonly ListShapeOption[] = [
  'paginated',
  'simple',
  'data-paged',
  'bare-paged',
  'data',
  'bare',
];

export interface PageFacts {
  page: number;
  total: number;
  lastPage: number;
  path: string;
  perPage: number;
}

/** A list page in the shape asked for. */
export function listBody(shape: ListShapeOption, rows: string[], p: PageFacts): string {
  const list = `[${rows.join(',')}]`;
  if (shape === 'paginated') return paginated(rows, p);
  if (shape === 'simple') return simplePaginated(rows, p);
  return shape === 'data' || shape === 'data-paged' ? `{"data":${list}}` : list;
}

/**
 * Laravel's simplePaginate: no total and no last page; `links.next` is set while a page after this one has rows (the
 * framework asks for one row more than a page to know).
 */
function simplePaginated(rows: string[], p: PageFacts): string {
  const from = rows.length > 0 ? (p.page - 1) * p.perPage + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const link = (n: number): string => `${p.path}?page=${n}`;
  const links = {
    first: link(1),
    last: null,
    prev: p.page > 1 ? link(p.page - 1) : null,
    next: p.page * p.perPage < p.total ? link(p.page + 1) : null,
  };
  const meta = { current_page: p.page, from, path: p.path, per_page: p.perPage, to };
  return `{"data":[${rows.join(',')}],"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`;
}

function paginated(rows: string[], p: PageFacts): string {
  const from = rows.length > 0 ? (p.page - 1) * p.perPage + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const link = (n: number): string => `${p.path}?page=${n}`;
  const links = {
    first: link(1),
    last: link(p.lastPage),
    prev: p.page > 1 ? link(p.page - 1) : null,
    next: p.page < p.lastPage ? link(p.page + 1) : null,
  };
  const meta = {
    current_page: p.page,
    from,
    last_page: p.lastPage,
    path: p.path,
    per_page: p.perPage,
    to,
    total: p.total,
  };
  return (
    `{"version":"${SERVICE_VERSION}","author_url":"https://shopdesk.example/reference-service","data":[${rows.join(',')}],` +
    `"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`
  );
}
