/** Two minutes without a touch, a key or a scroll end a player's turn; the warning comes 15 s before. */
export const IDLE_MS = 120_000;
export const WARN_BEFORE_MS = 15_000;

declare global {
  interface Window {
    /**
     * Test-only: the idle time in ms, read when a player's turn starts (a journey sets it with
     * page.addInitScript). The warning then comes at the same share of it (15/120)…
     */
    __scentryEventIdleMs?: number;
    /** Test-only: …or this many ms before the end, when set (a journey that looks at the warning). */
    __scentryEventWarnMs?: number;
  }
}

/** The idle time and the warning's lead: the defaults, or the test-only setting scaled. */
export function idleTimes(
  override: unknown = globalThis.window?.__scentryEventIdleMs,
  warnOverride: unknown = globalThis.window?.__scentryEventWarnMs,
): {
  idleMs: number;
  warnMs: number;
} {
  const set = (v: unknown): v is number => typeof v === 'number' && v > 0;
  const idleMs = set(override) ? override : IDLE_MS;
  const warnMs =
    set(override) && set(warnOverride) ? Math.min(warnOverride, idleMs) : (idleMs * WARN_BEFORE_MS) / IDLE_MS;
  return { idleMs, warnMs: Math.round(warnMs) };
}

/** What counts as someone being there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart', 'input'] as const;

export interface IdleTimer {
  /** Someone is there: the warning goes, the count starts again. */
  touch: () => void;
  stop: () => void;
}

/**
 * Counts the time without activity on `target`: `onWarn` at idleMs − warnMs, `onIdle` at idleMs,
 * `onBack` when activity comes after the warning. Plain timers, so fake timers test it.
 */
export function startIdleTimer(options: {
  idleMs: number;
  warnMs: number;
  onWarn: () => void;
  onIdle: () => void;
  onBack?: () => void;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}): IdleTimer {
  const { idleMs, warnMs, onWarn, onIdle, onBack, target } = options;
  let warnTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let warned = false;
  let stopped = false;

  const clear = () => {
    clearTimeout(warnTimer);
    clearTimeout(idleTimer);
  };
  const arm = () => {
    clear();
    warnTimer = setTimeout(
      () => {
        warned = true;
        onWarn();
      },
      Math.max(0, idleMs - warnMs),
    );
    idleTimer = setTimeout(() => {
      stop();
      onIdle();
    }, idleMs);
  };
  const touch = () => {
    if (stopped) return;
    if (warned) {
      warned = false;
      onBack?.();
    }
    arm();
  };
  const stop = () => {
    stopped = true;
    clear();
    for (const type of ACTIVITY_EVENTS) target?.removeEventListener(type, touch, true);
  };
  for (const type of ACTIVITY_EVENTS) target?.addEventListener(type, touch, { capture: true, passive: true });
  arm();
  return { touch, stop };
}
