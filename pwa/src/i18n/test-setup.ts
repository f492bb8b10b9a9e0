// Unit tests render in English, as a device with no other language would: the catalogue comes
// compiled through the same Vite plugin as in the app.
import en from '@scentry/shared-schema/i18n/en.json';
import { loadMessages } from './index';

loadMessages('en', en as unknown as Parameters<typeof loadMessages>[1]);
