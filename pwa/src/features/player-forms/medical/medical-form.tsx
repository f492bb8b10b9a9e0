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
import { type OrganizationChoice, rememberProvider } from '../../../lib/organizations';
import { getPlayer, getStoredResult, type StoredResult } from '../../../lib/player';
import { Field } from '../../../ui/field';
import { OrganizationSelect } from '../../../ui/organization-select';
import { SelectField } from '../../../ui/select-field';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { MEDICAL_TEXT } from './record';
import { checkMedicalForm, checkStep, MEDICAL_STEPS, type MedicalValues, valuesFromPlayer } from './steps';
import { submitMedical } from './submit';

export { MEDICAL_TEXT };

const STEP_SHORT = ['Basics', 'Disorders', 'Family'];

type Focus = 'heading' | 'error' | null;

/**
 * /userMedicationQuestion (spec §2, §4, §5): three steps — basics, diagnosed disorders, family
 * history. Next checks the step with the shared schema; Submit checks everything and goes back to
 * the first step with something missing. Saved at once when it can, else kept on the device.
 */
export function MedicalForm({ result }: { result: StoredResult }) {
  const navigate = useNavigate();
  const notify = useToast();
  const baseId = useId();
  const [values, setValues] = useState<MedicalValues>(() => valuesFromPlayer(getPlayer()));
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
      setErrors({ OrganizationId: MEDICAL_TEXT.providerRequired });
      setFocus('error');
      return;
    }
    const organizationId = offerProvider && wantsProvider && provider ? provider.id : null;
    setBusy(true);
    try {
      // The name at once, so the result page shows the provider even offline.
      if (organizationId !== null && provider) void rememberProvider(provider);
      const outcome = await submitMedical(check.data, result, organizationId);
      if (outcome === 'sent') notify('success', MEDICAL_MSG.saved);
      // Kept on the device: offline it waits for the network; online the server failed, so it retries.
      else if (outcome === 'queued') notify('info', navigator.onLine ? MEDICAL_TEXT.retrying : MEDICAL_TEXT.queued);
      // The server holds another form for this result: the device now shows that one (/result says so).
      else notify('warning', MEDICAL_TEXT.alreadySent);
      navigate({ to: '/result' });
    } catch {
      // spec §8: a failed medical save is the generic error, then the start.
      notify('error', PLAY_MSG.somethingWrong);
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

  return (
    <section className="medical" aria-labelledby="medical-title">
      <h1 id="medical-title">Medical and family history</h1>
      <ol className="steps medical-steps" aria-label="Progress">
        {MEDICAL_STEPS.map((s, i) => (
          <li
            key={s.title}
            className={i < step ? 'step done' : i === step ? 'step current' : 'step'}
            aria-current={i === step ? 'step' : undefined}
          >
            {i + 1} {STEP_SHORT[i]}
          </li>
        ))}
      </ol>
      <form ref={formRef} className="medical-form" noValidate onSubmit={onSubmit}>
        <h2 ref={headingRef} tabIndex={-1} className="medical-step-title" data-testid="medical-step">
          Step {step + 1} of {MEDICAL_STEPS.length}: {current.title}
        </h2>

        {step === 0 && (
          <div className="medical-fields">
            <Field
              label="First name"
              autoComplete="given-name"
              value={values.FirstName}
              onChange={(e) => set('FirstName', e.target.value)}
              error={errors.FirstName}
            />
            <Field
              label="Last name"
              autoComplete="family-name"
              value={values.LastName}
              onChange={(e) => set('LastName', e.target.value)}
              error={errors.LastName}
            />
            <Field
              label="Age"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              className="medical-age"
              value={values.Age}
              onChange={(e) => set('Age', e.target.value)}
              error={errors.Age}
            />
            <ChoiceGroup
              name={`${baseId}-gender`}
              legend="Gender"
              options={GENDERS.map((g) => ({ value: g, label: g }))}
              value={values.Gender}
              onChange={(g) => set('Gender', g)}
              error={errors.Gender}
            />
            <SelectField
              label="Race/Ethnicity"
              placeholder="Select…"
              options={RACES.map((r) => ({ value: r, label: r }))}
              value={values.Race}
              onChange={(r) => set('Race', r)}
              error={errors.Race}
            />
          </div>
        )}

        {step === 1 && (
          <FlagQuestions
            intro="Have you been diagnosed with any of these?"
            flags={DISORDER_FLAGS}
            baseId={baseId}
            values={values}
            errors={errors}
            onChange={set}
          />
        )}

        {step === 2 && (
          <>
            <FlagQuestions
              intro="Has anyone in your family been diagnosed with any of these?"
              flags={FAMILY_FLAGS}
              baseId={baseId}
              values={values}
              errors={errors}
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
                  <span>{MEDICAL_TEXT.providerOptIn}</span>
                </label>
                {wantsProvider && (
                  <>
                    <OrganizationSelect
                      label={MEDICAL_TEXT.providerLabel}
                      value={provider?.id ?? null}
                      describedBy={`${baseId}-provider-note`}
                      error={errors.OrganizationId}
                      onChange={(c) => {
                        setProvider(c);
                        if (c) setErrors(({ OrganizationId: _gone, ...rest }) => rest);
                      }}
                    />
                    <p id={`${baseId}-provider-note`} className="hint">
                      Your results will be forwarded to the selected organization or healthcare provider.
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
              Back
            </button>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? (
              <>
                <Spinner label="Saving" /> Saving…
              </>
            ) : last ? (
              'Submit'
            ) : (
              'Next'
            )}
          </button>
        </div>
      </form>
      {step === 0 && (
        <p className="center">
          <Link to="/result" className="text-link">
            Back to my result
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

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** The yes/no questions of a step (spec §5: each one required). */
function FlagQuestions({ intro, flags, baseId, values, errors, onChange }: FlagQuestionsProps) {
  return (
    <div className="medical-fields">
      <p className="lead">{intro}</p>
      {flags.map((f) => (
        <ChoiceGroup
          key={f.key}
          name={`${baseId}-${f.key}`}
          legend={f.label}
          options={YES_NO}
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
