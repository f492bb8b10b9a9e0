import {
  createUserRequest,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  ROLES,
  USER_MSG,
  type UserRow,
  updateUserRequest,
} from '@scentry/shared-schema';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getSession } from '../../lib/session';
import { Field } from '../../ui/field';
import { FormActions } from '../../ui/form-actions';
import { PasswordPair } from '../../ui/password-pair';
import { markSaved, SAVED_LISTS, useBackToList } from '../../ui/saved-row';
import { SelectField } from '../../ui/select-field';
import { type BoundChoice, confirmMatches, useForm } from '../../ui/use-form';
import { organizationChoicesQuery, rolesQuery, useSaveUser } from './queries';

interface Values extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roleId: number | null;
  organizationId: number | null;
  isActive: boolean;
  password: string;
  confirmPassword: string;
}

const initialOf = (user: UserRow | null): Values => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
  roleId: user?.roleId ?? null,
  organizationId: user?.organizationId ?? null,
  // New users default to active (spec §4).
  isActive: user?.isActive ?? true,
  password: '',
  confirmPassword: '',
});

/**
 * /admin/manageuser/{Id?}: Create User (with a password) or Edit User (the password is reset from
 * the list). A Client Admin belongs to an organization, so the field shows for that role only.
 */
export function UserForm({ user }: { user: UserRow | null }) {
  const id = user?.id ?? 0;
  const roles = useSuspenseQuery(rolesQuery()).data;
  const save = useSaveUser();
  const back = useBackToList('/admin/user');
  const mine = id > 0 && id === getSession()?.id;
  const form = useForm({
    schema: id ? updateUserRequest : createUserRequest,
    initial: initialOf(user),
    toInput: (v) => ({
      id,
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      phone: v.phone.trim() || null,
      roleId: v.roleId,
      organizationId: v.roleId === ROLES.ClientAdmin ? v.organizationId : null,
      isActive: v.isActive,
      ...(id ? {} : { password: v.password, confirmPassword: v.confirmPassword }),
    }),
    check: id ? undefined : confirmMatches('password'),
    submit: (data) => save.mutateAsync(data),
    title: id ? 'Edit User' : 'Create User',
    // spec §8: a refused save is a warning with the server's message.
    failureAs: 'warning',
    success: id ? USER_MSG.updated : USER_MSG.created,
    onSuccess: (saved) => {
      markSaved(SAVED_LISTS.users, saved.id, !id);
      back();
    },
  });
  const { values } = form;
  const clientAdmin = values.roleId === ROLES.ClientAdmin;

  return (
    <section className="stack narrow-form">
      <h1>{id ? 'Edit User' : 'Create User'}</h1>
      <form className="stack" onSubmit={form.onSubmit} noValidate autoComplete="off">
        <div className="form-grid">
          <Field label="First Name" maxLength={NAME_MAX} autoComplete="off" {...form.field('firstName')} />
          <Field label="Last Name" maxLength={NAME_MAX} autoComplete="off" {...form.field('lastName')} />
        </div>
        <Field
          label="Email"
          type="email"
          inputMode="email"
          maxLength={EMAIL_MAX}
          autoComplete="off"
          spellCheck={false}
          {...form.field('email')}
        />
        <Field label="Phone (optional)" type="tel" maxLength={PHONE_MAX} autoComplete="off" {...form.field('phone')} />
        <SelectField
          label="Role"
          placeholder="Select a role"
          options={roles.map((r) => ({ value: r.id, label: r.name }))}
          disabled={mine}
          {...form.choice('roleId')}
          id="user-role"
        />
        {clientAdmin && (
          <OrganizationField
            current={user?.organizationId ? { id: user.organizationId, name: user.organizationName ?? '' } : null}
            {...form.choice('organizationId')}
          />
        )}
        <label className="switch">
          <input
            type="checkbox"
            checked={values.isActive}
            disabled={mine}
            onChange={(e) => form.set('isActive', e.target.checked)}
          />
          <span>Active</span>
        </label>
        {mine && <p className="hint">{USER_MSG.notYourself}.</p>}
        {!id && (
          <PasswordPair label="Password" password={form.field('password')} confirm={form.field('confirmPassword')} />
        )}
        <FormActions busy={form.busy} submit={id ? 'Save' : 'Create'} onCancel={back} />
      </form>
    </section>
  );
}

/** The organization of a Client Admin: active organizations, plus the user's own if it is not. */
function OrganizationField({
  current,
  ...choice
}: { current: { id: number; name: string } | null } & BoundChoice<number | null>) {
  const choices = useQuery(organizationChoicesQuery());
  const list = choices.data ?? [];
  const options = [...(current && !list.some((o) => o.id === current.id) ? [current] : []), ...list].map((o) => ({
    value: o.id,
    label: o.name,
  }));
  return (
    <>
      <SelectField
        label="Organization"
        placeholder={choices.isPending ? 'Loading…' : 'Select an organization'}
        options={options}
        {...choice}
        id="user-organization"
      />
      {choices.error && (
        <p className="hint" role="status">
          The organizations could not be loaded ({choices.error.message}).{' '}
          <button type="button" className="text-link" onClick={() => void choices.refetch()}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}
