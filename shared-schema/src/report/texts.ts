/**
 * The report's wording, one source for the /result page, the PDF and the image: the spec's
 * product labels and disclaimer (§1), what the screening means, and the advice after a Fail.
 */
export const REPORT_TEXT = {
  title: 'Smell screening result',
  product: 'OLFACTORY TEST KIT',
  regulatory: 'FDA Registered Class II (510K Exempt) Medical Device',
  explanation:
    'This screening asked you to smell five scent cards and pick what each one smelled like. ' +
    'Naming most of them correctly is a Pass; naming fewer is a Fail. It is a quick check of your sense of smell, ' +
    'not a full smell test.',
  disclaimer:
    'Disclaimer: a normal (Pass) result does not rule out disease, and no result of this screening is a diagnosis.',
  failAdvice:
    'A Fail means you named fewer scents than expected today. A screening is not a diagnosis: a cold, allergies or ' +
    'a blocked nose can lower a score. If your sense of smell seems weaker than it used to be, a doctor or an ' +
    'ear, nose and throat clinic can test it properly.',
  cardsNote:
    'Your choice on each card and whether it was right. The right answers are not shown, so the kit can be replayed.',
  notGiven: 'not given',
  verify: 'Check this report',
  poweredBy: 'Powered by Scentry',
  /** Above the first page when a script's font could not be had (offline) or a letter has none. */
  fontNotice:
    'Some letters are printed as character codes (U+...): their font could not be loaded on this device. ' +
    'Make the report again when online to see them as written.',
} as const;

/** Headings and labels of the report (PDF and image; the /result page may share them). */
export const REPORT_LABELS = {
  pass: 'PASS',
  fail: 'FAIL',
  statusHeading: 'Screening result',
  scoreLabel: 'Score',
  score: (right: number, cards: number): string => `${right} of ${cards} scents named correctly`,
  screening: 'Screening',
  health: 'Health information',
  name: 'Name',
  date: 'Date',
  // The record's times are Los Angeles time, and the label says so (DESIGN.md §7).
  time: 'Pacific Time',
  kit: 'Play kit',
  resultId: 'Result id',
  provider: 'Provider',
  age: 'Age',
  gender: 'Gender',
  race: 'Race',
  disorders: 'Reported disorders',
  familyHistory: 'Family history',
  none: 'None',
  cards: 'Scent cards',
  cardNumber: '#',
  card: 'Card',
  choice: 'Your choice',
  outcome: 'Right / Wrong',
  intensity: 'Intensity',
  right: 'Right',
  wrong: 'Wrong',
  about: 'About this screening',
  advice: 'What to do next',
  verifyHint: 'Scan the code or open the link.',
  page: (page: number, pages: number): string => `Page ${page} of ${pages}`,
} as const;
