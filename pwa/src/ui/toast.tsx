import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
}
type Notify = (kind: ToastKind, message: string, title?: string) => void;

const ToastContext = createContext<Notify>(() => {});

/** Notifications last about 2 seconds (spec §9); warnings and errors a little longer to be read. */
const DURATION: Record<ToastKind, number> = { success: 2000, info: 2000, warning: 3500, error: 3500 };

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const notify = useCallback<Notify>((kind, message, title) => {
    const id = nextId++;
    setToasts((list) => [...list.slice(-3), { id, kind, message, title }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), DURATION[kind]);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            {t.title && <strong className="toast-title">{t.title}</strong>}
            <span>{t.message}</span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = (): Notify => useContext(ToastContext);
