import { get, post, type RouteInfo } from '../common/route';

/** The Admin's scent option screens (a picture and its name, chosen on scent cards). */
export const SCENT_OPTIONS_ROUTES = {
  getScentCardOptionList: post('/api/ScentCardOption/GetScentCardOptionList', 'admin'),
  dropDownForScentCardOption: get('/api/ScentCardOption/DropDownForScentCardOption', 'admin'),
  getScentCardOptionById: get('/api/ScentCardOption/GetScentCardOptionById', 'admin'),
  createScentCardOption: post('/api/ScentCardOption/CreateScentCardOption', 'admin'),
  updateScentCardOption: post('/api/ScentCardOption/UpdateScentCardOption', 'admin'),
  deleteScentCardOption: get('/api/ScentCardOption/DeleteScentCardOption', 'admin'),
} as const satisfies Record<string, RouteInfo>;
