import type { Paper } from './layout';

/** Letter where it is the paper people have (US, Canada, Mexico and a few more), A4 elsewhere. */
export function paperForLocale(locale: string): Paper {
  const region = (locale.split(/[-_]/)[1] ?? '').toUpperCase();
  return ['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PA'].includes(region) || locale === 'en'
    ? 'letter'
    : 'a4';
}
