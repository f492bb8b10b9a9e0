import { createFileRoute } from '@tanstack/react-router';
import { requireStoredResult } from '../../features/result-summary/guards';
import { Summary } from '../../features/result-summary/outcome';

export const Route = createFileRoute('/_player/summary')({ beforeLoad: requireStoredResult, component: Summary });
