import { createFileRoute } from '@tanstack/react-router';
import { requireStoredResult } from '../../features/play/result/guards';
import { Summary } from '../../features/play/result/outcome';

export const Route = createFileRoute('/_player/summary')({ beforeLoad: requireStoredResult, component: Summary });
