import type { MessageId } from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { knownPublicUrl } from '../../lib/public-url';
import { SyncStatusPanel } from '../../offline/sync-status';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { type CameraProblem, QrScanner } from './qr-scanner';
import { readTypedCode, scanTarget } from './scan-target';
import './scanner.css';

/** Each camera problem in the player's words: what happened and what to do (spec §2, §8). */
const PROBLEMS: Record<CameraProblem, { title: MessageId; text: MessageId }> = {
  'no-camera': { title: 'scan.noCameraTitle', text: 'scan.noCameraText' },
  'in-use': { title: 'scan.deniedTitle', text: 'scan.inUseText' },
  denied: { title: 'scan.deniedTitle', text: 'scan.deniedText' },
};

export function ScanScreen() {
  const navigate = useNavigate();
  const notify = useToast();
  const t = useT();
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [code, setCode] = useState('');
  const codeField = useRef<HTMLInputElement>(null);
  const [toCodeField, setToCodeField] = useState(false);

  // After the camera message closes (its dialog gives focus back first), the code field takes it.
  useEffect(() => {
    if (!toCodeField || problem !== null) return;
    setToCodeField(false);
    const field = codeField.current;
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  }, [toCodeField, problem]);

  function go(text: string) {
    const origins = [window.location.origin];
    const publicUrl = knownPublicUrl();
    if (publicUrl) origins.push(new URL(publicUrl).origin);
    const target = scanTarget(text, origins);
    if (target.kind === 'app') navigate({ to: '/scent/$id', params: { id: target.code } });
    else if (target.kind === 'external') window.location.href = target.url;
    // spec §8: text that can lead to no kit is told at once, as an error notification.
    else if (target.kind === 'invalid') notify('error', t('kit.invalid'));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const typed = readTypedCode(code);
    if (typed) go(typed);
  }

  return (
    <section className="stack center">
      <h1>{t('scan.title')}</h1>
      <p className="lead">{t('scan.lead')}</p>
      {scanning ? (
        <QrScanner
          onText={(text) => {
            setScanning(false);
            go(text);
          }}
          onProblem={(p) => {
            setScanning(false);
            setProblem(p);
          }}
        />
      ) : (
        <button type="button" className="button button-large" onClick={() => setScanning(true)}>
          {t('scan.tap')}
        </button>
      )}
      <form className="manual-code" onSubmit={submit}>
        <label htmlFor="kit-code">{t('scan.codeLabel')}</label>
        <div className="inline">
          <input
            id="kit-code"
            ref={codeField}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('scan.codePlaceholder')}
          />
          <button type="submit" className="button" disabled={!readTypedCode(code)}>
            {t('scan.play')}
          </button>
        </div>
      </form>
      <SyncStatusPanel />
      <Modal open={problem !== null} title={problem ? t(PROBLEMS[problem].title) : ''} onClose={() => setProblem(null)}>
        {problem && <p data-testid="camera-problem">{t(PROBLEMS[problem].text)}</p>}
        <div className="actions camera-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setToCodeField(true);
              setProblem(null);
            }}
          >
            {t('scan.enterCode')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setProblem(null)}>
            {t('scan.ok')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
