import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure menu: a button that opens a list; Escape and outside clicks close it. Escape with
 * the focus inside closes only this list (focus back on its button), not the phone menu around it.
 */
export function DropdownMenu({
  label,
  children,
  align = 'left',
}: {
  label: ReactNode;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the button or a link inside
    <div
      className="dropdown"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // Handled here: the phone menu around it (AdminLayout) stays open.
        e.stopPropagation();
        e.nativeEvent.preventDefault();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: closes once a link inside is followed; keys reach the links themselves
        // biome-ignore lint/a11y/noStaticElementInteractions: see above
        <div id={id} className={`dropdown-list dropdown-${align}`} onClick={() => setOpen(false)}>
          {children}
        </div>
      )}
    </div>
  );
}
