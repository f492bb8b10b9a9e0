/**
 * The result report's rules and messages (spec §4, §8; API.md), shared by its e-mails and its
 * wallet pass, zod-free so the player's screens can read them without loading zod.
 */

/** A file e-mailed with a result is a PDF under 5 MB (by its `%PDF-` signature). */
export const EMAIL_PDF_MAX_BYTES = 5 * 1024 * 1024;
/** A queued e-mail document (its PDF as base64) may make a request this large (API.md "Sync"). */
export const EMAIL_PUSH_MAX_BYTES = 8 * 1024 * 1024;
/** At most this many e-mails go to one recipient per hour, whoever asks. */
export const EMAILS_PER_RECIPIENT_PER_HOUR = 5;
/** Default of EMAILS_PER_RESULT: different recipients one result's report (or questionnaire) may go to. */
export const DEFAULT_EMAILS_PER_RESULT = 3;
/** Default of EMAIL_RECIPIENTS_PER_ADDRESS: different recipients one client address may e-mail a day. */
export const DEFAULT_EMAIL_RECIPIENTS_PER_ADDRESS = 200;
/** Name and date as printed on the e-mail and the wallet pass. */
export const REPORT_NAME_MAX = 60;

export const EMAIL_KINDS = ['result', 'questionnaire'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const REPORT_MSG = {
  // spec §8 (exact)
  invalidEmail: 'Please enter valid email!',
  resultSent: 'Result send successfully',
  questionnaireSent: 'Questionnaire details send successfully',
  testCompleted: 'Test is already completed / You can not proceed to next test.',
  // ours
  fileRequired: 'Attach the report as a PDF file',
  notPdf: 'The attached file is not a PDF',
  pdfTooLarge: 'The attached PDF must be under 5 MB',
  nameRequired: 'Please enter a name for the report',
  dateRequired: 'Please give the date as MM/DD/YYYY',
  tooManyEmails: 'Too many e-mails to this address. Please try again in an hour.',
  emailConflict: 'A different e-mail was already sent under this id',
  resultNotSynced: 'No result with this id has reached the server yet.',
  questionnaireNotSynced: 'No questionnaire answers for this result have reached the server yet.',
  sentToMany: (n: number): string => `This result was already sent to ${n} addresses`,
  tooManyRecipients: 'Too many different e-mail addresses from this network today. Please try again tomorrow.',
  mailUnavailable: 'The e-mail could not be sent right now. Please try again.',
  emailQueued: 'You are offline: the e-mail will be sent when this device is back online.',
  passNeedsUpdate: 'Update the app to add this result to a wallet',
  passNeedsConnection: 'Adding to Wallet needs a connection: the pass is signed by the server.',
} as const;

/** MM/DD/YYYY (spec §9). */
export const US_DATE_RE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
