/** The questionnaire screens' own wording (the spec's messages live in shared-schema). */
export const Q_TEXT = {
  title: 'Additional Questions',
  intro: 'Five yes/no questions about COVID-19, one at a time. They are optional.',
  saving: 'Saving your answers…',
  queued: 'Your answers are saved on this device. They upload by themselves once you are back online.',
  retrying: 'Your answers are saved on this device. They could not be sent just now: it will try again by itself.',
  previous: 'Previous question',
  detailsTitle: 'Your questionnaire answers',
  emailHint: 'We e-mail your answers as a PDF. The address is used only to send it.',
  pdfFailed: 'The PDF could not be made on this device. Please try again.',
} as const;
