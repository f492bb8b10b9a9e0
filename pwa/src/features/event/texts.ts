/**
 * Event mode's words (ICU messages, keys `event.*`), until the app's catalogue arrives
 * (shared-schema/src/i18n): then they move there and this file goes.
 */
export const EVENT_TEXTS = {
  'event.bar.label': 'Event',
  'event.waiting.plays': '{count, plural, one {# play} other {# plays}}',
  'event.waiting.forms': '{count, plural, one {# form} other {# forms}}',
  'event.waiting.emails': '{count, plural, one {# e-mail} other {# e-mails}}',
  'event.waiting': '{list} waiting',
  'event.uploaded': 'Everything uploaded',
  'event.lastUpload': 'Last upload {time}',
  'event.offline': 'Offline: it uploads by itself later',
  'event.next': 'Next player',
  'event.next.title': 'Finish this game?',
  'event.next.message': 'The answers so far will be lost.',
  'event.next.confirm': 'Next player',
  'event.next.cancel': 'Keep playing',
  'event.idle.title': 'Still there?',
  'event.idle.message':
    '{seconds, plural, one {Nothing was touched for a while. Back to the start in # second.} other {Nothing was touched for a while. Back to the start in # seconds.}}',
  'event.idle.stay': "I'm still here",
  'event.start.lead': 'Scratch each scent card, smell it, and pick what you think it is. It takes about three minutes.',
  'event.start.provider': 'Send my result to my healthcare provider',
  'event.start': 'Start',
  'event.end': 'End event',
  'event.end.title': 'End the event',
  'event.end.pin': 'PIN',
  'event.end.wrong': '{left, plural, one {Wrong PIN. # try left.} other {Wrong PIN. # tries left.}}',
  'event.end.locked':
    '{seconds, plural, one {Too many wrong PINs. Try again in # second.} other {Too many wrong PINs. Try again in # seconds.}}',
  'event.end.cancel': 'Cancel',
  'event.end.checking': 'Checking…',
  'event.forgot': 'Forgot the PIN? Staff sign-in',
  'event.signin.title': 'Staff sign-in',
  'event.signin.note': 'Signing in ends the event on this device.',
  'event.setup.title': 'Set up an event',
  'event.setup.lead':
    'This tablet will show only this kit to one player after another. Results, forms and e-mails upload by themselves.',
  'event.setup.kit': 'Kit',
  'event.setup.loadingKit': 'Looking up the kit…',
  'event.setup.unknownKit': 'No active kit has the code {code}. Check the code, or activate the kit first.',
  'event.setup.needsConnection':
    'Starting an event needs a connection once, to store the kit on this tablet. Connect, then try again.',
  'event.setup.kitError': 'The kit could not be looked up. Try again.',
  'event.setup.retry': 'Try again',
  'event.setup.org': 'Organization for the results',
  'event.setup.orgHint': 'Leave it empty for none. A player who picks a provider sends their result there.',
  'event.setup.orgFixed': 'Results belong to {name}.',
  'event.setup.pin': 'PIN (4 to 8 digits)',
  'event.setup.pinAgain': 'PIN again',
  'event.setup.pinHint': 'Kept on this tablet only. It ends the event.',
  'event.setup.pinInvalid': 'The PIN is 4 to 8 digits.',
  'event.setup.pinMismatch': 'The two PINs are not the same.',
  'event.setup.language': 'Language for each new player',
  'event.setup.signOutNote': 'Starting signs you out on this tablet: no staff screen opens without a new sign-in.',
  'event.setup.start': 'Start event',
  'event.setup.starting': 'Storing the kit…',
  'event.setup.storeFailed': 'The kit could not be stored on this tablet. Try again.',
  'event.setup.signInTitle': 'Staff sign-in needed',
  'event.setup.signInLead': 'Only an Admin or a Client Admin can start an event. Sign in, then you come back here.',
  'event.setup.signIn': 'Sign in',
} as const;

export type EventTextKey = keyof typeof EVENT_TEXTS;
type Values = Record<string, string | number>;

/** The block from `open` (an index of `{`) to its matching `}`, as [inner, end]. */
function block(text: string, open: number): [string, number] {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return [text.slice(open + 1, i), i];
  }
  return [text.slice(open + 1), text.length];
}

/** A small ICU formatter: `{name}` and `{name, plural, one {…} other {…}}` with `#`. */
export function format(message: string, values: Values = {}): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i];
    if (ch !== '{') {
      out += ch;
      i++;
      continue;
    }
    const [inner, end] = block(message, i);
    i = end + 1;
    const [name, kind] = inner.split(',', 2).map((s) => s.trim());
    const value = values[name];
    if (kind !== 'plural') {
      out += String(value ?? '');
      continue;
    }
    const n = Number(value);
    const rest = inner.slice(inner.indexOf('plural') + 'plural'.length).replace(/^\s*,/, '');
    const forms: Record<string, string> = {};
    let j = 0;
    while (j < rest.length) {
      const open = rest.indexOf('{', j);
      if (open < 0) break;
      const selector = rest.slice(j, open).trim();
      const [body, close] = block(rest, open);
      forms[selector] = body;
      j = close + 1;
    }
    const chosen = forms[`=${n}`] ?? forms[new Intl.PluralRules('en').select(n)] ?? forms.other ?? '';
    out += format(chosen.replace(/#/g, String(n)), values);
  }
  return out;
}

export const t = (key: EventTextKey, values?: Values): string => format(EVENT_TEXTS[key], values);
export const useT = () => t;
