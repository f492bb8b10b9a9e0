import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * A catalogue's ICU messages compiled into Lingui's runtime form, so the browser never carries a
 * message parser: the PWA's build does it as it loads a catalogue (vite.config.ts), the server
 * once per language (translator.ts). A message that does not parse throws, naming its key.
 */
export function compileCatalogue(messages: Record<string, string>): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`Message ${id} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}
