import { PLAY_MSG } from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { knownPublicUrl } from '../../lib/public-url';
import { SyncStatusPanel } from '../../offline/sync-status';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { type CameraProblem, QrScanner } from './qr-scanner';
import { scanTarget } from './scan-target';

export function ScanScreen() {
  const navigate = useNavigate();
  const notify = useToast();
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [code, setCode] = useState('');

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
    if (code.trim()) go(code);
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
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. DEMO1"
          />
          <button type="submit" className="button" disabled={!code.trim()}>
            Play
          </button>
        </div>
      </form>
      <SyncStatusPanel />
      <Modal open={problem !== null} title="Camera Access Denied" onClose={() => setProblem(null)}>
        {problem === 'in-use' ? (
          <p>The camera is being used by another app. Please close other apps using the camera and try again.</p>
        ) : (
          <p>
            Scentry needs the camera to scan your kit. Please allow camera access for this site, then refresh the page.
          </p>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={() => setProblem(null)}>
            OK
          </button>
        </div>
      </Modal>
    </section>
  );
}
