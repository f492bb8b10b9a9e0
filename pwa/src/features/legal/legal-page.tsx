import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useLanguage, useT } from '../../i18n';
import { LEGAL_DOCS, type LegalDocId, LegalLinks } from '../../ui/legal-links';
import { Spinner } from '../../ui/spinner';
import type { LegalSection, LegalTexts } from './legal-text';
import { loadLegalTexts } from './texts';

/** The texts of the player's language, loaded on first use (and again when they switch). */
function useLegalTexts(): LegalTexts | null {
  const language = useLanguage();
  const [loaded, setLoaded] = useState<{ language: string; texts: LegalTexts } | null>(null);
  useEffect(() => {
    let live = true;
    void loadLegalTexts(language).then((texts) => live && setLoaded({ language, texts }));
    return () => {
      live = false;
    };
  }, [language]);
  // Until the new language's texts arrive, the page keeps the other's rather than going blank.
  return loaded?.texts ?? null;
}

/** /legal/$doc: one text of the legal set, with a small table of contents linking all five. */
export function LegalPage({ doc }: { doc: LegalDocId }) {
  const t = useT();
  const texts = useLegalTexts();
  const text = texts?.[doc];
  const title = LEGAL_DOCS.find((d) => d.id === doc)?.title ?? 'legal.description';
  const router = useRouter();
  const canGoBack = useCanGoBack();
  // Each text starts at its top (the route remounts this page per text, see its key).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <article className="legal stack" aria-labelledby="legal-title">
      <LegalLinks current={doc} label={t('legal.texts')} />
      <header>
        <p className="eyebrow">Scentry</p>
        <h1 id="legal-title">{t(title)}</h1>
        {text && <p className="legal-summary">{text.summary}</p>}
      </header>
      {!text ? (
        <p className="hint" role="status">
          <Spinner label={t('legal.loading')} /> {t('legal.loading')}
        </p>
      ) : text.numbered ? (
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
          {canGoBack ? t('forms.back') : t('legal.start')}
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
