import type { ReactNode } from 'react';

/** A screen a later release builds: it says what it will be, so nobody mistakes it for a bug. */
export function Placeholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <div className="placeholder-text">{children}</div>
      <p className="placeholder-note">This screen is coming in a later release of Scentry.</p>
    </section>
  );
}
