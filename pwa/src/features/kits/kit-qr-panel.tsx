import type { TestKit } from '@scentry/shared-schema';

/** The kit's QR code (its URL under PUBLIC_URL), to download or print for the kit's box. */
export function KitQrPanel({ kit }: { kit: TestKit }) {
  function print() {
    const w = window.open('', '_blank', 'width=600,height=700');
    if (!w) return;
    w.document.title = `Play kit ${kit.name}`;
    const fig = w.document.createElement('figure');
    fig.style.cssText = 'text-align:center;font-family:sans-serif;margin:2rem';
    const img = w.document.createElement('img');
    img.src = kit.qrCode;
    img.width = 360;
    img.alt = `QR code of play kit ${kit.name}`;
    const cap = w.document.createElement('figcaption');
    cap.textContent = `${kit.name} — ${kit.qrCodeURL}`;
    fig.append(img, cap);
    w.document.body.append(fig);
    img.onload = () => w.print();
  }
  return (
    <figure className="qr-panel">
      <img src={kit.qrCode} alt={`QR code of play kit ${kit.name}`} width="220" height="220" />
      <figcaption>
        <code>{kit.qrCodeURL}</code>
      </figcaption>
      <div className="actions">
        <a className="button button-small" href={kit.qrCode} download={`scentry-kit-${kit.name}-qr.png`}>
          Download QR code
        </a>
        <button type="button" className="button button-small button-ghost" onClick={print}>
          Print
        </button>
      </div>
    </figure>
  );
}
