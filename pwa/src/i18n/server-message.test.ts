import { MEDICAL_MSG, MSG, PLAY_MSG, QUESTIONNAIRE_MSG, REPORT_MSG, USER_MSG } from '@scentry/shared-schema';
import en from '@scentry/shared-schema/i18n/en.json';
import es from '@scentry/shared-schema/i18n/es.json';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from './index';
import { DEVICE_MSG, messageKey, serverMessage } from './server-message';

type Compiled = Parameters<typeof loadMessages>[1];
const inSpanish = () => loadMessages('es', es as unknown as Compiled);

afterEach(() => loadMessages('en', en as unknown as Compiled));

describe('a server message in the player language', () => {
  it('shows a known message in Spanish once the language is switched, in English before', () => {
    expect(serverMessage(REPORT_MSG.tooManyEmails)).toBe(REPORT_MSG.tooManyEmails);
    inSpanish();
    expect(serverMessage(REPORT_MSG.tooManyEmails)).toBe(
      'Demasiados correos electrónicos a esta dirección. Inténtelo de nuevo en una hora.',
    );
    expect(serverMessage(MEDICAL_MSG.ageRequired)).toBe('Ingrese la edad.');
    expect(serverMessage(MSG.emailInvalid)).toBe('¡Ingrese un correo electrónico válido!');
    expect(serverMessage(REPORT_MSG.sentToMany(3))).toBe('Este resultado ya se envió a 3 direcciones');
  });

  it('shows an unknown message (or a staff-only one) as sent, in any language', () => {
    inSpanish();
    expect(serverMessage('Bad gateway from the proxy')).toBe('Bad gateway from the proxy');
    expect(serverMessage(MSG.loginFailed)).toBe(MSG.loginFailed);
    expect(serverMessage(USER_MSG.emailTaken)).toBe(USER_MSG.emailTaken);
    expect(serverMessage('')).toBe('');
  });

  it('says every player-facing constant exactly as the contract does in English, and translates each', () => {
    const player = [REPORT_MSG, PLAY_MSG, QUESTIONNAIRE_MSG, MEDICAL_MSG, DEVICE_MSG].flatMap((m) =>
      Object.values(m).filter((v): v is string => typeof v === 'string'),
    );
    for (const text of player) {
      const key = messageKey(text);
      expect(key, text).not.toBeNull();
      expect(serverMessage(text), `${key}`).toBe(text);
    }
    // The spec's §8 messages a player meets keep their exact English wording.
    for (const text of [MSG.emailRequired, MSG.emailInvalid, MSG.serverError, REPORT_MSG.resultSent]) {
      expect(messageKey(text), text).not.toBeNull();
      expect(serverMessage(text)).toBe(text);
    }
    inSpanish();
    for (const text of player) expect(serverMessage(text), text).not.toBe(text);
  });
});
