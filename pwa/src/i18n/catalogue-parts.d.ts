// A part of one language's compiled catalogue (catalogues.vite.ts).
declare module 'virtual:scentry-catalogue/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
