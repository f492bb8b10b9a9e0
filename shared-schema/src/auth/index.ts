export * from './contract';
export * from './replies';
export * from './routes';
export * from './schemas';
export * from './totp-replies';
export * from './totp-schemas';
