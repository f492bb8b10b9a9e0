import type { ReactNode } from 'react';

/** The frame of the public staff pages (sign in, forgot password, reset password): one card, the brand, a title. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="login-layout">
      <main className="login-card">
        <div className="brand brand-large">
          <img src="/favicon.svg" alt="" width="40" height="40" /> Scentry
        </div>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
