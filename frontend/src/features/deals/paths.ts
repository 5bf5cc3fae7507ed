import { paths } from '../../app/paths.ts';

/** One deal's page (the notifications of kind `deal` link here too). */
export const dealPath = (id: string) => `${paths.deals}/${encodeURIComponent(id)}`;
