import type { Language } from '@scentry/shared-schema';
import type { LegalTexts } from './legal-text';

/**
 * The legal texts are long prose, so they stay structured documents, one module per language
 * (texts.en.ts, texts.es.ts), each its own chunk: a player downloads only their language's, and
 * only when they open a text. Their short titles live in the catalogue (`legal.*`).
 */
const LOADERS: Record<Language, () => Promise<LegalTexts>> = {
  en: () => import('./texts.en').then((m) => m.LEGAL_TEXTS_EN),
  es: () => import('./texts.es').then((m) => m.LEGAL_TEXTS_ES),
};

export const loadLegalTexts = (language: Language): Promise<LegalTexts> => LOADERS[language]();
