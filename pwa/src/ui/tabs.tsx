import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  disabled?: boolean;
  /** Why a disabled tab is disabled (shown as its title). */
  hint?: string;
}

/** ARIA tabs: arrow keys move between enabled tabs; the panel is labelled by its tab. */
export function Tabs<T extends string>({
  label,
  tabs,
  current,
  onChange,
  children,
}: {
  label: string;
  tabs: TabItem<T>[];
  current: T;
  onChange: (id: T) => void;
  children: ReactNode;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement | null>());
  function onKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const enabled = tabs.filter((t) => !t.disabled);
    const i = enabled.findIndex((t) => t.id === current);
    const next = enabled[(i + (e.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length];
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={current === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={current === t.id ? 0 : -1}
            disabled={t.disabled}
            title={t.disabled ? t.hint : undefined}
            className="tab"
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} className="tab-panel">
        {children}
      </div>
    </>
  );
}
