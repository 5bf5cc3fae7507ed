import { paths } from '../../app/paths.ts';

/** Where one property's detail page and edit form are (spec §2 names no path for them). */
export const propertyPath = (id: string) => `/properties/details/${encodeURIComponent(id)}`;
export const editPropertyPath = (id: string) => `/properties/edit/${encodeURIComponent(id)}`;
export const successPath = (id: string) => `${paths.propertySuccess}?id=${encodeURIComponent(id)}`;
