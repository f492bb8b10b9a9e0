/** A key: the row's "reset password" action (drawn as the shared line icons are; decorative). */
export const KeyIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="M10.7 12.3 21 2" />
    <path d="m16 7 3 3" />
    <path d="m19 4 2 2" />
  </svg>
);
