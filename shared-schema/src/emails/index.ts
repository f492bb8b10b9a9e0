export * from './contract';
export * from './player-routes';
export * from './rules';
export * from './schemas';
