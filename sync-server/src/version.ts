import { readFileSync } from 'node:fs';
import { packagePath } from './package-root';

export const APP_VERSION: string = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')).version;
