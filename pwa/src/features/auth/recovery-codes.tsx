import { useState } from 'react';
import { saveFile } from '../../lib/download';
import { useToast } from '../../ui/toast';

/** The recovery codes, shown once: copy them or download them as a text file before going on. */
export function RecoveryCodes({ codes, who }: { codes: string[]; who: string }) {
  const notify = useToast();
  const [copied, setCopied] = useState(false);
  const text = [
    `Scentry recovery codes${who ? ` of ${who}` : ''}`,
    'Each code signs in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notify('success', 'Recovery codes copied', 'Two-step sign-in');
    } catch {
      notify('warning', 'Could not copy: select the codes and copy them, or download them', 'Two-step sign-in');
    }
  }

  return (
    <div className="stack">
      <p className="notice notice-warning">
        Keep these codes somewhere safe (a password manager, or printed). They are shown only now: each one signs you in
        once if you lose your phone.
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="actions actions-start">
        <button type="button" className="button button-ghost" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'scentry-recovery-codes.txt')}
        >
          Download codes
        </button>
      </div>
    </div>
  );
}
