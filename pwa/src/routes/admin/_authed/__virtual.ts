import { index, route } from '@tanstack/virtual-file-routes';

/**
 * The staff's screens behind sign-in. Their URLs are the spec's (§ "Routes": `/admin/testKit`,
 * `/admin/scentCardData`…) and stay; each file is named by its domain, so the kit list is
 * `kits.tsx`, not `testKit.tsx`. TanStack Router's virtual subtree: the router generator reads
 * this file instead of deriving paths from the file names in this folder (API: virtual file routes).
 */
export default [
  index('index.tsx'),
  route('/dashboard', 'dashboard.tsx'),
  route('/two-step', 'two-step.tsx'),
  route('/audit', 'audit.tsx'),
  // Users and organizations (clients and medical providers).
  route('/user', 'users.tsx'),
  route('/manageuser/{-$Id}', 'user-edit.tsx'),
  route('/client', 'organizations.tsx'),
  route('/manageOrganization/{-$Id}', 'organization-edit.tsx'),
  // Pictured scent options, kits and their cards.
  route('/scentCardData', 'scent-options.tsx'),
  route('/createScentCardData', 'scent-option-create.tsx'),
  route('/editScentCardData/$Id', 'scent-option-edit.tsx'),
  route('/testKit', 'kits.tsx'),
  route('/managetestkit/{-$Id}/{-$ScentCardId}', 'kit-edit.tsx'),
  route('/manageScentCard/$Id/$ScentCardId', 'scent-card-edit.tsx'),
  // Results and the staff's reports.
  route('/testresult', 'results.tsx'),
  route('/Reports/dataLocation', 'reports/data-location.tsx'),
  route('/Reports/locationData', 'reports/location-map.tsx'),
  route('/Reports/passFailData', 'reports/pass-fail.tsx'),
  route('/Reports/kitInsights', 'reports/kit-insights.tsx'),
  // The devices that play and what never reached the server (issue 43).
  route('/devices', 'devices.tsx'),
  // Webhooks: each stored result and form sent on to an organization's systems (issue 44).
  route('/integrations', 'integrations.tsx'),
];
