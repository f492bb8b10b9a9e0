export * from './contract';
export * from './medical';
export * from './player-routes';
export * from './questionnaire';
export * from './schemas';
