// The translator (both catalogues and the message compiler) is imported by its own path,
// '@scentry/shared-schema/i18n/translator', so nothing of it reaches the player's app by accident.
export * from './catalogue';
export * from './languages';
export * from './local-names';
export * from './values';
