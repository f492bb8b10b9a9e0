export * from './contract';
export * from './replies';
export * from './routes';
export * from './schemas';
