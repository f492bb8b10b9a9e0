export * from './contract';
export * from './player-routes';
export * from './routes';
