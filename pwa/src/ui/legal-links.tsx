import { Link } from '@tanstack/react-router';

/**
 * The legal text set (spec §2): its addresses and short titles. Kept apart from the texts
 * themselves so the route guard and the links of other screens carry only these few words.
 */
export const LEGAL_DOCS = [
  { id: 'description', title: 'About Scentry' },
  { id: 'privacy', title: 'Privacy notice' },
  { id: 'caution', title: 'Cautions' },
  { id: 'terms', title: 'Terms of use' },
  { id: 'hipaa', title: 'HIPAA authorization' },
] as const;

export type LegalDocId = (typeof LEGAL_DOCS)[number]['id'];

export const isLegalDoc = (value: string): value is LegalDocId => LEGAL_DOCS.some((d) => d.id === value);

/** A small row of links to the five texts; `current` is marked as the page being read. */
export function LegalLinks({ current, label = 'Legal' }: { current?: LegalDocId; label?: string }) {
  return (
    <nav className="legal-links" aria-label={label}>
      <span className="legal-links-label" aria-hidden="true">
        {label}
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
              {d.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
