export * from './contract';
export * from './replies';
export * from './routes';
export * from './rules';
export * from './schemas';
