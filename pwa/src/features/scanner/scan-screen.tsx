import { PLAY_MSG } from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { knownPublicUrl } from '../../lib/public-url';
import { SyncStatusPanel } from '../../offline/sync-status';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { type CameraProblem, QrScanner } from './qr-scanner';
import { readTypedCode, scanTarget } from './scan-target';
import './scanner.css';

/** Each camera problem in the player's words: what happened and what to do (spec §2, §8). */
const PROBLEMS: Record<CameraProblem, { title: string; text: string }> = {
  'no-camera': {
    title: 'No camera found',
    text: 'This device has no camera Scentry can use. You can type the code printed on your kit instead.',
  },
  'in-use': {
    title: 'Camera Access Denied',
    text: 'The camera is being used by another app. Please close other apps using the camera and try again, or type the code printed on your kit.',
  },
  denied: {
    title: 'Camera Access Denied',
    text: 'Scentry needs the camera to scan your kit. Please allow camera access for this site, then refresh the page, or type the code printed on your kit.',
  },
};

export function ScanScreen() {
  const navigate = useNavigate();
  const notify = useToast();
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
    else if (target.kind === 'invalid') notify('error', PLAY_MSG.invalidKit);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const typed = readTypedCode(code);
    if (typed) go(typed);
  }

  return (
    <section className="stack center">
      <h1>Scan your play kit</h1>
      <p className="lead">Point the camera at the QR code on your play kit.</p>
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
          Tap to scan
        </button>
      )}
      <form className="manual-code" onSubmit={submit}>
        <label htmlFor="kit-code">Or enter the code printed on your kit</label>
        <div className="inline">
          <input
            id="kit-code"
            ref={codeField}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. KIT42"
          />
          <button type="submit" className="button" disabled={!readTypedCode(code)}>
            Play
          </button>
        </div>
      </form>
      <SyncStatusPanel />
      <Modal open={problem !== null} title={problem ? PROBLEMS[problem].title : ''} onClose={() => setProblem(null)}>
        {problem && <p data-testid="camera-problem">{PROBLEMS[problem].text}</p>}
        <div className="actions camera-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setToCodeField(true);
              setProblem(null);
            }}
          >
            Enter the code instead
          </button>
          <button type="button" className="button button-ghost" onClick={() => setProblem(null)}>
            OK
          </button>
        </div>
      </Modal>
    </section>
  );
}
