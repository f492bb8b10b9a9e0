import {
  isLanguage,
  type KitDoc,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  TABLET_NAME_MAX,
} from '@scentry/shared-schema';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n';
import { eventStartPath, setEvent } from '../../lib/event-mode';
import { clearSession, getSession, isStaff } from '../../lib/session';
import { OrganizationSelect } from '../../ui/organization-select';
import { Spinner } from '../../ui/spinner';
import { storedTextSize } from '../../ui/text-size';
import { clearPlayer } from './clear';
import { hashPin, isValidPin } from './pin';
import './event.css';

/** How the set-up screen finds the kit and keeps it on the device (the play path's own, given by the route). */
export interface EventKitSource {
  /** The kit under the code from the server (network only), null when no active kit has it. */
  fetch: (code: string, signal: AbortSignal) => Promise<KitDoc | null>;
  /** Stores the kit and its pictures for offline play. */
  keep: (kit: KitDoc) => Promise<void>;
}

type KitLookup =
  | { status: 'loading' }
  | { status: 'ready'; kit: KitDoc }
  | { status: 'unknown' }
  | { status: 'needs-connection' }
  | { status: 'error' };

/**
 * /event/<code> before the event: a signed-in Admin or Client Admin sets it up (the kit, whose
 * results, a PIN typed twice, the players' language). Start event stores the kit and its pictures,
 * keeps the event on the device (the PIN hashed), signs the staff session out here and shows the
 * start screen. Staff-only, so English this turn (its words are in the catalogue all the same).
 */
export function EventSetup({
  code,
  source,
  language,
  onSignedOut,
}: {
  code: string;
  source: EventKitSource;
  /** The language the device has now (the default for each new player). */
  language: Language;
  /** After the staff session is cleared here (the admin's cached data goes too). */
  onSignedOut?: () => Promise<void> | void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const session = getSession();
  const staff = isStaff(session);
  const clientAdmin = session?.roleName === 'Client Admin';
  const [lookup, setLookup] = useState<KitLookup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [organization, setOrganization] = useState<{ id: number; name: string } | null>(null);
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [lang, setLang] = useState<Language>(language);
  const [tabletName, setTabletName] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; pinAgain?: string; tabletName?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const pinId = useId();
  const againId = useId();
  const langId = useId();
  const tabletId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (Try again)
  useEffect(() => {
    if (!staff) return;
    const controller = new AbortController();
    setLookup({ status: 'loading' });
    source
      .fetch(code, controller.signal)
      .then((kit) => setLookup(kit ? { status: 'ready', kit } : { status: 'unknown' }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const offline = !navigator.onLine || (err as { httpStatus?: number }).httpStatus === 0;
        setLookup({ status: offline ? 'needs-connection' : 'error' });
      });
    return () => controller.abort();
  }, [code, staff, source, attempt]);

  if (!staff) {
    return (
      <section className="event-setup stack" aria-labelledby="event-setup-title">
        <h1 id="event-setup-title">{t('event.setup.signInTitle')}</h1>
        <p>{t('event.setup.signInLead')}</p>
        <Link to="/admin/login" search={{ redirect: eventStartPath(code) }} className="button button-large">
          {t('event.setup.signIn')}
        </Link>
      </section>
    );
  }

  const orgId = clientAdmin ? (session?.organizationId ?? null) : (organization?.id ?? null);
  const orgName = clientAdmin ? (session?.organizationName ?? null) : (organization?.name ?? null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (lookup.status !== 'ready' || busy) return;
    const found: typeof errors = {};
    const name = tabletName.trim();
    if ([...name].length > TABLET_NAME_MAX)
      found.tabletName = t('event.setup.tabletNameTooLong', { max: TABLET_NAME_MAX });
    if (!isValidPin(pin)) found.pin = t('event.setup.pinInvalid');
    else if (pin !== pinAgain) found.pinAgain = t('event.setup.pinMismatch');
    setErrors(found);
    if (found.pin || found.pinAgain || found.tabletName) {
      document.getElementById(found.tabletName ? tabletId : found.pin ? pinId : againId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const record = await hashPin(pin);
      await source.keep(lookup.kit);
      const event = {
        code: lookup.kit.id,
        kitName: lookup.kit.name,
        organizationId: orgId,
        organizationName: orgName,
        pin: record,
        language: lang,
        textSize: storedTextSize(),
        tries: { wrong: 0, lockedUntil: null },
        playerActive: false,
        startedAt: new Date().toISOString(),
        // The device's reports name it (API.md "Devices"): the Devices screen shows it.
        tabletName: name || null,
      };
      setEvent(event);
      // Signed out here, as the admin menu's Logout does: no staff screen opens without a new sign-in.
      clearSession();
      await onSignedOut?.();
      clearPlayer(event);
      navigate({ href: eventStartPath(event.code), replace: true });
    } catch {
      setErrors({ form: t('event.setup.storeFailed') });
      setBusy(false);
    }
  }

  return (
    <section className="event-setup stack" aria-labelledby="event-setup-title">
      <h1 id="event-setup-title">{t('event.setup.title')}</h1>
      <p>{t('event.setup.lead')}</p>
      <div className="field">
        <span className="event-label">{t('event.setup.kit')}</span>
        {lookup.status === 'loading' && (
          <p className="hint">
            <Spinner label={t('event.setup.loadingKit')} /> {t('event.setup.loadingKit')}
          </p>
        )}
        {lookup.status === 'ready' && (
          <p className="profile-name" data-testid="event-setup-kit">
            {lookup.kit.name}
            {lookup.kit.name.toLowerCase() !== lookup.kit.id && ` (${lookup.kit.id.toUpperCase()})`}
          </p>
        )}
        {lookup.status === 'unknown' && (
          <p className="notice notice-error" role="alert">
            {t('event.setup.unknownKit', { code })}
          </p>
        )}
        {(lookup.status === 'needs-connection' || lookup.status === 'error') && (
          <div className="notice notice-warning" role="alert">
            <p>{t(lookup.status === 'error' ? 'event.setup.kitError' : 'event.setup.needsConnection')}</p>
            <button type="button" className="button button-ghost" onClick={() => setAttempt((n) => n + 1)}>
              {t('event.setup.retry')}
            </button>
          </div>
        )}
      </div>
      {lookup.status === 'ready' && (
        <form className="stack" onSubmit={submit} noValidate aria-label={t('event.setup.title')}>
          {clientAdmin ? (
            <div className="field">
              <span className="event-label">{t('event.setup.org')}</span>
              <p data-testid="event-setup-org">{t('event.setup.orgFixed', { name: orgName ?? '' })}</p>
            </div>
          ) : (
            <>
              <OrganizationSelect
                label={t('event.setup.org')}
                value={organization?.id ?? null}
                onChange={(c) => setOrganization(c)}
                describedBy="event-org-hint"
              />
              <p id="event-org-hint" className="hint">
                {t('event.setup.orgHint')}
              </p>
            </>
          )}
          <div className="field">
            <label htmlFor={tabletId}>{t('event.setup.tabletName')}</label>
            <input
              id={tabletId}
              type="text"
              autoComplete="off"
              maxLength={TABLET_NAME_MAX}
              value={tabletName}
              aria-invalid={errors.tabletName ? true : undefined}
              aria-describedby={`${tabletId}-hint${errors.tabletName ? ` ${tabletId}-error` : ''}`}
              onChange={(e) => setTabletName(e.target.value)}
            />
            <p id={`${tabletId}-hint`} className="hint">
              {t('event.setup.tabletNameHint')}
            </p>
            {errors.tabletName && (
              <p id={`${tabletId}-error`} className="field-error" role="alert">
                {errors.tabletName}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={pinId}>{t('event.setup.pin')}</label>
            <input
              id={pinId}
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={8}
              value={pin}
              aria-invalid={errors.pin ? true : undefined}
              aria-describedby={`${pinId}-hint${errors.pin ? ` ${pinId}-error` : ''}`}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            />
            <p id={`${pinId}-hint`} className="hint">
              {t('event.setup.pinHint')}
            </p>
            {errors.pin && (
              <p id={`${pinId}-error`} className="field-error" role="alert">
                {errors.pin}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={againId}>{t('event.setup.pinAgain')}</label>
            <input
              id={againId}
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={8}
              value={pinAgain}
              aria-invalid={errors.pinAgain ? true : undefined}
              aria-describedby={errors.pinAgain ? `${againId}-error` : undefined}
              onChange={(e) => setPinAgain(e.target.value.replace(/\D/g, ''))}
            />
            {errors.pinAgain && (
              <p id={`${againId}-error`} className="field-error" role="alert">
                {errors.pinAgain}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={langId}>{t('event.setup.language')}</label>
            <select
              id={langId}
              value={lang}
              onChange={(e) => {
                if (isLanguage(e.target.value)) setLang(e.target.value);
              }}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <p className="hint">{t('event.setup.signOutNote')}</p>
          {errors.form && (
            <p className="notice notice-error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="button button-large" disabled={busy}>
            {busy ? t('event.setup.starting') : t('event.setup.start')}
          </button>
        </form>
      )}
    </section>
  );
}
