import { CARDS_PER_KIT, type KitInsightCard, type KitInsights, OPTIONS_PER_CARD } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { getSession, isAdmin } from '../../../lib/session';
import { DateRangeForm } from '../../../ui/date-range';
import type { SearchChange } from '../../../ui/paged-list';
import { SelectField } from '../../../ui/select-field';
import { Spinner } from '../../../ui/spinner';
import { checkDays, todayIso } from '../filters';
import { organizationChoicesQuery } from '../queries';
import { ReportNav } from '../report-nav';
import { cardAdvice, kitAdvice, monthLabel } from './advice';
import { chancePercent, guessPassChance } from './guess';
import { kitChoicesQuery, kitInsightsQuery } from './queries';
import { type InsightsSearch, insightsRequest, rangeOfInsights } from './search';
import '../reports.css';
import './kit-insights.css';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US');
const rate = (value: number | null) => (value === null ? '—' : percent.format(value));

export interface KitInsightsProps {
  search: InsightsSearch;
  onSearchChange: SearchChange<InsightsSearch>;
}

/**
 * /admin/Reports/kitInsights: item analysis of one kit's cards for the people who make kits —
 * how often each card is named, by whom, what it is taken for, and how that moves by month.
 */
export function KitInsightsReport({ search, onSearchChange }: KitInsightsProps) {
  const admin = isAdmin(getSession());
  const request = insightsRequest(search, admin);
  return (
    <section className="report stack" aria-labelledby="report-title">
      <div className="page-head">
        <h1 id="report-title">Kit insights</h1>
      </div>
      <ReportNav search={{}} />
      <p className="hint insights-note" data-testid="insights-note">
        Item analysis for kit makers: how each card performs, to improve the kit. These figures describe the cards, not
        the people who played them, and are not clinical norms.
      </p>
      <InsightsFilter search={search} onSearchChange={onSearchChange} admin={admin} />
      {request.ok ? (
        <InsightsView body={request.body} />
      ) : (
        <p className="notice notice-warning" data-testid="report-blocked">
          {request.kitMissing
            ? 'Choose a play kit to see how its cards perform.'
            : 'Check From Date and To Date above to see the insights.'}
        </p>
      )}
    </section>
  );
}

/** The kit, the days (the last 12 months unless chosen) and, for an Admin, one organization or all. */
function InsightsFilter({
  search,
  onSearchChange,
  admin,
}: KitInsightsProps & {
  admin: boolean;
}) {
  const ids = useId();
  const kits = useQuery(kitChoicesQuery());
  const organizations = useQuery({ ...organizationChoicesQuery(), enabled: admin });
  const applied = rangeOfInsights(search);

  return (
    <section className="report-filters" aria-label="Kit insights filters">
      <div className="insights-kit">
        <SelectField
          id={`${ids}-kit`}
          label="Play kit"
          value={search.kit ?? null}
          placeholder={kits.isPending ? 'Loading…' : 'Select a play kit'}
          options={(kits.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
          error={kits.error ? 'The play kits could not be loaded.' : undefined}
          onChange={(kit) => onSearchChange((prev) => ({ ...prev, kit: kit ?? undefined }))}
        />
      </div>
      <DateRangeForm
        className="report-dates"
        label="Days"
        applied={applied}
        max={todayIso()}
        check={checkDays}
        onApply={({ from, to }) => onSearchChange((prev) => ({ ...prev, from, to }))}
        submitLabel="Show"
      />
      {admin ? (
        <div className="report-data-set">
          <SelectField
            label="Organization"
            value={search.org ?? 0}
            options={[
              { value: 0, label: 'All organizations' },
              ...(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name })),
            ]}
            onChange={(org) => onSearchChange((prev) => ({ ...prev, org: org || undefined }))}
          />
        </div>
      ) : (
        <p className="report-scope" data-testid="report-scope">
          Plays of <strong>{getSession()?.organizationName ?? 'your organization'}</strong>
        </p>
      )}
    </section>
  );
}

function InsightsView({ body }: { body: Parameters<typeof kitInsightsQuery>[0] }) {
  const insights = useQuery(kitInsightsQuery(body));
  if (insights.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{insights.error.message}</p>
        <button type="button" className="button button-small" onClick={() => void insights.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!insights.data) {
    return (
      <p className="hint">
        <Spinner /> Loading…
      </p>
    );
  }
  const data = insights.data;
  return (
    // The last choice's figures stay, dimmed, until the new ones come.
    <div
      className={insights.isPlaceholderData ? 'stack report-stale' : 'stack'}
      aria-busy={insights.isFetching}
      data-testid="kit-insights"
    >
      <KitSummary data={data} from={body.fromDate} to={body.toDate} />
      {data.plays === 0 ? (
        <p className="notice" data-testid="insights-empty">
          No plays of {data.kit.name} from {body.fromDate} to {body.toDate}. Choose other days or another kit.
        </p>
      ) : (
        data.cards.map((card) => <CardInsight key={card.scentCardId} card={card} />)
      )}
    </div>
  );
}

function KitSummary({ data, from, to }: { data: KitInsights; from: string; to: string }) {
  // The cards a player answers: the current version's (those with a right answer's position).
  const cards = data.cards.filter((c) => c.correctPosition !== null).length || CARDS_PER_KIT;
  const chance = guessPassChance(cards, data.kit.passThreshold, OPTIONS_PER_CARD);
  const advice = kitAdvice(data.flags, data.cards);
  return (
    <section className="insights-summary" aria-labelledby="insights-kit">
      <h2 id="insights-kit">
        {data.kit.name} <span className="hint">{`${from} to ${to}`}</span>
      </h2>
      <dl className="insights-figures">
        <div>
          <dt>Plays</dt>
          <dd data-testid="kit-plays">{count.format(data.plays)}</dd>
        </div>
        <div>
          <dt>Pass rate</dt>
          <dd data-testid="kit-pass-rate">{rate(data.passRate)}</dd>
        </div>
        <div>
          <dt>Chance of passing by guessing</dt>
          <dd data-testid="kit-guess-chance">{chancePercent(chance)}</dd>
        </div>
      </dl>
      <p className="hint insights-guess">
        A player guessing every card ({OPTIONS_PER_CARD} options a card, {data.kit.passThreshold} of {cards} right to
        pass) would pass {chancePercent(chance)} of the time.
      </p>
      {advice.length > 0 && (
        <ul className="insights-flags" data-testid="kit-flags">
          {advice.map((a) => (
            <li key={a} className="notice notice-warning">
              {a}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CardInsight({ card }: { card: KitInsightCard }) {
  const headingId = useId();
  const advice = cardAdvice(card);
  const wrong = card.choices.filter((c) => !c.correct);
  const wrongTotal = wrong.reduce((n, c) => n + c.count, 0);
  const right = card.choices.find((c) => c.correct);
  return (
    <article className="insights-card" aria-labelledby={headingId} data-testid={`card-${card.scentCardId}`}>
      <h2 id={headingId} className="insights-card-title">
        Card {card.sortOrder}: {card.name}
        {card.correctPosition === null && <span className="insights-gone"> (no longer in the kit)</span>}
      </h2>
      <dl className="insights-figures">
        <div>
          <dt>Plays</dt>
          <dd data-testid="card-plays">{count.format(card.plays)}</dd>
        </div>
        <div>
          <dt>Named correctly</dt>
          <dd data-testid="card-correct-rate">{rate(card.correctRate)}</dd>
        </div>
        <div>
          <dt>Named correctly by those who passed</dt>
          <dd data-testid="card-passer-rate">{rate(card.correctRateAmongPassers)}</dd>
        </div>
        <div>
          <dt>Mean intensity (0–5)</dt>
          <dd data-testid="card-intensity">{card.meanIntensity === null ? '—' : decimal.format(card.meanIntensity)}</dd>
        </div>
        <div>
          <dt>Right answer's position</dt>
          <dd data-testid="card-position">
            {card.correctPosition === null ? '—' : `${card.correctPosition} of ${OPTIONS_PER_CARD}`}
          </dd>
        </div>
      </dl>
      {right && <p className="insights-right">Right answer: {right.name}</p>}
      {advice.length > 0 && (
        <ul className="insights-flags" data-testid="card-flags">
          {advice.map((a) => (
            <li key={a} className="notice notice-warning">
              {a}
            </li>
          ))}
        </ul>
      )}
      <div className="insights-tables">
        <div className="table-wrap">
          <table className="table report-table" data-testid="card-confusion">
            <caption>Chosen instead of the right answer</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col" className="num">
                  Times
                </th>
                <th scope="col" className="num">
                  Of wrong answers
                </th>
              </tr>
            </thead>
            <tbody>
              {wrong.length === 0 ? (
                <tr>
                  <td colSpan={3} className="hint">
                    {card.plays ? 'Never: every answer was right.' : 'No plays.'}
                  </td>
                </tr>
              ) : (
                wrong.map((c) => (
                  <tr key={c.scentOptionId}>
                    <th scope="row">{c.name}</th>
                    <td className="num">{count.format(c.count)}</td>
                    <td className="num">{percent.format(c.count / wrongTotal)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <div className="table-wrap">
          <table className="table report-table insights-months" data-testid="card-months">
            <caption>Named correctly by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  Plays
                </th>
                <th scope="col" className="num">
                  Named correctly
                </th>
              </tr>
            </thead>
            <tbody>
              {card.months.map((m) => (
                <tr key={`${m.year}-${m.month}`}>
                  <th scope="row">{monthLabel(m)}</th>
                  <td className="num">{count.format(m.plays)}</td>
                  <td className="num">
                    <span className="insights-bar" aria-hidden="true">
                      <span style={{ width: `${Math.round((m.correctRate ?? 0) * 100)}%` }} />
                    </span>
                    {rate(m.correctRate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </article>
  );
}
