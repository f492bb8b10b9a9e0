import type { Language } from '@scentry/shared-schema';
import type { LegalDocId } from '../../ui/legal-links';

/** One part of a legal text: a heading, its paragraphs, and an optional list of points after them. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  points?: readonly string[];
}

/** One legal text of one language; its title is the catalogue's (`legal.<id>`, shared with the links). */
export interface LegalText {
  id: LegalDocId;
  /** One or two sentences said first: what this text is for. */
  summary: string;
  sections: readonly LegalSection[];
  /** The parts are numbered (the HIPAA authorization's six parts). */
  numbered?: boolean;
}

export type LegalTexts = Record<LegalDocId, LegalText>;

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
