import type { MessageId } from '@scentry/shared-schema';
import { Link } from '@tanstack/react-router';
import { useT } from '../i18n';

/**
 * The legal text set (spec §2): its addresses and short titles (catalogue keys). Kept apart from
 * the texts themselves so the route guard and the links of other screens carry only these few words.
 */
export const LEGAL_DOCS = [
  { id: 'description', title: 'legal.description' },
  { id: 'privacy', title: 'legal.privacy' },
  { id: 'caution', title: 'legal.caution' },
  { id: 'terms', title: 'legal.terms' },
  { id: 'hipaa', title: 'legal.hipaa' },
] as const satisfies readonly { id: string; title: MessageId }[];

export type LegalDocId = (typeof LEGAL_DOCS)[number]['id'];

export const isLegalDoc = (value: string): value is LegalDocId => LEGAL_DOCS.some((d) => d.id === value);

/** A small row of links to the five texts; `current` is marked as the page being read. */
export function LegalLinks({ current, label }: { current?: LegalDocId; label?: string }) {
  const t = useT();
  const name = label ?? t('legal.label');
  return (
    <nav className="legal-links" aria-label={name}>
      <span className="legal-links-label" aria-hidden="true">
        {name}
      </span>
      <ul>
        {LEGAL_DOCS.map((d) => (
          <li key={d.id}>
            <Link
              to="/legal/$doc"
              params={{ doc: d.id }}
              aria-current={d.id === current ? 'page' : undefined}
              className="legal-link"
            >
              {t(d.title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
