/** What decides whether the add-to-home-screen hint applies: the browser as the page sees it. */
export interface BrowserTraits {
  userAgent: string;
  /** Touch points: iPadOS Safari calls itself a Mac, but a Mac has no touch screen. */
  maxTouchPoints: number;
  /** Safari's own flag for a page opened from the home screen (`navigator.standalone`). */
  iosStandalone: boolean;
  /** `display-mode: standalone` (or fullscreen) matches: the installed app. */
  displayStandalone: boolean;
}

/** Other browsers on iOS (all WebKit underneath) and in-app views: their menus have no Add to Home Screen. */
const NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|mercury|GSA\/|FBAN|FBAV|Instagram|Line\//i;

/** Which Apple device the hint names, or null when the hint does not apply. */
export function installHintDevice(b: BrowserTraits): 'iPhone' | 'iPad' | null {
  if (b.iosStandalone || b.displayStandalone) return null;
  const ua = b.userAgent;
  // Safari itself says "Version/… Safari/…"; web views inside other apps leave out "Safari/".
  if (!/Safari\//.test(ua) || !/Version\//.test(ua) || NOT_SAFARI.test(ua)) return null;
  if (/iPhone|iPod/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua) || (/Macintosh/.test(ua) && b.maxTouchPoints > 1)) return 'iPad';
  return null;
}

/** The traits of the running browser. */
export function currentBrowser(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    iosStandalone: (navigator as Navigator & { standalone?: boolean }).standalone === true,
    displayStandalone:
      typeof matchMedia === 'function' &&
      (matchMedia('(display-mode: standalone)').matches || matchMedia('(display-mode: fullscreen)').matches),
  };
}

/** Remembered once the hint has been shown: it is a one-time hint. */
export const INSTALL_HINT_KEY = 'scentryInstallHintShown';
