export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner with what is happening, said once to screen readers (the spinner's status) and shown. */
export function Working({ text }: { text: string }) {
  return (
    <>
      <Spinner label={text} /> <span aria-hidden="true">{text}</span>
    </>
  );
}
