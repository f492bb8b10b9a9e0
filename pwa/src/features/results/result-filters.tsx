import {
  AGE_MAX,
  AGE_MIN,
  DISEASE_FILTERS,
  DISORDER_FLAGS,
  FAMILY_DISEASE_FILTERS,
  FAMILY_FLAGS,
  GENDERS,
  RACES,
  RESULT_STATUSES,
} from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { allOrganizationsQuery } from '../../lib/all-organizations';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { kitChoicesQuery } from './queries';
import type { ResultListSearch } from './search';
import type { useResultListUrl } from './use-result-list-url';

/** The medical form's words for a filter name ('AlzheimerDisease' is the flag 'IsAlzheimerDisease'). */
const labelOf = (flags: readonly { key: string; label: string }[], name: string) =>
  flags.find((f) => f.key === `Is${name}`)?.label ?? name;

const DISEASES = DISEASE_FILTERS.map((d) => ({ value: d, label: labelOf(DISORDER_FLAGS, d) }));
const FAMILY = FAMILY_DISEASE_FILTERS.map((d) => ({ value: d, label: labelOf(FAMILY_FLAGS, d) }));
const options = <T extends string>(list: readonly T[]) => list.map((v) => ({ value: v, label: v }));

type ListUrl = ReturnType<typeof useResultListUrl>;

/**
 * The filters of spec §7 but the search text (always in sight above): play kits, status, gender,
 * race, disease, family disease, age range, the Admin's organization, and the days played.
 */
export function ResultFilters({
  id,
  search,
  list,
  admin,
}: {
  id: string;
  search: ResultListSearch;
  list: ListUrl;
  admin: boolean;
}) {
  return (
    <section id={id} className="results-filters" aria-label="Filters">
      <div className="results-filter-grid">
        <KitFilter selected={search.kits ?? []} onChange={(kits) => list.set({ kits })} />
        <SelectField
          label="Result"
          value={search.status ?? null}
          placeholder="Pass or Fail"
          options={options(RESULT_STATUSES)}
          onChange={(status) => list.set({ status: status ?? undefined })}
        />
        <SelectField
          label="Gender"
          value={search.gender ?? null}
          placeholder="Any gender"
          options={options(GENDERS)}
          onChange={(gender) => list.set({ gender: gender ?? undefined })}
        />
        <SelectField
          label="Race/Ethnicity"
          value={search.race ?? null}
          placeholder="Any race"
          options={options(RACES)}
          onChange={(race) => list.set({ race: race ?? undefined })}
        />
        <SelectField
          label="Disease"
          value={search.disease ?? null}
          placeholder="Any"
          options={DISEASES}
          onChange={(disease) => list.set({ disease: disease ?? undefined })}
        />
        <SelectField
          label="Family disease"
          value={search.family ?? null}
          placeholder="Any"
          options={FAMILY}
          onChange={(family) => list.set({ family: family ?? undefined })}
        />
        {admin && (
          <OrganizationFilter value={search.org ?? null} onChange={(org) => list.set({ org: org ?? undefined })} />
        )}
        <fieldset className="results-range">
          <legend>Age</legend>
          <div className="results-range-pair">
            <Field
              label="Min"
              type="number"
              inputMode="numeric"
              min={AGE_MIN}
              max={AGE_MAX}
              value={list.ages.min}
              aria-invalid={list.ageError ? true : undefined}
              onChange={(e) => list.setAge('min', e.target.value)}
            />
            <Field
              label="Max"
              type="number"
              inputMode="numeric"
              min={AGE_MIN}
              max={AGE_MAX}
              value={list.ages.max}
              aria-invalid={list.ageError ? true : undefined}
              onChange={(e) => list.setAge('max', e.target.value)}
            />
          </div>
          {list.ageError && (
            <p className="field-error" role="alert">
              {list.ageError}
            </p>
          )}
        </fieldset>
        <fieldset className="results-range results-dates">
          <legend>Played (Pacific time)</legend>
          <div className="results-range-pair">
            <Field
              label="From Date"
              type="date"
              value={list.dates.from}
              max={list.dates.to || undefined}
              onChange={(e) => list.setDate('from', e.target.value)}
            />
            <Field
              label="To Date"
              type="date"
              value={list.dates.to}
              min={list.dates.from || undefined}
              aria-invalid={list.dateError ? true : undefined}
              onChange={(e) => list.setDate('to', e.target.value)}
            />
          </div>
          {list.dateError && (
            <p className="field-error" role="alert">
              {list.dateError}
            </p>
          )}
        </fieldset>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button button-small button-ghost"
          disabled={!list.filtered && !list.search}
          onClick={list.clear}
        >
          Clear filters
        </button>
      </div>
    </section>
  );
}

/** Play kits: any number of them, as checkboxes (a phone's multi-select is awkward). */
function KitFilter({ selected, onChange }: { selected: number[]; onChange: (kits: number[]) => void }) {
  const kits = useQuery(kitChoicesQuery());
  const chosen = new Set(selected);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <fieldset className="results-kits">
      <legend>Play Kits{selected.length ? ` (${selected.length})` : ''}</legend>
      {kits.isPending ? (
        <p className="hint">Loading…</p>
      ) : kits.error ? (
        <p className="hint" role="status">
          The play kits could not be loaded.{' '}
          <button type="button" className="text-link" onClick={() => void kits.refetch()}>
            Try again
          </button>
        </p>
      ) : kits.data.length === 0 ? (
        <p className="hint">No play kits yet.</p>
      ) : (
        <div className="results-kit-list">
          {kits.data.map((k) => (
            <label key={k.id} className="results-kit">
              <input type="checkbox" checked={chosen.has(k.id)} onChange={(e) => toggle(k.id, e.target.checked)} />
              <span>{k.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The Admin's organization filter: every organization, inactive ones too (their results remain). */
function OrganizationFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const orgs = useQuery(allOrganizationsQuery());
  const list = orgs.data ?? [];
  // An id from the URL that is not (yet) listed keeps a label, so the select shows what filters.
  const shown =
    value !== null && !list.some((o) => o.id === value) ? [{ id: value, name: `Organization #${value}` }] : [];
  return (
    <SelectField
      label="Organization"
      value={value}
      placeholder={orgs.isPending ? 'Loading…' : orgs.error ? 'Could not load organizations' : 'All organizations'}
      options={[...list, ...shown].map((o) => ({ value: o.id, label: o.name }))}
      onChange={onChange}
    />
  );
}
