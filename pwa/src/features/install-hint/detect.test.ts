import { describe, expect, it } from 'vitest';
import { type BrowserTraits, installHintDevice } from './detect';

const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPadSafariOld:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ Safari asks for desktop sites: a Mac user agent, told apart by its touch screen.
  iPadOrMacSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iPhoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iPhoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/125.2535.60 Mobile/15E148 Safari/605.1.15',
  iPhoneInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

const browser = (userAgent: string, more: Partial<BrowserTraits> = {}): BrowserTraits => ({
  userAgent,
  maxTouchPoints: 5,
  iosStandalone: false,
  displayStandalone: false,
  ...more,
});

describe('installHintDevice', () => {
  it('names the iPhone or iPad for Safari outside the installed app', () => {
    expect(installHintDevice(browser(UA.iPhoneSafari))).toBe('iPhone');
    expect(installHintDevice(browser(UA.iPadSafariOld))).toBe('iPad');
    expect(installHintDevice(browser(UA.iPadOrMacSafari))).toBe('iPad');
  });

  it('stays quiet inside the installed app', () => {
    expect(installHintDevice(browser(UA.iPhoneSafari, { iosStandalone: true }))).toBeNull();
    expect(installHintDevice(browser(UA.iPhoneSafari, { displayStandalone: true }))).toBeNull();
  });

  it('stays quiet for other browsers on iOS, in-app views, a Mac, and everything else', () => {
    for (const ua of [
      UA.iPhoneChrome,
      UA.iPhoneFirefox,
      UA.iPhoneEdge,
      UA.iPhoneInApp,
      UA.desktopChrome,
      UA.androidChrome,
    ]) {
      expect(installHintDevice(browser(ua)), ua).toBeNull();
    }
    expect(installHintDevice(browser(UA.iPadOrMacSafari, { maxTouchPoints: 0 }))).toBeNull();
  });
});
