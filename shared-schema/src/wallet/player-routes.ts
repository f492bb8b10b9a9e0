import { post, type RouteInfo } from '../common/route';

/** The Apple Wallet pass of a result, signed by the server. */
export const WALLET_PLAYER_ROUTES = {
  generatePkSafePass: post('/api/PkPassConfig/GeneratePKSafePass', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;
