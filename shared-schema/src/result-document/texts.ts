import type { MessageId, Translate } from '../i18n/catalogue';
import type { Language } from '../i18n/languages';

/*
 * The report's wording lives in the message catalogues (shared-schema/src/i18n/*.json, keys
 * `report.*` and `questionnaireReport.*`): one source for the /result page, the PDF and the image,
 * in the player's language. The layouts take a `t` for it and the language for its dates and the
 * PDF's language tag.
 *
 * Clinical wording: `report.explanation`, `report.disclaimer`, `report.failAdvice`,
 * `questionnaireReport.note` and `mail.notDiagnosis` are plain-language drafts, in English and in
 * Spanish (a translation, usted form): have both reviewed by a clinician before a public launch.
 */

/** The language a report is written in: its messages and the language they are in (dates, the PDF's tag). */
export interface ReportLanguage {
  t: Translate;
  language: Language;
}

/**
 * Not translated (issue 23): the product line and its regulatory status print as they are in every
 * language (the spec's product labels, §1).
 */
export const REPORT_BRAND = {
  product: 'OLFACTORY TEST KIT',
  regulatory: 'FDA Registered Class II (510K Exempt) Medical Device',
} as const;

/** The PDF's `/Lang` (jsPDF knows no `es-US`: plain Spanish then). */
export const PDF_LANGUAGE: Record<Language, string> = { en: 'en-US', es: 'es' };
