import { useEffect, useRef, useState } from 'react';

export type CameraProblem = 'in-use' | 'denied';

/** getUserMedia's error names: the camera busy elsewhere, or refused (or absent) otherwise. */
export function cameraProblemOf(errorName: string): CameraProblem {
  return errorName === 'NotReadableError' || errorName === 'TrackStartError' || errorName === 'AbortError'
    ? 'in-use'
    : 'denied';
}

/** Decodes QR codes from the rear camera: a frame every 500 ms (spec §9), jsQR loaded only here. */
export function QrScanner({
  onText,
  onProblem,
}: {
  onText: (text: string) => void;
  onProblem: (p: CameraProblem) => void;
}) {
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
      <video ref={videoRef} muted playsInline aria-label="Camera view" />
      <div className="scanner-frame" aria-hidden="true" />
      {!ready && <p className="scanner-hint">Starting the camera…</p>}
    </div>
  );
}
