import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';

export type CameraProblem = 'no-camera' | 'in-use' | 'denied';

/**
 * What getUserMedia's error name means for the player: no camera on the device (or none that fits),
 * the camera busy in another app, or access refused. Old Chrome names (DevicesNotFoundError,
 * TrackStartError, PermissionDeniedError) are read too; anything unknown is treated as refused,
 * whose advice (allow the camera, refresh) is the most general.
 */
export function cameraProblemOf(errorName: string): CameraProblem {
  switch (errorName) {
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    default:
      return 'denied';
  }
}

/** The browser offers no camera API at all (an old browser, or a page that is not a secure context). */
export const cameraApiMissing = (): boolean => typeof navigator.mediaDevices?.getUserMedia !== 'function';

/** Decodes QR codes from the rear camera: a frame every 500 ms (spec §9), jsQR loaded only here. */
export function QrScanner({
  onText,
  onProblem,
}: {
  onText: (text: string) => void;
  onProblem: (p: CameraProblem) => void;
}) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;
  const onProblemRef = useRef(onProblem);
  onProblemRef.current = onProblem;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');

    (async () => {
      if (cameraApiMissing()) {
        onProblemRef.current('no-camera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (err) {
        onProblemRef.current(cameraProblemOf((err as DOMException | undefined)?.name ?? ''));
        return;
      }
      if (stopped) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play().catch(() => {});
      setReady(true);
      const { default: jsQR } = await import('jsqr');
      timer = setInterval(() => {
        if (!video.videoWidth) return;
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return;
        ctx.drawImage(video, 0, 0);
        const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
        if (code?.data) {
          clearInterval(timer);
          onTextRef.current(code.data);
        }
      }, 500);
    })();

    return () => {
      stopped = true;
      clearInterval(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);

  return (
    <div className="scanner">
      <video ref={videoRef} muted playsInline aria-label={t('scan.cameraView')} />
      <div className="scanner-frame" aria-hidden="true" />
      {!ready && <p className="scanner-hint">{t('scan.startingCamera')}</p>}
    </div>
  );
}
