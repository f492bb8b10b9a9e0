import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MessageId } from './catalogue';
import { compileCatalogue } from './compile';
import en from './en.json';
import es from './es.json';
import { acceptedLanguages, cookieLanguage, LANGUAGES, pickLanguage, requestLanguage } from './languages';
import { translator } from './translator';

const CATALOGUES: Record<string, Record<string, string>> = { en, es };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every source file of the three packages (tests aside: a key only a test says is unused). */
function sources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) texts.push(readFileSync(file, 'utf8'));
    }
  };
  for (const dir of ['pwa/src', 'shared-schema/src', 'sync-server/src']) walk(path.join(root, dir));
  return texts.join('\n');
}

/** The argument names an ICU message uses (placeholders and plural or select arguments). */
const argumentsOf = (message: string): string[] =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('message catalogues', () => {
  it('hold exactly the same keys in every language', () => {
    const keys = Object.keys(en).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGUES[language]).sort(), `${language}.json`).toEqual(keys);
    }
  });

  it('hold no key that no code says (a key built from a template counts by its prefix)', () => {
    const code = sources();
    const unused = Object.keys(en).filter((key) => {
      if (code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``)) return false;
      // `msg.${key}`: every key under a prefix that code builds from a template is used.
      const dot = key.lastIndexOf('.');
      return !(dot > 0 && code.includes(`\`${key.slice(0, dot + 1)}\${`));
    });
    expect(unused).toEqual([]);
  });

  it('compile, and every translation uses exactly the placeholders of the English', () => {
    for (const language of LANGUAGES) expect(() => compileCatalogue(CATALOGUES[language])).not.toThrow();
    for (const [key, message] of Object.entries(en)) {
      expect(argumentsOf(es[key as MessageId]), `es: ${key}`).toEqual(argumentsOf(message));
    }
  });

  it('say a plural right for 1 and for many, in every language', () => {
    const plurals = Object.entries(en).filter(([, m]) => /,\s*plural\s*,/.test(m));
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const [key, message] of plurals) {
        const name = /\{\s*(\w+)\s*,\s*plural/.exec(message)?.[1] ?? 'count';
        const one = t(key as MessageId, { [name]: 1, plays: 1, forms: 1, emails: 1 });
        const many = t(key as MessageId, { [name]: 3, plays: 3, forms: 3, emails: 3 });
        expect(one, `${language} ${key}`).toContain('1');
        expect(many, `${language} ${key}`).toContain('3');
        expect(one.replace('1', ''), `${language} ${key}`).not.toEqual(many.replace('3', ''));
      }
    }
  });

  it('fill placeholders in the language asked', () => {
    expect(translator('en')('textSize.size', { size: 125 })).toBe('125%');
    expect(translator('es')('textSize.size', { size: 125 })).toBe('125 %');
    expect(translator('es')('frame.leaveTitle')).toBe('¿Salir del juego?');
  });
});

describe('choosing the language', () => {
  it('takes the first preferred language spoken, by its primary subtag, else English', () => {
    expect(pickLanguage(['es-ES', 'en'])).toBe('es');
    expect(pickLanguage(['fr-FR', 'es-MX'])).toBe('es');
    expect(pickLanguage(['EN_us'])).toBe('en');
    expect(pickLanguage(['fr', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('reads Accept-Language by weight, ignoring * and q=0, and survives junk', () => {
    expect(acceptedLanguages('en;q=0.5, es-MX, fr;q=0.8')).toEqual(['es-MX', 'fr', 'en']);
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages(';;;,,q=x')).toEqual([]);
    expect(pickLanguage(acceptedLanguages('x'.repeat(10_000)))).toBe('en');
  });

  it('puts the cookie choice before the browser language', () => {
    expect(cookieLanguage('a=1; scentryLang=es')).toBe('es');
    expect(cookieLanguage('scentryLang=<script>')).toBeNull();
    expect(requestLanguage({ cookie: 'scentryLang=en', 'accept-language': 'es' })).toBe('en');
    expect(requestLanguage({ 'accept-language': 'es-US,es;q=0.9' })).toBe('es');
    expect(requestLanguage({})).toBe('en');
  });
});
