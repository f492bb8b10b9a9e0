/** Role ids are fixed by the first migration; names are the spec's. */
export const ROLES = {
  Admin: 1,
  ClientAdmin: 2,
  User: 3,
} as const;

export const ROLE_NAME_LIST = ['Admin', 'Client Admin', 'User'] as const;
export type RoleName = (typeof ROLE_NAME_LIST)[number];

export const ROLE_NAMES: Record<number, RoleName> = {
  1: 'Admin',
  2: 'Client Admin',
  3: 'User',
};

/** Who may reach an API route (API.md): public, any signed-in user, staff (Admin or Client Admin), Admin. */
export type Access = 'public' | 'auth' | 'staff' | 'admin';

export function roleAllows(access: Access, role: RoleName | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'auth':
      return role !== undefined;
    case 'staff':
      return role === 'Admin' || role === 'Client Admin';
    case 'admin':
      return role === 'Admin';
  }
}

/** Whether the role sees every organization's data; a Client Admin sees only their own. */
export const seesAllOrganizations = (role: RoleName | undefined): boolean => role === 'Admin';
