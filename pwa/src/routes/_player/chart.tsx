import { createFileRoute } from '@tanstack/react-router';
import { ChartScreen } from '../../features/history/chart-screen';

// The player's own kept results (opt-in, this device only). uPlot loads inside the screen's chunk.
export const Route = createFileRoute('/_player/chart')({ component: ChartScreen });
