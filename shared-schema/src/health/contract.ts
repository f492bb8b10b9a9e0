import { defineContract } from '../common/endpoint';
import { HEALTH_PLAYER_ROUTES } from './player-routes';
import { appConfigData, healthData } from './replies';
import { HEALTH_ROUTES } from './routes';

export const HEALTH_CONTRACT = defineContract(
  { ...HEALTH_ROUTES, ...HEALTH_PLAYER_ROUTES },
  {
    health: {
      summary:
        'Liveness and database check: 503 Failure with db "down" when the database does not answer, and with state "draining" while the instance stops',
      data: healthData,
      refusalData: healthData,
    },
    appConfig: {
      summary: "The public address printed in kit QR codes, and the map's tile template ('' when none)",
      data: appConfigData,
    },
  },
);
