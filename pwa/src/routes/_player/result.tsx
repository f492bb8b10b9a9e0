import { createFileRoute } from '@tanstack/react-router';
import { requireStoredResult } from '../../features/play/result/guards';
import { ResultRoute } from '../../features/play/result/result-screen';
import { learnPublicUrl } from '../../lib/public-url';

// The stored result as a report (spec §2); no stored result → /home. Its address for the
// report's verify link is learned on the way in.
export const Route = createFileRoute('/_player/result')({
  beforeLoad: requireStoredResult,
  loader: () => learnPublicUrl(),
  component: ResultRoute,
});
