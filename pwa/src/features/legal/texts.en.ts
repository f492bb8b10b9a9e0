import type { LegalTexts } from './legal-text';

const LABELS = 'FDA Registered Class II (510K Exempt) Medical Device · OLFACTORY TEST KIT';

/**
 * The legal text set (spec §2) in English, in plain language. Every promise here is one the
 * product keeps: no number of years is promised for keeping results, and nothing is said about how
 * others (organizations, providers) run their own records beyond what they can see here.
 *
 * Draft for counsel review: have these texts reviewed by counsel before a public launch (the
 * Spanish version, texts.es.ts, with them).
 */
export const LEGAL_TEXTS_EN: LegalTexts = {
  description: {
    id: 'description',
    summary:
      'Scentry is a short smell screening played as a game with scratch-and-sniff cards. It tells you whether you ' +
      'named enough scents today. It is not a diagnosis.',
    sections: [
      {
        heading: 'What it is',
        paragraphs: [
          'A Scentry play kit holds five scent cards and a QR code. Scan the code with your phone to open the game, ' +
            'or open Scentry and tap Start Game.',
          'Scentry checks one thing: whether you can pick out everyday smells. It does not look for the cause of a ' +
            'weak sense of smell.',
        ],
      },
      {
        heading: 'How it works',
        paragraphs: ['It takes about three minutes.'],
        points: [
          'Scratch the card the screen asks for and smell it.',
          'Say how strong the smell is, from "No smell" to "Very strong".',
          'Pick what you think it is from the five pictures. You must pick one, even if you are not sure.',
          'After the fifth card you see Pass or Fail. Pass means you named enough of the five scents; the ' +
            'organization that gave you the kit sets how many that is.',
        ],
      },
      {
        heading: 'What the result means',
        paragraphs: [
          'A Pass does not rule out disease. A Fail does not mean you are ill: a cold, allergies, a blocked nose or ' +
            'simply not knowing a smell can lower a score. No result of this screening is a diagnosis.',
          'If you are worried about your sense of smell, talk to a doctor. See Cautions for when not to wait.',
        ],
      },
      {
        heading: 'Labels',
        paragraphs: [LABELS],
      },
    ],
  },

  privacy: {
    id: 'privacy',
    summary:
      'What Scentry collects when you play, why, who can see it, where it is kept, and how to ask for it to be ' +
      'deleted. We do not sell your data and the game has no ads or trackers.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: ['Only what the game needs, and the rest only if you give it:'],
        points: [
          'Your answers on each card and how strong each smell was.',
          'When you played and which play kit you used.',
          'Your approximate location, only if you allow it when asked. You can play without it.',
          'Your name, age, gender, race, and the medical and family history questions, only if you fill in the ' +
            'form after your result. Until then your result is saved under "Guest Player".',
          'Your answers to the COVID-19 questions, only if you answer them.',
          'An e-mail address, only if you ask us to e-mail a report, and only to send it.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [],
        points: [
          'To work out your result and show it to you.',
          'To let the organization running the screening see results by region (country, state, city), so it ' +
            'can see where smell loss is more common.',
          'To forward your result to the healthcare provider or organization you choose, if you choose one.',
          'To send a report to the e-mail address you give. We keep a record of the address and when it was sent, ' +
            'so the same e-mail does not go out twice and the service cannot be used to flood an inbox.',
        ],
      },
      {
        heading: 'Who can see it',
        paragraphs: [],
        points: [
          'The organization or healthcare provider your result is sent to: its staff can see your results and ' +
            'forms. An organization that is not allowed to see names sees your results without your name.',
          'Scentry staff who run the service, to keep it working and to answer requests.',
          'No one else, unless the law requires it.',
        ],
      },
      {
        heading: 'Where it is kept',
        paragraphs: [
          'On your phone first: the game saves your result on the device, so it works without a connection, and ' +
            'uploads it when it can. Your latest result stays on the phone until the next Start Game. Your own list ' +
            'of past results is kept on the phone only if you switch on "Keep my results on this phone".',
          'On the Scentry server, once uploaded.',
        ],
      },
      {
        heading: 'How long',
        paragraphs: [
          'Results are kept until deletion is requested or until the retention period of the organization ' +
            'running the screening ends. We do not promise a fixed number of years.',
        ],
      },
      {
        heading: 'Changing your mind, or asking for deletion',
        paragraphs: [
          'Contact the organization that gave you the kit, or the provider you chose. They can see your result and ' +
            'ask Scentry to delete it. It helps to give the date you played and the result id shown on your report.',
          'To remove what is on this phone: turn off "Keep my results on this phone" (it deletes the list), and tap ' +
            'Start Game (it clears your latest result). Clearing the site data in your browser removes everything.',
        ],
      },
      {
        heading: 'What we do not do',
        paragraphs: [
          'We do not sell your data or share it for advertising. The game shows no ads and runs no trackers or ' +
            'analytics.',
        ],
      },
    ],
  },

  caution: {
    id: 'caution',
    summary:
      'Scentry is a quick screening, not a medical test. Read this before you play, and before you rely on a result.',
    sections: [
      {
        heading: 'Do not rely on Scentry alone',
        paragraphs: ['A result may not be right for you if:'],
        points: [
          'you have a cold, the flu, hay fever or a blocked nose today;',
          'you do not know some of the smells (for example, foods you have never had);',
          'you cannot read the screen or see the pictures well;',
          'you have already been told you have a smell disorder: follow your doctor’s advice instead.',
        ],
      },
      {
        heading: 'See a doctor',
        paragraphs: ['Whatever your result, see a doctor soon if:'],
        points: [
          'you lost your sense of smell or taste suddenly;',
          'it happened after a blow to the head or a fall;',
          'it comes with other symptoms, such as headaches, changes in vision, memory or movement, numbness, or ' +
            'a nosebleed that will not stop;',
          'it has not come back after a few weeks.',
        ],
      },
      {
        heading: 'Scent cards',
        paragraphs: [],
        points: [
          'Do not eat, lick or chew the cards.',
          'Scratch lightly and smell from a short distance; do not put the card in or against your nose.',
          'If you have allergies or asthma that smells can set off, take care, and stop if you feel unwell.',
          'Children should play only with an adult watching. Keep cards away from small children and pets.',
          'Wash your hands after playing.',
        ],
      },
    ],
  },

  terms: {
    id: 'terms',
    summary: 'The rules for using the Scentry game and its results. By playing you agree to them.',
    sections: [
      {
        heading: 'Screening only',
        paragraphs: [
          'Scentry is a screening. It is not medical advice, a diagnosis or treatment, and it does not replace a ' +
            'doctor. Decisions about your health should be made with a healthcare professional.',
        ],
      },
      {
        heading: 'Provided as is',
        paragraphs: [
          'We work to keep Scentry accurate and available, but it is provided as it is, without promises that it ' +
            'will always work, be free of errors, or suit a particular purpose. A result can be wrong, for example ' +
            'when a card is damaged or the screen is misread.',
        ],
      },
      {
        heading: 'Fair use',
        paragraphs: ['Please:'],
        points: [
          'play for yourself, and enter only true information about yourself;',
          'do not try to break, overload or get around the service, or to see other people’s results;',
          'do not copy the game or its kits to offer them as your own.',
        ],
      },
      {
        heading: 'The kit’s QR code and your results',
        paragraphs: [
          'The QR code on a kit opens that kit’s game; it does not identify you. A kit can be played more than ' +
            'once, so the right answers are never shown.',
          'Your result is yours to keep, download, print or share. A report carries a link that lets a provider ' +
            'check it against Scentry’s record. What happens to your information is explained in the Privacy notice.',
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms when the service changes. The current version is always on this page; ' +
            'playing after a change means you accept the new version.',
        ],
      },
    ],
  },

  hipaa: {
    id: 'hipaa',
    summary:
      'This authorization applies only if, before you play, you choose a healthcare provider or organization to ' +
      'forward your results to. It lets your health information go to that provider. You do not have to agree: ' +
      'you can play without choosing one.',
    numbered: true,
    sections: [
      {
        heading: 'What information may be shared',
        paragraphs: ['From the play you forward:'],
        points: [
          'your result (Pass or Fail), the number of scents you named, each card’s answer and smell strength;',
          'the date and time you played and the play kit;',
          'your approximate location, if you allowed it;',
          'your name, age, gender and race, and the medical and family history you reported, if you filled in ' +
            'the form;',
          'your answers to the COVID-19 questions, if you answered them.',
        ],
      },
      {
        heading: 'Who may share it, and who receives it',
        paragraphs: [
          'Scentry, which runs this screening, may share it through its service. It is received by the healthcare ' +
            'provider or organization you choose before you play, and only that one.',
        ],
      },
      {
        heading: 'Why it is shared',
        paragraphs: [
          'So that the provider you chose can see your screening result and the information you gave with it, ' +
            'and can follow up with you about your sense of smell if it decides to.',
        ],
      },
      {
        heading: 'When this authorization ends',
        paragraphs: [
          'It covers only the play for which you chose the provider, and ends once that play’s result and forms ' +
            'have been made available to the provider. A later play is not covered unless you choose a provider ' +
            'again for it.',
        ],
      },
      {
        heading: 'Your right to revoke it',
        paragraphs: [
          'You may revoke (cancel) this authorization at any time by writing to the provider you chose or to the ' +
            'organization that gave you the kit. Revoking stops any further sharing under it. It does not undo ' +
            'sharing that already happened, or anything the provider did relying on it before it received your ' +
            'letter.',
        ],
      },
      {
        heading: 'Your choice, and what happens after sharing',
        paragraphs: [
          'Your treatment, and whether you may play or receive your result, do not depend on agreeing to this ' +
            'authorization.',
          'Once shared, the provider may share the information again. Information shared again may no longer be ' +
            'protected by federal privacy law (HIPAA).',
        ],
      },
    ],
  },
};
