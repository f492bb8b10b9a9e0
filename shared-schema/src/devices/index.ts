export * from './contract';
export * from './player-routes';
export * from './replies';
export * from './routes';
export * from './rules';
export * from './schemas';
