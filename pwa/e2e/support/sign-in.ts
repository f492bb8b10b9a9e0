import type { Page } from 'playwright-core';
import { ADMIN } from './server';

export interface Credentials {
  email: string;
  password: string;
}

/** The envelope of the sign-in reply (API.md): the toast of a refused sign-in shows its message. */
export interface SignInReply {
  status: 'Success' | 'Failure' | 'Warning';
  message: string;
}

/**
 * Signs in through the login screen, as staff do: fills User Name and Password, presses Login and
 * waits for the server's answer. A sign-in the server accepts also waits for the dashboard; a
 * refused one returns the reply, whose message the page must then show.
 */
export async function signIn(page: Page, baseUrl: string, user: Credentials = ADMIN): Promise<SignInReply> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('User Name').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  const [reply] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/User/Authenticate'),
    page.getByRole('button', { name: 'Login' }).click(),
  ]);
  const body = (await reply.json()) as SignInReply;
  if (body.status === 'Success') await page.waitForURL('**/admin/dashboard');
  return body;
}

/** The same sign-in without a browser, through the API: the reply's data (token, user, device token). */
export async function apiSignIn(baseUrl: string, user: Credentials = ADMIN): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api/User/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: user.email, Password: user.password }),
  });
  const body = await res.json();
  if (body.status !== 'Success') throw new Error(`sign-in of ${user.email} refused: ${body.message}`);
  return body.data;
}

/** The bearer token of a sign-in through the API, for setting data up. */
export async function apiToken(baseUrl: string, user: Credentials = ADMIN): Promise<string> {
  return (await apiSignIn(baseUrl, user)).token as string;
}
