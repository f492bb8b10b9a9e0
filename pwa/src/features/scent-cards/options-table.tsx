import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { DeleteButton, EditIcon } from '../../ui/icons';
import type { OptionChoice } from './api';
import { byOrder, type LocalOption } from './local-options';
import { GripIcon } from './marks';

/**
 * The card's options as held until Save: Action (edit), Option Name, Option Order, Move, Delete.
 * Move is a handle: drag it (mouse or touch: pointer events, not HTML drag and drop, which touch
 * screens lack) or focus it and press Arrow Up / Arrow Down. The sort orders follow the rows.
 */
export function OptionsTable({
  options,
  choices,
  correct,
  onEdit,
  onRemove,
  onMove,
  announce,
}: {
  options: LocalOption[];
  choices: OptionChoice[];
  correct: number | null;
  onEdit: (o: LocalOption) => void;
  onRemove: (o: LocalOption) => void;
  /** Move the option to a 0-based position of the shown order. */
  onMove: (o: LocalOption, index: number) => void;
  announce: (message: string) => void;
}) {
  const helpId = useId();
  const byId = new Map(choices.map((c) => [c.id, c]));
  const sorted = byOrder(options);
  const nameOf = (o: LocalOption) => byId.get(o.scentCardOptionDetailId)?.title ?? `#${o.scentCardOptionDetailId}`;
  const tbody = useRef<HTMLTableSectionElement>(null);
  const handles = useRef(new Map<string, HTMLButtonElement | null>());
  const [dragging, setDragging] = useState<string | null>(null);
  // A moved row is re-inserted in the DOM, which drops focus: give it back to its handle.
  const refocus = useRef<string | null>(null);
  // The latest rows for the window listeners of a drag in progress.
  const latest = useRef({ sorted, onMove });
  latest.current = { sorted, onMove };

  useEffect(() => {
    if (!refocus.current) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  });

  function onKey(e: KeyboardEvent, o: LocalOption, index: number) {
    const to =
      e.key === 'ArrowUp'
        ? index - 1
        : e.key === 'ArrowDown'
          ? index + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? sorted.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    if (to < 0 || to >= sorted.length || to === index) return;
    refocus.current = o.key;
    onMove(o, to);
    announce(`${nameOf(o)} moved to position ${to + 1} of ${sorted.length}.`);
  }

  function onPointerDown(e: PointerEvent, o: LocalOption) {
    if (e.button !== 0) return;
    setDragging(o.key);
    const move = (ev: globalThis.PointerEvent) => {
      const rows = [...(tbody.current?.querySelectorAll<HTMLTableRowElement>('tr[data-key]') ?? [])];
      // The row under the pointer (above the first: first; below the last: last).
      let to = rows.findIndex((r) => ev.clientY < r.getBoundingClientRect().bottom);
      if (to < 0) to = rows.length - 1;
      const { sorted: now, onMove: move } = latest.current;
      const from = now.findIndex((x) => x.key === o.key);
      if (from >= 0 && to !== from) move(now[from], to);
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      setDragging(null);
      const now = latest.current.sorted;
      const at = now.findIndex((x) => x.key === o.key);
      if (at >= 0) announce(`${nameOf(o)} dropped at position ${at + 1} of ${now.length}.`);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  }

  return (
    // Wider than the screen, it scrolls inside its own labelled region, which takes the focus so the
    // keyboard can scroll it (as DataTable's; axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className="table-wrap options-wrap" aria-label="Options of this scent card" tabIndex={0}>
      <p id={helpId} hidden>
        Drag to reorder, or press Arrow Up or Arrow Down.
      </p>
      <table className="table options-table">
        <caption className="visually-hidden">Options of this scent card</caption>
        <thead>
          <tr>
            <th scope="col" className="col-action">
              <span className="th-icon">Action</span>
            </th>
            <th scope="col">Option Name</th>
            <th scope="col">Option Order</th>
            <th scope="col" className="col-action">
              <span className="th-icon">Move</span>
            </th>
            <th scope="col" className="col-action">
              <span className="th-icon">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody ref={tbody}>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={5} className="table-state">
                No options yet: a scent card needs 5.
              </td>
            </tr>
          ) : (
            sorted.map((o, i) => {
              const choice = byId.get(o.scentCardOptionDetailId);
              const name = nameOf(o);
              return (
                <tr key={o.key} data-key={o.key} className={dragging === o.key ? 'row-dragging' : undefined}>
                  <td className="col-action">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Edit option ${choice?.title ?? ''}`}
                      onClick={() => onEdit(o)}
                    >
                      <EditIcon />
                    </button>
                  </td>
                  <td>
                    <span className="option-name">
                      {choice && <img src={choice.storedPath} alt="" width="32" height="32" className="thumb" />}
                      {name}
                      {correct === o.scentCardOptionDetailId && <span className="tag tag-on">Correct</span>}
                    </span>
                  </td>
                  <td>{o.sortOrder}</td>
                  <td className="col-action">
                    <button
                      type="button"
                      ref={(el) => {
                        handles.current.set(o.key, el);
                      }}
                      className="icon-button drag-handle"
                      aria-label={`Move ${name}, position ${i + 1} of ${sorted.length}`}
                      aria-describedby={helpId}
                      onKeyDown={(e) => onKey(e, o, i)}
                      onPointerDown={(e) => onPointerDown(e, o)}
                    >
                      <GripIcon />
                    </button>
                  </td>
                  <td className="col-action">
                    <DeleteButton label={`Delete option ${choice?.title ?? ''}`} onClick={() => onRemove(o)} />
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </section>
  );
}
