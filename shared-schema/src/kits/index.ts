export * from './contract';
export * from './first-card';
export * from './replies';
export * from './routes';
export * from './rules';
export * from './schemas';
