import { get, post, type RouteInfo } from '../common/route';

/** The Admin's user screens, and the roles they choose from. */
export const USERS_ROUTES = {
  getUserList: post('/api/User/GetUserList', 'admin'),
  getUserById: get('/api/User/GetUserById', 'admin'),
  createUser: post('/api/User/CreateUser', 'admin'),
  updateUser: post('/api/User/UpdateUser', 'admin'),
  deleteUser: get('/api/User/DeleteUser', 'admin'),
  resetPassword: post('/api/User/ResetPassword', 'admin'),
  getRoles: get('/api/Role/GetRoles', 'public'),
} as const satisfies Record<string, RouteInfo>;
