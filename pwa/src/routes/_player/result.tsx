import { createFileRoute } from '@tanstack/react-router';
import { ResultRoute } from '../../features/result/result-screen';
import { requireStoredResult } from '../../features/result-summary/guards';
import { learnPublicUrl } from '../../lib/public-url';

// The stored result as a report (spec §2); no stored result → /home. Its address for the
// report's verify link is learned on the way in.
export const Route = createFileRoute('/_player/result')({
  beforeLoad: requireStoredResult,
  loader: () => learnPublicUrl(),
  component: ResultRoute,
});
