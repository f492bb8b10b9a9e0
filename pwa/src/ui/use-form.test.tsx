import {
  authenticateRequest,
  CATALOGUE_MSG,
  changePasswordRequest,
  createUserRequest,
  type FieldErrors,
  MSG,
  scentOptionModel,
} from '@scentry/shared-schema';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiFailure, api } from '../lib/api';
import { Field } from './field';
import { ToastProvider } from './toast';
import { confirmMatches, failureToast, useForm } from './use-form';

const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;

/** The scent option form's shape: a name, and a picture the screen itself requires. */
function optionForm(opts: { picture?: () => boolean; submit?: () => Promise<unknown> } = {}) {
  return renderHook(
    () =>
      useForm({
        schema: scentOptionModel,
        initial: { title: '' },
        toInput: (v) => ({ id: 0, title: v.title }),
        check: (): FieldErrors => (opts.picture && !opts.picture() ? { file: CATALOGUE_MSG.imageRequired } : {}),
        submit: opts.submit ?? (async () => 'ok'),
        title: 'Scent option',
      }),
    { wrapper },
  );
}

describe('useForm: messages clear as soon as the field is fixed', () => {
  it('shows nothing before the first submit, even for a field typed into and left invalid', () => {
    const { result } = optionForm();
    act(() => result.current.set('title', 'x'.repeat(40)));
    act(() => result.current.set('title', ''));
    expect(result.current.errors).toEqual({});
  });

  it('after a refused submit, typing a valid value removes the message at once; an invalid one shows its own', async () => {
    const { result } = optionForm();
    await act(() => result.current.onSubmit());
    expect(result.current.errors).toEqual({ title: CATALOGUE_MSG.optionNameRequired });
    act(() => result.current.set('title', 'L'));
    expect(result.current.errors).toEqual({});
    // Broken again (too long): the edited field says what is wrong now.
    act(() => result.current.set('title', 'x'.repeat(30)));
    expect(result.current.errors).toEqual({ title: CATALOGUE_MSG.optionNameTooLong });
    act(() => result.current.set('title', 'Lemon'));
    expect(result.current.errors).toEqual({});
  });

  it('editing one field leaves the other messages of the rules standing until they are fixed', async () => {
    let picture = false;
    const { result } = optionForm({ picture: () => picture });
    await act(() => result.current.onSubmit());
    expect(result.current.errors).toEqual({
      title: CATALOGUE_MSG.optionNameRequired,
      file: CATALOGUE_MSG.imageRequired,
    });
    act(() => result.current.set('title', 'Lemon'));
    expect(result.current.errors).toEqual({ file: CATALOGUE_MSG.imageRequired });
    picture = true;
    act(() => result.current.set('title', 'Lemons'));
    expect(result.current.errors).toEqual({});
  });

  it('a change never adds a message to a field that was not edited', async () => {
    const { result } = renderHook(
      () =>
        useForm({
          schema: authenticateRequest,
          initial: { email: '', password: 'secret' },
          submit: async () => 'ok',
          title: 'Login',
        }),
      { wrapper },
    );
    await act(() => result.current.onSubmit());
    expect(Object.keys(result.current.errors)).toEqual(['email']);
    act(() => result.current.set('password', ''));
    // The password is now empty, but it was not the field with a message: only it may show one,
    // and it was edited, so it does; the e-mail keeps its own.
    expect(result.current.errors).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequiredLogin });
    act(() => result.current.set('email', 'a@b.co'));
    expect(result.current.errors).toEqual({ password: MSG.passwordRequiredLogin });
  });

  it('fixing a field clears a message of the rules it caused on another (new password → its confirmation)', async () => {
    const { result } = renderHook(
      () =>
        useForm({
          schema: changePasswordRequest,
          initial: {
            id: 1,
            oldPassword: 'Old-passw0rd',
            newPassword: 'New-passw0rd',
            confirmPassword: 'New-passw0rd!',
          },
          submit: async () => 'ok',
          title: 'Change Password',
        }),
      { wrapper },
    );
    await act(() => result.current.onSubmit());
    expect(result.current.errors).toEqual({ confirmPassword: MSG.passwordsMustMatch });
    act(() => result.current.set('newPassword', 'New-passw0rd!'));
    expect(result.current.errors).toEqual({});
  });

  it("keeps a server's field message until that field is edited", async () => {
    const refusal = new ApiFailure(400, {
      status: 'Warning',
      message: CATALOGUE_MSG.optionNameTaken,
      error: `title: ${CATALOGUE_MSG.optionNameTaken}`,
      data: null,
    });
    const { result } = optionForm({
      submit: async () => {
        throw refusal;
      },
    });
    act(() => result.current.set('title', 'Lemon'));
    await act(() => result.current.onSubmit());
    expect(result.current.errors).toEqual({ title: CATALOGUE_MSG.optionNameTaken });
    // What was typed stays.
    expect(result.current.values.title).toBe('Lemon');
    act(() => result.current.set('title', 'Lemon grass'));
    expect(result.current.errors).toEqual({});
  });

  it('reset forgets the submit: no messages until the next one', async () => {
    const { result } = optionForm();
    await act(() => result.current.onSubmit());
    act(() => result.current.reset());
    act(() => result.current.set('title', 'x'.repeat(30)));
    expect(result.current.errors).toEqual({});
  });
});

describe('useForm: a cross-field rule follows both its fields after the first submit', () => {
  const PW = 'New-passw0rd';
  function changePasswordForm() {
    return renderHook(
      () =>
        useForm({
          schema: changePasswordRequest,
          initial: { id: 1, oldPassword: 'Old-passw0rd', newPassword: '', confirmPassword: '' },
          check: confirmMatches('newPassword'),
          submit: async () => 'ok',
          title: 'Change Password',
        }),
      { wrapper },
    );
  }
  function createUserForm() {
    return renderHook(
      () =>
        useForm({
          schema: createUserRequest,
          initial: { firstName: 'Ann', lastName: 'Lee', email: '', roleId: 1, password: '', confirmPassword: '' },
          check: confirmMatches('password'),
          submit: async () => 'ok',
          title: 'Create User',
        }),
      { wrapper },
    );
  }

  it('changing the password (not the confirmation) shows the mismatch at once, and changing it back clears it', async () => {
    const { result } = changePasswordForm();
    act(() => result.current.set('newPassword', PW));
    act(() => result.current.set('confirmPassword', PW));
    act(() => result.current.set('oldPassword', ''));
    await act(() => result.current.onSubmit());
    expect(Object.keys(result.current.errors)).toEqual(['oldPassword']);
    act(() => result.current.set('newPassword', `${PW}x`));
    expect(result.current.errors.confirmPassword).toBe(MSG.passwordsMustMatch);
    act(() => result.current.set('newPassword', PW));
    expect(result.current.errors.confirmPassword).toBeUndefined();
    // The confirmation itself edited: the same.
    act(() => result.current.set('confirmPassword', `${PW}y`));
    expect(result.current.errors.confirmPassword).toBe(MSG.passwordsMustMatch);
    act(() => result.current.set('confirmPassword', PW));
    expect(result.current.errors.confirmPassword).toBeUndefined();
    expect(Object.keys(result.current.errors)).toEqual(['oldPassword']);
  });

  it('shows the mismatch while another field is still invalid (on submit and on editing Confirm)', async () => {
    const { result } = createUserForm();
    act(() => result.current.set('password', PW));
    act(() => result.current.set('confirmPassword', 'Other-passw0rd'));
    await act(() => result.current.onSubmit());
    // The e-mail is missing, yet the mismatch is said too.
    expect(result.current.errors).toEqual({ email: MSG.emailRequired, confirmPassword: MSG.passwordsMustMatch });
    act(() => result.current.set('confirmPassword', PW));
    expect(result.current.errors).toEqual({ email: MSG.emailRequired });
    act(() => result.current.set('confirmPassword', `${PW}!`));
    expect(result.current.errors).toEqual({ email: MSG.emailRequired, confirmPassword: MSG.passwordsMustMatch });
    // The password edited to agree clears it; edited away again shows it, the e-mail still invalid.
    act(() => result.current.set('password', `${PW}!`));
    expect(result.current.errors).toEqual({ email: MSG.emailRequired });
    act(() => result.current.set('password', PW));
    expect(result.current.errors).toEqual({ email: MSG.emailRequired, confirmPassword: MSG.passwordsMustMatch });
  });

  it('says nothing before the first submit', () => {
    const { result } = createUserForm();
    act(() => result.current.set('password', PW));
    act(() => result.current.set('confirmPassword', 'x'));
    expect(result.current.errors).toEqual({});
  });
});

/** A one-field form as the admin writes it: the field is one line. */
function OptionNameForm() {
  const form = useForm({
    schema: scentOptionModel,
    initial: { title: '' },
    toInput: (v) => ({ id: 0, title: v.title }),
    submit: async () => 'ok',
    title: 'Scent option',
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Field label="Scent option name" {...form.field('title')} />
      <button type="submit">Submit</button>
    </form>
  );
}

describe('useForm: the field binder (form.field / form.choice)', () => {
  it('binds a text field: name, a unique id, the value, typing, and the message with its ARIA', async () => {
    const { result } = optionForm();
    const other = optionForm();
    const bound = result.current.field('title');
    expect(bound).toMatchObject({ name: 'title', value: '', error: undefined, 'aria-invalid': undefined });
    expect(bound['aria-describedby']).toBeUndefined();
    // Two forms on one page never share an id.
    expect(bound.id).not.toBe(other.result.current.field('title').id);

    act(() => result.current.field('title').onChange({ target: { value: 'Lemon' } }));
    expect(result.current.values.title).toBe('Lemon');
    expect(result.current.field('title').value).toBe('Lemon');

    act(() => result.current.field('title').onChange({ target: { value: '' } }));
    await act(() => result.current.onSubmit());
    const refused = result.current.field('title');
    expect(refused.error).toBe(CATALOGUE_MSG.optionNameRequired);
    expect(refused['aria-invalid']).toBe(true);
    expect(refused['aria-describedby']).toBe(`${refused.id}-error`);
  });

  it('binds a choice: its value, and the value picked', () => {
    const { result } = renderHook(
      () =>
        useForm({
          schema: createUserRequest,
          initial: { firstName: 'Ann', roleId: null as number | null },
          submit: async () => 'ok',
          title: 'Create User',
        }),
      { wrapper },
    );
    expect(result.current.choice('roleId')).toMatchObject({ name: 'roleId', value: null });
    act(() => result.current.choice('roleId').onChange(2));
    expect(result.current.values.roleId).toBe(2);
  });

  it('on a Field: the label names the input, and the message describes it (announced)', async () => {
    render(<OptionNameForm />, { wrapper });
    const input = screen.getByLabelText('Scent option name') as HTMLInputElement;
    expect(input.name).toBe('title');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe(CATALOGUE_MSG.optionNameRequired);
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.change(input, { target: { value: 'Lemon' } });
    expect(input.value).toBe('Lemon');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
  });
});

describe('failureToast: what a refused or failed call says (spec §8)', () => {
  it('no answer at all: something went wrong, with the browser’s reason', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const err = await api('/api/SentCard/CreateSentCardDetails', { body: {} }).catch((e: unknown) => e);
      expect(failureToast(err)).toEqual({
        kind: 'error',
        message: 'Something went wrong. Please try again! (Failed to fetch)',
      });
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("the server's own words as they are; a reply without them says what came back", () => {
    const warning = new ApiFailure(400, {
      status: 'Warning',
      message: 'This order number is already set',
      error: null,
      data: null,
    });
    expect(failureToast(warning)).toEqual({ kind: 'warning', message: 'This order number is already set' });
    const proxy = new ApiFailure(502, { status: 'Failure', message: MSG.serverError, error: 'HTTP 502', data: null });
    expect(failureToast(proxy).message).toBe('Something went wrong. Please try again! (HTTP 502)');
  });
});
