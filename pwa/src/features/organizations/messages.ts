/** The confirmation before an organization is made inactive (spec §4, §8; its wording is ours). */
export const INACTIVATE_TITLE = 'Make Inactive';
export const INACTIVATE_MESSAGE =
  'Are you sure you want to make this organization inactive? Its user will be signed out.';
