import { get, post, type RouteInfo } from '../common/route';

/** The Admin's scent card screens (the spec's `SentCard` spelling is the path, not our name). */
export const SCENT_CARDS_ROUTES = {
  getScentCardByTestKitId: post('/api/SentCard/GetScentCardByTestKitId', 'admin'),
  getScentCardDetailById: get('/api/SentCard/GetScentCardDetailById', 'admin'),
  createSentCardDetails: post('/api/SentCard/CreateSentCardDetails', 'admin'),
  updateSentCardDetails: post('/api/SentCard/UpdateSentCardDetails', 'admin'),
  deleteScentCard: get('/api/SentCard/DeleteScentCard', 'admin'),
} as const satisfies Record<string, RouteInfo>;
