import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type LegalDocId, LegalLinks } from '../../ui/legal-links';
import { LEGAL_TEXTS, type LegalSection } from './texts';

/** /legal/$doc: one text of the legal set, with a small table of contents linking all five. */
export function LegalPage({ doc }: { doc: LegalDocId }) {
  const text = LEGAL_TEXTS[doc];
  const router = useRouter();
  const canGoBack = useCanGoBack();
  // Each text starts at its top (the route remounts this page per text, see its key).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <article className="legal stack" aria-labelledby="legal-title">
      <LegalLinks current={doc} label="Legal texts" />
      <header>
        <p className="eyebrow">Scentry</p>
        <h1 id="legal-title">{text.title}</h1>
        <p className="legal-summary">{text.summary}</p>
      </header>
      {text.numbered ? (
        <ol className="legal-parts" data-testid="legal-parts">
          {text.sections.map((s, i) => (
            <li key={s.heading}>
              <Section section={s} number={i + 1} />
            </li>
          ))}
        </ol>
      ) : (
        text.sections.map((s) => <Section key={s.heading} section={s} />)
      )}
      <p className="center">
        <button
          type="button"
          className="button button-ghost"
          onClick={() => (canGoBack ? router.history.back() : router.navigate({ to: '/home' }))}
        >
          {canGoBack ? 'Back' : 'Go to the start'}
        </button>
      </p>
    </article>
  );
}

function Section({ section, number }: { section: LegalSection; number?: number }) {
  return (
    <section className="legal-section">
      <h2>{number ? `${number}. ${section.heading}` : section.heading}</h2>
      {section.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {section.points && (
        <ul>
          {section.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
