import type en from './en.json';

/**
 * A message's key in the catalogues (`en.json` is the reference: `es.json` holds exactly its keys,
 * checked by catalogue.test.ts). Keys are `<area>.<name>`; messages are ICU MessageFormat.
 */
export type MessageId = keyof typeof en;

export type MessageValues = Record<string, string | number | null | undefined>;

/** Gives a message in one language, its `{placeholders}` and plurals filled from `values`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A catalogue as written: key → ICU message. */
export type Catalogue = Record<MessageId, string>;
