import {
  CLIENT_TYPES,
  type ClientType,
  type CreateOrganizationRequest,
  createOrganizationRequest,
  type EditOrganizationRequest,
  EMAIL_MAX,
  editOrganizationRequest,
  NAME_MAX,
  ORG_CODE_MAX,
  ORG_MSG,
  ORG_NAME_MAX,
  ORG_TEXT_MAX,
  PHONE_MAX,
} from '@scentry/shared-schema';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { Field } from '../../ui/field';
import { PasswordPair, PasswordRules } from '../../ui/password-pair';
import { markSaved, SAVED_LISTS, useBackToList } from '../../ui/saved-row';
import { SelectField } from '../../ui/select-field';
import { confirmMatches, useForm } from '../../ui/use-form';
import type { OrganizationRecord } from './api';
import { INACTIVATE_MESSAGE, INACTIVATE_TITLE } from './messages';
import { useSaveOrganization } from './queries';
import './organizations.css';
import { FormActions } from '../../ui/form-actions';

const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((t) => ({ value: t, label: t }));

interface Values extends Record<string, unknown> {
  clientType: ClientType | null;
  organizationName: string;
  organizationCode: string;
  organizationWebsite: string;
  organizationAddress: string;
  organizationEmail: string;
  organizationPhone: string;
  userFirstName: string;
  userLastName: string;
  useOrganizationEmail: boolean;
  userEmail: string;
  userPhone: string;
  password: string;
  confirmPassword: string;
  discloseUserDetails: boolean;
  organizationIsActive: boolean;
}

function initialValues(r: OrganizationRecord | undefined): Values {
  const orgEmail = r?.organizationEmail ?? '';
  const userEmail = r?.userEmail ?? '';
  return {
    clientType: (CLIENT_TYPES as readonly string[]).includes(r?.clientType ?? '')
      ? (r?.clientType as ClientType)
      : null,
    organizationName: r?.organizationName ?? '',
    organizationCode: r?.organizationCode ?? '',
    organizationWebsite: r?.organizationWebsite ?? '',
    organizationAddress: r?.organizationAddress ?? '',
    organizationEmail: orgEmail,
    organizationPhone: r?.organizationPhone ?? '',
    userFirstName: r?.userFirstName ?? '',
    userLastName: r?.userLastName ?? '',
    useOrganizationEmail: Boolean(userEmail) && userEmail.toLowerCase() === orgEmail.toLowerCase(),
    userEmail,
    userPhone: r?.userPhone ?? '',
    password: '',
    confirmPassword: '',
    // spec §4: new organizations are active and disclose the username by default.
    discloseUserDetails: r?.discloseUserDetails ?? true,
    organizationIsActive: r?.organizationIsActive ?? true,
  };
}

/**
 * Create (no record) or edit an organization or medical provider with its Client Admin
 * (spec §2, §3). A password is set on create only; afterwards the list's reset sets a new one.
 */
export function OrganizationForm({ organization }: { organization?: OrganizationRecord }) {
  const save = useSaveOrganization();
  const id = organization?.organizationId ?? 0;
  const [askInactive, setAskInactive] = useState(false);
  // Back to the list as it was left (its page and search), where the saved row is shown.
  const toList = useBackToList('/admin/client');
  const form = useForm({
    schema: id ? editOrganizationRequest : createOrganizationRequest,
    initial: initialValues(organization),
    toInput: ({ useOrganizationEmail, password, confirmPassword, ...v }) => ({
      ...v,
      organizationId: id,
      clientType: v.clientType ?? undefined,
      userEmail: useOrganizationEmail ? v.organizationEmail : v.userEmail,
      userPhone: v.userPhone.trim() || null,
      ...(id ? {} : { password, confirmPassword }),
    }),
    check: id ? undefined : confirmMatches('password'),
    submit: (data) => save.mutateAsync(data as CreateOrganizationRequest | EditOrganizationRequest),
    title: 'Organization',
    // spec §8: otherwise a warning with the server's message.
    failureAs: 'warning',
    success: id ? ORG_MSG.updated : ORG_MSG.created,
    onSuccess: (saved) => {
      markSaved(SAVED_LISTS.organizations, saved.organizationId, !id);
      toList();
    },
  });
  const { values } = form;

  function setOrganizationEmail(email: string) {
    form.setValues((v) => ({
      ...v,
      organizationEmail: email,
      ...(v.useOrganizationEmail ? { userEmail: email } : {}),
    }));
  }

  function setUseOrganizationEmail(on: boolean) {
    // spec §4: ticking copies the organization's e-mail and keeps the user's in step while ticked.
    form.setValues((v) => ({ ...v, useOrganizationEmail: on, ...(on ? { userEmail: v.organizationEmail } : {}) }));
  }

  return (
    <section className="stack">
      <h1>{id ? 'Edit Organization / Medical provider' : 'Create Organization / provider'}</h1>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        <fieldset className="stack">
          <legend>Organization</legend>
          <div className="form-grid">
            <SelectField
              label="Client Type"
              options={CLIENT_TYPE_OPTIONS}
              placeholder="Select client type"
              {...form.choice('clientType')}
            />
            <Field
              label="Organization Name"
              maxLength={ORG_NAME_MAX}
              autoComplete="organization"
              {...form.field('organizationName')}
            />
            <Field label="Organization Code" maxLength={ORG_CODE_MAX} {...form.field('organizationCode')} />
            <Field
              label="Website"
              type="url"
              inputMode="url"
              maxLength={ORG_TEXT_MAX}
              placeholder="clinic.example"
              {...form.field('organizationWebsite')}
            />
            <Field
              label="Address"
              maxLength={ORG_TEXT_MAX}
              autoComplete="street-address"
              {...form.field('organizationAddress')}
            />
            <Field
              label="Organization Email"
              type="email"
              maxLength={EMAIL_MAX}
              {...form.field('organizationEmail')}
              onChange={(e) => setOrganizationEmail(e.target.value)}
            />
            <Field label="Organization Phone" type="tel" maxLength={PHONE_MAX} {...form.field('organizationPhone')} />
          </div>
        </fieldset>

        <fieldset className="stack org-section">
          <legend>User</legend>
          <div className="form-grid">
            <Field label="First Name" maxLength={NAME_MAX} autoComplete="off" {...form.field('userFirstName')} />
            <Field label="Last Name" maxLength={NAME_MAX} autoComplete="off" {...form.field('userLastName')} />
          </div>
          <label className="org-check">
            <input
              type="checkbox"
              checked={values.useOrganizationEmail}
              onChange={(e) => setUseOrganizationEmail(e.target.checked)}
            />
            <span>Use Organization Email</span>
          </label>
          <div className="form-grid">
            <Field
              label="User Email"
              type="email"
              maxLength={EMAIL_MAX}
              autoComplete="off"
              disabled={values.useOrganizationEmail}
              {...form.field('userEmail')}
              value={values.useOrganizationEmail ? values.organizationEmail : values.userEmail}
            />
            <Field label="User Phone" type="tel" maxLength={PHONE_MAX} {...form.field('userPhone')} />
            {!id && (
              <PasswordPair
                label="Password"
                password={form.field('password')}
                confirm={form.field('confirmPassword')}
                rules={false}
              />
            )}
          </div>
          {!id && <PasswordRules />}
        </fieldset>

        <fieldset className="stack org-section">
          <legend>Settings</legend>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={values.discloseUserDetails}
              aria-checked={values.discloseUserDetails}
              onChange={(e) => form.set('discloseUserDetails', e.target.checked)}
            />
            <span>Disclose Username</span>
          </label>
          <p className="hint">When off, players' names are hidden from this organization's play results.</p>
          {id > 0 && (
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={values.organizationIsActive}
                aria-checked={values.organizationIsActive}
                onChange={(e) => (e.target.checked ? form.set('organizationIsActive', true) : setAskInactive(true))}
              />
              <span>Active</span>
            </label>
          )}
        </fieldset>

        <FormActions busy={form.busy} submit={id ? 'Save' : 'Create'} onCancel={toList} />
      </form>
      <ConfirmDialog
        open={askInactive}
        title={INACTIVATE_TITLE}
        message={INACTIVATE_MESSAGE}
        confirmLabel="Make Inactive"
        onCancel={() => setAskInactive(false)}
        onConfirm={() => {
          form.set('organizationIsActive', false);
          setAskInactive(false);
        }}
      />
    </section>
  );
}
