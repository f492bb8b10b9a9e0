// The contract, by domain: each folder holds its route tables (zod-free), its rules and messages,
// its zod schemas and its part of the contract; common/ holds what every domain uses; api/ only
// assembles ROUTES, PLAYER_ROUTES and CONTRACT from the domains.
export * from './api';
export * from './audit';
export * from './auth';
export * from './common';
export * from './devices';
export * from './emails';
export * from './fhir';
export * from './health';
export * from './i18n';
export * from './kits';
export * from './organizations';
export * from './player-forms';
export * from './reports';
export * from './results';
export * from './scent-cards';
export * from './scent-options';
export * from './sync';
export * from './users';
export * from './wallet';
export * from './webhooks';
