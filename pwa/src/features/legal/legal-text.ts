import type { LegalDocId } from '../../ui/legal-links';

// The shape of a legal text: what texts.en.ts and texts.es.ts hold and the legal page shows.
// Apart from the loader (texts.ts), so that a language's module does not import what loads it.

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
