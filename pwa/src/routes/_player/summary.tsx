import { createFileRoute } from '@tanstack/react-router';
import { requireStoredResult, Summary } from '../../features/result-summary/outcome';

export const Route = createFileRoute('/_player/summary')({ beforeLoad: requireStoredResult, component: Summary });
