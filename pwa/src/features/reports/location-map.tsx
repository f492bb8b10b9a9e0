import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../lib/call';
import { QUERY_ROOTS } from '../../lib/query';
import { Spinner } from '../../ui/spinner';
import type { ReportBody } from './filters';
import type { Basemap } from './map-view';
import { groupOf } from './point-groups';
import { locationDataQuery } from './queries';
import { ReportFrame, type ReportProps } from './report-frame';

// Leaflet, its CSS and the outlines load with the map only (DESIGN.md §5), while the points travel.
// Not React.lazy: a suspended boundary waits (React's fallback throttle) before showing the map.
const loadMapView = () => import('./map-view');
type MapModule = Awaited<ReturnType<typeof loadMapView>>;

/** The tile template the server was given (MAP_TILE_URL); '' when none, or when it cannot be asked. */
const appConfigQuery = {
  queryKey: [...QUERY_ROOTS.reports, 'app-config'],
  queryFn: ({ signal }: { signal: AbortSignal }) => call('appConfig', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** /admin/Reports/locationData: where results were played, coloured by status (spec §4). */
export function LocationMapReport(report: ReportProps) {
  return (
    <ReportFrame title="Location Map" {...report}>
      {(body) => <LocationMap body={body} />}
    </ReportFrame>
  );
}

function LocationMap({ body }: { body: ReportBody }) {
  const points = useQuery(locationDataQuery(body));
  const config = useQuery(appConfigQuery);
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  const [drawn, setDrawn] = useState<{ visible: number; ms: number } | null>(null);

  const [mapModule, setMapModule] = useState<MapModule | null>(null);
  const [moduleError, setModuleError] = useState(false);
  useEffect(() => {
    let live = true;
    loadMapView()
      .then((m) => live && setMapModule(m))
      .catch(() => live && setModuleError(true));
    return () => {
      live = false;
    };
  }, []);

  const totals = useMemo(() => {
    const t = { pass: 0, fail: 0, other: 0 };
    for (const p of points.data ?? []) t[groupOf(p.resultStatus)]++;
    return t;
  }, [points.data]);

  if (points.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{points.error.message}</p>
        <button type="button" className="button button-small" onClick={() => void points.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // The map waits for the tile question (answered once a session) so it is drawn once.
  const ready = points.data && !config.isPending && mapModule;
  const total = points.data?.length ?? 0;

  return (
    <div className="stack">
      <div className="report-map-bar">
        <p className="report-count" aria-live="polite" data-testid="map-count">
          {points.data ? (
            <>
              <strong>{count(total)}</strong> {total === 1 ? 'result' : 'results'} with a location
            </>
          ) : (
            <>
              <Spinner /> Loading results…
            </>
          )}
        </p>
        <ul className="report-legend" aria-label="Legend">
          <li className="report-key report-key-pass">
            Pass <span className="report-key-n">{count(totals.pass)}</span>
          </li>
          <li className="report-key report-key-fail">
            Fail <span className="report-key-n">{count(totals.fail)}</span>
          </li>
          <li className="report-key report-key-other">
            Other <span className="report-key-n">{count(totals.other)}</span>
          </li>
        </ul>
      </div>
      <div
        className={points.isPlaceholderData ? 'report-map-frame report-stale' : 'report-map-frame'}
        data-basemap={basemap ?? ''}
        data-drawn={drawn ? drawn.visible : undefined}
        data-draw-ms={drawn ? drawn.ms.toFixed(1) : undefined}
      >
        {ready ? (
          <mapModule.MapView
            points={points.data ?? []}
            tileUrl={config.data?.mapTileUrl ?? ''}
            onDraw={setDrawn}
            onBasemap={setBasemap}
          />
        ) : (
          <div className="report-map report-map-loading">
            {moduleError && (
              <p className="notice notice-error" role="alert">
                The map could not be loaded. Check the connection, then reload the page.
              </p>
            )}
          </div>
        )}
      </div>
      {basemap === 'outline-fallback' && (
        <p className="hint" data-testid="tiles-unavailable">
          The map tiles could not be loaded: the map shows country and state outlines instead.
        </p>
      )}
      <p className="hint">
        Each dot is one result; a ring is a group of results played close together, with its total inside, split by
        result, and its Fails on the red badge (click it, or its button under the map, to zoom in). Results played
        without a location are counted in the Data Location report as Unknown.
      </p>
    </div>
  );
}
