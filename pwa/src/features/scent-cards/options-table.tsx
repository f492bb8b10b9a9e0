import { EditIcon, TrashIcon } from '../../ui/icons';
import type { OptionChoice } from './api';
import type { LocalOption } from './local-options';

/** The card's options as held until Save: Action (edit), Option Name, Option Order, Delete. */
export function OptionsTable({
  options,
  choices,
  onEdit,
  onRemove,
}: {
  options: LocalOption[];
  choices: OptionChoice[];
  onEdit: (o: LocalOption) => void;
  onRemove: (o: LocalOption) => void;
}) {
  const byId = new Map(choices.map((c) => [c.id, c]));
  const sorted = [...options].sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Options of this scent card</caption>
        <thead>
          <tr>
            <th scope="col" className="col-action">
              Action
            </th>
            <th scope="col">Option Name</th>
            <th scope="col">Option Order</th>
            <th scope="col" className="col-action">
              Delete
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={4} className="table-state">
                No options yet: a scent card needs 5.
              </td>
            </tr>
          ) : (
            sorted.map((o) => {
              const choice = byId.get(o.scentCardOptionDetailId);
              return (
                <tr key={o.key}>
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
                      {choice?.title ?? `#${o.scentCardOptionDetailId}`}
                    </span>
                  </td>
                  <td>{o.sortOrder}</td>
                  <td className="col-action">
                    <button
                      type="button"
                      className="icon-button danger"
                      aria-label={`Delete option ${choice?.title ?? ''}`}
                      onClick={() => onRemove(o)}
                    >
                      <TrashIcon />
                    </button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
