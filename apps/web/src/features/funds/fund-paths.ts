/** A fund's page (spec §2.1: /admin/funds/{id}/details) and its edit page. */
export const fundPath = (id: number) => `/admin/funds/${id}/details`;
export const fundEditPath = (id: number) => `/admin/funds/${id}/edit`;
