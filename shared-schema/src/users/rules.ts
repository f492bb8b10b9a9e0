/** The user screens' limits and messages, zod-free. */
export const PHONE_MIN = 7;
export const PHONE_MAX = 17;

/** Messages of the user screens and calls the spec leaves unwritten. */
export const USER_MSG = {
  roleRequired: 'Please select a role',
  organizationRequired: 'Please select the organization of a Client Admin',
  unknownRole: 'Please select a role',
  unknownOrganization: 'The organization does not exist',
  emailTaken: 'A user with this e-mail already exists',
  notFound: 'User not found',
  notYourself: 'You cannot delete, deactivate or change the role of your own account',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  passwordReset: 'Password changed successfully',
} as const;
