import {
  DISORDER_FLAGS,
  FAMILY_FLAGS,
  type FieldErrors,
  GENDERS,
  MEDICAL_MSG,
  type MedicalFlagKey,
  PLAY_MSG,
  RACES,
} from '@scentry/shared-schema';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n';
import { serverMessage } from '../../../i18n/server-message';
import { type OrganizationChoice, rememberProvider } from '../../../lib/organizations';
import { getPlayer, getStoredResult, type StoredResult } from '../../../lib/player';
import { useReportUnsent } from '../../../lib/unsent-form';
import { Field } from '../../../ui/field';
import { OrganizationSelect } from '../../../ui/organization-select';
import { SelectField } from '../../../ui/select-field';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { FLAG_KEYS, GENDER_KEYS, RACE_KEYS } from './labels';
import { checkMedicalForm, checkStep, MEDICAL_STEPS, type MedicalValues, valuesFromPlayer } from './steps';
import { submitMedical } from './submit';

/** The steps' short names in the progress list, in MEDICAL_STEPS' order. */
const STEP_SHORT = ['medical.shortBasics', 'medical.shortDisorders', 'medical.shortFamily'] as const;

/** Field errors are the shared rules' messages (spec §5, English): shown in the player's language. */
const shown = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v && serverMessage(v)]));

type Focus = 'heading' | 'error' | null;

/**
 * /userMedicationQuestion (spec §2, §4, §5): three steps — basics, diagnosed disorders, family
 * history. Next checks the step with the shared schema; Submit checks everything and goes back to
 * the first step with something missing. Saved at once when it can, else kept on the device.
 */
export function MedicalForm({ result }: { result: StoredResult }) {
  const navigate = useNavigate();
  const notify = useToast();
  const t = useT();
  const baseId = useId();
  const [initial] = useState<MedicalValues>(() => valuesFromPlayer(getPlayer()));
  const [values, setValues] = useState<MedicalValues>(initial);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  // The provider is offered only while the result has none (the server sets it once).
  const offerProvider = !result.organizationId;
  const [wantsProvider, setWantsProvider] = useState(false);
  const [provider, setProvider] = useState<OrganizationChoice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const last = step === MEDICAL_STEPS.length - 1;
  // Anything typed or chosen and not sent yet: event mode's Next player asks before discarding it.
  useReportUnsent(
    step > 0 || wantsProvider || (Object.keys(values) as (keyof MedicalValues)[]).some((k) => values[k] !== initial[k]),
  );

  // After a step change the heading gets the focus; after a refused Next, the first field in error.
  useEffect(() => {
    if (focus === 'heading') headingRef.current?.focus();
    if (focus === 'error') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    if (focus) setFocus(null);
  }, [focus]);

  function set<K extends keyof MedicalValues>(key: K, value: MedicalValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  }

  function goTo(next: number) {
    setStep(next);
    setFocus('heading');
  }

  async function submit() {
    const check = checkMedicalForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      if (check.firstStep !== step) setStep(check.firstStep);
      setFocus('error');
      return;
    }
    if (offerProvider && wantsProvider && !provider) {
      setErrors({ OrganizationId: t('medical.providerRequired') });
      setFocus('error');
      return;
    }
    const organizationId = offerProvider && wantsProvider && provider ? provider.id : null;
    setBusy(true);
    try {
      // The name at once, so the result page shows the provider even offline.
      if (organizationId !== null && provider) void rememberProvider(provider);
      const outcome = await submitMedical(check.data, result, organizationId);
      if (outcome === 'sent') notify('success', serverMessage(MEDICAL_MSG.saved));
      // Kept on the device: offline it waits for the network; online the server failed, so it retries.
      else if (outcome === 'queued') notify('info', navigator.onLine ? t('medical.retrying') : t('medical.queued'));
      // The server holds another form for this result: the device now shows that one (/result says so).
      else notify('warning', t('medical.alreadySent'));
      navigate({ to: '/result' });
    } catch {
      // spec §8: a failed medical save is the generic error, then the start.
      notify('error', serverMessage(PLAY_MSG.somethingWrong));
      navigate({ to: '/home' });
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (last) {
      void submit();
      return;
    }
    const stepErrors = checkStep(step, values);
    if (Object.keys(stepErrors).length) {
      setErrors(stepErrors);
      setFocus('error');
      return;
    }
    setErrors({});
    goTo(step + 1);
  }

  const current = MEDICAL_STEPS[step];
  const errorText = shown(errors);

  return (
    <section className="medical" aria-labelledby="medical-title">
      <h1 id="medical-title">{t('medical.title')}</h1>
      <ol className="steps medical-steps" aria-label={t('medical.progress')}>
        {MEDICAL_STEPS.map((s, i) => (
          <li
            key={s.title}
            className={i < step ? 'step done' : i === step ? 'step current' : 'step'}
            aria-current={i === step ? 'step' : undefined}
          >
            {i + 1} {t(STEP_SHORT[i])}
          </li>
        ))}
      </ol>
      <form ref={formRef} className="medical-form" noValidate onSubmit={onSubmit}>
        <h2 ref={headingRef} tabIndex={-1} className="medical-step-title" data-testid="medical-step">
          {t('medical.step', { number: step + 1, total: MEDICAL_STEPS.length, title: t(current.title) })}
        </h2>

        {step === 0 && (
          <div className="medical-fields">
            <Field
              label={t('medical.firstName')}
              autoComplete="given-name"
              value={values.FirstName}
              onChange={(e) => set('FirstName', e.target.value)}
              error={errorText.FirstName}
            />
            <Field
              label={t('medical.lastName')}
              autoComplete="family-name"
              value={values.LastName}
              onChange={(e) => set('LastName', e.target.value)}
              error={errorText.LastName}
            />
            <Field
              label={t('medical.age')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              className="medical-age"
              value={values.Age}
              onChange={(e) => set('Age', e.target.value)}
              error={errorText.Age}
            />
            <ChoiceGroup
              name={`${baseId}-gender`}
              legend={t('medical.gender')}
              options={GENDERS.map((g) => ({ value: g, label: t(GENDER_KEYS[g]) }))}
              value={values.Gender}
              onChange={(g) => set('Gender', g)}
              error={errorText.Gender}
            />
            <SelectField
              label={t('medical.race')}
              placeholder={t('forms.select')}
              options={RACES.map((r) => ({ value: r, label: t(RACE_KEYS[r]) }))}
              value={values.Race}
              onChange={(r) => set('Race', r)}
              error={errorText.Race}
            />
          </div>
        )}

        {step === 1 && (
          <FlagQuestions
            intro={t('medical.disordersIntro')}
            flags={DISORDER_FLAGS}
            baseId={baseId}
            values={values}
            errors={errorText}
            onChange={set}
          />
        )}

        {step === 2 && (
          <>
            <FlagQuestions
              intro={t('medical.familyIntro')}
              flags={FAMILY_FLAGS}
              baseId={baseId}
              values={values}
              errors={errorText}
              onChange={set}
            />
            {offerProvider && (
              <div className="medical-provider">
                <label className="check-row">
                  <input
                    type="checkbox"
                    checked={wantsProvider}
                    onChange={(e) => {
                      setWantsProvider(e.target.checked);
                      setErrors(({ OrganizationId: _gone, ...rest }) => rest);
                    }}
                  />
                  <span>{t('medical.providerOptIn')}</span>
                </label>
                {wantsProvider && (
                  <>
                    <OrganizationSelect
                      label={t('provider.label')}
                      value={provider?.id ?? null}
                      describedBy={`${baseId}-provider-note`}
                      error={errorText.OrganizationId}
                      onChange={(c) => {
                        setProvider(c);
                        if (c) setErrors(({ OrganizationId: _gone, ...rest }) => rest);
                      }}
                    />
                    <p id={`${baseId}-provider-note`} className="hint">
                      {t('provider.note')}
                    </p>
                  </>
                )}
              </div>
            )}
          </>
        )}

        <div className="form-nav">
          {step > 0 && (
            <button type="button" className="button button-ghost" disabled={busy} onClick={() => goTo(step - 1)}>
              {t('forms.back')}
            </button>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? (
              <>
                <Spinner label={t('forms.savingLabel')} /> {t('forms.saving')}
              </>
            ) : last ? (
              t('forms.submit')
            ) : (
              t('forms.next')
            )}
          </button>
        </div>
      </form>
      {step === 0 && (
        <p className="center">
          <Link to="/result" className="text-link">
            {t('medical.backToResult')}
          </Link>
        </p>
      )}
    </section>
  );
}

interface ChoiceGroupProps<T extends string | boolean> {
  name: string;
  legend: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string;
}

/** A question answered by one of a few choices (radio buttons as large chips); its error is tied to it. */
function ChoiceGroup<T extends string | boolean>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: ChoiceGroupProps<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="choice-row">
        {options.map((o) => (
          <label key={String(o.value)} className={value === o.value ? 'chip chip-on' : 'chip'}>
            <input
              type="radio"
              name={name}
              checked={value === o.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface FlagQuestionsProps {
  intro: string;
  flags: readonly { key: MedicalFlagKey; label: string }[];
  baseId: string;
  values: MedicalValues;
  errors: FieldErrors;
  onChange: (key: MedicalFlagKey, value: boolean) => void;
}

/** The yes/no questions of a step (spec §5: each one required). */
function FlagQuestions({ intro, flags, baseId, values, errors, onChange }: FlagQuestionsProps) {
  const t = useT();
  const yesNo = [
    { value: true, label: t('forms.yes') },
    { value: false, label: t('forms.no') },
  ];
  return (
    <div className="medical-fields">
      <p className="lead">{intro}</p>
      {flags.map((f) => (
        <ChoiceGroup
          key={f.key}
          name={`${baseId}-${f.key}`}
          legend={t(FLAG_KEYS[f.key])}
          options={yesNo}
          value={values[f.key]}
          onChange={(v) => onChange(f.key, v)}
          error={errors[f.key]}
        />
      ))}
    </div>
  );
}

/** The route's component: the stored result (its beforeLoad made sure there is one). */
export function MedicalRoute() {
  const result = getStoredResult();
  if (!result) return null;
  return <MedicalForm result={result} />;
}
